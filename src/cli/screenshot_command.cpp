// See window_commands.hpp: `hallboard screenshot`, headless, drawing what the kiosk's
// loop would draw (the same renderer, view and input translation) at a fixed instant.
#include "cli/window_commands.hpp"

#include <algorithm>
#include <cstdio>
#include <chrono>
#include <filesystem>
#include <fstream>

#include <SDL.h>
#include <nlohmann/json.hpp>

#include "base/files.hpp"
#include "base/text.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/kiosk_touch.hpp"
#include "platform/paths.hpp"
#include "ui/browse_screens.hpp"
#include "ui/kiosk_screen.hpp"

namespace hallboard::cli {

using json = nlohmann::json;
using namespace hallboard::platform;

namespace {

using Steady = std::chrono::steady_clock;
using Ms = std::chrono::milliseconds;

void report(const std::vector<Diagnostic>& diagnostics, std::ostream& log) {
    for (const std::string& line : logLines(diagnostics)) log << line << "\n";
}

}  // namespace

namespace {

using Seconds = std::chrono::duration<double>;

// What a screenshot draws with: the renderer, the view it draws and the page's screens.
struct Stage {
    KioskRenderer& kiosk;
    ui::KioskView& view;
    const Rotation::SubpageCount& count;
};

// Plays a script headless on a clock of its own: the script's events go onto SDL's
// queue as the touch, key and text events a screen would send, come back through the
// same translation as in the kiosk, and time advances in frames so lists glide and the
// idle timer runs. Returns the rotation frame to show at the end; what a visitor asked
// to hear (the speak key or button, with accessibility.speech) goes to `said`.
Rotation::Frame playScript(const browse::InputScript& script, Touch& touch, const Stage& stage, Rotation::Frame frame,
                           std::vector<std::string>& said) {
    auto& [kiosk, view, count] = stage;
    SDL_InitSubSystem(SDL_INIT_EVENTS);
    SDL_Event drain;
    while (SDL_PollEvent(&drain)) {}
    ImVec2 size = kiosk.size();
    touch.browser.setScreen(std::min(size.x, size.y) / 1080.0f, size.x);
    ScriptPlayer player(script.events(size.x, size.y), 0.0);
    // The rotation on the script's clock, starting at the frame asked for.
    Rotation rotation = Rotation::fromConfig(*view.config);
    Rotation::Steady base{};
    rotation.update(base, count);
    if (frame.current) rotation.show(frame.current->page, frame.current->subpage, base);
    auto at = [&](double t) { return base + std::chrono::duration_cast<Rotation::Steady::duration>(Seconds(t)); };
    double t = 0;
    bool dirty = true;
    auto redraw = [&] {
        kiosk.prepare(view, touch.browser.largeText());  // as the loop does at each frame
        view.browse = touch.view(t);
        Rotation::Frame f = rotation.frame(at(t));
        f.previous.reset();  // a screenshot shows the page, not a transition
        for (int i = 0; i < 3; ++i) {
            auto touchable = kiosk.frame(view, f);
            if (!touch.browser.frameDrawn(std::move(touchable.targets), touchable.facts)) break;
            view.browse = touch.view(t);
        }
        dirty = false;
    };
    auto advance = [&](double to) {
        constexpr double kStep = 1.0 / 60.0;
        while (t + kStep < to) {
            t += kStep;
            if (touch.browser.tick(t)) dirty = true;
            if (auto s = touch.idleWarning(t, view.config->accessibility.speech)) said.push_back(*s);  // as the loop
        }
        t = std::max(t, to);
        if (touch.browser.tick(t)) dirty = true;
        rotation.update(at(t), count);
    };
    redraw();
    while (!player.done()) {
        advance(*player.nextAt());
        if (dirty) redraw();  // taps meet what is on screen now
        player.pushDue(t, size);
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            auto in = touch.input.translate(e, size, t);
            if (!in || !view.config->browsing) continue;  // signage only: as the kiosk would
            browse::Effects fx = touch.apply(*in, t, rotation, at(t), count);
            if (fx.speak && view.config->accessibility.speech) said.push_back(touch.speech(view));
            dirty = true;
        }
    }
    advance(script.duration());
    view.browse = touch.view(t);
    redraw();
    Rotation::Frame f = rotation.frame(at(t));
    f.previous.reset();
    return f;
}

}  // namespace

std::optional<KioskSession> screenshotSession(const ScreenshotOptions& options, std::ostream& err, int& code) {
    code = 1;
    ConfigChoice choice = chooseConfig(options.config);
    const std::string& configPath = choice.path;
    ConfigLoad config = loadKioskConfig(configPath);
    std::vector<Diagnostic> diagnostics = config.diagnostics;
    if (!config.ok()) {
        report(diagnostics, err);
        if (!choice.namedBy.empty()) err << namedConfigNote(choice) << "\n";
        return std::nullopt;
    }
    if (!options.at.empty() && !parseTimestamp(options.at)) {
        err << "--at: expected a time like 2021-04-06T09:45 (conference time) or with Z / an offset\n";
        code = 2;
        return std::nullopt;
    }
    KioskConfig& c = *config.config;
    if (!options.theme.empty()) c.theme.name = options.theme;
    if (!options.at.empty()) c.clock.at = options.at;
    if (!options.at.empty() || c.clock.mode == ClockMode::replay) c.clock.mode = ClockMode::fixed;
    auto session = KioskSession::fromConfig(std::move(c), options.program, diagnostics);
    if (session) useSessionLanguage(*session);
    for (const auto& d : diagnostics)
        if (d.severity == Severity::error) err << format(d) << "\n";
    // A venue that cannot be used: after its errors, what follows, once for the whole shot.
    if (session && !session->wayfinding && !session->config.venue.empty() && session->config.here)
        err << session->config.venue << ": " << kNoDirectionsNote << "\n";
    return session;
}

namespace {

// The page asked for with --page, added to the rotation if the config lacks it. Empty:
// the rotation's own page (no --page) or the welcome screen; false on a bad name.
bool pageFor(const ScreenshotOptions& options, KioskSession& session, std::optional<std::size_t>& page,
             std::ostream& err) {
    if (options.page.empty() || options.page == "welcome") return true;
    // "slide:N": the configuration's Nth slide page (from 1); "slide" alone: the first.
    if (options.page == "slide" || options.page.rfind("slide:", 0) == 0) {
        std::string number = options.page == "slide" ? "1" : options.page.substr(6);
        int n = 0;
        bool digits =
            !number.empty() && number.size() <= 4 && number.find_first_not_of("0123456789") == std::string::npos;
        if (digits) n = std::stoi(number);
        int seen = 0;
        for (std::size_t i = 0; i < session.config.rotation.size() && n > 0; ++i)
            if (session.config.rotation[i].kind == PageKind::slide && ++seen == n) page = i;
        if (!page) {
            err << "--page " << options.page << ": the configuration has " << seen << " slide page"
                << (seen == 1 ? "" : "s") << (digits && n > 0 ? "" : "; expected slide:N with N from 1") << "\n";
            return false;
        }
        return true;
    }
    auto kind = parsePageKind(options.page);
    if (!kind) {
        err << "--page: unknown page \"" << options.page
            << "\"; expected now-next, rooms, upcoming, awards, speakers, announcements, slide:N, countdown, closing "
               "or welcome\n";
        return false;
    }
    for (std::size_t i = 0; i < session.config.rotation.size(); ++i)
        if (session.config.rotation[i].kind == *kind) page = i;
    if (!page) {
        PageConfig added;
        added.kind = *kind;
        session.config.rotation.push_back(added);
        page = session.config.rotation.size() - 1;
    }
    return true;
}

// The frame to draw: that page's screen, or where the rotation would be, optionally
// mid-transition from the page before. No frame, with the exit code, when it cannot be
// shown (and why on `err`).
struct FrameChoice {
    std::optional<Rotation::Frame> frame;
    int code = 1;
};
FrameChoice frameFor(const ScreenshotOptions& options, const KioskSession& session, std::optional<std::size_t> page,
                     const Rotation::SubpageCount& count, std::ostream& err) {
    FrameChoice choice;
    int& code = choice.code;
    Rotation::Frame frame;
    if (options.page == "welcome") {
        choice.frame = frame;
        return choice;
    }
    if (page) {
        int screens = count(*page);
        code = screens == 0 ? 1 : 2;
        const PageConfig& config = session.config.rotation[*page];
        std::string pictureProblem =
            screens == 0 && config.slide && !config.slide->isText() ? imageProblem(config.slide->image) : std::string();
        if (!pictureProblem.empty())
            err << "--page " << options.page << ": its picture " << config.slide->image << " cannot be shown ("
                << pictureProblem << "); the kiosk leaves this slide out\n";
        else if (screens == 0 && config.slide)
            err << "--page " << options.page
                << ": outside its from/until, days or daily hours at this time; the kiosk "
                   "leaves this slide out now\n";
        else if (screens == 0)
            err << "--page " << options.page << ": nothing to show at this time; the kiosk skips this page\n";
        else if (options.screen >= screens)
            err << "--screen: the page has " << screens << " screen" << (screens == 1 ? "" : "s") << " now\n";
        if (screens == 0 || options.screen >= screens) return choice;
        frame.current = Rotation::Slot{*page, options.screen};
    } else {
        Rotation rotation = Rotation::fromConfig(session.config);
        rotation.update(Steady::now(), count);
        frame = rotation.frame(Steady::now() + Ms{60000});
    }
    if (options.transition >= 0 && options.transition < 1 && frame.current) {
        Rotation rotation = Rotation::fromConfig(session.config);
        rotation.update(Steady::now(), count);
        frame.previous = rotation.frame(Steady::now()).current;
        if (frame.previous == frame.current) frame.previous.reset();
        frame.transition = options.transition;
    }
    choice.frame = frame;
    return choice;
}

json rectJson(const ui::Rect& r) {
    return json::array({r.min.x, r.min.y, r.max.x, r.max.y});
}

// "#rrggbb" of a Dear ImGui colour (alpha left out).
std::string colorHex(ImU32 c) {
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", static_cast<unsigned>(c & 0xFF),
                  static_cast<unsigned>((c >> 8) & 0xFF), static_cast<unsigned>((c >> 16) & 0xFF));
    return text;
}

// The layout record as JSON (to --layout): the reading floor it was laid out for, then
// every run.
bool writeLayout(const ui::LayoutRecord& record, const ui::Theme& theme, const ScreenshotOptions& options, int screens,
                 std::string& error) {
    const std::string& path = options.layout;
    json doc;
    doc["size"] = json::array({options.width, options.height});
    doc["screens"] = screens;  // of the page shown (0: the welcome screen)
    const ReadingSize& r = theme.reading;
    doc["reading"] = {{"text_px", r.textPx},
                      {"any_px", r.anyPx},
                      {"diagonal_inches", r.diagonalInches},
                      {"diagonal_from", r.diagonalFrom},
                      {"viewing_distance_m", r.distanceMetres},
                      {"pixels_per_mm", r.pixelsPerMm}};
    json runs = json::array();
    for (const auto& run : record.runs)
        runs.push_back({{"page", run.page},
                        {"screen", run.screen},
                        {"text", run.text},
                        {"px", run.px},
                        {"box", rectJson(run.box)},
                        {"clip", rectJson(run.clip)},
                        {"informative", run.informative},
                        {"cut", run.cut}});
    doc["runs"] = std::move(runs);
    // The keyboard focus ring, when a target has the focus (browse screens).
    if (record.focus)
        doc["focus"] = {{"box", rectJson(record.focus->box)},
                        {"width", record.focus->width},
                        {"target", rectJson(record.focus->target)},
                        {"color", colorHex(record.focus->color)},
                        {"inner", colorHex(record.focus->inner)}};
    return writeDurably(path, doc.dump(1, ' ', false, json::error_handler_t::replace) + "\n", error);
}

}  // namespace

int takeScreenshot(const ScreenshotOptions& options, std::ostream& out, std::ostream& err) {
    int code = 1;
    auto session = screenshotSession(options, err, code);
    if (!session) return code;
    std::optional<std::size_t> page;
    if (!pageFor(options, *session, page, err)) return 2;
    std::optional<browse::InputScript> script;
    if (!options.input.empty() && !(script = loadScript(options.input, err))) return 1;
    try {
        KioskRenderer kiosk(options.width, options.height, err);
        ui::KioskView view = makeView(*session, session->clock.now());
        kiosk.prepare(view);
        ui::Canvas layout = kiosk.layoutCanvas();
        std::vector<int> plan = ui::planScreens(view, layout);  // laid out once, as the kiosk does
        // Slides' pictures were asked for while planning: once read (or refused), plan
        // again, so a slide whose picture is refused is left out as the kiosk leaves it.
        kiosk.settleImages(Ms{5000});
        plan = ui::planScreens(view, layout);
        // A page asked for by name is drawn even where the rotation leaves it out (the
        // rooms board of a few rooms, which now & next already shows).
        if (page && *page < plan.size() && plan[*page] == 0) plan[*page] = ui::screensFor(view, *page, layout);
        view.screens = &plan;
        auto count = [&](std::size_t i) { return i < plan.size() ? plan[i] : 0; };
        auto [frame, refused] = frameFor(options, *session, page, count, err);
        if (!frame) return refused;
        // As on the kiosk, whose rotation always has a visitor's browser (the footer's
        // large-text control, a touch anywhere), touched or not.
        Touch touch(*session);
        std::vector<std::string> said;
        view.browse = touch.view(0);
        if (script) frame = playScript(*script, touch, {kiosk, view, count}, *frame, said);
        ui::LayoutRecord record;
        if (!options.layout.empty()) kiosk.record(&record);
        kiosk.frame(view, *frame);
        // Photos are decoded in the background: a screenshot waits for them (a few
        // seconds at most) and shows them; a refused photo stays initials.
        if (kiosk.settleImages(Ms{5000})) kiosk.frame(view, *frame);
        std::string error;
        if (!kiosk.savePng(options.output, error)) {
            err << "hallboard screenshot: " << error << "\n";
            return 1;
        }
        out << "wrote " << options.output << " (" << options.width << "x" << options.height << ")\n";
        if (!options.layout.empty()) {
            int screens = frame->current ? count(frame->current->page) : 0;
            if (!writeLayout(record, kiosk.theme(), options, screens, error)) {
                err << "hallboard screenshot: " << error << "\n";
                return 1;
            }
            out << "wrote " << options.layout << " (" << record.runs.size() << " text runs)\n";
        }
        if (script) out << "after the script: " << describe(touch, *session->program) << "\n";
        for (const std::string& sentence : said)
            out << "read aloud (" << session->config.language << "): " << sentence << "\n";
    } catch (const std::exception& e) {
        err << "hallboard screenshot: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace hallboard::cli
