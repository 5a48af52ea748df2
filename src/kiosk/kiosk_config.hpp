// The kiosk's configuration (config/kiosk.json): which program, which clock, which pages
// in which order for how long, the look, the screen. Documented in docs/configuration.md.
// Loaded like a program: file, JSON path and reason for every problem; an error keeps
// the last good configuration.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/diagnostics.hpp"
#include "base/i18n.hpp"
#include "model/program.hpp"
#include "model/room_timer.hpp"
#include "model/venue.hpp"
#include "kiosk/key_bindings.hpp"
#include "kiosk/slides.hpp"

namespace hallboard {

enum class PageKind {
    nowNext,        // live and next per room; a door sign when it shows one room
    upcoming,       // the next hours as an agenda
    awards,         // award highlights
    speakers,       // speaker bio cards
    rooms,          // the all-rooms board: every room's current and next item on one screen
    announcements,  // the announcements of the moment, large (overrides file)
    slide,          // an image or text slide with its time window (kiosk/slides.hpp)
    countdown,      // before the conference (chosen automatically in place of now-next)
    closing,        // after the conference (chosen automatically in place of now-next)
    changes,        // today's changes (cancelled, moved, late); skipped while there are none
    timer,          // a room's timer: to the start, the time left, over time (model/room_timer.hpp)
};

std::string_view toString(PageKind kind);
std::optional<PageKind> parsePageKind(std::string_view text);
// The pages the rotation keeps coming back to (kiosk/rotation_plan.hpp): now-next and
// rooms, and countdown and closing (what now-next becomes before and after).
bool isHomePage(PageKind kind);

struct PageConfig {
    PageKind kind = PageKind::nowNext;
    std::chrono::milliseconds duration{15000};
    std::vector<std::string> rooms;    // ids or names; empty: the global filter
    std::chrono::minutes ahead{180};   // upcoming, speakers: how far ahead ("hours": 0.5 is 30 min)
    int itemsPerPage = 0;              // 0: as many as fit
    int maxScreens = 0;                // screens a cycle ("max_screens"); 0: the kind's default (rotation_plan.hpp)
    std::optional<SlideConfig> slide;  // set for a slide page, and only then
    TimerLimits timer;                 // a timer page's amber, red and over-time minutes
};

// How long a cycle of the rotation may be (kiosk/rotation_plan.hpp): now & next (or the
// rooms board) returns at least every `homeEvery`, and a whole cycle lasts at most
// `maxCycle`.
struct CycleConfig {
    std::chrono::milliseconds homeEvery{60000};
    std::chrono::milliseconds maxCycle{180000};
    // A home visit shows every screen of its page, each shortened to fit half of
    // `homeEvery` but never below this ("min_screen_seconds"): every room comes back
    // within `homeEvery` when the page fits at this pace (rotation_plan.hpp).
    std::chrono::milliseconds minScreen{8000};
    // "sync": "wall-clock": cycles laid from each UTC hour, so screens with the same
    // config and program turn pages together (kiosk/rotation_sync.hpp); "none": from start.
    bool wallClockSync = false;
};

enum class ClockMode { system, fixed, replay };

struct ClockConfig {
    ClockMode mode = ClockMode::system;
    std::string at;      // fixed: the instant; replay: where to start (conference wall time or with offset)
    double speed = 1.0;  // replay
    bool operator==(const ClockConfig&) const = default;
};

enum class TransitionKind { none, fade, slide };

struct ThemeConfig {
    std::string name = "dark";  // "dark" or "light": the base the overrides apply to
    std::optional<Color> background, surface, text, muted, accent, live;
    std::vector<std::string> textFonts;     // family names or font files, tried in order
    std::vector<std::string> displayFonts;  // for titles, names and the clock
    double scale = 1.0;                     // multiplies every size
};

enum class Orientation { automatic, landscape, portrait };

enum class QuietAction { none, dim, blank };

// Hours when nobody reads the screen (the night): blank or dim it. Wall times in the
// conference's zone; `from` after `to` runs past midnight.
struct QuietHours {
    QuietAction action = QuietAction::none;
    Duration from{}, to{};  // time of day
};

// The largest screen the kiosk draws (#26.2): its cached screens, glyph pages and the
// window's own pixels grow with the area, and a legal 16384x16384 window took 2.3 GB.
// A configured or asked-for size past these is refused with the reason; they keep the
// largest screen with the largest program inside the unit's memory (bench/bench_limits.cpp).
extern const int kMaxScreenSide;            // pixels, either side
extern const std::size_t kMaxScreenPixels;  // width x height
// Why a screen of width x height is refused ("a screen of 7680x4320 is 33177600 pixels,
// more than ..."); empty when it is within both limits.
std::string screenTooLarge(long long width, long long height);

struct DisplayConfig {
    bool fullscreen = true;
    int width = 1920, height = 1080;  // window size when not fullscreen
    Orientation orientation = Orientation::automatic;
    // The picture turned clockwise on the panel by the kiosk itself (0, 90, 180, 270), for
    // a panel mounted in portrait where the display cannot turn it: KMS only (DRM dumb
    // buffers and OpenGL ES); X11 and Wayland turn the screen themselves.
    int rotate = 0;
    bool hideCursor = true;
    QuietHours quiet;
    // HDMI-CEC (platform/cec.hpp): "auto" (/dev/cec0 when there), "off", or an absolute
    // path to the adapter. A TV goes to standby in blank quiet hours, wakes after them.
    std::string cec = "auto";
    bool pixelShift = true;  // move everything a few pixels every ten minutes (burn-in)
    // What type is sized for (kiosk/legibility.hpp): where people read from, and the
    // panel's size (none: what the display reports, else 43 inches).
    double viewingDistanceMetres = 3;
    std::optional<double> diagonalInches;
    // Where the panel hangs: metres from the floor to the lower edge of the picture
    // ("bottom_edge_m"), for the band a visitor reaches (kiosk/panel_geometry.hpp: reachBand).
    // None: a portrait panel is taken to stand at kTypicalPortraitBottomEdgeM.
    std::optional<double> bottomEdgeMetres;
};

// The HDMI-CEC adapter display.cec names (platform/cec.hpp): none for "off", and for
// "auto" when /dev/cec0 is not there.
std::optional<std::string> cecDevicePath(const std::string& setting);

// Whether `t` falls in the quiet hours, in the conference's zone.
bool inQuietHours(const QuietHours& quiet, const TimeZone& zone, Instant t);
// The offset of the whole picture at `t`: a few pixels, changing every ten minutes in a
// small cycle that returns to the centre, so static edges never stay on the same pixels.
std::pair<int, int> pixelShift(Instant t, float unit);

// Status for the fleet (kiosk/fleet.hpp): the kiosk writes <status_dir>/<name>.status.json
// every minute and when what it shows changes. No status_dir: no status written.
struct FleetConfig {
    std::string name;                   // empty: the machine's hostname
    std::string statusDir;              // absolute, or relative to the config file (resolved by the loader)
    std::chrono::seconds interval{60};  // written at least this often ("interval_seconds", 1 to 3600)
    bool operator==(const FleetConfig&) const = default;
};

// A video wall: one picture across `columns` x `rows` screens of the same size, each
// kiosk showing its part (`column`, `row`, from 1 at the left and top). Every kiosk of
// the wall has the same config but for these two, and "cycle": {"sync": "wall-clock"}
// so that all turn pages together. A wall is signage: touches are ignored.
struct WallConfig {
    int columns = 1, rows = 1;
    int column = 1, row = 1;
    bool active() const { return columns * rows > 1; }
    bool operator==(const WallConfig&) const = default;
};

// A visit left alone is warned this long before the rotation returns (WCAG 2.2.1: at
// least 20 s to answer "touch to stay"), the countdown redrawn each second
// (kiosk/kiosk_loop.hpp). Any touch or key starts the visit's time again.
inline constexpr double kIdleWarningSeconds = 20.0;
// The shortest visit a configuration gets ("idle_return_seconds"): the whole warning and
// 10 s before it, so the countdown never starts at the first touch. A shorter one is
// raised to this, with a warning.
inline constexpr int kMinIdleReturnSeconds = 30;
// What the kiosk does for visitors who cannot read or reach the screen
// (docs/accessibility.md): an offline voice reads the place a visitor is at, the search's
// count and the idle warning, in the kiosk's language ("speech"; off unless set: the
// usual set-up is a headphone jack). "keys": a keypad's keys or GPIO buttons bound to
// the browse keys (kiosk/key_bindings.hpp).
struct AccessibilityConfig {
    bool speech = false;
    std::vector<KeyBinding> keys;
    bool operator==(const AccessibilityConfig&) const = default;
};

struct KioskConfig {
    std::string program;    // absolute, or relative to the config file (resolved by the loader)
    std::string overrides;  // changes on the day (model/overrides.hpp); same resolution; empty: none
    std::string venue;      // wayfinding (model/venue.hpp, docs/venue.md); same resolution; empty: no directions
    std::optional<KioskPlace> here;  // where this kiosk stands in the venue, facing which way
    // Why `here` was left out (a facing that is no direction): the configuration still
    // loads, the screen shows no directions and staff see this on the badge.
    std::string hereProblem;
    bool stepFree = false;  // directions avoid stairs
    ClockConfig clock;
    std::vector<PageConfig> rotation;
    CycleConfig cycle;
    TransitionKind transition = TransitionKind::fade;
    std::chrono::milliseconds transitionDuration{600};
    std::vector<std::string> rooms;  // global room filter; empty: all rooms
    ThemeConfig theme;
    DisplayConfig display;
    std::chrono::seconds idleReturn{60};  // touch browsing returns to the rotation after this
    bool browsing = true;                 // false: signage only; touches and keys do not open browsing
    FleetConfig fleet;
    std::string language = "en";  // BCP 47, a shipped language (base/i18n.hpp)
    // "emergency_languages": the languages the emergency takeover's own words take in turn
    // (model/emergency.hpp); empty: `language`, then English.
    std::vector<std::string> emergencyLanguages;
    ClockFormat clockFormat = ClockFormat::localeDefault;  // "clock_format": "24h" or "12h"
    WallConfig wall;
    AccessibilityConfig accessibility;

    static KioskConfig defaults();  // every page, system clock, dark theme
};

// The emergency takeover's languages, in turn: "emergency_languages", else the kiosk's
// language and English (once when they are the same). Never empty.
std::vector<std::string> takeoverLanguages(const KioskConfig& config);

struct ConfigLoad {
    std::optional<KioskConfig> config;
    std::vector<Diagnostic> diagnostics;
    std::string sha256;  // of the text read (base/sha256.hpp), for the fleet status
    bool ok() const { return config.has_value(); }
};

ConfigLoad parseKioskConfig(std::string_view text, const std::string& fileName, const std::string& baseDir);
ConfigLoad loadKioskConfig(const std::string& path);

}  // namespace hallboard
