// Reads iCalendar (RFC 5545) VEVENTs: folded lines, TZID with VTIMEZONE, UTC and
// floating times, all-day dates, escaped text. And what exports get wrong: LF line ends,
// long lines not folded, continuation lines without their leading space, VTIMEZONEs
// that name no real zone, repeated UIDs (kept as separate events).
#include <cctype>
#include <cstdlib>
#include <algorithm>
#include <map>

#include "base/diagnostics.hpp"
#include "base/text.hpp"
#include "import/export_event.hpp"
#include "import/import_common.hpp"
#include "import/text_layout.hpp"
#include "import/zone_evidence.hpp"

namespace hallboard::import {

namespace {

struct Property {
    std::size_t line = 0;
    std::string name;  // upper case
    std::map<std::string, std::string> params;
    std::string value;
};

bool isNameChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

// "DTSTART;TZID=Europe/Berlin:20190821T110000" -> property; empty name if not one.
Property parseProperty(const std::string& line, std::size_t lineNo) {
    Property p;
    p.line = lineNo;
    std::size_t i = 0;
    while (i < line.size() && isNameChar(line[i])) ++i;
    if (i == 0 || i >= line.size() || (line[i] != ':' && line[i] != ';')) return p;
    std::string name = line.substr(0, i);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    // RFC 5545 §3.1: name *(";" param) ":" value, param = name "=" value *("," value),
    // a value quoted when it holds ":", ";" or ",". A parameter without "=" (seen in
    // hand-made files) counts as one with an empty value, never as the property's value.
    while (i < line.size() && line[i] == ';') {
        std::size_t eq = line.find_first_of("=;:", i + 1);
        if (eq == std::string::npos) return p;
        std::string key = line.substr(i + 1, eq - i - 1);
        for (char& c : key) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (line[eq] != '=') {
            p.params[key] = "";
            i = eq;
            continue;
        }
        std::size_t j = eq;
        std::string value;
        do {  // each of the values, quoted or not, joined by ","
            if (j != eq) value += ',';
            ++j;
            if (j < line.size() && line[j] == '"') {
                std::size_t close = line.find('"', j + 1);
                if (close == std::string::npos) return p;
                value += line.substr(j + 1, close - j - 1);
                j = close + 1;
            } else {
                while (j < line.size() && line[j] != ';' && line[j] != ':' && line[j] != ',') value += line[j++];
            }
        } while (j < line.size() && line[j] == ',');
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
    out.local = LocalTime{day.time_since_epoch() + std::chrono::hours{*h} + std::chrono::minutes{*mi} +
                          std::chrono::seconds{*s}};
    out.utc = v.size() >= 16 && (v[15] == 'Z' || v[15] == 'z');
    return out;
}

struct CalendarEvent {
    ExportEvent e;
    std::string organizer;               // ORGANIZER;CN=
    std::vector<std::string> attendees;  // ATTENDEE;CN=
};

// "Ada Lovelace", "Ada Lovelace, Charles Babbage", "Jane Doe & John Roe": names, not the
// second half of a title ("Rust - the good parts", "Part 2 - Q&A"). With `handles`, the
// nicknames hacker events list ("anna", "h01ger") count as names too: only for a file
// whose every summary has the " - " (see assignSpeakers).
bool looksLikeNames(std::string_view text, bool handles = false) {
    if (text.empty() || text.size() > 120) return false;
    std::string t(text);
    for (std::string_view sep : {" and ", " & ", " und ", ";"})
        for (std::size_t at = t.find(sep); at != std::string::npos; at = t.find(sep)) t.replace(at, sep.size(), ",");
    std::size_t start = 0;
    while (start <= t.size()) {
        std::size_t end = t.find(',', start);
        std::string name =
            trim(std::string_view(t).substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (name.empty()) return false;
        int words = 0;
        bool wordStart = true;
        for (std::size_t i = 0; i < name.size(); ++i) {
            char c = name[i];
            auto u = static_cast<unsigned char>(c);
            if ((!handles && c >= '0' && c <= '9') || c == ':' || c == '?' || c == '!' || c == '(' || c == '"')
                return false;
            if (c == ' ') {
                wordStart = true;
                continue;
            }
            if (wordStart) {
                ++words;
                bool capital = (c >= 'A' && c <= 'Z') || u >= 0x80;
                bool particle = false;
                for (std::string_view p : {"van", "von", "de", "da", "del", "der", "di", "du", "la", "le", "bin", "al"})
                    particle |= name.compare(i, p.size(), p) == 0;
                if (!capital && !particle && !handles) return false;
            }
            wordStart = false;
        }
        if (words < 1 || words > 5) return false;
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return true;
}

// "Ada Lovelace, Charles Babbage & Grace Hopper" -> the three names.
std::vector<std::string> splitNames(std::string list) {
    for (std::string_view sep : {" and ", " & ", " und ", ";"})
        for (std::size_t i = list.find(sep); i != std::string::npos; i = list.find(sep))
            list.replace(i, sep.size(), ",");
    std::vector<std::string> out;
    for (std::size_t start = 0;;) {
        std::size_t end = list.find(',', start);
        std::string name =
            trim(std::string_view(list).substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (!name.empty()) out.push_back(std::move(name));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return out;
}

// An ATTENDEE's or ORGANIZER's CN: one person, or several listed ("Ada Lovelace, Charles
// Babbage"). "Lovelace, Ada" (two one-word parts) is one person written surname first,
// and stays whole.
std::vector<std::string> nameList(const std::string& cn) {
    std::vector<std::string> parts = splitNames(cn);
    bool surnameFirst =
        parts.size() == 2 && cn.find(',') != std::string::npos &&
        std::none_of(parts.begin(), parts.end(), [](const std::string& n) { return n.find(' ') != std::string::npos; });
    if (parts.size() <= 1 || surnameFirst || !looksLikeNames(cn)) return {cn};
    return parts;
}

// Where the names start in "Title - Name": after the last " - " or " – ".
std::size_t nameSeparator(const std::string& title, std::size_t& width) {
    std::size_t best = std::string::npos;
    width = 0;
    for (std::string_view sep : {" - ", " \xE2\x80\x93 ", " \xE2\x80\x94 "}) {
        std::size_t at = title.rfind(sep);
        if (at != std::string::npos && at > 0 && (best == std::string::npos || at > best)) {
            best = at;
            width = sep.size();
        }
    }
    return best;
}

// Speakers from what calendars carry: ATTENDEE names, an ORGANIZER that is not the
// calendar's owner, and "Title - Name" summaries when the file is consistent about them.
void assignSpeakers(std::vector<CalendarEvent>& events, Diagnostics& report) {
    std::map<std::string, std::size_t> organizers;
    for (const CalendarEvent& c : events)
        if (!c.organizer.empty()) ++organizers[c.organizer];
    std::string owner;
    for (const auto& [name, n] : organizers)
        if (events.size() >= 4 && n * 2 > events.size()) owner = name;
    if (!owner.empty())
        report.note("", "ORGANIZER " + import::quoted(owner) + " is on " + std::to_string(organizers[owner]) + " of " +
                            std::to_string(events.size()) + " events: the calendar's owner, not a speaker");

    std::size_t titled = 0, pattern = 0, separated = 0, handled = 0;
    for (const CalendarEvent& c : events) {
        if (c.e.title.empty()) continue;
        ++titled;
        std::size_t width = 0;
        std::size_t at = nameSeparator(c.e.title, width);
        if (at == std::string::npos) continue;
        ++separated;
        std::string_view suffix = trimView(std::string_view(c.e.title).substr(at + width));
        pattern += looksLikeNames(suffix);
        handled += looksLikeNames(suffix, true);
    }
    // Consistent: most titles end in names, and nearly every " - " is followed by names.
    // Or the file's way (frab's .ics): nearly every summary has a " - ", and nearly each
    // is followed by a list of names or nicknames ("anna, Andre Meister").
    bool handles = !(pattern >= 2 && pattern * 10 >= titled * 6 && pattern * 10 >= separated * 9) && handled >= 2 &&
                   separated * 10 >= titled * 9 && handled * 10 >= separated * 9;
    bool consistent = handles || (pattern >= 2 && pattern * 10 >= titled * 6 && pattern * 10 >= separated * 9);
    if (consistent)
        report.note("", "summaries end in \" - Name\" in " + std::to_string(handles ? handled : pattern) + " of " +
                            std::to_string(titled) + " events; read as the speakers, and cut from the titles");

    for (CalendarEvent& c : events) {
        ExportEvent& e = c.e;
        std::vector<std::string> names;
        auto addListed = [&](const std::string& cn) {
            for (std::string& n : nameList(cn)) names.push_back(std::move(n));
        };
        if (!c.organizer.empty() && c.organizer != owner) addListed(c.organizer);
        for (const std::string& a : c.attendees) addListed(a);
        std::size_t width = 0;
        std::size_t at = e.title.empty() ? std::string::npos : nameSeparator(e.title, width);
        if (at != std::string::npos) {
            std::string suffix = trim(std::string_view(e.title).substr(at + width));
            bool isKnownName = std::find(names.begin(), names.end(), suffix) != names.end();
            if (isKnownName || (consistent && looksLikeNames(suffix, handles))) {
                e.title = trim(std::string_view(e.title).substr(0, at));
                if (!isKnownName)
                    for (std::string& n : splitNames(suffix)) names.push_back(std::move(n));
            }
        }
        for (const std::string& n : names)
            if (!n.empty() &&
                std::none_of(e.persons.begin(), e.persons.end(), [&](const ExportPerson& p) { return p.name == n; }))
                e.persons.push_back({n, "", ""});
    }
}

// Unfold: a line starting with a space or tab continues the previous one. A line
// that is no "NAME:" or "NAME;...:" inside a component is a broken fold: joined too.
std::vector<Property> unfoldProperties(const std::vector<std::string>& raw, Diagnostics& report) {
    std::vector<Property> props;
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
                report.warn("line " + std::to_string(i + 1),
                            "continuation line without the leading space (a broken fold); joined to the line before");
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
    return props;
}

// GEO:lat;lon -> degrees; nothing when either half is no number.
std::optional<std::pair<double, double>> parseGeo(const std::string& value) {
    std::string v = trim(value);
    std::size_t semi = v.find(';');
    if (semi == std::string::npos) return std::nullopt;
    char* end = nullptr;
    std::string latText = v.substr(0, semi), lonText = v.substr(semi + 1);
    double lat = std::strtod(latText.c_str(), &end);
    bool latOk = end && *end == '\0' && !latText.empty();
    double lon = std::strtod(lonText.c_str(), &end);
    bool lonOk = end && *end == '\0' && !lonText.empty();
    if (!latOk || !lonOk) return std::nullopt;
    return std::pair{lat, lon};
}

// A calendar read in its phases: the calendar's own properties and what it says of its
// zone (first pass over every property), then its VEVENTs with their times (instants
// where the file says its zone beside them), then speakers, then the events built.
class CalendarReader {
public:
    CalendarReader(ProgramBuilder& builder, Diagnostics& report) : builder_(builder), report_(report) {}

    void readCalendarProperties(const std::vector<Property>& props);
    void readMalformedZoneLines(const std::vector<std::string>& raw);
    std::vector<CalendarEvent> readEvents(const std::vector<Property>& props);
    const ZoneEvidence& evidence() const { return evidence_; }

private:
    void readStandardOffset(const Property& p, const std::string& tzid, const std::string& where);
    std::optional<TimeZone> zoneFor(const std::string& tzid, const std::string& where);
    void readTime(const Property& p, ExportEvent& e, bool isStart);
    void openEvent(const Property& p);
    void closeEvent();
    void readEventProperty(const Property& p);

    ProgramBuilder& builder_;
    Diagnostics& report_;
    ZoneEvidence evidence_;
    std::map<std::string, Duration> vtimezoneOffset_;  // TZID -> standard offset
    std::map<std::string, std::optional<TimeZone>> resolved_;
    // The events read so far, and the one being read.
    std::vector<CalendarEvent> events_;
    std::map<std::string, int> uidCount_;
    CalendarEvent pending_;
};

// First pass: calendar properties and what the file says of its zone: X-WR-TIMEZONE,
// each VTIMEZONE's TZID and X-LIC-LOCATION, and their standard offsets.
void CalendarReader::readCalendarProperties(const std::vector<Property>& props) {
    std::string tzid;
    bool inStandard = false;
    for (const Property& p : props) {
        std::string where = "line " + std::to_string(p.line);
        if (p.name == "X-WR-CALNAME" && builder_.program().conference.name.empty())
            builder_.program().conference.name = trim(unescapeText(p.value));
        if (p.name == "X-WR-TIMEZONE") evidence_.named(p.value, where, "X-WR-TIMEZONE");
        if (p.name == "BEGIN" && foldName(p.value) == "standard") inStandard = true;
        if (p.name == "END" && foldName(p.value) == "standard") inStandard = false;
        if (p.name == "TZID") {
            tzid = trim(p.value);
            evidence_.named(tzid, where, "VTIMEZONE TZID");
        }
        if (p.name == "X-LIC-LOCATION") evidence_.named(p.value, where, "X-LIC-LOCATION");
        // "VTIMEZONE: Europe/Rome": a component's name written as a property, by an
        // exporter that meant BEGIN:VTIMEZONE with its TZID; still the file's word.
        if (p.name == "VTIMEZONE" && zoneFromName(trim(p.value)))
            evidence_.named(trim(p.value), where, "VTIMEZONE (a malformed line)");
        // GEO:lat;lon on an event: where the venue is.
        if (p.name == "GEO")
            if (auto geo = parseGeo(p.value)) evidence_.geo(geo->first, geo->second, where);
        if (p.name == "TZOFFSETTO" && inStandard && !tzid.empty()) readStandardOffset(p, tzid, where);
    }
}

// A VTIMEZONE's standard TZOFFSETTO, "+0100", "-0330": UTC offsets run from -12:00 to
// +14:00; anything else is no offset.
void CalendarReader::readStandardOffset(const Property& p, const std::string& tzid, const std::string& where) {
    std::string v = trim(p.value);
    bool digits =
        v.size() >= 5 && std::all_of(v.begin() + 1, v.begin() + 5, [](char c) { return c >= '0' && c <= '9'; });
    if (!digits || (v[0] != '+' && v[0] != '-')) return;
    int h = (v[1] - '0') * 10 + (v[2] - '0'), m = (v[3] - '0') * 10 + (v[4] - '0');
    if (h <= 14 && m < 60)
        vtimezoneOffset_[tzid] = Duration{(v[0] == '-' ? -1 : 1) * (h * 3600 + m * 60)};
    else
        report_.warn(where, "TZOFFSETTO " + import::quoted(v) + " is no UTC offset; ignored");
}

// A zone named on a line too broken to be a property ("TZID Europe/Rome",
// "TZID=Europe/Rome") is still the file's word.
void CalendarReader::readMalformedZoneLines(const std::vector<std::string>& raw) {
    for (std::size_t i = 0; i < raw.size(); ++i) {
        std::string_view line = trimView(raw[i]);
        for (std::string_view key : {"TZID", "X-WR-TIMEZONE", "X-LIC-LOCATION"}) {
            if (line.size() <= key.size() || !iequalsAscii(line.substr(0, key.size()), key)) continue;
            char sep = line[key.size()];
            if (sep != ' ' && sep != '=' && sep != '\t') continue;
            std::string value = trim(line.substr(key.size() + 1));
            value = value.substr(0, value.find_first_of(";:"));
            if (zoneFromName(value))
                evidence_.named(value, "line " + std::to_string(i + 1), std::string(key) + " (a malformed line)");
        }
    }
}

// TZID -> a real zone: any spelling zoneFromName knows, or the VTIMEZONE's standard
// offset as a fixed zone.
std::optional<TimeZone> CalendarReader::zoneFor(const std::string& tzid, const std::string& where) {
    if (auto it = resolved_.find(tzid); it != resolved_.end()) return it->second;
    std::optional<TimeZone> zone = zoneFromName(tzid);
    if (!zone) {
        if (auto it = vtimezoneOffset_.find(tzid); it != vtimezoneOffset_.end())
            if (auto fixed = zoneForOffset(it->second)) zone = TimeZone::find(*fixed);
        report_.warn(where,
                     "TZID \"" + tzid + "\" is no known zone" +
                         (zone ? "; using its VTIMEZONE's standard offset, " + zone->name() + " (no daylight saving)"
                               : "; its times are read in the conference zone"));
    } else if (zone->name() != tzid) {
        report_.note(where, "TZID \"" + tzid + "\" read as " + zone->name());
    }
    resolved_[tzid] = zone;
    return zone;
}

// DTSTART/DTEND: UTC ("Z") and TZID times are instants now; floating ones wait for
// the conference zone.
void CalendarReader::readTime(const Property& p, ExportEvent& e, bool isStart) {
    auto t = parseIcalTime(trim(p.value));
    if (!t) {
        report_.warn("line " + std::to_string(p.line), p.name + " \"" + p.value + "\" is no date-time");
        return;
    }
    if (isStart) e.allDay = t->dateOnly;
    std::optional<Instant> instant;
    std::optional<ParsedTime> wall;
    if (t->utc) {
        instant = Instant{t->local.time_since_epoch()};
        if (isStart) evidence_.utcTime();
    } else if (auto it = p.params.find("TZID"); it != p.params.end()) {
        if (isStart) evidence_.named(it->second, "line " + std::to_string(p.line), "TZID");
        if (auto zone = zoneFor(it->second, "line " + std::to_string(p.line))) {
            instant = zone->fromLocal(t->local);
            if (isStart) evidence_.zonedTime();
        }
    }
    if (!instant) {
        wall = ParsedTime{t->local, std::nullopt};
        if (isStart && !t->dateOnly) evidence_.time(*wall);
    }
    (isStart ? e.start : e.end) = instant;
    (isStart ? e.startAt : e.endAt) = wall;
}

// Every VEVENT, in file order; components nested in one (VALARM) are skipped, and an
// event the file ends inside is kept.
std::vector<CalendarEvent> CalendarReader::readEvents(const std::vector<Property>& props) {
    bool inEvent = false;
    int depth = 0;  // nested components inside a VEVENT (VALARM)
    for (const Property& p : props) {
        if (p.name == "BEGIN") {
            if (foldName(p.value) == "vevent" && !inEvent) {
                inEvent = true;
                depth = 0;
                openEvent(p);
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
                closeEvent();
            }
            continue;
        }
        if (inEvent && depth == 0) readEventProperty(p);
    }
    if (inEvent) {
        report_.warn(pending_.e.where, "the file ends inside an event (END:VEVENT missing); that event is kept");
        closeEvent();
    }
    return std::move(events_);
}

void CalendarReader::openEvent(const Property& p) {
    pending_ = CalendarEvent{};
    pending_.e.where = "line " + std::to_string(p.line);
}

void CalendarReader::closeEvent() {
    ExportEvent& e = pending_.e;
    if (!e.guid.empty() && ++uidCount_[e.guid] == 2)
        report_.warn(e.where, "UID " + e.guid + " is used by more than one event; each is kept");
    if (!e.guid.empty()) e.where += " (UID " + shorten(e.guid, 60) + ")";
    events_.push_back(std::move(pending_));
    pending_ = CalendarEvent{};
}

// One property of the VEVENT being read.
void CalendarReader::readEventProperty(const Property& p) {
    ExportEvent& e = pending_.e;
    auto cn = [&] {
        auto it = p.params.find("CN");
        return it == p.params.end() ? std::string() : trim(unescapeText(it->second));
    };
    if (p.name == "UID")
        e.guid = trim(p.value);
    else if (p.name == "SUMMARY")
        e.title = trim(unescapeText(p.value));
    else if (p.name == "DESCRIPTION")
        e.abstract = unescapeText(p.value);
    else if (p.name == "LOCATION") {
        e.room = unescapeText(p.value);
        e.roomGiven = true;
    } else if (p.name == "CATEGORIES") {
        std::string cats = unescapeText(p.value);
        e.track = trim(cats.substr(0, cats.find(',')));
    } else if (p.name == "URL")
        e.links.push_back({linkKind("", trim(p.value)), trim(p.value)});
    else if (p.name == "DTSTART")
        readTime(p, e, true);
    else if (p.name == "DTEND")
        readTime(p, e, false);
    else if (p.name == "DURATION")
        e.duration = parseIcalDuration(trim(p.value));
    else if (p.name == "ORGANIZER")
        pending_.organizer = cn();
    else if (p.name == "ATTENDEE") {
        if (std::string name = cn(); !name.empty()) pending_.attendees.push_back(name);
    } else if (p.name == "STATUS" && foldName(p.value) == "cancelled") {
        e.cancelled = true;
        report_.note(e.where, "event marked CANCELLED; shown as cancelled (and on the changes page)");
    }
}

}  // namespace

void readICalendar(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    std::vector<std::string> raw = splitLines(text);
    std::vector<Property> props = unfoldProperties(raw, ctx.report);
    if (props.empty() || props.front().name != "BEGIN" || foldName(props.front().value) != "vcalendar")
        throw InputError("line 1", "expected BEGIN:VCALENDAR (an iCalendar file)");

    CalendarReader reader(builder, ctx.report);
    reader.readCalendarProperties(props);
    reader.readMalformedZoneLines(raw);
    std::vector<CalendarEvent> events = reader.readEvents(props);
    assignSpeakers(events, ctx.report);

    std::vector<ExportEvent> plain;
    for (CalendarEvent& c : events) plain.push_back(std::move(c.e));
    // A calendar's events come in no room order: the rooms go by size.
    buildEvents(std::move(plain), reader.evidence(), {"", ProgramBuilder::RoomOrder{{}, false}}, builder, ctx);
}

}  // namespace hallboard::import
