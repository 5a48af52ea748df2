// Writes a Program as `hallboard-program` JSON. Key order is fixed and empty fields are
// left out, so generated files diff cleanly and read like hand-written ones.
#include <nlohmann/json.hpp>

#include "model/program_json.hpp"

namespace hallboard {

namespace {

using OrderedJson = nlohmann::ordered_json;

void putIf(OrderedJson& obj, const char* key, const std::string& value) {
    if (!value.empty()) obj[key] = value;
}

// Wall time in the conference zone; with an offset only where the wall time alone
// would be read back as another instant (the repeated hour when clocks go back).
std::string timeText(const TimeZone& zone, Instant t) {
    std::string wall = formatWallTime(zone, t);
    auto parsed = parseTimestamp(wall);
    if (parsed && resolve(*parsed, zone) == t) return wall;
    return formatIso(zone, t);
}

OrderedJson talkJson(const Program& program, const Talk& talk) {
    const TimeZone& zone = program.conference.zone;
    OrderedJson t;
    t["id"] = talk.id;
    putIf(t, "guid", talk.guid);
    putIf(t, "title", talk.title);
    if (!talk.authors.empty()) t["authors"] = talk.authors;
    if (!talk.speakers.empty()) {
        OrderedJson speakers = OrderedJson::array();
        for (Index p : talk.speakers) speakers.push_back(program.people[p].id);
        t["speakers"] = speakers;
    }
    if (talk.hasOwnSlot) {
        t["start"] = timeText(zone, talk.slot.start);
        t["end"] = timeText(zone, talk.slot.end);
    }
    if (talk.track) t["track"] = program.tracks[*talk.track].id;
    putIf(t, "language", talk.language);
    if (talk.doNotRecord) t["do_not_record"] = true;
    if (talk.doNotStream) t["do_not_stream"] = true;
    if (!talk.interpretation.empty()) t["interpretation"] = talk.interpretation;
    if (talk.captions) t["captions"] = true;
    if (talk.change.cancelledInProgram) t["cancelled"] = true;
    putIf(t, "abstract", talk.abstract);
    putIf(t, "note", talk.note);
    if (!talk.links.empty()) {
        OrderedJson links = OrderedJson::array();
        for (const Link& l : talk.links) links.push_back({{"kind", l.kind}, {"url", l.url}});
        t["links"] = links;
    }
    return t;
}

OrderedJson conferenceJson(const Conference& c) {
    OrderedJson conf;
    putIf(conf, "name", c.name);
    putIf(conf, "short_name", c.shortName);
    putIf(conf, "venue", c.venue);
    putIf(conf, "url", c.url);
    putIf(conf, "logo", c.logo);
    conf["time_zone"] = c.zone.name();
    conf["day_change"] = formatHhMm(c.dayChange);
    if (c.primary || c.accent) {
        OrderedJson colors;
        if (c.primary) colors["primary"] = c.primary->hex();
        if (c.accent) colors["accent"] = c.accent->hex();
        conf["colors"] = colors;
    }
    return conf;
}

// The days, rooms, tracks and people into `root`, each list left out when empty and
// optional (rooms and people are always written).
void putNames(OrderedJson& root, const Program& program) {
    if (!program.days.empty()) {
        OrderedJson days = OrderedJson::array();
        for (const auto& d : program.days) {
            OrderedJson day{{"date", formatDate(d.date)}};
            putIf(day, "name", d.name);
            days.push_back(day);
        }
        root["days"] = days;
    }
    OrderedJson rooms = OrderedJson::array();
    for (const Room& r : program.rooms) {
        OrderedJson room{{"id", r.id}, {"name", r.name}};
        if (!r.shortName.empty()) room["short_name"] = r.shortName;
        if (r.capacity) room["capacity"] = *r.capacity;
        putIf(room, "description", r.description);
        putIf(room, "stream_url", r.streamUrl);
        rooms.push_back(std::move(room));
    }
    root["rooms"] = rooms;
    if (!program.tracks.empty()) {
        OrderedJson tracks = OrderedJson::array();
        for (const Track& t : program.tracks) {
            OrderedJson track{{"id", t.id}, {"name", t.name}};
            if (t.color) track["color"] = t.color->hex();
            tracks.push_back(track);
        }
        root["tracks"] = tracks;
    }
    OrderedJson people = OrderedJson::array();
    for (const Person& p : program.people) {
        OrderedJson person{{"id", p.id}, {"name", p.name}};
        putIf(person, "affiliation", p.affiliation);
        putIf(person, "photo", p.photo);
        putIf(person, "bio", p.bio);
        people.push_back(person);
    }
    root["people"] = people;
}

OrderedJson sessionJson(const Program& program, const Session& s) {
    const TimeZone& zone = program.conference.zone;
    OrderedJson session;
    session["id"] = s.id;
    putIf(session, "title", s.title);
    session["kind"] = std::string(toString(s.kind));
    session["start"] = timeText(zone, s.time.start);
    session["end"] = timeText(zone, s.time.end);
    if (s.room) session["room"] = program.rooms[*s.room].id;
    if (s.track) session["track"] = program.tracks[*s.track].id;
    putIf(session, "language", s.language);
    if (s.change.cancelledInProgram) session["cancelled"] = true;
    if (!s.chairs.empty()) {
        OrderedJson chairs = OrderedJson::array();
        for (Index p : s.chairs) chairs.push_back(program.people[p].id);
        session["chairs"] = chairs;
    }
    putIf(session, "description", s.description);
    if (!s.talks.empty()) {
        OrderedJson talks = OrderedJson::array();
        for (Index t : s.talks) talks.push_back(talkJson(program, program.talks[t]));
        session["talks"] = talks;
    }
    return session;
}

OrderedJson awardsJson(const Program& program) {
    OrderedJson awards = OrderedJson::array();
    for (const Award& a : program.awards) {
        OrderedJson award{{"id", a.id}, {"name", a.name}, {"talk", program.talks[a.talk].id}};
        if (a.room) award["room"] = program.rooms[*a.room].id;
        putIf(award, "note", a.note);
        awards.push_back(award);
    }
    return awards;
}

}  // namespace

std::string serializeProgram(const Program& program) {
    OrderedJson root;
    root["$schema"] = "hallboard-program.schema.json";
    root["format"] = "hallboard-program";
    root["version"] = Program::kFormatVersion;
    root["conference"] = conferenceJson(program.conference);
    putNames(root, program);

    OrderedJson sessions = OrderedJson::array();
    for (const Session& s : program.sessions) sessions.push_back(sessionJson(program, s));
    root["sessions"] = sessions;

    OrderedJson unscheduled = OrderedJson::array();
    for (const Talk& t : program.talks)
        if (!t.session) unscheduled.push_back(talkJson(program, t));
    if (!unscheduled.empty()) root["talks"] = unscheduled;

    if (!program.awards.empty()) root["awards"] = awardsJson(program);
    // Replace, not throw, should an importer have let invalid UTF-8 through.
    return root.dump(2, ' ', false, OrderedJson::error_handler_t::replace) + "\n";
}

}  // namespace hallboard
