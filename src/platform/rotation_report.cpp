// See rotation_report.hpp. The cycle comes from the kiosk's own Rotation, fed with the
// screen counts of the kiosk's own layout (ui::planScreens) at the size asked for.
#include "platform/rotation_report.hpp"

#include <chrono>
#include <cstdio>

#include "core/rotation.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "ui/kiosk_screen.hpp"
#include "ui/pages.hpp"

namespace hallboard::platform {

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
        out << padded(offset(at), 7) << padded(secs(s.duration), 6) << padded(name, 15) << padded(screen, 10) << shows << "\n";
        at += s.duration;
    }
}

void printSummary(const Cycle& cycle, const CycleLimits& limits, std::ostream& out) {
    const CycleSummary& s = cycle.summary;
    out << "\ncycle: " << cycle.steps.size() << " screens, " << secs(s.total) << " s (max_seconds " << secs(limits.maxCycle) << ")\n";
    if (s.longestHomeGap.count() > 0)
        out << "home: back after at most " << secs(s.longestHomeGap) << " s (home_every_seconds " << secs(limits.homeEvery) << ")\n";
    else
        out << "home: no now-next or rooms page to come back to\n";
    for (const auto& cut : s.cuts) out << "cut: " << cut << "\n";
    for (const auto& warning : s.warnings) out << "warning: " << warning << "\n";
    out << (s.withinBounds() ? "within the bounds\n" : "outside the bounds (exit 3)\n");
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
        kiosk.prepare(session->config, *session->program);
        ui::KioskView view = makeView(*session, session->clock.now());
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
        return cycle.summary.withinBounds() ? 0 : kRotationOutOfBounds;
    } catch (const std::exception& e) {
        err << "hallboard rotation: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace hallboard::platform
