// Reads iCalendar (RFC 5545) VEVENTs: folded lines, TZID with VTIMEZONE, UTC and
// floating times, all-day dates, escaped text. And what exports get wrong: LF line ends,
// long lines not folded, continuation lines without their leading space, VTIMEZONEs
// that name no real zone, repeated UIDs (kept as separate events).
#include <cctype>
#include <cstdlib>
#include <map>

#include "core/diagnostics.hpp"
#include "core/text.hpp"
#include "import/export_event.hpp"
#include "import/import_common.hpp"
#include "import/text_layout.hpp"

namespace hallboard::import {

namespace {

struct Property {
    std::size_t line = 0;
    std::string name;  // upper case
    std::map<std::string, std::string> params;
    std::string value;
};

bool isNameChar(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

// "DTSTART;TZID=Europe/Berlin:20190821T110000" -> property; empty name if not one.
Property parseProperty(const std::string& line, std::size_t lineNo) {
    Property p;
    p.line = lineNo;
    std::size_t i = 0;
    while (i < line.size() && isNameChar(line[i])) ++i;
    if (i == 0 || i >= line.size() || (line[i] != ':' && line[i] != ';')) return p;
    std::string name = line.substr(0, i);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    while (i < line.size() && line[i] == ';') {
        std::size_t eq = line.find('=', i);
        if (eq == std::string::npos) return p;
        std::string key = line.substr(i + 1, eq - i - 1);
        for (char& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        std::size_t j = eq + 1;
        std::string value;
        if (j < line.size() && line[j] == '"') {
            std::size_t close = line.find('"', j + 1);
            if (close == std::string::npos) return p;
            value = line.substr(j + 1, close - j - 1);
            j = close + 1;
        } else {
            while (j < line.size() && line[j] != ';' && line[j] != ':') value += line[j++];
        }
        p.params[key] = value;
        i = j;
    }
    if (i >= line.size() || line[i] != ':') return p;
    p.name = name;
    p.value = line.substr(i + 1);
    return p;
}

std::string unescapeText(const std::string& v) {
    std::string out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i] == '\\' && i + 1 < v.size()) {
            char n = v[++i];
            out += (n == 'n' || n == 'N') ? '\n' : n;
        } else {
            out += v[i];
        }
    }
    return out;
}

// "P1DT2H30M", "PT45M" -> seconds.
std::optional<Duration> parseIcalDuration(const std::string& v) {
    std::size_t i = 0;
    int sign = 1;
    if (i < v.size() && (v[i] == '+' || v[i] == '-')) sign = v[i++] == '-' ? -1 : 1;
    if (i >= v.size() || v[i] != 'P') return std::nullopt;
    ++i;
    long long total = 0, number = 0;
    bool digits = false;
    for (; i < v.size(); ++i) {
        char c = v[i];
        if (c >= '0' && c <= '9') {
            number = number * 10 + (c - '0');
            digits = true;
            continue;
        }
        if (c == 'T') continue;
        if (!digits) return std::nullopt;
        switch (c) {
            case 'W': total += number * 7 * 86400; break;
            case 'D': total += number * 86400; break;
            case 'H': total += number * 3600; break;
            case 'M': total += number * 60; break;
            case 'S': total += number; break;
            default: return std::nullopt;
        }
        number = 0;
        digits = false;
    }
    return Duration{sign * total};
}

// Windows zone names that Outlook and Exchange exports put in TZID.
std::optional<std::string> windowsZone(const std::string& name) {
    static const std::pair<const char*, const char*> table[] = {
        {"W. Europe Standard Time", "Europe/Berlin"},      {"Central Europe Standard Time", "Europe/Budapest"},
        {"Romance Standard Time", "Europe/Paris"},         {"GMT Standard Time", "Europe/London"},
        {"Pacific Standard Time", "America/Los_Angeles"},  {"Mountain Standard Time", "America/Denver"},
        {"Central Standard Time", "America/Chicago"},      {"Eastern Standard Time", "America/New_York"},
        {"Tokyo Standard Time", "Asia/Tokyo"},             {"China Standard Time", "Asia/Shanghai"},
        {"India Standard Time", "Asia/Kolkata"},           {"AUS Eastern Standard Time", "Australia/Sydney"},
        {"UTC", "Etc/UTC"},
    };
    for (const auto& [win, iana] : table)
        if (name == win) return std::string(iana);
    return std::nullopt;
}

struct TimeValue {
    LocalTime local;
    bool utc = false;
    bool dateOnly = false;
};

std::optional<TimeValue> parseIcalTime(const std::string& v) {
    // 20190821T110000Z | 20190821T110000 | 20190821
    auto digits = [&](std::size_t at, std::size_t n) -> std::optional<int> {
        if (at + n > v.size()) return std::nullopt;
        int x = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (v[i] < '0' || v[i] > '9') return std::nullopt;
            x = x * 10 + (v[i] - '0');
        }
        return x;
    };
    auto y = digits(0, 4), mo = digits(4, 2), d = digits(6, 2);
    if (!y || !mo || !d) return std::nullopt;
    auto ymd = date::year{*y} / *mo / *d;
    if (!ymd.ok()) return std::nullopt;
    TimeValue out;
    LocalDay day{ymd};
    if (v.size() == 8) {
        out.local = LocalTime{day.time_since_epoch()};
        out.dateOnly = true;
        return out;
    }
    if (v.size() < 15 || v[8] != 'T') return std::nullopt;
    auto h = digits(9, 2), mi = digits(11, 2), s = digits(13, 2);
    if (!h || !mi || !s) return std::nullopt;
    out.local = LocalTime{day.time_since_epoch() + std::chrono::hours{*h} + std::chrono::minutes{*mi} + std::chrono::seconds{*s}};
    out.utc = v.size() >= 16 && (v[15] == 'Z' || v[15] == 'z');
    return out;
}

}  // namespace

void readICalendar(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    Diagnostics& report = ctx.report;
    // Unfold: a line starting with a space or tab continues the previous one. A line
    // that is no "NAME:" or "NAME;...:" inside a component is a broken fold: joined too.
    std::vector<Property> props;
    auto raw = splitLines(text);
    bool brokenFoldNoted = false;
    std::string current;
    std::size_t currentLine = 0;
    auto flush = [&] {
        if (current.empty()) return;
        Property p = parseProperty(current, currentLine);
        if (!p.name.empty()) props.push_back(std::move(p));
        current.clear();
    };
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const std::string& line = raw[i];
        if (!line.empty() && (line[0] == ' ' || line[0] == '\t')) {
            current += line.substr(1);
            continue;
        }
        if (line.empty()) continue;
        if (!current.empty() && parseProperty(line, i + 1).name.empty()) {
            if (!brokenFoldNoted) {
                report.warn("line " + std::to_string(i + 1), "continuation line without the leading space (a broken fold); joined to the line before");
                brokenFoldNoted = true;
            }
            current += "\n" + line;
            continue;
        }
        flush();
        current = line;
        currentLine = i + 1;
    }
    flush();
    if (props.empty() || props.front().name != "BEGIN" || foldName(props.front().value) != "vcalendar")
        throw InputError("line 1", "expected BEGIN:VCALENDAR (an iCalendar file)");

    // First pass: calendar properties and VTIMEZONE offsets.
    std::string calendarZone;
    std::map<std::string, Duration> vtimezoneOffset;  // TZID -> standard offset
    {
        std::string tzid;
        bool inStandard = false;
        for (const Property& p : props) {
            if (p.name == "X-WR-CALNAME" && builder.program().conference.name.empty())
                builder.program().conference.name = unescapeText(p.value);
            if (p.name == "X-WR-TIMEZONE") calendarZone = trim(p.value);
            if (p.name == "BEGIN" && foldName(p.value) == "standard") inStandard = true;
            if (p.name == "END" && foldName(p.value) == "standard") inStandard = false;
            if (p.name == "TZID") tzid = trim(p.value);
            if (p.name == "TZOFFSETTO" && inStandard && !tzid.empty()) {
                std::string v = trim(p.value);
                if (v.size() >= 5 && (v[0] == '+' || v[0] == '-')) {
                    int h = std::atoi(v.substr(1, 2).c_str()), m = std::atoi(v.substr(3, 2).c_str());
                    vtimezoneOffset[tzid] = Duration{(v[0] == '-' ? -1 : 1) * (h * 3600 + m * 60)};
                }
            }
        }
    }

    // TZID -> a real zone: an IANA name, the tail of a path-like id, a Windows name, or
    // the VTIMEZONE's standard offset as a fixed zone.
    std::map<std::string, std::optional<TimeZone>> resolved;
    auto zoneFor = [&](const std::string& tzid, const std::string& where) -> std::optional<TimeZone> {
        if (auto it = resolved.find(tzid); it != resolved.end()) return it->second;
        std::optional<TimeZone> zone = TimeZone::find(tzid);
        if (!zone) {
            auto slash = tzid.rfind('/');
            if (slash != std::string::npos && slash > 0) {
                auto prev = tzid.rfind('/', slash - 1);
                zone = TimeZone::find(tzid.substr(prev == std::string::npos ? 0 : prev + 1));
            }
        }
        if (!zone)
            if (auto w = windowsZone(tzid)) zone = TimeZone::find(*w);
        if (!zone) {
            if (auto it = vtimezoneOffset.find(tzid); it != vtimezoneOffset.end())
                if (auto fixed = zoneForOffset(it->second)) zone = TimeZone::find(*fixed);
            report.warn(where, "TZID \"" + tzid + "\" is no known zone" +
                                   (zone ? "; using its VTIMEZONE's standard offset, " + zone->name() + " (no daylight saving)"
                                         : "; its times are read in the conference zone"));
        } else if (zone->name() != tzid) {
            report.note(where, "TZID \"" + tzid + "\" read as " + zone->name());
        }
        resolved[tzid] = zone;
        return zone;
    };

    std::optional<std::string> inputZone;
    if (!calendarZone.empty()) inputZone = calendarZone;
    if (!inputZone)
        for (const Property& p : props)
            if ((p.name == "DTSTART") && p.params.count("TZID"))
                if (auto z = zoneFor(p.params.at("TZID"), "line " + std::to_string(p.line))) {
                    inputZone = z->name();
                    break;
                }
    bool anyEvent = false;
    for (const Property& p : props) anyEvent |= p.name == "BEGIN" && foldName(p.value) == "vevent";
    TimeZone conferenceZone = chooseZone(ctx, inputZone, "", anyEvent);
    builder.program().conference.zone = conferenceZone;

    auto instantOf = [&](const Property& p, bool& dateOnly) -> std::optional<Instant> {
        auto t = parseIcalTime(trim(p.value));
        if (!t) {
            report.warn("line " + std::to_string(p.line), p.name + " \"" + p.value + "\" is no date-time");
            return std::nullopt;
        }
        dateOnly = t->dateOnly;
        if (t->utc) return Instant{t->local.time_since_epoch()};
        std::optional<TimeZone> zone;
        if (auto it = p.params.find("TZID"); it != p.params.end()) zone = zoneFor(it->second, "line " + std::to_string(p.line));
        return (zone ? *zone : conferenceZone).fromLocal(t->local);
    };

    EventSink sink(builder, ctx);
    std::map<std::string, int> uidCount;
    bool inEvent = false;
    int depth = 0;  // nested components inside a VEVENT (VALARM)
    ExportEvent e;
    std::string uid;
    for (const Property& p : props) {
        if (p.name == "BEGIN") {
            if (foldName(p.value) == "vevent" && !inEvent) {
                inEvent = true;
                depth = 0;
                e = ExportEvent{};
                e.where = "line " + std::to_string(p.line);
                uid.clear();
            } else if (inEvent) {
                ++depth;
            }
            continue;
        }
        if (p.name == "END") {
            if (inEvent && depth > 0) {
                --depth;
            } else if (inEvent && foldName(p.value) == "vevent") {
                inEvent = false;
                if (!uid.empty() && ++uidCount[uid] == 2)
                    report.warn(e.where, "UID " + uid + " is used by more than one event; each is kept");
                if (!uid.empty()) e.where += " (UID " + uid + ")";
                sink.add(std::move(e));
            }
            continue;
        }
        if (!inEvent || depth > 0) continue;
        bool dateOnly = false;
        if (p.name == "UID") uid = trim(p.value);
        else if (p.name == "SUMMARY") e.title = unescapeText(p.value);
        else if (p.name == "DESCRIPTION") e.abstract = unescapeText(p.value);
        else if (p.name == "LOCATION") {
            e.room = unescapeText(p.value);
            e.roomGiven = true;
        }
        else if (p.name == "CATEGORIES") {
            std::string cats = unescapeText(p.value);
            e.track = trim(cats.substr(0, cats.find(',')));
        } else if (p.name == "URL") e.links.push_back({linkKind("", trim(p.value)), trim(p.value)});
        else if (p.name == "DTSTART") {
            e.start = instantOf(p, dateOnly);
            e.allDay = dateOnly;
        } else if (p.name == "DTEND") e.end = instantOf(p, dateOnly);
        else if (p.name == "DURATION") e.duration = parseIcalDuration(trim(p.value));
        else if (p.name == "STATUS" && foldName(p.value) == "cancelled")
            report.warn(e.where, "event marked CANCELLED; kept, check it");
    }
    if (inEvent) {
        report.warn(e.where, "the file ends inside an event (END:VEVENT missing); that event is kept");
        sink.add(std::move(e));
    }
}

}  // namespace hallboard::import
