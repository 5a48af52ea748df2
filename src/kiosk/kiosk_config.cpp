// See kiosk_config.hpp.
#include "base/files.hpp"
#include "kiosk/kiosk_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "base/json_reader.hpp"
#include "base/sha256.hpp"
#include "base/text.hpp"

namespace hallboard {

// Measured with bench/bench_limits.cpp (docs/configuration.md, "display").
const int kMaxScreenSide = 8192;
const std::size_t kMaxScreenPixels = 3840 * 2160;

std::string screenTooLarge(long long width, long long height) {
    if (width > kMaxScreenSide || height > kMaxScreenSide)
        return "a screen of " + std::to_string(width) + "x" + std::to_string(height) + " has a side longer than " +
               std::to_string(kMaxScreenSide) + " pixels, the most a kiosk draws";
    if (width > 0 && height > 0 &&
        static_cast<unsigned long long>(width) * static_cast<unsigned long long>(height) > kMaxScreenPixels)
        return "a screen of " + std::to_string(width) + "x" + std::to_string(height) + " is " +
               std::to_string(width * height) + " pixels, more than the " + std::to_string(kMaxScreenPixels) +
               " (3840x2160) a kiosk draws within its memory budget (the unit's MemoryMax=512M)";
    return {};
}

namespace {

constexpr std::pair<PageKind, std::string_view> kPages[] = {
    {PageKind::nowNext, "now-next"},    {PageKind::upcoming, "upcoming"},
    {PageKind::awards, "awards"},       {PageKind::speakers, "speakers"},
    {PageKind::countdown, "countdown"}, {PageKind::closing, "closing"},
    {PageKind::rooms, "rooms"},         {PageKind::announcements, "announcements"},
    {PageKind::slide, "slide"},         {PageKind::changes, "changes"},
    {PageKind::timer, "timer"},
};

std::chrono::milliseconds seconds(double s) {
    return std::chrono::milliseconds{static_cast<long long>(s * 1000.0)};
}

class ConfigReader {
public:
    ConfigReader(Diagnostics& diags, std::string baseDir) : diags_(diags), baseDir_(std::move(baseDir)) {}

    KioskConfig read(const Json& root) {
        KioskConfig c = KioskConfig::defaults();
        ObjectReader top(root, "", diags_);
        top.ignore("$schema");
        top.ignore("comment");
        if (std::string program = top.string("program"); !program.empty())
            c.program = resolvePath(program);
        else
            throw InputError("/program", "missing: the path of the program file (relative to this config file)");
        if (std::string overrides = top.string("overrides"); !overrides.empty()) c.overrides = resolvePath(overrides);
        if (std::string venue = top.string("venue"); !venue.empty()) c.venue = resolvePath(venue);
        if (const Json* here = top.find("here")) c.here = readHere(*here, c.hereProblem);
        if (auto stepFree = top.boolean("step_free")) c.stepFree = *stepFree;
        if (!c.venue.empty() && !c.here && c.hereProblem.empty())
            diags_.warn(
                "/here",
                "the venue is set but not where this kiosk stands ({\"point\": ..., \"facing\": ...}): no directions");
        if (c.venue.empty() && c.here)
            diags_.warn("/here", "where this kiosk stands is set but no \"venue\" file names its point: no directions");
        if (const Json* clock = top.find("clock")) c.clock = readClock(*clock);
        if (const Json* rotation = top.find("rotation")) c.rotation = readRotation(*rotation);
        if (const Json* cycle = top.find("cycle")) c.cycle = readCycle(*cycle);
        if (const Json* transition = top.find("transition")) readTransition(*transition, c);
        c.rooms = top.stringList("rooms");
        warnRoomlessTimers(c);
        if (const Json* theme = top.find("theme")) c.theme = readTheme(*theme);
        if (const Json* display = top.find("display")) c.display = readDisplay(*display);
        if (auto idle = top.numberIn("idle_return_seconds", 5, 24 * 3600, "seconds")) c.idleReturn = idleReturn(*idle);
        if (auto browsing = top.boolean("browsing")) c.browsing = *browsing;
        if (const Json* fleet = top.find("fleet")) c.fleet = readFleet(*fleet);
        if (const Json* language = top.find("language")) {
            if (!language->is_string()) throw InputError("/language", "expected a language tag such as \"de\"");
            std::string tag = language->get<std::string>();
            if (auto problem = languageProblem(tag)) throw InputError("/language", *problem);
            c.language = tag;
        }
        for (const std::string& tag : top.stringList("emergency_languages")) {
            if (auto problem = languageProblem(tag)) throw InputError("/emergency_languages", *problem);
            if (c.emergencyLanguages.size() < 8) c.emergencyLanguages.push_back(tag);
        }
        if (const Json* clock = top.find("clock_format")) {
            std::string f = clock->is_string() ? clock->get<std::string>() : std::string();
            if (f == "24h")
                c.clockFormat = ClockFormat::h24;
            else if (f == "12h")
                c.clockFormat = ClockFormat::h12;
            else
                throw InputError("/clock_format", "expected \"24h\" or \"12h\", found \"" + excerpt(f) + "\"");
        }
        if (const Json* wall = top.find("wall")) c.wall = readWall(*wall);
        if (const Json* a = top.find("accessibility")) c.accessibility = readAccessibility(*a);
        top.finish();
        return c;
    }

private:
    // Relative to the config file's folder, made absolute: what the kiosk keeps in its
    // last good copy and watches must not depend on the folder it was started from.
    std::string resolvePath(const std::string& path) const {
        std::filesystem::path p(path);
        return absolutePath(p.is_absolute() ? path : (std::filesystem::path(baseDir_) / p).string());
    }

    // A facing that is no direction leaves `here` out with a warning (`problem` says why,
    // for the staff badge): wrong arrows would send visitors the wrong way, and the rest
    // of the configuration is good, so the screen runs without directions.
    std::optional<KioskPlace> readHere(const Json& value, std::string& problem) {
        ObjectReader obj(value, "/here", diags_);
        KioskPlace place;
        place.point = obj.requiredString("point", "the id of the venue point where the kiosk stands");
        if (const Json* facing = obj.find("facing")) {
            try {
                if (facing->is_string()) {
                    auto degrees = parseFacing(facing->get<std::string>());
                    if (!degrees)
                        throw InputError("/here/facing",
                                         "expected N, NE, E, SE, S, SW, W, NW or degrees from north, found \"" +
                                             excerpt(facing->get<std::string>()) + "\"");
                    place.facingDegrees = *degrees;
                } else {
                    place.facingDegrees = *obj.numberIn("facing", 0, 360, "degrees clockwise from north");
                }
            } catch (const InputError& e) {
                std::string message = std::string(e.what()) + "; this screen shows no directions until it is fixed";
                diags_.warn(e.where(), message);
                problem = format(Diagnostic{Severity::warning, diags_.file(), e.where(), message});
                obj.finish();
                return std::nullopt;
            }
        }
        obj.finish();
        return place;
    }

    // In range (5 to 86400 s): no overflow. Below kMinIdleReturnSeconds the warning would
    // be shorter than WCAG 2.2.1's 20 s, or show from the first touch: raised, said so.
    std::chrono::seconds idleReturn(double seconds) {
        if (seconds >= kMinIdleReturnSeconds) return std::chrono::seconds{static_cast<long long>(seconds)};
        char given[32];
        std::snprintf(given, sizeof given, "%.6g", seconds);
        diags_.warn("/idle_return_seconds",
                    "raised to " + std::to_string(kMinIdleReturnSeconds) + " seconds from " + given +
                        ": a visitor is warned " + std::to_string(static_cast<int>(kIdleWarningSeconds)) +
                        " seconds before the rotation returns (WCAG 2.2.1), and a visit needs time before that");
        return std::chrono::seconds{kMinIdleReturnSeconds};
    }

    ClockConfig readClock(const Json& value) {
        ObjectReader obj(value, "/clock", diags_);
        ClockConfig clock;
        std::string mode = obj.string("mode", "system");
        if (mode == "system")
            clock.mode = ClockMode::system;
        else if (mode == "fixed")
            clock.mode = ClockMode::fixed;
        else if (mode == "replay")
            clock.mode = ClockMode::replay;
        else
            throw InputError("/clock/mode",
                             "expected \"system\", \"fixed\" or \"replay\", found \"" + excerpt(mode) + "\"");
        clock.at = obj.string("at");
        if (clock.mode != ClockMode::system) {
            if (clock.at.empty())
                throw InputError("/clock/at", "a " + mode + " clock needs \"at\": a time like \"2021-04-06T08:50\"");
            if (std::string year = yearProblem(clock.at); !year.empty()) throw InputError("/clock/at", year);
            if (!parseTimestamp(clock.at))
                throw InputError("/clock/at",
                                 "expected a time like \"2021-04-06T08:50\" (conference time) or with Z or "
                                 "an offset, found \"" +
                                     excerpt(clock.at) + "\"");
        }
        if (auto speed = obj.number("speed")) {
            if (*speed <= 0) throw InputError("/clock/speed", "expected a speed above 0 (1 is real time)");
            clock.speed = *obj.numberIn("speed", 0.001, 100000, "(1 is real time)");
        }
        obj.finish();
        return clock;
    }

    WallConfig readWall(const Json& value) {
        ObjectReader obj(value, "/wall", diags_);
        WallConfig wall;
        if (auto n = obj.integerIn("columns", 1, 8, "screens")) wall.columns = static_cast<int>(*n);
        if (auto n = obj.integerIn("rows", 1, 8, "screens")) wall.rows = static_cast<int>(*n);
        if (auto n = obj.integerIn("column", 1, wall.columns, "from the left")) wall.column = static_cast<int>(*n);
        if (auto n = obj.integerIn("row", 1, wall.rows, "from the top")) wall.row = static_cast<int>(*n);
        obj.finish();
        return wall;
    }

    AccessibilityConfig readAccessibility(const Json& value) {
        ObjectReader obj(value, "/accessibility", diags_);
        AccessibilityConfig a;
        if (auto speech = obj.boolean("speech")) a.speech = *speech;
        if (const Json* keys = obj.find("keys")) a.keys = readKeys(*keys);
        obj.finish();
        return a;
    }

    // {"Keypad 8": "up", "evdev:28": "enter"}: each key known, each action a browse key's,
    // no key bound twice.
    std::vector<KeyBinding> readKeys(const Json& value) {
        if (!value.is_object())
            throw InputError("/accessibility/keys", "expected an object like {\"Keypad 8\": \"up\"}");
        if (value.size() > 64) throw InputError("/accessibility/keys", "more than 64 keys bound");
        std::vector<KeyBinding> keys;
        for (const auto& [key, action] : value.items()) {
            std::string path = "/accessibility/keys/" + pointerToken(key);
            auto scancode = keyScancode(key);
            if (!scancode)
                throw InputError(path,
                                 "\"" + excerpt(key) +
                                     "\" is no key the kiosk knows; name it as SDL does (\"Keypad 8\", \"F5\", "
                                     "\"Return\") or by its Linux key code (\"evdev:103\"): docs/accessibility.md");
            std::string what = action.is_string() ? action.get<std::string>() : std::string();
            if (std::find(std::begin(kKeyActions), std::end(kKeyActions), what) == std::end(kKeyActions))
                throw InputError(path, "expected a key's action: up, down, left, right, enter, escape, backspace, "
                                       "tab, shift-tab, pageup, pagedown, home or speak, found \"" +
                                           excerpt(what) + "\"");
            for (const KeyBinding& k : keys)
                if (k.scancode == *scancode)
                    throw InputError(path, "the same key as \"" + excerpt(k.key) + "\", bound already");
            keys.push_back({key, *scancode, what});
        }
        return keys;
    }

    FleetConfig readFleet(const Json& value) {
        ObjectReader obj(value, "/fleet", diags_);
        FleetConfig fleet;
        fleet.name = obj.string("name");
        if (fleet.name.size() > 100)
            throw InputError("/fleet/name", "longer than 100 bytes: a short name for the screen, like \"hall-a-door\"");
        if (std::string dir = obj.string("status_dir"); !dir.empty()) fleet.statusDir = resolvePath(dir);
        if (auto s = obj.integerIn("interval_seconds", 1, 3600, "seconds")) fleet.interval = std::chrono::seconds{*s};
        obj.finish();
        return fleet;
    }

    std::vector<PageConfig> readRotation(const Json& value) {
        if (!value.is_array()) throw InputError("/rotation", "expected a list of pages");
        std::vector<PageConfig> pages;
        for (std::size_t i = 0; i < value.size(); ++i) {
            std::string path = "/rotation/" + std::to_string(i);
            ObjectReader obj(value[i], path, diags_);
            PageConfig page;
            std::string kind = obj.requiredString(
                "page",
                "a page name: now-next, rooms, upcoming, awards, speakers, announcements, slide, changes, timer, "
                "countdown, closing");
            auto k = parsePageKind(kind);
            if (!k)
                throw InputError(path + "/page", "unknown page \"" + excerpt(kind) +
                                                     "\"; expected now-next, rooms, upcoming, awards, announcements, "
                                                     "slide, speakers, changes, timer, countdown or closing");
            page.kind = *k;
            if (auto s = obj.numberIn("seconds", 2, 3600, "seconds")) page.duration = seconds(*s);
            page.rooms = obj.stringList("rooms");
            if (auto h = obj.numberIn("hours", 0.5, 72, "hours"))
                page.ahead = std::chrono::minutes{std::lround(*h * 60)};
            if (auto n = obj.integerIn("items", 1, 1000, "items")) page.itemsPerPage = static_cast<int>(*n);
            if (auto n = obj.integerIn("max_screens", 1, 1000, "screens a cycle"))
                page.maxScreens = static_cast<int>(*n);
            // Home pages come round through every screen, a visit at a time: a cap would
            // leave rooms that never show.
            if (page.maxScreens > 0 && isHomePage(page.kind))
                diags_.warn(path + "/max_screens",
                            "ignored: " + kind + " comes round through all its screens, a few at each visit");
            if (page.kind == PageKind::slide)
                // Absolute: pictures are otherwise looked up beside the program file.
                page.slide = readSlide(obj, [this](const std::string& p) { return resolvePath(p); });
            if (page.kind == PageKind::timer) page.timer = readTimer(obj, path);
            obj.finish();
            pages.push_back(std::move(page));
        }
        if (pages.empty()) throw InputError("/rotation", "the rotation needs at least one page");
        return pages;
    }

    // A timer page's colours: amber from `amber_minutes` before the end, red from
    // `red_minutes` (no later than amber), "+m:ss" for `over_minutes` after it.
    TimerLimits readTimer(ObjectReader& obj, const std::string& path) {
        TimerLimits limits;
        auto minutesOf = [](long long m) { return Duration{m * 60}; };
        if (auto m = obj.integerIn("amber_minutes", 0, 120, "minutes")) limits.amber = minutesOf(*m);
        if (auto m = obj.integerIn("red_minutes", 0, 120, "minutes")) limits.red = minutesOf(*m);
        if (auto m = obj.integerIn("over_minutes", 0, 120, "minutes")) limits.over = minutesOf(*m);
        if (limits.red > limits.amber) {
            long long amber = limits.amber.count() / 60;
            diags_.warn(path + "/red_minutes", "later than amber_minutes: red from " + std::to_string(amber) +
                                                   (amber == 1 ? " minute" : " minutes") +
                                                   " before the end, with amber");
            limits.red = limits.amber;
        }
        return limits;
    }

    // A timer is one room's; with neither the page's rooms nor the kiosk's, every room takes
    // a screen in turn, which is seldom what a stage screen wants.
    void warnRoomlessTimers(const KioskConfig& c) {
        for (std::size_t i = 0; i < c.rotation.size(); ++i)
            if (c.rotation[i].kind == PageKind::timer && c.rotation[i].rooms.empty() && c.rooms.empty())
                diags_.warn("/rotation/" + std::to_string(i),
                            "a timer is one room's: name it in \"rooms\" (without, each room takes a screen in turn)");
    }

    CycleConfig readCycle(const Json& value) {
        ObjectReader obj(value, "/cycle", diags_);
        CycleConfig cycle;
        if (auto s = obj.numberIn("home_every_seconds", 10, 3600, "seconds")) cycle.homeEvery = seconds(*s);
        if (auto s = obj.numberIn("max_seconds", 10, 24 * 3600, "seconds")) cycle.maxCycle = seconds(*s);
        if (auto s = obj.numberIn("min_screen_seconds", 3, 60, "seconds")) cycle.minScreen = seconds(*s);
        std::string sync = obj.string("sync", "none");
        if (sync == "wall-clock")
            cycle.wallClockSync = true;
        else if (sync != "none")
            throw InputError("/cycle/sync",
                             "expected \"wall-clock\" (screens turn pages together) or \"none\", found \"" +
                                 excerpt(sync) + "\"");
        obj.finish();
        return cycle;
    }

    void readTransition(const Json& value, KioskConfig& c) {
        ObjectReader obj(value, "/transition", diags_);
        std::string kind = obj.string("kind", "fade");
        if (kind == "none")
            c.transition = TransitionKind::none;
        else if (kind == "fade")
            c.transition = TransitionKind::fade;
        else if (kind == "slide")
            c.transition = TransitionKind::slide;
        else
            throw InputError("/transition/kind",
                             "expected \"fade\", \"slide\" or \"none\", found \"" + excerpt(kind) + "\"");
        if (auto s = obj.numberIn("seconds", 0, 5, "seconds")) c.transitionDuration = seconds(*s);
        obj.finish();
    }

    std::optional<Color> color(ObjectReader& obj, const char* key) {
        std::string text = obj.string(key);
        if (text.empty()) return std::nullopt;
        auto parsed = Color::parse(text);
        if (!parsed)
            throw InputError(obj.pathOf(key), "expected a colour like \"#1b3a6b\", found \"" + excerpt(text) + "\"");
        return parsed;
    }

    ThemeConfig readTheme(const Json& value) {
        ObjectReader obj(value, "/theme", diags_);
        ThemeConfig t;
        t.name = obj.string("name", "dark");
        if (t.name != "dark" && t.name != "light")
            throw InputError("/theme/name", "expected \"dark\" or \"light\", found \"" + excerpt(t.name) + "\"");
        if (const Json* colors = obj.find("colors")) {
            ObjectReader c(*colors, "/theme/colors", diags_);
            t.background = color(c, "background");
            t.surface = color(c, "surface");
            t.text = color(c, "text");
            t.muted = color(c, "muted");
            t.accent = color(c, "accent");
            t.live = color(c, "live");
            c.finish();
        }
        if (const Json* fonts = obj.find("fonts")) {
            ObjectReader f(*fonts, "/theme/fonts", diags_);
            t.textFonts = f.stringList("text");
            t.displayFonts = f.stringList("display");
            f.finish();
        }
        if (auto s = obj.numberIn("scale", 0.25, 4)) t.scale = *s;
        obj.finish();
        return t;
    }

    DisplayConfig readDisplay(const Json& value) {
        ObjectReader obj(value, "/display", diags_);
        DisplayConfig d;
        if (auto f = obj.boolean("fullscreen")) d.fullscreen = *f;
        if (auto w = obj.integerIn("width", 320, kMaxScreenSide, "pixels")) d.width = static_cast<int>(*w);
        if (auto h = obj.integerIn("height", 240, kMaxScreenSide, "pixels")) d.height = static_cast<int>(*h);
        if (std::string why = screenTooLarge(d.width, d.height); !why.empty()) throw InputError("/display", why);
        std::string o = obj.string("orientation", "auto");
        if (o == "auto")
            d.orientation = Orientation::automatic;
        else if (o == "landscape")
            d.orientation = Orientation::landscape;
        else if (o == "portrait")
            d.orientation = Orientation::portrait;
        else
            throw InputError("/display/orientation",
                             "expected \"auto\", \"landscape\" or \"portrait\", found \"" + excerpt(o) + "\"");
        // The kiosk turns its own picture for a panel mounted in portrait where the display
        // cannot (KMS: kiosk/panel_geometry.hpp); a quarter turn lays pages out portrait.
        if (auto r = obj.integerIn("rotate", 0, 270, "degrees")) {
            if (*r % 90 != 0)
                throw InputError("/display/rotate",
                                 "expected 0, 90, 180 or 270 (degrees clockwise), found " + std::to_string(*r));
            d.rotate = static_cast<int>(*r);
        }
        if (auto c = obj.boolean("hide_cursor")) d.hideCursor = *c;
        if (obj.find("cec")) d.cec = cecSetting(obj);
        if (auto p = obj.boolean("pixel_shift")) d.pixelShift = *p;
        if (auto m = obj.numberIn("viewing_distance_m", 0.3, 30, "metres")) d.viewingDistanceMetres = *m;
        if (auto i = obj.numberIn("diagonal_inches", 4, 150, "inches")) d.diagonalInches = *i;
        if (auto b = obj.numberIn("bottom_edge_m", 0, 3, "metres from the floor")) d.bottomEdgeMetres = *b;
        if (const Json* q = obj.find("quiet_hours")) {
            ObjectReader quiet(*q, "/display/quiet_hours", diags_);
            std::string action = quiet.string("action", "blank");
            if (action == "blank")
                d.quiet.action = QuietAction::blank;
            else if (action == "dim")
                d.quiet.action = QuietAction::dim;
            else if (action == "none")
                d.quiet.action = QuietAction::none;
            else
                throw InputError("/display/quiet_hours/action",
                                 "expected \"blank\", \"dim\" or \"none\", found \"" + excerpt(action) + "\"");
            for (const char* key : {"from", "to"}) {
                std::string text = quiet.requiredString(key, "a time of day like \"22:00\"");
                auto t = parseDuration(text);
                if (!t || *t >= std::chrono::hours{24} || text.find(':') == std::string::npos)
                    throw InputError(quiet.pathOf(key),
                                     "expected a time of day like \"22:00\", found \"" + excerpt(text) + "\"");
                (std::string(key) == "from" ? d.quiet.from : d.quiet.to) = *t;
            }
            quiet.finish();
        }
        obj.finish();
        return d;
    }

    // display.cec: "auto", "off", or the adapter's absolute path (checked again, as a
    // character device that answers as a CEC adapter, when the kiosk opens it).
    static std::string cecSetting(ObjectReader& obj) {
        std::string cec = obj.string("cec", "auto");
        if (cec == "auto" || cec == "off") return cec;
        if (cec.empty() || cec[0] != '/' || cec.size() > 255 || cec.find('\0') != std::string::npos)
            throw InputError("/display/cec", "expected \"auto\", \"off\" or the adapter's absolute path like "
                                             "\"/dev/cec0\", found \"" +
                                                 excerpt(cec) + "\"");
        return cec;
    }

    Diagnostics& diags_;
    std::string baseDir_;
};

}  // namespace

std::optional<std::string> cecDevicePath(const std::string& setting) {
    if (setting == "off") return std::nullopt;
    if (setting != "auto") return setting;
    std::error_code ec;
    if (!std::filesystem::exists("/dev/cec0", ec)) return std::nullopt;
    return std::string("/dev/cec0");
}

bool inQuietHours(const QuietHours& quiet, const TimeZone& zone, Instant t) {
    if (quiet.action == QuietAction::none || quiet.from == quiet.to) return false;
    LocalTime local = zone.toLocal(t);
    auto timeOfDay = local - date::floor<date::days>(local);
    if (quiet.from < quiet.to) return timeOfDay >= quiet.from && timeOfDay < quiet.to;
    return timeOfDay >= quiet.from || timeOfDay < quiet.to;  // past midnight
}

std::pair<int, int> pixelShift(Instant t, float unit) {
    static constexpr std::pair<int, int> kCycle[] = {{0, 0},  {2, 0},  {2, 2},   {0, 2},
                                                     {-2, 2}, {-2, 0}, {-2, -2}, {0, -2}};
    auto step = std::chrono::floor<std::chrono::minutes>(t).time_since_epoch().count() / 10;
    auto [x, y] = kCycle[static_cast<std::size_t>(((step % 8) + 8) % 8)];
    int scale = std::max(1, static_cast<int>(unit + 0.5f));
    return {x * scale, y * scale};
}

std::string_view toString(PageKind kind) {
    for (const auto& [k, name] : kPages)
        if (k == kind) return name;
    return "now-next";
}

bool isHomePage(PageKind k) {
    return k == PageKind::nowNext || k == PageKind::rooms || k == PageKind::countdown || k == PageKind::closing;
}

std::optional<PageKind> parsePageKind(std::string_view text) {
    for (const auto& [k, name] : kPages)
        if (name == text) return k;
    return std::nullopt;
}

KioskConfig KioskConfig::defaults() {
    KioskConfig c;
    c.rotation = {
        {PageKind::nowNext, std::chrono::milliseconds{20000}, {}, std::chrono::minutes{180}, 0, 0, {}, {}},
        {PageKind::upcoming, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, {}, {}},
        {PageKind::awards, std::chrono::milliseconds{12000}, {}, std::chrono::minutes{180}, 0, 0, {}, {}},
        {PageKind::speakers, std::chrono::milliseconds{12000}, {}, std::chrono::minutes{180}, 0, 0, {}, {}},
        // The rooms board last: left out while now & next shows every room on one screen;
        // with more rooms it is the page that comes back every minute with all of them.
        {PageKind::rooms, std::chrono::milliseconds{15000}, {}, std::chrono::minutes{180}, 0, 0, {}, {}},
    };
    return c;
}

ConfigLoad parseKioskConfig(std::string_view text, const std::string& fileName, const std::string& baseDir) {
    Diagnostics diags(fileName);
    ConfigLoad result;
    readJsonDocument(text, diags, [&](const Json& root) { result.config = ConfigReader(diags, baseDir).read(root); });
    result.diagnostics = diags.items();
    result.sha256 = sha256Hex(text);
    return result;
}

ConfigLoad loadKioskConfig(const std::string& path) {
    return loadJsonFile<ConfigLoad>(path, InputKind::config, [&](const std::string& text, const std::string& folder) {
        return parseKioskConfig(text, path, folder);
    });
}

std::vector<std::string> takeoverLanguages(const KioskConfig& config) {
    if (!config.emergencyLanguages.empty()) return config.emergencyLanguages;
    std::vector<std::string> out{config.language.empty() ? std::string("en") : config.language};
    if (out[0].substr(0, out[0].find('-')) != "en") out.push_back("en");
    return out;
}

}  // namespace hallboard
