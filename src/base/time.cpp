// Time parsing, zone conversion and formatting. See time.hpp.
#include "base/time.hpp"

#include <charconv>
#include <cstdio>
#include <stdexcept>

namespace hallboard {

namespace {

// Reads exactly `width` decimal digits at `pos`, advancing it.
bool readDigits(std::string_view text, std::size_t& pos, int width, int& out) {
    if (pos + static_cast<std::size_t>(width) > text.size()) return false;
    int value = 0;
    for (int i = 0; i < width; ++i) {
        char c = text[pos + static_cast<std::size_t>(i)];
        if (c < '0' || c > '9') return false;
        value = value * 10 + (c - '0');
    }
    pos += static_cast<std::size_t>(width);
    out = value;
    return true;
}

bool expect(std::string_view text, std::size_t& pos, char c) {
    if (pos < text.size() && text[pos] == c) {
        ++pos;
        return true;
    }
    return false;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

}  // namespace

TimeZone TimeZone::locate(std::string_view name) {
    if (auto zone = find(name)) return *zone;
    throw std::runtime_error("unknown time zone \"" + std::string(name) +
                             "\" (expected an IANA name such as \"Europe/Berlin\")");
}

std::optional<TimeZone> TimeZone::find(std::string_view name) {
    if (name.empty()) return std::nullopt;
    try {
        const date::time_zone* zone = date::locate_zone(std::string(name));
        return TimeZone(zone, std::string(name));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

TimeZone TimeZone::utc() {
    return locate("Etc/UTC");
}

LocalTime TimeZone::toLocal(Instant t) const {
    return zone_->to_local(t);
}

Instant TimeZone::fromLocal(LocalTime local, WallTimeFit* fit) const {
    date::local_info info = zone_->get_info(local);
    switch (info.result) {
    case date::local_info::unique:
        if (fit) *fit = WallTimeFit::exact;
        return Instant{local.time_since_epoch() - info.first.offset};
    case date::local_info::ambiguous:
        if (fit) *fit = WallTimeFit::ambiguous;
        return Instant{local.time_since_epoch() - info.first.offset};
    case date::local_info::nonexistent:
    default:
        // The wall time fell into a gap: keep the same distance from the gap's start,
        // measured with the offset in force before it (09:30 in a 02:00-03:00 gap
        // becomes 03:30), which is what a person re-reading their watch expects.
        if (fit) *fit = WallTimeFit::nonexistent;
        return Instant{local.time_since_epoch() - info.first.offset};
    }
}

Duration TimeZone::utcOffset(Instant t) const {
    return zone_->get_info(t).offset;
}

std::string TimeZone::abbreviation(Instant t) const {
    return zone_->get_info(t).abbrev;
}

std::string yearProblem(std::string_view text) {
    text = trim(text);
    std::size_t pos = 0;
    int y = 0;
    if (!readDigits(text, pos, 4, y) || (y >= kMinYear && y <= kMaxYear)) return {};
    return "year " + std::string(text.substr(0, 4)) + " is outside the years Hallboard handles (" +
           std::to_string(kMinYear) + " to " + std::to_string(kMaxYear) + ")";
}

std::optional<ParsedTime> parseTimestamp(std::string_view text) {
    text = trim(text);
    std::size_t pos = 0;
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    if (!readDigits(text, pos, 4, y) || !expect(text, pos, '-') || !readDigits(text, pos, 2, mo) ||
        !expect(text, pos, '-') || !readDigits(text, pos, 2, d) || y < kMinYear || y > kMaxYear)
        return std::nullopt;
    if (!(expect(text, pos, 'T') || expect(text, pos, 't') || expect(text, pos, ' '))) return std::nullopt;
    if (!readDigits(text, pos, 2, h) || !expect(text, pos, ':') || !readDigits(text, pos, 2, mi)) return std::nullopt;
    if (expect(text, pos, ':')) {
        if (!readDigits(text, pos, 2, s)) return std::nullopt;
        if (expect(text, pos, '.')) {  // fractional seconds: accepted, dropped
            while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') ++pos;
        }
    }
    auto ymd = date::year{y} / date::month{static_cast<unsigned>(mo)} / date::day{static_cast<unsigned>(d)};
    if (!ymd.ok() || h > 24 || mi > 59 || s > 60 || (h == 24 && (mi != 0 || s != 0))) return std::nullopt;

    ParsedTime out;
    out.local = LocalTime{date::local_days{ymd}.time_since_epoch() + std::chrono::hours{h} + std::chrono::minutes{mi} +
                          std::chrono::seconds{s}};
    if (pos == text.size()) return out;
    if (expect(text, pos, 'Z') || expect(text, pos, 'z')) {
        out.offset = Duration{0};
    } else if (text[pos] == '+' || text[pos] == '-') {
        int sign = text[pos] == '-' ? -1 : 1;
        ++pos;
        int oh = 0, om = 0;
        if (!readDigits(text, pos, 2, oh)) return std::nullopt;
        expect(text, pos, ':');
        if (pos < text.size() && !readDigits(text, pos, 2, om)) return std::nullopt;
        if (oh > 18 || om > 59) return std::nullopt;
        out.offset = Duration{sign * (oh * 3600 + om * 60)};
    }
    if (pos != text.size()) return std::nullopt;
    return out;
}

Instant resolve(const ParsedTime& parsed, const TimeZone& zone, WallTimeFit* fit) {
    if (parsed.offset) {
        if (fit) *fit = WallTimeFit::exact;
        return Instant{parsed.local.time_since_epoch() - *parsed.offset};
    }
    return zone.fromLocal(parsed.local, fit);
}

std::optional<Duration> parseDuration(std::string_view text) {
    text = trim(text);
    if (text.empty()) return std::nullopt;
    long long parts[3] = {0, 0, 0};
    int count = 0;
    std::size_t pos = 0;
    while (true) {
        if (count == 3) return std::nullopt;
        const char* begin = text.data() + pos;
        const char* end = text.data() + text.size();
        auto [ptr, ec] = std::from_chars(begin, end, parts[count]);
        // Each part at most the limit in its own unit: the sums below cannot overflow.
        if (ec != std::errc{} || ptr == begin || parts[count] < 0 || parts[count] > kMaxParsedDuration.count())
            return std::nullopt;
        pos = static_cast<std::size_t>(ptr - text.data());
        ++count;
        if (pos == text.size()) break;
        if (text[pos] != ':') return std::nullopt;
        ++pos;
    }
    const long long maxHours = kMaxParsedDuration.count() / 3600;
    if (count == 1) {  // bare minutes
        if (parts[0] > maxHours * 60) return std::nullopt;
        return Duration{parts[0] * 60};
    }
    if (parts[0] > maxHours || parts[1] > 59 || (count == 3 && parts[2] > 59)) return std::nullopt;
    return Duration{parts[0] * 3600 + parts[1] * 60 + (count == 3 ? parts[2] : 0)};
}

std::optional<LocalDay> parseDate(std::string_view text) {
    text = trim(text);
    std::size_t pos = 0;
    int y = 0, m = 0, d = 0;
    if (!readDigits(text, pos, 4, y) || !expect(text, pos, '-') || !readDigits(text, pos, 2, m) ||
        !expect(text, pos, '-') || !readDigits(text, pos, 2, d) || pos != text.size() || y < kMinYear || y > kMaxYear)
        return std::nullopt;
    auto ymd = date::year{y} / date::month{static_cast<unsigned>(m)} / date::day{static_cast<unsigned>(d)};
    if (!ymd.ok()) return std::nullopt;
    return LocalDay{ymd};
}

std::string formatClock(const TimeZone& zone, Instant t) {
    return date::format("%H:%M", zone.toLocal(t));
}

std::string formatDate(LocalDay day) {
    return date::format("%Y-%m-%d", day);
}

std::string formatLongDate(LocalDay day) {
    date::year_month_day ymd{day};
    date::weekday wd{day};
    static const char* const weekdays[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                           "Thursday", "Friday", "Saturday"};
    static const char* const months[] = {"January", "February", "March",     "April",   "May",      "June",
                                         "July",    "August",   "September", "October", "November", "December"};
    return std::string(weekdays[wd.c_encoding()]) + " " + std::to_string(static_cast<unsigned>(ymd.day())) + " " +
           months[static_cast<unsigned>(ymd.month()) - 1] + " " + std::to_string(static_cast<int>(ymd.year()));
}

std::string formatShortDate(LocalDay day) {
    date::year_month_day ymd{day};
    static const char* const weekdays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    return std::string(weekdays[date::weekday{day}.c_encoding()]) + " " +
           std::to_string(static_cast<unsigned>(ymd.day())) + " " + months[static_cast<unsigned>(ymd.month()) - 1];
}

std::string formatWallTime(const TimeZone& zone, Instant t) {
    LocalTime local = zone.toLocal(t);
    auto secs = local.time_since_epoch() % std::chrono::minutes{1};
    return secs.count() == 0 ? date::format("%Y-%m-%dT%H:%M", local) : date::format("%Y-%m-%dT%H:%M:%S", local);
}

namespace {
std::string formatOffsetSuffix(Duration offset) {
    long long total = offset.count();
    char sign = total < 0 ? '-' : '+';
    if (total < 0) total = -total;
    char buf[48];
    std::snprintf(buf, sizeof buf, "%c%02lld:%02lld", sign, total / 3600, (total % 3600) / 60);
    return buf;
}
}  // namespace

std::string formatIso(const TimeZone& zone, Instant t) {
    return date::format("%Y-%m-%dT%H:%M:%S", zone.toLocal(t)) + formatOffsetSuffix(zone.utcOffset(t));
}

std::string formatOffset(Duration offset) {
    return "UTC" + formatOffsetSuffix(offset);
}

std::string formatDuration(Duration d) {
    long long minutes = (d.count() + 59) / 60;  // "in 1 min" rather than "in 0 min" for 30 s
    if (d.count() <= 0) minutes = 0;
    if (minutes < 60) return std::to_string(minutes) + " min";
    long long hours = minutes / 60;
    if (hours < 48) {
        long long rest = minutes % 60;
        char buf[32];
        if (rest == 0) {
            std::snprintf(buf, sizeof buf, "%lld h", hours);
        } else {
            std::snprintf(buf, sizeof buf, "%lld h %02lld min", hours, rest);
        }
        return buf;
    }
    long long days = hours / 24;
    return std::to_string(days) + " days";
}

std::string formatHhMm(Duration d) {
    long long minutes = d.count() / 60;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02lld:%02lld", minutes / 60, minutes % 60);
    return buf;
}

LocalDay localDay(const TimeZone& zone, Instant t) {
    return date::floor<date::days>(zone.toLocal(t));
}

}  // namespace hallboard
