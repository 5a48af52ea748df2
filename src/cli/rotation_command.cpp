// See window_commands.hpp: `hallboard rotation`. The cycle comes from the kiosk's own Rotation, fed with the
// screen counts of the kiosk's own layout (ui::planScreens) at the size asked for.
#include "cli/window_commands.hpp"

#include <chrono>
#include <algorithm>
#include <cstdio>
#include <set>

#include "kiosk/rotation.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "ui/kiosk_screen.hpp"
#include "ui/pages.hpp"

namespace hallboard::cli {

using namespace hallboard::platform;

namespace {

using Ms = std::chrono::milliseconds;

// "20", "12.5".
std::string secs(Ms d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", static_cast<double>(d.count()) / 1000.0);
    return buf;
}

// "1:05" (minutes and seconds into the cycle).
std::string offset(Ms d) {
    long long s = d.count() / 1000;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
    return buf;
}

std::string padded(std::string s, std::size_t width) {
    if (s.size() < width) s.append(width - s.size(), ' ');
    return s;
}

void printHeader(const KioskSession& session, Instant now, const RotationOptions& options, std::ostream& out) {
    const Program& p = *session.program;
    const TimeZone& zone = p.conference.zone;
    out << p.displayName() << " - " << formatLongDate(localDay(zone, now)) << ", " << formatClock(zone, now) << " "
        << zone.abbreviation(now) << "; " << options.width << "x" << options.height << "\n";
}

void printSteps(const ui::KioskView& view, const Cycle& cycle, const std::vector<int>& screens, ui::Canvas& layout,
                std::ostream& out) {
    out << "\nstart  secs  " << padded("page", 15) << padded("screen", 10) << "shows\n";
    Ms at{0};
    for (const CycleStep& s : cycle.steps) {
        auto kind = ui::shownKind(view, s.page);
        const PageConfig& page = view.config->rotation[s.page];
        std::string name(toString(kind ? *kind : page.kind));
        std::string screen = std::to_string(s.screen + 1) + " of " + std::to_string(screens[s.page]);
        layout.banner = ui::bannerOn(view, s.page, layout);  // laid out as drawn, banner and all
        std::string shows = kind ? ui::describeScreen(*kind, view, page, s.screen, layout) : "nothing";
        out << padded(offset(at), 7) << padded(secs(s.duration), 6) << padded(name, 15) << padded(screen, 10) << shows
            << "\n";
        at += s.duration;
    }
}

void printSummary(const Cycle& cycle, const CycleLimits& limits, std::ostream& out) {
    const CycleSummary& s = cycle.summary;
    out << "\ncycle: " << cycle.steps.size() << " screens, " << secs(s.total) << " s (max_seconds "
        << secs(limits.maxCycle) << ")\n";
    if (s.longestHomeGap.count() > 0)
        out << "home: back after at most " << secs(s.longestHomeGap) << " s (home_every_seconds "
            << secs(limits.homeEvery) << ")\n";
    else
        out << "home: no now-next or rooms page to come back to\n";
    for (const auto& home : s.home) out << "home: " << home << "\n";
    for (const auto& cut : s.cuts) out << "cut: " << cut << "\n";
    for (const auto& warning : s.warnings) out << "warning: " << warning << "\n";
}

// The rooms a step's screen shows (now & next and the rooms board), as laid out.
std::vector<std::size_t> roomsOn(const ui::KioskView& view, std::size_t pageIndex, int screen, ui::Canvas& layout) {
    auto kind = ui::shownKind(view, pageIndex);
    if (!kind || (*kind != PageKind::nowNext && *kind != PageKind::rooms)) return {};
    const PageConfig& page = view.config->rotation[pageIndex];
    layout.banner = ui::bannerOn(view, pageIndex, layout);
    std::vector<Index> rooms = *kind == PageKind::nowNext ? ui::nowNextRoomsOn(view, page, screen, layout)
                                                          : ui::boardRoomsOn(view, page, screen, layout);
    return {rooms.begin(), rooms.end()};
}

// Every room's longest time off the screen (from the end of a screen that shows it to
// the start of the next), over the kiosk's cycles from now
// (each planned from where the last left off, as the kiosk plans them) until they
// repeat or for at most 40 cycles, with the screen counts of this instant. Prints a line
// a room, the longest waits first; false when a room waits longer than home_every_seconds.
bool printRoomWaits(const ui::KioskView& view, const Rotation& rotation, const std::vector<int>& screens,
                    ui::Canvas& layout, std::ostream& out) {
    const CycleLimits& limits = rotation.limits();
    std::set<std::size_t> expected;  // every room a now & next or board screen shows
    for (std::size_t i = 0; i < screens.size(); ++i)
        for (int sc = 0; sc < screens[i]; ++sc)
            for (std::size_t r : roomsOn(view, i, sc, layout)) expected.insert(r);
    if (expected.empty()) return true;

    Cycle first = planCycle(rotation.pages(), screens, Cursors{}, limits);
    const Cursors start = first.next;
    std::vector<ShownRooms> timeline;
    Ms at{0};
    Cursors from = start;
    bool repeats = false;
    int cycles = 0;
    for (; cycles < 40 && !repeats; ++cycles) {
        Cycle c = planCycle(rotation.pages(), screens, from, limits);
        if (c.steps.empty()) break;
        for (const CycleStep& step : c.steps) {
            timeline.push_back(ShownRooms{at, step.duration, roomsOn(view, step.page, step.screen, layout)});
            at += step.duration;
        }
        from = c.next;
        repeats = from == start;
    }
    auto waits = longestRoomWaits(timeline, at);
    std::stable_sort(waits.begin(), waits.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    const Program& p = view.p();
    bool within = true;
    Ms worst = waits.empty() ? Ms{0} : waits.front().second;
    out << "rooms: " << expected.size() << " on screen, each off it for at most " << secs(worst)
        << " s (home_every_seconds " << secs(limits.homeEvery) << "; "
        << (repeats ? "the cycles repeat every " : "over ") << cycles << (cycles == 1 ? " cycle, " : " cycles, ")
        << offset(at) << ")\n";
    out << "off   room\n";
    for (const auto& [room, wait] : waits) {
        bool late = limits.homeEvery.count() > 0 && wait > limits.homeEvery;
        within = within && !late;
        out << padded(secs(wait) + " s", 6) << p.rooms[room].name << (late ? "  (longer than home_every_seconds)" : "")
            << "\n";
    }
    for (std::size_t r : expected)
        if (std::none_of(waits.begin(), waits.end(), [&](const auto& w) { return w.first == r; })) {
            out << "never " << p.rooms[r].name << " (not on screen in " << offset(at) << ")\n";
            within = false;
        }
    if (!within)
        out << "warning: a room waits longer than home_every_seconds " << secs(limits.homeEvery)
            << " s: a rooms board page ({\"page\": \"rooms\"}), fewer rooms on this screen (\"rooms\"), fewer seconds "
               "a "
               "screen or a longer home_every_seconds would fit\n";
    return within;
}

}  // namespace

int printRotation(const RotationOptions& options, std::ostream& out, std::ostream& err) {
    ScreenshotOptions shot;
    shot.config = options.config;
    shot.program = options.program;
    shot.at = options.at;
    int code = 1;
    auto session = screenshotSession(shot, err, code);
    if (!session) return code;
    try {
        KioskRenderer kiosk(options.width, options.height, err);
        ui::KioskView view = makeView(*session, session->clock.now());
        kiosk.prepare(view);
        ui::Canvas layout = kiosk.layoutCanvas();
        std::vector<int> screens = ui::planScreens(view, layout);  // as the kiosk lays out
        // Slides' pictures were asked for while planning: once read (or refused), plan
        // again, so a slide whose picture is refused is left out as the kiosk leaves it.
        kiosk.settleImages(Ms{5000});
        screens = ui::planScreens(view, layout);
        Rotation rotation = Rotation::fromConfig(session->config);
        rotation.update(Rotation::Steady{}, [&](std::size_t i) { return i < screens.size() ? screens[i] : 0; });
        const Cycle& cycle = rotation.cycle();
        printHeader(*session, view.now, options, out);
        if (cycle.steps.empty()) {
            out << "\nno page has anything to show: the kiosk shows the conference's name and the clock\n";
            return 0;
        }
        printSteps(view, cycle, screens, layout, out);
        printSummary(cycle, rotation.limits(), out);
        bool roomsWithin = printRoomWaits(view, rotation, screens, layout, out);
        bool within = cycle.summary.withinBounds() && roomsWithin;
        out << (within ? "within the bounds\n" : "outside the bounds (exit 3)\n");
        return within ? 0 : kRotationOutOfBounds;
    } catch (const std::exception& e) {
        err << "hallboard rotation: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace hallboard::cli
