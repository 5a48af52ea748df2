// Instants, durations, conference wall-clock time and time zones.
//
// Everything inside Hallboard is a UTC instant (`Instant`). Wall-clock times exist only
// at the edges: when a program file is read, and when a time is shown. Conversion goes
// through the system tz database (Howard Hinnant's date/tz), so daylight-saving changes
// are handled by the same data the operating system uses.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include <date/date.h>
#include <date/tz.h>

namespace hallboard {

using Duration = std::chrono::seconds;
using Instant = std::chrono::time_point<std::chrono::system_clock, Duration>;
using LocalTime = date::local_time<Duration>;  // a wall-clock reading, no zone attached
using LocalDay = date::local_days;

struct TimeRange {
    Instant start{};
    Instant end{};

    bool contains(Instant t) const { return start <= t && t < end; }
    Duration length() const { return end - start; }
    bool overlaps(const TimeRange& other) const { return start < other.end && other.start < end; }
};

// How a wall-clock reading mapped onto an instant.
enum class WallTimeFit {
    exact,        // one instant has this wall time
    ambiguous,    // the hour repeated when clocks went back; the earlier one was taken
    nonexistent,  // the hour skipped when clocks went forward; moved past the gap
};

// A named IANA zone ("Europe/Berlin"). Cheap to copy; the zone data lives in the tzdb.
class TimeZone {
public:
    // Throws std::runtime_error with a readable message if the zone is unknown.
    static TimeZone locate(std::string_view name);
    static std::optional<TimeZone> find(std::string_view name);
    static TimeZone utc();

    const std::string& name() const { return name_; }
    LocalTime toLocal(Instant t) const;
    Instant fromLocal(LocalTime local, WallTimeFit* fit = nullptr) const;
    Duration utcOffset(Instant t) const;
    std::string abbreviation(Instant t) const;  // "PDT", "CEST"; may be "+03" in some zones

private:
    TimeZone(const date::time_zone* zone, std::string name) : zone_(zone), name_(std::move(name)) {}
    const date::time_zone* zone_;
    std::string name_;
};

// A parsed timestamp as written in a file or on the command line.
struct ParsedTime {
    LocalTime local{};               // the wall-clock part
    std::optional<Duration> offset;  // set when the text carried "Z" or "+02:00"
};

// The years Hallboard handles. Dates outside are refused when read (year 0000 would
// show as "Friday 31 December -1"); yearProblem() says so in words.
inline constexpr int kMinYear = 1970;
inline constexpr int kMaxYear = 2200;
// "year 0000 is outside the years Hallboard handles (1970 to 2200)" when `text` starts
// with a four-digit year outside them; empty otherwise.
std::string yearProblem(std::string_view text);

// Accepts "2021-04-06T09:30", "2021-04-06 09:30:15", with optional "Z", "+02:00", "-0700".
// Years outside kMinYear..kMaxYear are refused.
std::optional<ParsedTime> parseTimestamp(std::string_view text);

// Resolves a parsed timestamp: an explicit offset wins, otherwise the zone decides.
Instant resolve(const ParsedTime& parsed, const TimeZone& zone, WallTimeFit* fit = nullptr);

// "HH:MM", "H:MM" or "HH:MM:SS"; hours may exceed 24. Also plain minutes ("90").
// Refuses values past kMaxParsedDuration rather than overflowing.
inline constexpr Duration kMaxParsedDuration = std::chrono::hours{24 * 366 * 100};
std::optional<Duration> parseDuration(std::string_view text);

// "2021-04-06"; years outside kMinYear..kMaxYear are refused.
std::optional<LocalDay> parseDate(std::string_view text);

// Formatting, all in the given zone.
std::string formatClock(const TimeZone& zone, Instant t);     // "09:30"
std::string formatDate(LocalDay day);                         // "2021-04-06"
std::string formatLongDate(LocalDay day);                     // "Tuesday 6 April 2021"
std::string formatShortDate(LocalDay day);                    // "Tue 6 Apr"
std::string formatWallTime(const TimeZone& zone, Instant t);  // "2021-04-06T09:30"
std::string formatIso(const TimeZone& zone, Instant t);       // "2021-04-06T09:30:00-07:00"
std::string formatOffset(Duration offset);                    // "UTC-07:00"
std::string formatDuration(Duration d);                       // "45 min", "2 h 05 min", "3 days"
std::string formatHhMm(Duration d);                           // "01:30"

LocalDay localDay(const TimeZone& zone, Instant t);

}  // namespace hallboard
