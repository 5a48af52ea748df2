// `hallboard check PROGRAM.json`: does it load, what is in it, what is odd about it.
#include <algorithm>
#include <filesystem>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <sstream>

#include "cli/commands.hpp"
#include "base/files.hpp"
#include "model/announcements.hpp"
#include "kiosk/kiosk_config.hpp"
#include "kiosk/legibility.hpp"
#include "model/language.hpp"
#include "model/overrides.hpp"
#include "model/program_json.hpp"
#include "model/scheduler.hpp"
#include "kiosk/slides.hpp"
#include "model/venue.hpp"
#include "model/wording.hpp"

namespace hallboard::cli {

namespace {

std::string joinRooms(const Program& program, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < program.rooms.size() && i < max; ++i) {
        if (i) out += ", ";
        out += program.rooms[i].name;
    }
    if (program.rooms.size() > max) out += ", ... (" + std::to_string(program.rooms.size() - max) + " more)";
    return out;
}

// "N", "SW" on the eight compass points, else degrees: "200°".
std::string facingText(double degrees) {
    static constexpr const char* kPoints[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
    double eighth = degrees / 45.0;
    if (std::abs(eighth - std::round(eighth)) < 1e-9) return kPoints[static_cast<int>(std::round(eighth)) % 8];
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g°", degrees);
    return buf;
}

void printSummary(const Program& program, std::ostream& out) {
    const Conference& c = program.conference;
    Scheduler scheduler(program);
    out << "  conference  " << program.displayName();
    if (!c.shortName.empty() && !c.name.empty() && c.name != c.shortName) out << " (" << c.name << ")";
    out << "\n";
    if (!c.venue.empty()) out << "  venue       " << c.venue << "\n";
    out << "  time zone   " << c.zone.name();
    if (auto first = scheduler.firstStart()) out << " (" << formatOffset(c.zone.utcOffset(*first)) << " at the start)";
    out << "\n";
    const auto& days = scheduler.days();
    out << "  days        " << days.size();
    for (std::size_t i = 0; i < days.size() && i < 7; ++i) out << (i ? ", " : ": ") << formatLongDate(days[i]);
    if (days.size() > 7) out << ", ...";
    out << "\n";
    out << "  rooms       " << program.rooms.size();
    if (!program.rooms.empty()) out << ": " << joinRooms(program, 8);
    out << "\n";
    std::size_t scheduled = 0;
    for (const Talk& t : program.talks) scheduled += t.session.has_value();
    out << "  tracks      " << program.tracks.size() << "\n";
    if (std::vector<std::string> languages = programLanguages(program); !languages.empty()) {
        out << "  languages   " << languages.size();
        for (std::size_t i = 0; i < languages.size() && i < 12; ++i) out << (i ? ", " : ": ") << languages[i];
        out << (languages.size() > 1 ? " (a badge on each session)" : "") << "\n";
    }
    out << "  sessions    " << program.sessions.size() << "\n";
    out << "  talks       " << program.talks.size();
    if (scheduled != program.talks.size())
        out << " (" << scheduled << " in sessions, " << program.talks.size() - scheduled << " without a slot)";
    out << "\n";
    out << "  people      " << program.people.size() << "\n";
    out << "  awards      " << program.awards.size() << "\n";
}

// The way out an evacuation shows from this kiosk (model/venue.hpp Wayfinding::exit).
void printExit(const Wayfinding& w, std::ostream& out, std::ostream& err) {
    if (!w.exit) {
        err << w.venue.file << ": warning: "
            << (w.exits == 0 ? "no point of \"kind\": \"exit\"" : "no exit that can be reached from here")
            << ": an evacuation shows no way out on this kiosk, only \"Follow the stewards' directions\"\n";
        return;
    }
    const VenuePoint& exit = w.venue.points[w.exit->route.points.back()];
    out << "    nearest exit \"" << (exit.name.empty() ? exit.id : exit.name)
        << "\": " << (w.exit->arrow ? toString(*w.exit->arrow) : "here") << ", " << directionsLabel(*w.exit)
        << (w.exit->route.usesLift ? ", by a lift (no other way)" : "");
    if (w.exitStepFree)
        out << "; step-free " << directionsLabel(*w.exitStepFree)
            << (w.exitStepFree->route.usesLift ? " by a lift" : "");
    out << "\n";
}

// The venue against the program: every error and warning, then what it holds.
bool checkVenue(const Program& program, const CheckOptions& options, std::ostream& out, std::ostream& err) {
    const std::string& path = options.venue;
    VenueLoad load = loadVenueFile(path, program);
    std::size_t errors = 0, warnings = 0;
    for (const Diagnostic& d : load.diagnostics) {
        errors += d.severity == Severity::error;
        warnings += d.severity == Severity::warning;
        if (d.severity != Severity::note) err << format(d) << "\n";
    }
    if (!load.ok()) {
        err << path << ": not loaded (" << errors << " error" << (errors == 1 ? "" : "s")
            << "); a kiosk shows no directions with it\n";
        return false;
    }
    const Venue& v = *load.venue;
    // Reading the venue looks at each map's PNG header only; decode the maps as the kiosk
    // will (a truncated file, a map larger than the kiosk draws) so that check says so.
    for (std::size_t i = 0; i < v.floors.size() && options.imageProblem; ++i) {
        if (v.floors[i].image.empty()) continue;
        if (std::string problem = options.imageProblem(v.floors[i].image); !problem.empty()) {
            ++errors;
            err << path << ": /floors/" << i << "/image: error: the map " << v.floors[i].image << ": " << problem
                << "; the floor is drawn without it\n";
        }
    }
    out << path << ": " << (errors ? "loads, with errors" : warnings ? "loads, with warnings" : "OK") << "\n";
    out << "  floors      " << v.floors.size();
    for (std::size_t i = 0; i < v.floors.size(); ++i)
        out << (i ? ", " : ": ") << v.floors[i].name << " (level " << v.floors[i].level << ")";
    out << "\n  points      " << v.points.size() << "\n  links       " << v.links.size() << "\n";
    out << "  rooms       " << v.rooms.size() << " of " << program.rooms.size() << " placed\n";
    if (options.here) {
        // What this kiosk will show beside each room.
        std::vector<Diagnostic> diags;
        auto w = planWayfinding(*load.venue, program, *options.here, options.stepFree,
                                {options.config.empty() ? std::string("the configuration") : options.config, diags});
        for (const Diagnostic& d : diags) {
            errors += d.severity == Severity::error;
            err << format(d) << "\n";
        }
        if (w) {
            out << "  from        \"" << options.here->point << "\", facing " << facingText(options.here->facingDegrees)
                << (options.stepFree ? ", step-free" : "") << "\n";
            for (Index r = 0; r < program.rooms.size(); ++r)
                if (const RoomDirections* d = w->to(r))
                    out << "    " << program.rooms[r].name << ": " << (d->arrow ? toString(*d->arrow) : "here") << ", "
                        << directionsLabel(*d) << "\n";
            printExit(*w, out, err);
        }
    }
    return errors == 0;
}

}  // namespace

bool applyOverridesFile(Program& program, const std::string& path, std::ostream& err,
                        std::vector<Announcement>* announcements, std::optional<Emergency>* emergency) {
    OverridesLoad changes = loadOverridesFile(path);
    std::vector<Diagnostic> diags = changes.diagnostics;
    // The emergency as the kiosk resolves it: a mistake in it fails the check, though
    // the kiosk shows it all the same (model/emergency.hpp).
    if (changes.emergency) {
        Emergency e = resolveEmergency(*changes.emergency, program.conference.zone, path, diags);
        if (emergency) *emergency = std::move(e);
    }
    bool emergencyWrong = std::any_of(diags.begin(), diags.end(), [](const Diagnostic& d) {
        return d.severity == Severity::error && d.where.rfind("/emergency", 0) == 0;
    });
    bool ok = changes.ok() && applyOverrides(program, *changes.overrides, path, diags);
    // The announcements too, as the kiosk resolves them: one that would never show
    // (`until` before `from`, a time that is no time) rejects the file there, so here.
    if (ok) {
        auto resolved = resolveAnnouncements(changes.overrides->announcements, program.conference.zone, path, diags);
        ok = resolved.has_value();
        if (ok && announcements) *announcements = std::move(*resolved);
    }
    for (const Diagnostic& d : diags)
        if (d.severity != Severity::note) err << format(d) << "\n";
    if (!ok) err << path << ": not applied; a kiosk keeps its last good program and changes\n";
    if (emergencyWrong)
        err << path << ": the emergency has mistakes (above); a kiosk shows it all the same, as said there\n";
    return ok && !emergencyWrong;
}

namespace {

// One slide's picture: a warning when the kiosk cannot show it (it leaves the slide out)
// or would enlarge it so much that it looks blurred. Returns how many warnings.
std::size_t checkSlidePicture(const KioskConfig& c, const SlideConfig& slide, const std::string& where,
                              const CheckOptions& options, std::ostream& err) {
    if (std::string problem = options.imageProblem(slide.image); !problem.empty()) {
        err << format(Diagnostic{Severity::warning, options.config, where,
                                 slide.image + ": " + problem + "; the kiosk leaves this slide out"})
            << "\n";
        return 1;
    }
    auto size = options.imageSize ? options.imageSize(slide.image) : std::nullopt;
    if (!size) return 0;
    // Measured against the configured window, else a 1080p screen (a fullscreen
    // kiosk's panel is not known here), turned for a portrait one.
    int w = c.display.width, h = c.display.height;
    if (c.display.fullscreen) w = 1920, h = 1080;
    if (c.display.orientation == Orientation::portrait && w > h) std::swap(w, h);
    SlideEnlargement e = slideEnlargement(slide, size->first, size->second, w, h);
    if (e.factor <= 2.0) return 0;
    char factor[16];
    std::snprintf(factor, sizeof factor, "%.1f", e.factor);
    err << format(Diagnostic{Severity::warning, options.config, where,
                             slide.image + ": " + std::to_string(size->first) + " x " + std::to_string(size->second) +
                                 " pixels, enlarged " + factor + " times on a " + std::to_string(w) + "x" +
                                 std::to_string(h) + " screen: it will look blurred from the hallway; a picture of " +
                                 std::to_string(e.sharpW) + " x " + std::to_string(e.sharpH) +
                                 " pixels or more stays sharp"})
        << "\n";
    return 1;
}

// Which file each path names, resolved as the kiosk resolves it: relative to the
// configuration's own folder. A copied configuration whose relative paths now point
// nowhere shows here, before it shows a clock-only kiosk.
void printConfigPaths(const KioskConfig& c, const std::string& configFile, std::ostream& out) {
    std::string folder = std::filesystem::path(absolutePath(configFile)).parent_path().string();
    auto named = [&](const char* label, const std::string& path, bool folderExpected) {
        if (path.empty()) return;
        std::error_code ec;
        auto st = std::filesystem::status(path, ec);
        bool found = folderExpected ? std::filesystem::is_directory(st) : std::filesystem::exists(st);
        out << "  " << label << std::string(12 - std::string_view(label).size(), ' ') << path;
        if (!found) out << "  (not found: relative paths are read from the configuration's folder, " << folder << ")";
        out << "\n";
    };
    named("program", c.program, false);
    named("overrides", c.overrides, false);
    named("venue", c.venue, false);
    named("status_dir", c.fleet.statusDir, true);
}

// Under X11, what the X server of $DISPLAY says, asked as the kiosk asks it.
void printX11QuietHours(const CheckOptions& options, std::ostream& out) {
    const char* display = std::getenv("DISPLAY");
    std::string name = display ? display : "";
    if (!options.x11WhyNotOff) {
        out << "the display switched off where the X server has the DPMS extension (Xorg on a real display), else "
               "drawn black (Xvfb); no X server asked here";
        return;
    }
    std::string why = options.x11WhyNotOff(name);
    if (why.empty())
        out << "the display switched off through the X server's DPMS extension (the X server on " << excerpt(name, 80)
            << " has it and can)";
    else
        out << "drawn black: " << why;
}

// What blank quiet hours do under Wayland: the compositor is asked where one is reachable
// at $WAYLAND_DISPLAY (the kiosk's session); else what each kind of compositor does.
void printWaylandQuietHours(const CheckOptions& options, std::ostream& out) {
    std::optional<bool> offers = options.waylandOutputPower ? options.waylandOutputPower() : std::nullopt;
    if (!offers)
        out << "the outputs switched off where the compositor offers wlr-output-power-management (wlroots: sway, "
               "wayfire, labwc), else drawn black (GNOME, KDE, weston); no compositor reachable here to ask";
    else if (*offers)
        out << "the outputs switched off (this compositor offers wlr-output-power-management)";
    else
        out << "drawn black: this compositor does not offer wlr-output-power-management (wlroots' sway, wayfire "
               "and labwc do)";
}

// What blank quiet hours will do on the display this runs on (the kiosk's video driver:
// $SDL_VIDEODRIVER, else Wayland or X11 when a desktop session is there, else KMS), and
// on a TV through HDMI-CEC (display.cec).
void printQuietHours(const KioskConfig& c, const CheckOptions& options, std::ostream& out) {
    const QuietHours& q = c.display.quiet;
    if (q.action == QuietAction::none) return;
    auto clock = [](Duration d) {
        long long minutes = std::chrono::duration_cast<std::chrono::minutes>(d).count();
        char text[40];
        std::snprintf(text, sizeof text, "%02lld:%02lld", minutes / 60, minutes % 60);
        return std::string(text);
    };
    out << "  quiet hours " << clock(q.from) << "-" << clock(q.to) << ", ";
    if (q.action == QuietAction::dim) {
        out << "dimmed (the panel stays on)\n";
        return;
    }
    const char* sdl = std::getenv("SDL_VIDEODRIVER");
    std::string driver = sdl && *sdl                      ? sdl
                         : std::getenv("WAYLAND_DISPLAY") ? "wayland"
                         : std::getenv("DISPLAY")         ? "x11"
                                                          : "kmsdrm";
    if (driver == "wayland")
        printWaylandQuietHours(options, out);
    else if (driver == "x11")
        printX11QuietHours(options, out);
    else if (driver == "kmsdrm")
        out << "the panel switched off (DRM DPMS on KMS)";
    else
        out << "drawn black (SDL's " << excerpt(driver, 20) << " video driver)";
    std::optional<std::string> cec = cecDevicePath(c.display.cec);
    if (cec)
        out << "; HDMI-CEC on " << excerpt(*cec, 80) << ": a TV goes to standby, and wakes after";
    else
        out << "; HDMI-CEC " << (c.display.cec == "off" ? "off" : "none (no /dev/cec0)");
    out << "\n";
}

// The rows of the screen a visitor reaches (kiosk/legibility.hpp: Reach), on the panel the
// configuration describes (its size, turned by "rotate", taken as the panel's as for a
// window; its diagonal, else 43 inches), and a warning when no row is within reach.
// Returns the warnings.
std::size_t printReach(const KioskConfig& c, const std::string& configFile, std::ostream& out, std::ostream& err) {
    const DisplayConfig& d = c.display;
    PixelSize size = logicalSize(PixelSize{d.width, d.height}, PanelTurn{d.rotate});
    bool portrait =
        d.orientation == Orientation::portrait || (d.orientation == Orientation::automatic && size.height > size.width);
    ReadingSize reading = readingSize(d, c.theme.scale, size.width, size.height);
    Reach reach = reachOf(d, reading.diagonalInches, size.width, size.height, portrait);
    out << "  reach       " << size.width << "x" << size.height << ", " << reach.describe() << "\n";
    if (!reach.bottomEdgeMetres || reach.band.reachable()) return 0;
    char where[160];
    std::snprintf(where, sizeof where, "the %.0f-inch picture runs from %.2f to %.2f m above the floor",
                  reading.diagonalInches, *reach.bottomEdgeMetres,
                  *reach.bottomEdgeMetres + reach.band.pictureHeightMetres);
    err << format(Diagnostic{Severity::warning, configFile, "/display/bottom_edge_m",
                             std::string("no part of the panel is within reach (0.38 to 1.22 m above the floor, "
                                         "ADA 2010 §308): ") +
                                 where + "; a visitor in a wheelchair cannot touch it"})
        << "\n";
    return 1;
}

// What a checked configuration adds to the program's check.
struct ConfigCheck {
    std::size_t warnings = 0;
    std::vector<std::pair<std::size_t, SlideConfig>> slides;  // rotation index, slide
};

// The configuration: its diagnostics, and each slide's picture (a slide whose picture
// cannot be shown is left out of the rotation: a warning, the kiosk runs). The files it
// names fill what `resolved` lacks. Nothing when it cannot be used.
std::optional<ConfigCheck> checkConfig(const CheckOptions& options, CheckOptions& resolved, std::ostream& out,
                                       std::ostream& err) {
    ConfigLoad config = loadKioskConfig(options.config);
    ConfigCheck result;
    for (const Diagnostic& d : config.diagnostics) {
        err << format(d) << "\n";
        result.warnings += d.severity == Severity::warning;
    }
    if (!config.ok()) {
        err << options.config << ": not loaded; a kiosk keeps its last good configuration\n";
        return std::nullopt;
    }
    const KioskConfig& c = *config.config;
    for (std::size_t i = 0; i < c.rotation.size(); ++i) {
        const PageConfig& page = c.rotation[i];
        if (!page.slide) continue;
        result.slides.emplace_back(i, *page.slide);
        if (page.slide->isText() || !options.imageProblem) continue;
        result.warnings += checkSlidePicture(c, *page.slide, "/rotation/" + std::to_string(i) + "/image", options, err);
    }
    std::ostringstream reach;  // printed under the pages; its warning counted first
    result.warnings += printReach(c, options.config, reach, err);
    std::size_t slides = result.slides.size();
    out << options.config << ": " << (result.warnings ? "loads, with warnings" : "OK") << "\n";
    out << "  pages       " << c.rotation.size() << " (" << slides << " slide" << (slides == 1 ? "" : "s") << ")\n";
    out << reach.str();
    printConfigPaths(c, options.config, out);
    printQuietHours(c, options, out);
    if (resolved.program.empty()) resolved.program = c.program;
    if (resolved.overrides.empty()) resolved.overrides = c.overrides;
    if (resolved.venue.empty()) resolved.venue = c.venue;
    if (!resolved.here) resolved.here = c.here;
    resolved.stepFree = resolved.stepFree || c.stepFree;
    return result;
}

// A slide whose from/until, days and daily hours leave no minute of the program's
// sessions (dates copied from an example, a weekday the event does not have) never
// shows: a warning for each. Returns how many.
std::size_t slidesOutsideProgram(const Program& program, const std::string& configFile,
                                 const std::vector<std::pair<std::size_t, SlideConfig>>& slides, std::ostream& err) {
    std::optional<Instant> first, last;
    for (const Session& s : program.sessions) {
        if (!first || s.time.start < *first) first = s.time.start;
        if (!last || s.time.end > *last) last = s.time.end;
    }
    // Beyond two months (a program spread over years) minute steps would take long: skip.
    if (!first || *last - *first > std::chrono::hours{24 * 62}) return 0;
    const TimeZone& zone = program.conference.zone;
    std::size_t warnings = 0;
    for (const auto& [page, slide] : slides) {
        bool shown = false;
        // Minute by minute: daily hours are whole minutes. Sessions last at most 31 days.
        for (Instant t = *first; t < *last && !shown; t += std::chrono::minutes{1})
            shown = slideShownAt(slide, zone, t);
        if (shown) continue;
        err << format(Diagnostic{Severity::warning, configFile, "/rotation/" + std::to_string(page),
                                 "the slide never shows during the program (" + formatWallTime(zone, *first) + " to " +
                                     formatWallTime(zone, *last) + "): look at its from, until, days and daily"})
            << "\n";
        ++warnings;
    }
    return warnings;
}

// A small screen (under 600 px on its short side: the 7" Pi panel, 800x480) holds each
// of at most 13 rooms within home_every_seconds with the rooms board (measured with
// `hallboard rotation --size 800x480`, docs/configuration.md): more rooms there wait
// longer, and the organiser is told what to do. A fullscreen kiosk's panel is not known
// here: its configured size is taken as the panel's.
constexpr std::size_t kSmallScreenRooms = 13;

std::size_t roomsOnSmallScreen(const Program& program, const std::string& configFile, std::ostream& err) {
    ConfigLoad config = loadKioskConfig(configFile);
    if (!config.ok()) return 0;
    const KioskConfig& c = *config.config;
    if (std::min(c.display.width, c.display.height) >= 600) return 0;
    std::size_t rooms = 0;
    for (Index r = 0; r < program.rooms.size(); ++r) {
        bool used = std::any_of(program.sessions.begin(), program.sessions.end(),
                                [&](const Session& s) { return s.room == r; });
        bool chosen = c.rooms.empty() || std::any_of(c.rooms.begin(), c.rooms.end(), [&](const std::string& name) {
                          return name == program.rooms[r].id || name == program.rooms[r].name;
                      });
        rooms += used && chosen;
    }
    if (rooms <= kSmallScreenRooms) return 0;
    err << format(Diagnostic{Severity::warning, configFile, c.rooms.empty() ? "/display" : "/rooms",
                             std::to_string(rooms) + " rooms on a " + std::to_string(c.display.width) + "x" +
                                 std::to_string(c.display.height) + " screen: at most " +
                                 std::to_string(kSmallScreenRooms) +
                                 " come back within home_every_seconds there; show a subset of rooms here (\"rooms\": "
                                 "[...], the rest on a bigger screen) or make it a room's door sign (one room); "
                                 "`hallboard rotation --size " +
                                 std::to_string(c.display.width) + "x" + std::to_string(c.display.height) +
                                 "` prints each room's wait"})
        << "\n";
    return 1;
}

// A room the configuration names (the kiosk's rooms, a page's rooms) that the program
// does not have: a typo the kiosk would pass over silently, showing nothing for it.
std::size_t unknownRooms(const Program& program, const std::string& configFile, std::ostream& err) {
    ConfigLoad config = loadKioskConfig(configFile);
    if (!config.ok()) return 0;
    auto known = [&](const std::string& name) {
        return std::any_of(program.rooms.begin(), program.rooms.end(),
                           [&](const Room& r) { return r.id == name || r.name == name; });
    };
    std::size_t warnings = 0;
    auto each = [&](const std::vector<std::string>& names, const std::string& where) {
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (known(names[i])) continue;
            err << format(Diagnostic{Severity::warning, configFile, where + "/" + std::to_string(i),
                                     "unknown room \"" + names[i] +
                                         "\": the program has no room with that id or name; "
                                         "this kiosk shows nothing for it"})
                << "\n";
            ++warnings;
        }
    };
    each(config.config->rooms, "/rooms");
    for (std::size_t p = 0; p < config.config->rotation.size(); ++p)
        each(config.config->rotation[p].rooms, "/rotation/" + std::to_string(p) + "/rooms");
    return warnings;
}

}  // namespace

namespace {

// The program: loaded, with its summary and diagnostics. False when a kiosk could not use it.
bool checkProgramLoad(const ProgramLoad& load, const std::string& path, std::ostream& out, std::ostream& err) {
    if (load.ok()) {
        out << path << ": " << (load.warnings() ? "loads, with warnings" : "OK") << "\n";
        printSummary(*load.program, out);
    }
    for (const Diagnostic& d : load.diagnostics) err << format(d) << "\n";
    if (!load.ok()) {
        err << path << ": not loaded (" << load.errors() << " error" << (load.errors() == 1 ? "" : "s") << ")\n";
        return false;
    }
    if (load.program->sessions.empty() && load.program->talks.empty()) {
        // Valid JSON with nothing in it is what a failed export leaves: not a program.
        err << path
            << ": error: the program has no sessions and no talks; a kiosk would show only the "
               "conference name\n";
        return false;
    }
    return true;
}

// Each announcement with when it shows, a warning for one wholly outside the program's
// span (from its first session's start to its last one's end: a date copied from an
// example never shows). Returns how many warnings.
std::size_t printAnnouncements(const Program& program, const std::string& path,
                               const std::vector<Announcement>& announcements, std::ostream& out, std::ostream& err) {
    const TimeZone& zone = program.conference.zone;
    std::optional<Instant> first, last;
    for (const Session& s : program.sessions) {
        if (!first || s.time.start < *first) first = s.time.start;
        if (!last || s.time.end > *last) last = s.time.end;
    }
    std::size_t warnings = 0;
    for (std::size_t i = 0; i < announcements.size(); ++i) {
        const Announcement& a = announcements[i];
        if (first && ((a.until && *a.until <= *first) || (a.from && *a.from >= *last))) {
            err << format(Diagnostic{Severity::warning, path, "/announcements/" + std::to_string(i),
                                     "shown " +
                                         std::string(a.until && *a.until <= *first
                                                         ? "until " + formatWallTime(zone, *a.until)
                                                         : "from " + formatWallTime(zone, *a.from)) +
                                         ", outside the program (" + formatWallTime(zone, *first) + " to " +
                                         formatWallTime(zone, *last) + "): it never shows during the event"})
                << "\n";
            ++warnings;
        }
        std::string window = a.from && a.until ? formatWallTime(zone, *a.from) + " to " + formatWallTime(zone, *a.until)
                             : a.from          ? "from " + formatWallTime(zone, *a.from)
                             : a.until         ? "until " + formatWallTime(zone, *a.until)
                                               : "always";
        out << "  announcement  " << (a.urgent ? "urgent " : "") << "\"" << (a.title.empty() ? a.text : a.title)
            << "\": " << window << "\n";
    }
    return warnings;
}

// The overrides file applied to the program: its announcements and every change it
// makes. The warnings it adds; nothing when it is not applied.
std::optional<std::size_t> checkOverrides(Program& program, const std::string& path, std::ostream& out,
                                          std::ostream& err) {
    std::vector<Announcement> announcements;
    std::optional<Emergency> emergency;
    if (!applyOverridesFile(program, path, err, &announcements, &emergency)) return std::nullopt;
    out << path << ": OK\n";
    if (emergency) {
        const TimeZone& zone = program.conference.zone;
        const Emergency& e = *emergency;
        std::string window = e.from && e.until ? formatWallTime(zone, *e.from) + " to " + formatWallTime(zone, *e.until)
                             : e.from          ? "from " + formatWallTime(zone, *e.from)
                             : e.until         ? "until " + formatWallTime(zone, *e.until)
                                               : "now, until it is taken out of the file";
        out << "  emergency  " << toString(e.kind) << (e.drill ? " (drill)" : "") << " \"" << excerpt(e.title, 120)
            << "\": " << window << "\n";
    }
    std::size_t warnings = printAnnouncements(program, path, announcements, out, err);
    for (const Session& s : program.sessions)
        if (s.change.any()) out << "  session  " << sessionTitle(s) << ": " << changeLine(program, s) << "\n";
    for (const Talk& t : program.talks)
        if (t.change.any()) out << "  talk     " << headline(t) << ": " << changeLine(t) << "\n";
    for (const Room& r : program.rooms)
        if (r.state.occupancy != Occupancy::open)
            out << "  room     " << r.name << ": " << occupancyName(r.state.occupancy)
                << (r.state.since ? " since " + formatWallTime(program.conference.zone, *r.state.since) : "") << "\n";
    return warnings;
}

}  // namespace

int check(const CheckOptions& given, std::ostream& out, std::ostream& err) {
    CheckOptions options = given;
    ConfigCheck config;
    if (!given.config.empty()) {
        std::optional<ConfigCheck> checked = checkConfig(given, options, out, err);
        if (!checked) return 1;
        config = std::move(*checked);
    }
    if (options.program.empty()) {
        err << "hallboard check: give a program file or --config\n";
        return 2;
    }
    ProgramLoad load = loadProgramFile(options.program);
    if (!checkProgramLoad(load, options.program, out, err)) return 1;
    std::size_t configWarnings = config.warnings;
    configWarnings += slidesOutsideProgram(*load.program, options.config, config.slides, err);
    if (!given.config.empty()) {
        configWarnings += unknownRooms(*load.program, options.config, err);
        configWarnings += roomsOnSmallScreen(*load.program, options.config, err);
    }
    if (!options.overrides.empty()) {
        std::optional<std::size_t> warnings = checkOverrides(*load.program, options.overrides, out, err);
        if (!warnings) return 1;
        configWarnings += *warnings;
    }
    if (!options.venue.empty() && !checkVenue(*load.program, options, out, err)) return 1;
    if (std::size_t warnings = load.warnings() + configWarnings)
        out << warnings << " warning" << (warnings == 1 ? "" : "s") << " (listed on stderr)\n";
    return 0;
}

}  // namespace hallboard::cli
