// See zone_evidence.hpp.
#include "import/zone_evidence.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "base/diagnostics.hpp"
#include "base/text.hpp"
#include "import/builder.hpp"
#include "import/import_common.hpp"
#include "import/text_layout.hpp"

namespace hallboard::import {

namespace {

// Windows zone names that Outlook and Exchange exports put in TZID.
constexpr std::pair<std::string_view, std::string_view> kWindowsZones[] = {
    {"W. Europe Standard Time", "Europe/Berlin"},
    {"Central Europe Standard Time", "Europe/Budapest"},
    {"Central European Standard Time", "Europe/Warsaw"},
    {"Romance Standard Time", "Europe/Paris"},
    {"GMT Standard Time", "Europe/London"},
    {"FLE Standard Time", "Europe/Kyiv"},
    {"GTB Standard Time", "Europe/Bucharest"},
    {"E. Europe Standard Time", "Europe/Chisinau"},
    {"Pacific Standard Time", "America/Los_Angeles"},
    {"Mountain Standard Time", "America/Denver"},
    {"Central Standard Time", "America/Chicago"},
    {"Eastern Standard Time", "America/New_York"},
    {"Tokyo Standard Time", "Asia/Tokyo"},
    {"China Standard Time", "Asia/Shanghai"},
    {"Korea Standard Time", "Asia/Seoul"},
    {"Singapore Standard Time", "Asia/Singapore"},
    {"India Standard Time", "Asia/Kolkata"},
    {"Israel Standard Time", "Asia/Jerusalem"},
    {"Egypt Standard Time", "Africa/Cairo"},
    {"SE Asia Standard Time", "Asia/Bangkok"},
    {"AUS Eastern Standard Time", "Australia/Sydney"},
    {"UTC", "Etc/UTC"},
};

// Lower-case letters and digits; everything else separates words: "Bruxelles/Brussels" ->
// " bruxelles brussels ". Padded with spaces so that " city " finds whole words.
std::string words(std::string_view text) {
    std::string folded = foldName(text);
    std::string out = " ";
    for (char c : folded) {
        auto u = static_cast<unsigned char>(c);
        bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || u >= 0x80;
        out += keep ? c : ' ';
    }
    out += ' ';
    return out;
}

// The tz database's principal cities with their coordinates (zone1970.tab: "+4230+00131"
// is 42°30'N 1°31'E), read once; empty where the system has no such file.
struct ZoneCity {
    std::string zone;
    double latitude, longitude;
};

const std::vector<ZoneCity>& zoneCities() {
    static const std::vector<ZoneCity> cities = [] {
        std::vector<ZoneCity> out;
        std::string error;
        auto text = readWholeFile("/usr/share/zoneinfo/zone1970.tab", error);
        if (!text) return out;
        // "+DDMM" / "+DDMMSS" then "+DDDMM" / "+DDDMMSS"
        auto angle = [](std::string_view v, std::size_t degreeDigits) -> std::optional<double> {
            if (v.size() != 1 + degreeDigits + 2 && v.size() != 1 + degreeDigits + 4) return std::nullopt;
            for (std::size_t i = 1; i < v.size(); ++i)
                if (v[i] < '0' || v[i] > '9') return std::nullopt;
            auto num = [&](std::size_t at, std::size_t n) { return std::stoi(std::string(v.substr(at, n))); };
            double deg = num(1, degreeDigits) + num(1 + degreeDigits, 2) / 60.0;
            if (v.size() == 1 + degreeDigits + 4) deg += num(1 + degreeDigits + 2, 2) / 3600.0;
            return v[0] == '-' ? -deg : deg;
        };
        std::size_t start = 0;
        while (start < text->size()) {
            std::size_t end = text->find('\n', start);
            if (end == std::string::npos) end = text->size();
            std::string_view line(text->data() + start, end - start);
            start = end + 1;
            if (line.empty() || line[0] == '#') continue;
            std::vector<std::string_view> cols;
            for (std::size_t a = 0; a <= line.size();) {
                std::size_t b = line.find('\t', a);
                if (b == std::string_view::npos) b = line.size();
                cols.push_back(line.substr(a, b - a));
                a = b + 1;
            }
            if (cols.size() < 3) continue;
            std::string_view coord = cols[1];
            std::size_t split = coord.find_first_of("+-", 1);
            if (split == std::string_view::npos) continue;
            auto lat = angle(coord.substr(0, split), 2), lon = angle(coord.substr(split), 3);
            if (lat && lon) out.push_back({std::string(cols[2]), *lat, *lon});
        }
        return out;
    }();
    return cities;
}

// The zone whose principal city is nearest (great-circle distance), with the distance in km.
std::optional<std::pair<std::string, double>> nearestZone(double latitude, double longitude) {
    constexpr double kRad = 3.14159265358979323846 / 180.0;
    std::optional<std::pair<std::string, double>> best;
    for (const ZoneCity& c : zoneCities()) {
        double dLat = (c.latitude - latitude) * kRad, dLon = (c.longitude - longitude) * kRad;
        double a = std::sin(dLat / 2) * std::sin(dLat / 2) +
                   std::cos(latitude * kRad) * std::cos(c.latitude * kRad) * std::sin(dLon / 2) * std::sin(dLon / 2);
        double km = 2 * 6371.0 * std::asin(std::min(1.0, std::sqrt(a)));
        if (!best || km < best->second) best = std::make_pair(c.zone, km);
    }
    return best;
}

// " brussels " -> {"Europe/Brussels"}: the city part of every Area/City zone and link
// of the system's tz database (with the OS database, links such as Europe/Amsterdam are
// zones too), read once.
const std::map<std::string, std::vector<std::string>>& cityIndex() {
    static const std::map<std::string, std::vector<std::string>> index = [] {
        // Not Antarctica: its station names (Davis, Casey, Palmer) are people's names.
        static constexpr std::string_view kAreas[] = {"Africa/",    "America/", "Asia/",   "Atlantic/",
                                                      "Australia/", "Europe/",  "Indian/", "Pacific/"};
        std::map<std::string, std::vector<std::string>> out;
        auto add = [&](const std::string& name) {
            if (std::none_of(std::begin(kAreas), std::end(kAreas),
                             [&](std::string_view a) { return startsWith(name, a); }))
                return;
            std::string city = name.substr(name.rfind('/') + 1);
            std::replace(city.begin(), city.end(), '_', ' ');
            if (city == "Center") return;  // America/North_Dakota/Center is no city
            out[words(city)].push_back(name);
        };
        try {
            const date::tzdb& db = date::get_tzdb();
            for (const auto& zone : db.zones) add(std::string(zone.name()));
        } catch (const std::exception&) {
            // No tz database: no city evidence; the other rules still apply.
        }
        return out;
    }();
    return index;
}

std::string offsetText(Duration offset) {
    long long s = offset.count();
    char sign = s < 0 ? '-' : '+';
    s = s < 0 ? -s : s;
    std::string hh = std::to_string(s / 3600), mm = std::to_string(s % 3600 / 60);
    return std::string(1, sign) + (hh.size() < 2 ? "0" : "") + hh + ":" + (mm.size() < 2 ? "0" : "") + mm;
}

std::string joinList(const std::vector<std::string>& items, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < max; ++i) out += (i ? ", " : "") + items[i];
    if (items.size() > max) out += " and " + std::to_string(items.size() - max) + " more";
    return out;
}

std::string placeText(const std::string& where, const std::string& field) {
    if (field.empty()) return where;
    return where.empty() ? field : field + ", " + where;
}

}  // namespace

std::optional<TimeZone> zoneFromName(std::string_view raw) {
    std::string name = trim(raw);
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
    if (name.empty() || name.size() > 200) return std::nullopt;
    if (iequalsAscii(name, "UTC") || iequalsAscii(name, "GMT") || name == "Z") return TimeZone::utc();
    if (auto zone = TimeZone::find(name)) return zone;
    for (const auto& [win, iana] : kWindowsZones)
        if (iequalsAscii(name, win)) return TimeZone::find(iana);
    // "/mozilla.org/20050126_1/Europe/Berlin", "/softwarestudio.org/Olson_20011030_5/Europe/Rome":
    // the last two or three parts.
    for (int parts = 3; parts >= 2; --parts) {
        std::size_t at = name.size();
        for (int i = 0; i < parts && at != std::string::npos && at > 0; ++i) at = name.rfind('/', at - 1);
        if (at == std::string::npos || at + 1 >= name.size()) continue;
        if (auto zone = TimeZone::find(std::string_view(name).substr(at + 1))) return zone;
    }
    return std::nullopt;
}

std::optional<std::string> zoneForOffset(Duration offset) {
    long long seconds = offset.count();
    if (seconds % 3600 != 0) return std::nullopt;
    long long hours = seconds / 3600;
    if (hours == 0) return std::string("Etc/UTC");
    return "Etc/GMT" + std::string(hours > 0 ? "-" : "+") + std::to_string(hours > 0 ? hours : -hours);
}

std::vector<std::string> zonesForPlace(std::string_view text) {
    std::string hay = words(text);
    std::vector<std::string> out;
    if (hay.size() <= 2) return out;
    for (const auto& [city, zones] : cityIndex())
        if (hay.find(city) != std::string::npos)
            for (const auto& z : zones)
                if (std::find(out.begin(), out.end(), z) == out.end()) out.push_back(z);
    return out;
}

void ZoneEvidence::named(const std::string& name, const std::string& where, const std::string& field) {
    std::string n = trim(name);
    if (n.empty()) return;
    // A calendar names its TZID on every event: the first mention is the evidence.
    if (std::any_of(names_.begin(), names_.end(), [&](const Named& x) { return x.name == n; })) return;
    names_.push_back({n, where, field});
}

void ZoneEvidence::place(const std::string& text, const std::string& where, const std::string& field) {
    if (!trim(text).empty()) places_.push_back({trim(text), where, field});
}

void ZoneEvidence::geo(double latitude, double longitude, const std::string& where) {
    if (latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180 && geos_.size() < 10000)
        geos_.push_back({latitude, longitude, where});
}

void ZoneEvidence::time(const ParsedTime& t) {
    if (t.offset)
        offsets_.push_back({Instant{t.local.time_since_epoch() - *t.offset}, *t.offset});
    else
        ++wallTimes_;
}

std::vector<ZoneEvidence::Observed> ZoneEvidence::representativeOffsets() const {
    std::map<std::pair<long long, long long>, Observed> byDay;
    for (const Observed& o : offsets_) {
        long long day = (o.at.time_since_epoch() + o.offset).count() / 86400;
        byDay.emplace(std::make_pair(o.offset.count(), day), o);
    }
    std::vector<Observed> out;
    for (const auto& [key, o] : byDay) out.push_back(o);
    return out;
}

std::optional<ZoneEvidence::Observed> ZoneEvidence::contradiction(const TimeZone& zone) const {
    for (const Observed& o : offsets_)
        if (zone.utcOffset(o.at) != o.offset) return o;
    return std::nullopt;
}

std::string ZoneEvidence::offsetSummary() const {
    std::set<long long> distinct;
    Instant first = offsets_.front().at, last = offsets_.front().at;
    for (const Observed& o : offsets_) {
        distinct.insert(o.offset.count());
        first = std::min(first, o.at);
        last = std::max(last, o.at);
    }
    std::string span = formatDate(localDay(TimeZone::utc(), first + offsets_.front().offset));
    std::string end = formatDate(localDay(TimeZone::utc(), last + offsets_.front().offset));
    if (end != span) span += " to " + end;
    std::string which;
    for (long long o : distinct) which += (which.empty() ? "" : " and ") + offsetText(Duration{o});
    std::string count = offsets_.size() == 1 ? "the one time" : "all " + std::to_string(offsets_.size()) + " times";
    return count + " carry " + which + " (" + span + ")";
}

namespace {

// The decision: recorded in the summary, with what decided it.
TimeZone decided(Context& ctx, const TimeZone& zone, std::string source) {
    ctx.summary.zone = zone.name();
    ctx.summary.zoneSource = std::move(source);
    return zone;
}

std::string contradictionText(const TimeZone& zone, Instant at, Duration offset) {
    return "its times carry " + offsetText(offset) + " (at " + formatIso(TimeZone::utc(), at) + "), but " +
           zone.name() + " is " + offsetText(zone.utcOffset(at)) + " then";
}

}  // namespace

TimeZone ZoneEvidence::decide(Context& ctx) const {
    if (!ctx.options.timeZone.empty()) return fromOption(ctx);
    if (!anyTime()) return decided(ctx, TimeZone::utc(), "no times in the input");
    if (auto zone = fromNames(ctx)) return *zone;
    std::vector<Observed> sample = representativeOffsets();
    if (auto zone = fromPlaces(ctx, sample)) return *zone;
    if (auto zone = fromGeos(ctx)) return *zone;
    if (!offsets_.empty()) return fromOffsets(ctx, sample);
    failWithoutEvidence();
}

bool ZoneEvidence::fitsAll(const TimeZone& zone, const std::vector<Observed>& sample) {
    return std::all_of(sample.begin(), sample.end(),
                       [&](const Observed& o) { return zone.utcOffset(o.at) == o.offset; });
}

// 1. The user said.
TimeZone ZoneEvidence::fromOption(Context& ctx) const {
    TimeZone zone = TimeZone::locate(ctx.options.timeZone);
    for (const Named& n : names_)
        if (auto z = zoneFromName(n.name); !z || z->name() != zone.name())
            ctx.report.note(n.where, "the input names " + import::quoted(n.name) +
                                         (n.field.empty() ? "" : " in " + n.field) + "; --timezone " + zone.name() +
                                         " wins");
    if (auto c = contradiction(zone))
        ctx.report.warn("", contradictionText(zone, c->at, c->offset) +
                                "; each time keeps the instant its offset gives, and is shown in " + zone.name());
    return decided(ctx, zone, "--timezone");
}

// 2. The file names its zone: the first known name, unless its offsets contradict it.
std::optional<TimeZone> ZoneEvidence::fromNames(Context& ctx) const {
    std::optional<TimeZone> namedZone;
    const Named* namedBy = nullptr;
    for (const Named& n : names_) {
        auto z = zoneFromName(n.name);
        if (!z) {
            ctx.report.warn(n.where, "unknown time zone " + import::quoted(n.name) +
                                         (n.field.empty() ? "" : " in " + n.field) + "; not used");
            continue;
        }
        if (!namedZone) {
            namedZone = z;
            namedBy = &n;
        } else if (z->name() != namedZone->name()) {
            ctx.report.note(n.where, "the input also names " + z->name() + "; the conference is taken to be in " +
                                         namedZone->name() + " (" + placeText(namedBy->where, namedBy->field) + ")");
        }
    }
    if (!namedZone) return std::nullopt;
    if (auto c = contradiction(*namedZone))
        throw InputError(namedBy->where, "the input names " + namedZone->name() +
                                             (namedBy->field.empty() ? "" : " in " + namedBy->field) + ", but " +
                                             contradictionText(*namedZone, c->at, c->offset) +
                                             ". Say which is right with --timezone");
    return decided(ctx, *namedZone,
                   "named in the input" + (namedBy->field.empty() && namedBy->where.empty()
                                               ? std::string()
                                               : " (" + placeText(namedBy->where, namedBy->field) + ")"));
}

// 3. A venue city that names one zone, and fits the offsets.
std::optional<TimeZone> ZoneEvidence::fromPlaces(Context& ctx, const std::vector<Observed>& sample) const {
    for (const Place& p : places_) {
        std::vector<std::string> fitting;
        for (const std::string& name : zonesForPlace(p.text))
            if (auto z = TimeZone::find(name); z && fitsAll(*z, sample) && !contradiction(*z)) fitting.push_back(name);
        if (fitting.size() == 1) {
            TimeZone zone = TimeZone::locate(fitting.front());
            std::string evidence =
                "the venue " + import::quoted(p.text) + " (" + placeText(p.where, p.field) + ") names it";
            if (!offsets_.empty()) evidence += ", and " + offsetSummary() + ", which fit it";
            ctx.report.note(p.where, "no time zone named; " + zone.name() + " inferred: " + evidence +
                                         " (use --timezone if that is wrong)");
            return decided(ctx, zone, "inferred: " + evidence);
        }
        if (fitting.size() > 1)
            ctx.report.note(p.where, "the venue " + import::quoted(p.text) + " names several zones (" +
                                         joinList(fitting, 4) + "); not used");
    }
    return std::nullopt;
}

// 3b. The venue's coordinates: the zone of the nearest principal city of the tz
// database, when every GEO of the file gives the same one and it fits the offsets.
std::optional<TimeZone> ZoneEvidence::fromGeos(Context& ctx) const {
    if (geos_.empty()) return std::nullopt;
    std::set<std::string> zones;
    std::optional<std::pair<std::string, double>> first;
    for (const Geo& g : geos_)
        if (auto z = nearestZone(g.latitude, g.longitude)) {
            zones.insert(z->first);
            if (!first) first = z;
        }
    if (zones.size() > 1) {
        ctx.report.note(geos_.front().where, "the events' GEO coordinates lie in several zones (" +
                                                 joinList(std::vector<std::string>(zones.begin(), zones.end()), 4) +
                                                 "); not used");
        return std::nullopt;
    }
    if (zones.size() != 1 || !first) return std::nullopt;
    auto zone = TimeZone::find(first->first);
    if (!zone || contradiction(*zone)) return std::nullopt;
    std::string city = first->first.substr(first->first.rfind('/') + 1);
    std::replace(city.begin(), city.end(), '_', ' ');
    char km[32];
    std::snprintf(km, sizeof km, "%.0f", first->second);
    std::string why = "the events' GEO coordinates (" + geos_.front().where + ") lie nearest to " + city + " (" + km +
                      " km), whose zone is " + zone->name();
    ctx.report.note(geos_.front().where,
                    "no time zone named; " + zone->name() + " inferred: " + why + " (use --timezone if that is wrong)");
    return decided(ctx, *zone, "inferred: " + why);
}

// 4. Offsets that fit one fixed offset, or one zone over every date of the file; else
// the input cannot be placed.
TimeZone ZoneEvidence::fromOffsets(Context& ctx, const std::vector<Observed>& sample) const {
    if (auto zone = fromFixedOffset(ctx)) return *zone;
    std::vector<std::string> candidates;
    try {
        for (const auto& z : date::get_tzdb().zones)
            if (auto tz = TimeZone::find(z.name()); tz && fitsAll(*tz, sample))
                candidates.push_back(std::string(z.name()));
    } catch (const std::exception&) {}
    if (candidates.empty())
        throw InputError("", "the input names no time zone, and its offsets (" + offsetSummary() +
                                 ") fit no zone. Pass --timezone with the venue's zone");
    // Candidates that agree with each other at every hour of the file's span show the
    // same times: any of them is right for this event.
    Instant first = offsets_.front().at, last = offsets_.front().at;
    for (const Observed& o : offsets_) first = std::min(first, o.at), last = std::max(last, o.at);
    TimeZone pick = TimeZone::locate(candidates.front());
    bool agree = !contradiction(pick);
    for (std::size_t i = 1; agree && i < candidates.size(); ++i) {
        TimeZone other = TimeZone::locate(candidates[i]);
        for (Instant t = first; agree && t <= last; t += std::chrono::hours{1})
            agree = other.utcOffset(t) == pick.utcOffset(t);
    }
    if (!agree)
        throw InputError("", "the input names no time zone, and its offsets (" + offsetSummary() +
                                 ") fit several zones "
                                 "that disagree during the event (" +
                                 joinList(candidates, 5) + "). Pass --timezone with the venue's zone");
    std::string why = offsetSummary() + ", which " + std::to_string(candidates.size()) +
                      (candidates.size() == 1 ? " zone fits" : " zones fit alike");
    ctx.report.note("", "no time zone named; " + why + "; times are shown in " + pick.name() +
                            " (use --timezone for the venue's own zone)");
    return decided(ctx, pick, "inferred: " + why);
}

// 4a. Every time carries the same whole-hour offset: that fixed offset.
std::optional<TimeZone> ZoneEvidence::fromFixedOffset(Context& ctx) const {
    std::set<long long> distinct;
    for (const Observed& o : offsets_) distinct.insert(o.offset.count());
    if (distinct.size() != 1) return std::nullopt;
    auto fixed = zoneForOffset(Duration{*distinct.begin()});
    if (!fixed) return std::nullopt;
    TimeZone zone = TimeZone::locate(*fixed);
    std::string why = offsetSummary();
    ctx.report.note("", "no time zone named; the offsets give " + zone.name() + ": " + why +
                            ". A fixed offset has no daylight saving: pass --timezone with the venue's zone "
                            "if the clocks change during the event");
    return decided(ctx, zone, "inferred: " + why + ", a fixed offset");
}

// 5. Nothing says where the conference is: never read it as UTC silently.
void ZoneEvidence::failWithoutEvidence() const {
    if (wallTimes_ == 0)
        throw InputError("", "the input's times are in UTC (" + std::to_string(utcTimes_) +
                                 " times end in \"Z\") but nothing in it says where the conference is, so the signs "
                                 "cannot show local times. Pass --timezone with the venue's zone, e.g. "
                                 "--timezone Europe/Brussels");
    throw InputError("",
                     "the input names no time zone and nothing in it says where the conference is (" +
                         std::to_string(wallTimes_) + (wallTimes_ == 1 ? " time" : " times") +
                         " without a zone). Pass --timezone with the venue's zone, e.g. --timezone Europe/Brussels");
}

}  // namespace hallboard::import
