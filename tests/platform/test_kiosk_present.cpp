// The running kiosk when the panel it shows its frames on stops taking them (DRM dumb
// buffers refusing a page flip or a mode set after the first frames, the CRTC taken):
// the renderer says so, the loop hands the run back to have another renderer put in, and
// goes on drawing with that one where it was, instead of drawing on into a dark panel.
#include <catch2/catch.hpp>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "base/i18n.hpp"
#include "kiosk/kiosk_session.hpp"
#include "kiosk/live_reload.hpp"
#include "platform/frame_sink.hpp"
#include "platform/kiosk_app.hpp"
#include "platform/kiosk_loop.hpp"
#include "platform/kiosk_renderer.hpp"
#include "platform/panel.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::platform;

namespace {

// The two-rooms fixture as program.json in `dir`, beside a kiosk.json holding `config`
// (which names "program.json"); the configuration's path.
std::string twoRoomsKiosk(test::TempDir& dir, const std::string& config) {
    std::ifstream in(std::string(HALLBOARD_FIXTURES) + "/two-rooms.json", std::ios::binary);
    std::ofstream(dir.file("program.json"), std::ios::binary) << in.rdbuf();
    std::string path = dir.file("kiosk.json");
    std::ofstream(path) << config;
    return path;
}

// A panel that takes `good` frames, then refuses every one after.
struct RefusingPanel : FrameSink {
    explicit RefusingPanel(int goodFrames) : good(goodFrames) {}
    bool show(SDL_Surface* frame) override {
        ++offered;
        if (!frame) return false;
        lastWidth = frame->w;
        if (shown >= good) return false;
        ++shown;
        return true;
    }
    PanelTurn turn() const override { return {}; }
    int good = 0, shown = 0, offered = 0, lastWidth = 0;
};

}  // namespace

TEST_CASE("a kiosk whose panel refuses frames after the first goes on drawing with another renderer") {
    std::vector<Diagnostic> diagnostics;
    const std::string config = std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json";
    auto session = KioskSession::load(config, "", diagnostics);
    REQUIRE(session);
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    {
        constexpr int w = 320, h = 240;
        WindowPtr window(SDL_CreateWindow("test", 0, 0, w, h, SDL_WINDOW_HIDDEN));
        REQUIRE(window);
        RendererPtr renderer(SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_SOFTWARE));
        REQUIRE(renderer);
        std::ostringstream log;
        LiveReload reload(config, "", *session);
        RunOptions options;
        options.exitAfter = 3;  // seconds from the loop's start: the second run's end
        RefusingPanel panel(1);
        {
            KioskRenderer first(window.get(), renderer.get(), log);
            first.showOn(&panel);
            KioskLoop loop(*session, reload, first, {options, std::nullopt}, log);
            // The first frame reaches the panel; the next is refused.
            first.prepare(makeView(*session, session->clock.now()));
            CHECK(first.present());
            CHECK_FALSE(first.present());
            CHECK(panel.shown == 1);
            // The loop's first frame is refused: it hands the run back (true), not at its
            // end (exitAfter, false), for another renderer.
            CHECK(loop.run());
            CHECK(panel.offered == 3);
            CHECK(panel.lastWidth == w);
            CHECK(log.str().find("first frame on screen") == std::string::npos);  // never on screen: not ready
            // Another renderer (here on the same window; in the kiosk SDL's kmsdrm): the
            // loop draws with it until it is asked to end.
            KioskRenderer second(window.get(), renderer.get(), log);
            loop.useRenderer(second);
            CHECK_FALSE(loop.run());
            CHECK(panel.offered == 3);  // the refusing panel is not asked again
        }
        const std::string text = log.str();
        INFO(text);
        CHECK(text.find("first frame on screen") != std::string::npos);
        CHECK(text.find("frames drawn") != std::string::npos);
        CHECK(text.find(", 0 frames drawn") == std::string::npos);
    }
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

TEST_CASE(
    "a kiosk whose panel refuses a frame after it was ready pings the watchdog before changing the way to the screen") {
    // Under systemd (Type=notify, WatchdogSec=30) the hand-over to SDL's kmsdrm and OpenGL
    // ES took 5.6-9.2 s under emulation: with the last ping up to half an interval before,
    // it had only what was left of the interval. The loop pings as it hands over.
    test::TempDir dir;
    // A replayed clock whose minute turns twice a second: a new frame every half second.
    std::string config = twoRoomsKiosk(
        dir, R"({"program": "program.json", "clock": {"mode": "replay", "at": "2021-04-06T09:30", "speed": 120},
                 "rotation": [{"page": "now-next", "seconds": 60}], "transition": {"kind": "none"}})");
    std::string socketPath = dir.file("notify");
    int sock = ::socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    REQUIRE(sock >= 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    REQUIRE(socketPath.size() < sizeof(addr.sun_path));
    std::memcpy(addr.sun_path, socketPath.c_str(), socketPath.size() + 1);
    REQUIRE(::bind(sock, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0);
    ::setenv("NOTIFY_SOCKET", socketPath.c_str(), 1);
    ::setenv("WATCHDOG_USEC", "600000000", 1);  // pings due every 5 min: none would come by itself
    ::unsetenv("WATCHDOG_PID");
    std::vector<std::string> messages;
    {
        std::vector<Diagnostic> diagnostics;
        auto session = KioskSession::load(config, "", diagnostics);
        REQUIRE(session);
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
        REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
        {
            WindowPtr window(SDL_CreateWindow("test", 0, 0, 320, 240, SDL_WINDOW_HIDDEN));
            REQUIRE(window);
            RendererPtr renderer(SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_SOFTWARE));
            REQUIRE(renderer);
            std::ostringstream log;
            LiveReload reload(config, "", *session);
            RunOptions options;
            options.exitAfter = 5;
            RefusingPanel panel(1);  // the first frame shows (the kiosk is ready), the next is refused
            KioskRenderer kiosk(window.get(), renderer.get(), log);
            kiosk.showOn(&panel);
            KioskLoop loop(*session, reload, kiosk, {options, std::nullopt}, log);
            INFO(log.str());
            CHECK(loop.run());  // handed back for another renderer
            CHECK(panel.shown == 1);
        }
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
    }
    ::unsetenv("NOTIFY_SOCKET");
    ::unsetenv("WATCHDOG_USEC");
    char buffer[4096];
    for (;;) {
        ssize_t n = ::recv(sock, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n <= 0) break;
        messages.emplace_back(buffer, static_cast<std::size_t>(n));
    }
    ::close(sock);
    REQUIRE(messages.size() >= 2);
    CHECK(messages.front().find("READY=1") != std::string::npos);
    bool pinged = false;
    for (std::size_t i = 1; i < messages.size(); ++i) pinged = pinged || messages[i] == "WATCHDOG=1";
    CHECK(pinged);
    CHECK(messages.back().find("changing the way to the screen") != std::string::npos);
}

namespace {

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

// A panel that keeps how many colours each frame shown on it had.
struct CountingPanel : FrameSink {
    bool show(SDL_Surface* frame) override {
        if (!frame || frame->format->BytesPerPixel != 4) return false;
        std::set<Uint32> colours;
        for (int y = 0; y < frame->h; ++y) {
            const auto* row =
                reinterpret_cast<const Uint32*>(static_cast<const Uint8*>(frame->pixels) + y * frame->pitch);
            for (int x = 0; x < frame->w; ++x) colours.insert(row[x] & 0x00FFFFFFu);
        }
        counts.push_back(colours.size());
        black.push_back(colours.size() == 1 && *colours.begin() == 0);
        return true;
    }
    PanelTurn turn() const override { return {}; }
    std::vector<std::size_t> counts;
    std::vector<bool> black;
};

}  // namespace

TEST_CASE("a failure outside a page's drawing shows the failing page's fallback, also before any font was made") {
    // The loop's own frame guard (fonts made, screens planned, the rotation moved on)
    // showed "the welcome screen" by drawing a frame with no page: a second fallback,
    // logged at every failure, and one that needs the fonts: before the first fonts were
    // made ImGui's frame could not even start. Now it is the same fallback as a page that
    // throws: the clock and the conference's name, logged once per reason.
    test::TempDir dir;
    std::string config = twoRoomsKiosk(
        dir, R"({"program": "program.json", "clock": {"mode": "replay", "at": "2021-04-06T09:30", "speed": 120},
                 "rotation": [{"page": "now-next", "seconds": 60}], "transition": {"kind": "none"}})");
    ::unsetenv("NOTIFY_SOCKET");
    std::vector<Diagnostic> diagnostics;
    auto session = KioskSession::load(config, "", diagnostics);
    REQUIRE(session);
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    {
        WindowPtr window(SDL_CreateWindow("test", 0, 0, 320, 240, SDL_WINDOW_HIDDEN));
        REQUIRE(window);
        RendererPtr renderer(SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_SOFTWARE));
        REQUIRE(renderer);
        std::ostringstream log;
        LiveReload reload(config, "", *session);
        RunOptions options;
        options.exitAfter = 3;
        int faults = 0;
        options.frameFault = [&] {
            if (faults < 2) {
                ++faults;
                throw std::runtime_error("planning fault for the test");
            }
        };
        CountingPanel panel;
        KioskRenderer kiosk(window.get(), renderer.get(), log);
        kiosk.showOn(&panel);
        KioskLoop loop(*session, reload, kiosk, {options, std::nullopt}, log);
        CHECK_FALSE(loop.run());
        const std::string text = log.str();
        INFO(text);
        REQUIRE(faults == 2);
        CHECK(kiosk.failedFrames() == 2);
        CHECK(count(text,
                    "hallboard: drawing the screen failed: planning fault for the test; showing the clock and the "
                    "conference's name instead") == 1);
        CHECK(text.find("welcome screen") == std::string::npos);
        // Both failed frames reached the panel: the clock (text colour) and the name (muted)
        // on the theme's background, in ImGui's own bitmap font (no fonts made yet: three
        // colours exactly); the frames after them show the page, with more on it.
        REQUIRE(panel.counts.size() >= 3);
        CHECK_FALSE(panel.black[0]);
        CHECK(panel.counts[0] >= 3);
        CHECK(panel.counts[1] >= 3);
        CHECK(panel.counts.back() > panel.counts[0]);
        CHECK(text.find("first frame on screen") != std::string::npos);
    }
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

TEST_CASE("a kiosk speaks its session's language from its start, before a frame, and drawing never changes it") {
    // The language was set while drawing (ui::drawScreen, planScreens), so the loop's
    // first catalog, built before any frame, indexed a German kiosk's talks in English
    // ("Untitled talk") until the first reload. It is set once per session now.
    test::TempDir dir;
    std::string config = twoRoomsKiosk(
        dir, R"({"program": "program.json", "language": "de", "clock": {"mode": "fixed", "at": "2021-04-06T09:30"},
                 "rotation": [{"page": "now-next", "seconds": 60}], "transition": {"kind": "none"}})");
    useLanguage("en");
    std::vector<Diagnostic> diagnostics;
    auto session = KioskSession::load(config, "", diagnostics);
    REQUIRE(session);
    REQUIRE(session->config.language == "de");
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    {
        std::ostringstream log;
        KioskRenderer kiosk(320, 240, log);
        LiveReload reload(config, "", *session);
        RunOptions options;
        KioskLoop loop(*session, reload, kiosk, {options, std::nullopt}, log);
        CHECK(currentLanguage() == "de");  // before any frame: the catalog was built in German
        CHECK(std::string(tr("Untitled talk")) == "Vortrag ohne Titel");
        // A frame of a view whose configuration says otherwise does not switch it.
        KioskSession french = std::move(*KioskSession::load(config, "", diagnostics));
        french.config.language = "fr";
        kiosk.prepare(makeView(french, french.clock.now()));
        ui::KioskView view = makeView(french, french.clock.now());
        Rotation::Frame frame;
        frame.current = Rotation::Slot{0, 0};
        kiosk.frame(view, frame);
        CHECK(currentLanguage() == "de");
        // A reload that names another language: spoken from the swap on.
        {
            std::ofstream c(config + ".new");
            c << R"({"program": "program.json", "language": "es", "clock": {"mode": "fixed", "at": "2021-04-06T09:30"},
                     "rotation": [{"page": "now-next", "seconds": 60}], "transition": {"kind": "none"}})";
        }
        REQUIRE(std::rename((config + ".new").c_str(), config.c_str()) == 0);
        options.exitAfter = 4;
        CHECK_FALSE(loop.run());
        INFO(log.str());
        CHECK(currentLanguage() == "es");
        CHECK(std::string(tr("Untitled talk")) != "Untitled talk");
    }
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    useLanguage("en");
}

TEST_CASE("blank quiet hours on a display that cannot be switched off say why when they begin and when they end") {
    // The reason was logged once at start, whether the kiosk had quiet hours or not, and
    // nothing when they began: a steward reading the journal at night saw no word of why
    // the panel was lit. Now said when they begin, and their end too.
    test::TempDir dir;
    const std::string quiet = R"({"program": "program.json", "overrides": "o.json",
        "clock": {"mode": "fixed", "at": "2021-04-06T09:30"},
        "display": {"quiet_hours": {"from": "00:00", "to": "23:59", "action": "blank"}}})";
    std::string config = twoRoomsKiosk(dir, quiet);
    auto overrides = [&](const std::string& text) {
        std::ofstream(dir.file("o.new.json")) << text;
        REQUIRE(std::rename(dir.file("o.new.json").c_str(), dir.file("o.json").c_str()) == 0);
    };
    overrides(R"({"announcements": []})");
    std::vector<Diagnostic> diagnostics;
    auto session = KioskSession::load(config, "", diagnostics);
    REQUIRE(session);
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(SDL_InitSubSystem(SDL_INIT_VIDEO) == 0);
    {
        WindowPtr window(SDL_CreateWindow("test", 0, 0, 320, 240, SDL_WINDOW_HIDDEN));
        REQUIRE(window);
        RendererPtr renderer(SDL_CreateRenderer(window.get(), -1, SDL_RENDERER_SOFTWARE));
        REQUIRE(renderer);
        std::ostringstream log;
        PanelPower panel(window.get(), log);
        REQUIRE_FALSE(panel.available());
        const std::string start = log.str();
        CHECK(start.find("drawn black") == std::string::npos);  // nothing yet: no quiet hours begun
        KioskRenderer kiosk(window.get(), renderer.get(), log);
        LiveReload reload(config, "", *session);
        RunOptions options;
        options.exitAfter = 2;
        KioskLoop loop(*session, reload, kiosk, {options, std::nullopt}, log);
        loop.usePanel(panel);
        CHECK_FALSE(loop.run());
        const std::string why =
            "hallboard: quiet hours: no panel to switch off (SDL's dummy video driver); drawn black";
        auto count = [](const std::string& text, const std::string& line) {
            std::size_t n = 0;
            for (std::size_t at = text.find(line); at != std::string::npos; at = text.find(line, at + 1)) ++n;
            return n;
        };
        INFO(log.str());
        CHECK(count(log.str(), why) == 1);  // once, not at every frame
        // An emergency lights the quiet screen and goes: not the end of quiet hours.
        overrides(R"({"emergency": {"title": "Fire", "kind": "evacuate"}})");
        options.exitAfter = 3;
        CHECK_FALSE(loop.run());
        overrides(R"({"announcements": []})");
        options.exitAfter = 4;
        CHECK_FALSE(loop.run());
        CHECK(count(log.str(), "hallboard: emergency in ") == 1);
        CHECK(count(log.str(), "hallboard: emergency taken out of ") == 1);
        CHECK(count(log.str(), "quiet hours: over") == 0);
        CHECK(count(log.str(), why) == 1);
        // The quiet hours taken out of the configuration: their end is said.
        {
            std::ofstream c(config + ".new");
            c << R"({"program": "program.json", "overrides": "o.json",
                     "clock": {"mode": "fixed", "at": "2021-04-06T09:30"}})";
        }
        REQUIRE(std::rename((config + ".new").c_str(), config.c_str()) == 0);
        options.exitAfter = 8;
        CHECK_FALSE(loop.run());
        CHECK(count(log.str(), why) == 1);
        CHECK(count(log.str(), "hallboard: quiet hours: over; the page is drawn again") == 1);
    }
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
}
