// Deciding an input's time zone, never by guessing. A reader records what the input
// says about time (zone names, the venue's city, times written with their UTC offset,
// wall-clock times that need a zone) and then asks for the decision:
//   1. --timezone, when the user gave one;
//   2. a zone the file names (time_zone_name, TZID, X-WR-TIMEZONE, a zone abbreviation),
//      checked against the offsets the file writes;
//   3. evidence: a venue city that names one IANA zone, or offsets that fit one zone
//      (or one fixed offset) over every date of the file, reported with the evidence;
//   4. otherwise the import fails and says to pass --timezone.
// An input without any times needs no zone and gets UTC, with nothing said.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/program.hpp"
#include "base/time.hpp"

namespace hallboard::import {

struct Context;

// A zone from how exports spell it: an IANA name ("Europe/Rome"), a path-like TZID
// ("/mozilla.org/20050126_1/Europe/Rome"), a Windows name ("W. Europe Standard Time"),
// "UTC"/"GMT"/"Z".
std::optional<TimeZone> zoneFromName(std::string_view name);

// A fixed-offset zone for exports that give offsets but no zone name: +01:00 is
// "Etc/GMT-1" (POSIX signs are inverted). Empty when the offset has minutes.
std::optional<std::string> zoneForOffset(Duration offset);

// IANA zones whose city is named in `text` as a whole word ("ULB, Brussels" ->
// Europe/Brussels). Several when the text names several cities.
std::vector<std::string> zonesForPlace(std::string_view text);

class ZoneEvidence {
public:
    // The input names a zone (any spelling above). `where` is the place in the input,
    // `field` what held it ("<time_zone_name>", "X-WR-TIMEZONE", "PDT").
    void named(const std::string& name, const std::string& where, const std::string& field);
    // The input names its venue or city.
    void place(const std::string& text, const std::string& where, const std::string& field);
    // The input gives the venue's coordinates (iCalendar's GEO), in degrees.
    void geo(double latitude, double longitude, const std::string& where);
    // A time as the input wrote it: with an offset it is evidence, without one it needs a zone.
    void time(const ParsedTime& t);
    // A time written in UTC by convention (iCalendar's "Z"): a right instant, but no
    // evidence of where the conference is; the signs still need the venue's zone.
    void utcTime() { ++utcTimes_; }
    // A time written in a zone the input names beside it (iCalendar's TZID): a right
    // instant, and the zone it names is evidence through named().
    void zonedTime() { ++zonedTimes_; }

    bool anyTime() const { return wallTimes_ + utcTimes_ + zonedTimes_ + offsets_.size() > 0; }

    // The decision, recorded in ctx.summary and reported; throws InputError when the
    // input has times and nothing says where they are.
    TimeZone decide(Context& ctx) const;

private:
    struct Named {
        std::string name, where, field;
    };
    struct Place {
        std::string text, where, field;
    };
    struct Geo {
        double latitude, longitude;
        std::string where;
    };
    struct Observed {
        Instant at;
        Duration offset;
    };
    // The steps of decide(), in order: each returns the zone when it decides (recorded
    // in ctx.summary, reported), reports what it could not use, and throws InputError
    // when the evidence contradicts itself. See the list at the top.
    TimeZone fromOption(Context& ctx) const;
    std::optional<TimeZone> fromNames(Context& ctx) const;
    std::optional<TimeZone> fromPlaces(Context& ctx, const std::vector<Observed>& sample) const;
    std::optional<TimeZone> fromGeos(Context& ctx) const;
    TimeZone fromOffsets(Context& ctx, const std::vector<Observed>& sample) const;
    std::optional<TimeZone> fromFixedOffset(Context& ctx) const;
    [[noreturn]] void failWithoutEvidence() const;
    static bool fitsAll(const TimeZone& zone, const std::vector<Observed>& sample);
    // One observation per offset and local day keeps the checks cheap on big files.
    std::vector<Observed> representativeOffsets() const;
    // The first observation that `zone` contradicts.
    std::optional<Observed> contradiction(const TimeZone& zone) const;
    std::string offsetSummary() const;  // "all 48 times carry +01:00 (2020-12-27 to 2020-12-30)"

    std::vector<Named> names_;
    std::vector<Place> places_;
    std::vector<Geo> geos_;
    std::vector<Observed> offsets_;
    std::size_t wallTimes_ = 0;
    std::size_t utcTimes_ = 0;
    std::size_t zonedTimes_ = 0;
};

}  // namespace hallboard::import
