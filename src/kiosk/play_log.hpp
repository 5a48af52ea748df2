// Proof of play (#31.7): what a kiosk showed and for how long, for the organisers and the
// sponsors they sold screen time to. Each kiosk with a status folder (fleet.status_dir)
// adds a line to "<name>.plays-<day>.csv" beside its status file each time what is on
// screen changes: when it reached the screen (UTC), for how many seconds (the steady
// clock: a clock set during the day does not stretch a play), the page and its screen,
// and for a slide its title (or its picture's file name). `hallboard fleet DIR --plays`
// reads the folder back and sums the seconds per screen, per day and per page or slide.
//
// The file is plain CSV (RFC 4180) that a spreadsheet opens: a title is cleaned of
// control characters and quoted where it must be, and one that starts like a formula
// ("=", "+", "-", "@") gets a leading apostrophe. Each line is on the card when the next
// page is drawn (base/files.hpp appendDurably); a power cut leaves at most a last line
// cut short, which the reader skips and counts.
#pragma once

#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.hpp"

namespace hallboard {

// What the screen shows, as the log names it.
struct Shown {
    std::string page;   // "now-next", "slide", "timer", ... "welcome", "browsing", "panel-off"
    int screen = 0;     // the page's screen, from 1 (0: a page of one screen or none)
    std::string title;  // a slide's title, else its picture's file name; empty for other pages
    bool operator==(const Shown&) const = default;
};

struct Play {
    Instant start{};  // when it reached the screen (the system clock)
    double seconds = 0;
    Shown shown;
};

// Turns "what is on screen at each frame" into plays.
class PlayLog {
public:
    using Steady = std::chrono::steady_clock::time_point;
    // What is on screen from `now`: the play that ended, when something else is shown.
    std::optional<Play> update(const Shown& shown, Steady now, Instant wall);
    // The play in view ends (the kiosk stops, or the day's file changes).
    std::optional<Play> finish(Steady now);

private:
    std::optional<Shown> current_;
    Steady since_{};
    Instant start_{};
};

inline constexpr std::string_view kPlaysHeader = "start_utc,seconds,kiosk,page,screen,title\n";
// A day's file at most (a page every 8 s all day is about 700 KB).
inline constexpr std::size_t kPlaysFileLimit = 16u << 20;

// "hall-a.plays-2026-06-08.csv": the kiosk's name made safe as for its status file.
std::string playsFileName(std::string_view kiosk, LocalDay day);
// The day a plays file is for, from its name; none for another file.
std::optional<LocalDay> playsFileDay(std::string_view fileName);
std::string playCsvLine(const Play& play, std::string_view kiosk);

struct PlayRow {
    std::string kiosk;
    Play play;
};
struct PlaysRead {
    std::vector<PlayRow> rows;
    std::size_t skipped = 0;  // lines that are no play (cut short, edited by hand)
};
PlaysRead parsePlays(std::string_view csv);

struct PlayTotal {
    std::string day, kiosk, page, title;
    double seconds = 0;
    int plays = 0;
};
struct PlaysFolder {
    std::vector<PlayTotal> totals;  // by day, kiosk, page, title
    std::vector<std::string> problems;
};
// Every plays file in `dir` (bounded reads, regular files only, at most kFleetMaxFiles).
PlaysFolder readPlaysFolder(const std::string& dir);

// The kiosk's side: appends each finished play to the day's file (the day in `zone`), and
// says a failure once per reason in `log`.
class PlayRecorder {
public:
    using Steady = std::chrono::steady_clock::time_point;
    // `dir` empty: nothing is recorded.
    PlayRecorder(std::string dir, std::string kiosk, std::ostream& log)
        : dir_(std::move(dir)), kiosk_(std::move(kiosk)), log_(log) {}
    void update(const Shown& shown, Steady now, Instant wall, const TimeZone& zone);
    void finish(Steady now, const TimeZone& zone);
    void setFolder(std::string dir, std::string kiosk);

private:
    void write(const Play& play, const TimeZone& zone);
    std::string dir_, kiosk_;
    std::ostream& log_;
    PlayLog plays_;
    std::string lastError_;
};

}  // namespace hallboard
