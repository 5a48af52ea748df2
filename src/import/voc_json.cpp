// Reads C3VOC schedule.json as frab and pretalx export it (days -> rooms -> events) and
// the "schedule 2.0" draft (flat schedule.events, participants, localised strings).
// Real exports break the schema: wrong types, nulls, missing fields. Read what is there.
#include <algorithm>
#include <map>
#include <set>

#include "base/json_reader.hpp"
#include "base/text.hpp"
#include "import/export_event.hpp"
#include "import/import_common.hpp"
#include "import/text_layout.hpp"
#include "import/zone_evidence.hpp"

namespace hallboard::import {

namespace {

// A string field, tolerating numbers (ids), nulls and missing keys.
std::string str(const Json& obj, const char* key) {
    if (!obj.is_object()) return {};
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return {};
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number_integer()) return std::to_string(it->get<long long>());
    if (it->is_number()) return it->dump();
    return {};
}

// Schedule 2.0 "LocalizableString": a string, or {"en": "...", "de": "..."}.
std::string localized(const Json& obj, const char* key, const std::string& language) {
    if (!obj.is_object()) return {};
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return {};
    if (it->is_string()) return it->get<std::string>();
    if (it->is_object()) {
        if (!language.empty() && it->contains(language) && (*it)[language].is_string())
            return (*it)[language].get<std::string>();
        if (it->contains("en") && (*it)["en"].is_string()) return (*it)["en"].get<std::string>();
        for (const auto& [k, v] : it->items())
            if (v.is_string()) return v.get<std::string>();
    }
    return {};
}

const Json& arrayOr(const Json& obj, const char* key) {
    static const Json empty = Json::array();
    if (!obj.is_object()) return empty;
    auto it = obj.find(key);
    return (it != obj.end() && it->is_array()) ? *it : empty;
}

// A reference that is a string or an object with name/slug.
std::string refName(const Json& obj, const char* key) {
    if (!obj.is_object()) return {};
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return {};
    if (it->is_string()) return it->get<std::string>();
    if (it->is_object()) {
        std::string name = str(*it, "name");
        return name.empty() ? str(*it, "slug") : name;
    }
    return {};
}

// A yes/no the exports write as true/false, null, "true"/"false", or a word
// ("do_not_stream": "yes"): only a plain yes is a yes.
bool flag(const Json& obj, const char* key) {
    if (!obj.is_object()) return false;
    auto it = obj.find(key);
    if (it == obj.end()) return false;
    if (it->is_boolean()) return it->get<bool>();
    if (it->is_string()) {
        std::string word = foldName(trim(it->get<std::string>()));
        return word == "true" || word == "yes" || word == "1";
    }
    return it->is_number_integer() && it->get<long long>() == 1;
}

// Recording and streaming, and the event's state: CANCELED or WITHDRAWN is shown cancelled.
void readAccess(const Json& event, ExportEvent& e, Diagnostics& report) {
    std::string state = str(event, "state");
    if (state == "CANCELED" || state == "WITHDRAWN") {
        e.cancelled = true;
        report.note(e.where, "\"" + excerpt(e.title, 80) + "\" is marked " + state +
                                 "; shown as cancelled (and on the changes page)");
    }
    e.doNotRecord = flag(event, "do_not_record");
    e.recordingSaid = event.is_object() && event.contains("do_not_record") && !event["do_not_record"].is_null();
    e.doNotStream = flag(event, "do_not_stream");
}

void readLinks(const Json& event, ExportEvent& e) {
    if (std::string url = trim(str(event, "url")); !url.empty()) e.links.push_back({"web", url});
    for (const char* group : {"links", "attachments"})
        for (const Json& l : arrayOr(event, group)) {
            std::string url = l.is_string() ? l.get<std::string>() : str(l, "url");
            if (url.empty()) url = str(l, "href");
            if (url.empty() || url == (e.links.empty() ? "" : e.links.front().url)) continue;
            std::string kindHint = str(l, "title") + " " + str(l, "type");
            e.links.push_back({linkKind(kindHint, url), url});
        }
}

// The keys of every conference.days[].rooms object in the order the file writes them
// (first day first, each name once). Empty when the text does not parse as plain JSON.
std::vector<std::string> dayRoomKeysInOrder(const std::string& text) {
    std::vector<std::string> names;
    nlohmann::ordered_json root;
    try {
        root = nlohmann::ordered_json::parse(text.begin(), text.end(), nullptr, true, /*ignore_comments=*/true);
    } catch (const std::exception&) {
        return names;
    }
    auto days = root.is_object() && root.contains("schedule") && root["schedule"].is_object() &&
                        root["schedule"].contains("conference") && root["schedule"]["conference"].is_object()
                    ? root["schedule"]["conference"].value("days", nlohmann::ordered_json::array())
                    : nlohmann::ordered_json::array();
    if (!days.is_array()) return names;
    std::set<std::string> seen;
    for (const auto& day : days) {
        if (!day.is_object() || !day.contains("rooms") || !day["rooms"].is_object()) continue;
        for (const auto& item : day["rooms"].items()) {
            std::string name = trim(item.key());
            if (!name.empty() && seen.insert(name).second) names.push_back(name);
        }
    }
    return names;
}

// The conference's name, short name, address and venue; returns the base for relative
// links (the export's base_url, else the conference's address).
std::string readConference(const Json& schedule, const Json& conference, Program& program) {
    program.conference.name = trim(str(conference, "title"));
    std::string acronym = trim(str(conference, "acronym"));
    if (program.conference.name.empty())
        program.conference.name = acronym;
    else if (std::any_of(acronym.begin(), acronym.end(), [](char c) { return (c >= 'A' && c <= 'Z') || c == ' '; }))
        program.conference.shortName = acronym;  // a slug ("rc3", "camp2019") says less than the title
    std::string baseUrl = trim(str(schedule, "base_url"));
    program.conference.url = trim(str(conference, "url"));
    if (program.conference.url.empty()) program.conference.url = baseUrl;
    if (baseUrl.empty()) baseUrl = program.conference.url;
    program.conference.venue = trim(str(conference, "venue"));
    return baseUrl;
}

// Tracks with colours: old exports give "color", schedule 2.0 "colors": {light, dark}.
// Returns the tracks' names by slug.
std::map<std::string, std::string> readTracks(const Json& conference, ProgramBuilder& builder) {
    std::map<std::string, std::string> trackBySlug;
    for (const Json& t : arrayOr(conference, "tracks")) {
        std::string name = str(t, "name");
        if (name.empty()) continue;
        std::string color = str(t, "color");
        if (color.empty() && t.contains("colors")) color = str(t["colors"], "light");
        builder.track(name, Color::parse(color));
        if (std::string slug = str(t, "slug"); !slug.empty()) trackBySlug[slug] = name;
    }
    return trackBySlug;
}

// The rooms' order: the export's room list (schedule 2.0 and newer frab and pretalx
// exports; with seats), else the order each day lists its rooms in. The parsed
// document keeps object keys sorted (a std::map), which put "(unnamed room)" and 13
// "Assembly:" corners before the four main halls; the keys' order is read again from
// the text.
// What the export's room list says of a room: its seats and a few words (schedule 2.0's
// description may be {"en": ...}).
struct RoomFacts {
    std::optional<int> capacity;
    std::string description;
    std::string recording;  // features.recording, lower case: "not_recorded_by_default", ...
};

// A room's features.recording (schedule 2.0 writes RECORD_BY_DEFAULT, schedule.json
// record_by_default): a room that records nothing makes every talk in it not recorded; a
// room that does not record by default, each talk that does not say do_not_record itself.
void applyRoomRecording(std::vector<ExportEvent>& events, const std::map<std::string, RoomFacts>& facts) {
    for (ExportEvent& e : events) {
        auto it = facts.find(trim(e.room));
        if (it == facts.end()) continue;
        const std::string& recording = it->second.recording;
        if (recording == "recording_forbidden" || recording == "recording_not_possible")
            e.doNotRecord = true;
        else if (recording == "not_recorded_by_default" && !e.recordingSaid)
            e.doNotRecord = true;
    }
}

ProgramBuilder::RoomOrder readRoomOrder(const Json& conference, const std::string& text,
                                        std::map<std::string, RoomFacts>& facts) {
    ProgramBuilder::RoomOrder roomOrder;
    for (const Json& r : arrayOr(conference, "rooms")) {
        std::string name = trim(str(r, "name"));
        if (name.empty()) continue;
        roomOrder.names.push_back(name);
        RoomFacts& f = facts[name];
        if (auto it = r.find("capacity"); it != r.end() && it->is_number_integer()) {
            long long n = it->get<long long>();
            if (n > 0 && n <= Room::kMaxCapacity) f.capacity = static_cast<int>(n);
        }
        f.description = trim(localized(r, "description", ""));
        if (auto features = r.find("features"); features != r.end() && features->is_object())
            f.recording = foldName(trim(str(*features, "recording")));
    }
    for (std::string& name : dayRoomKeysInOrder(text)) roomOrder.names.push_back(std::move(name));
    return roomOrder;
}

// The events of both layouts, with what they say of the zone.
class VocEvents {
public:
    VocEvents(const Json& schedule, const Json& conference, Diagnostics& report,
              std::map<std::string, std::string> trackBySlug)
        : report_(report), trackBySlug_(std::move(trackBySlug)) {
        if (conference.contains("defaults")) language_ = str(conference["defaults"], "language");
        evidence_.named(str(conference, "time_zone_name"), "/schedule/conference/time_zone_name", "");
        for (const char* key : {"city", "venue", "location"})
            evidence_.place(str(conference, key), std::string("/schedule/conference/") + key, "");
        // Schedule 2.0 keeps biographies in a top-level persons list.
        for (const Json& p : arrayOr(schedule, "persons"))
            if (std::string guid = str(p, "guid"); !guid.empty()) personByGuid_[guid] = &p;
    }

    void readDays(const Json& conference);
    void readFlat(const Json& schedule);

    std::vector<ExportEvent> events;
    const ZoneEvidence& evidence() const { return evidence_; }

private:
    // A day of schedule.conference.days[]: its object, its date and its day_start.
    struct Day {
        const Json& json;
        std::optional<LocalDay> date;
        std::optional<ParsedTime> start;
    };
    ExportEvent dayEvent(const Json& event, const Day& day, const std::string& roomName, const std::string& where);
    void readPersons(const Json& event, ExportEvent& e);

    Diagnostics& report_;
    std::map<std::string, std::string> trackBySlug_;
    std::string language_;
    ZoneEvidence evidence_;
    std::map<std::string, const Json*> personByGuid_;
};

void VocEvents::readPersons(const Json& event, ExportEvent& e) {
    for (const char* key : {"persons", "participants"})
        for (const Json& p : arrayOr(event, key)) {
            if (p.is_string()) {
                e.persons.push_back({p.get<std::string>(), "", ""});
                continue;
            }
            std::string role = foldName(str(p, "role"));
            if (!role.empty() && role != "speaker" && role != "moderator") continue;
            const Json* full = personByGuid_.count(str(p, "guid")) ? personByGuid_[str(p, "guid")] : nullptr;
            ExportPerson person;
            for (const Json* from : {&p, full}) {
                if (!from) continue;
                for (const char* k : {"public_name", "full_public_name", "name"})
                    if (person.name.empty()) person.name = str(*from, k);
                for (const char* k : {"biography", "bio"})
                    if (person.biography.empty()) person.biography = localized(*from, k, language_);
                for (const char* k : {"avatar", "image", "photo"})
                    if (person.avatar.empty()) person.avatar = str(*from, k);
            }
            e.persons.push_back(std::move(person));
        }
}

// Old layout: conference.days[].rooms{name: [events]}
void VocEvents::readDays(const Json& conference) {
    const Json& days = arrayOr(conference, "days");
    for (std::size_t d = 0; d < days.size(); ++d) {
        const Json& day = days[d];
        if (!day.contains("rooms") || !day["rooms"].is_object()) continue;
        auto dayStart = parseTimestamp(str(day, "day_start"));
        if (dayStart && dayStart->offset) evidence_.time(*dayStart);
        auto dayDate = parseDate(str(day, "date"));
        for (const auto& [roomName, roomEvents] : day["rooms"].items()) {
            std::string roomPath =
                "/schedule/conference/days/" + std::to_string(d) + "/rooms/" + pointerToken(roomName);
            if (!roomEvents.is_array()) {
                report_.warn(roomPath, "expected a list of events; room skipped");
                continue;
            }
            for (std::size_t i = 0; i < roomEvents.size(); ++i)
                events.push_back(
                    dayEvent(roomEvents[i], {day, dayDate, dayStart}, roomName, roomPath + "/" + std::to_string(i)));
        }
    }
}

ExportEvent VocEvents::dayEvent(const Json& event, const Day& inDay, const std::string& roomName,
                                const std::string& where) {
    const Json& day = inDay.json;
    ExportEvent e;
    e.id = str(event, "id");
    e.guid = str(event, "guid");
    e.where = where + (e.id.empty() ? "" : " (event " + e.id + ")");
    e.title = str(event, "title");
    e.subtitle = str(event, "subtitle");
    e.type = str(event, "type");
    e.track = refName(event, "track");
    e.language = str(event, "language");
    e.room = event.contains("room") ? str(event, "room") : roomName;
    if (e.room.empty()) e.room = roomName;
    e.roomGiven = true;  // every event sits under a room key
    e.abstract = str(event, "abstract");
    e.description = str(event, "description");
    e.dateText = str(event, "date");
    if (trim(e.dateText).empty()) e.dateText = str(day, "date");
    e.startAt = frabStart(str(event, "date"), str(event, "start"), inDay.date, inDay.start, std::nullopt);
    if (e.startAt) evidence_.time(*e.startAt);
    e.duration = parseDuration(str(event, "duration"));
    readPersons(event, e);
    readLinks(event, e);
    readAccess(event, e, report_);
    return e;
}

// Schedule 2.0: schedule.events[] with start and end instants.
void VocEvents::readFlat(const Json& schedule) {
    const Json& flat = arrayOr(schedule, "events");
    for (std::size_t i = 0; i < flat.size(); ++i) {
        const Json& event = flat[i];
        ExportEvent e;
        e.guid = str(event, "guid");
        e.id = str(event, "code");
        e.where = "/schedule/events/" + std::to_string(i) + (e.id.empty() ? "" : " (event " + e.id + ")");
        e.title = localized(event, "title", language_);
        e.subtitle = localized(event, "subtitle", language_);
        e.type = str(event, "type");
        std::string track = refName(event, "track");
        e.track = trackBySlug_.count(track) ? trackBySlug_[track] : track;
        e.room = refName(event, "room");
        e.language = str(event, "language");
        e.roomGiven = event.contains("room") && !event["room"].is_null();
        e.abstract = localized(event, "abstract", language_);
        e.description = localized(event, "description", language_);
        e.dateText = str(event, "start");
        e.startAt = parseTimestamp(str(event, "start"));
        e.endAt = parseTimestamp(str(event, "end"));
        for (const auto& t : {e.startAt, e.endAt})
            if (t) evidence_.time(*t);
        e.duration = parseDuration(str(event, "duration"));
        readPersons(event, e);
        readLinks(event, e);
        readAccess(event, e, report_);
        events.push_back(std::move(e));
    }
}

}  // namespace

void readVocJson(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    Json root = parseJsonDocument(text, ctx.report);
    if (!root.is_object() || !root.contains("schedule") || !root["schedule"].is_object())
        throw InputError("/", "expected an object with a \"schedule\" (C3VOC schedule.json)");
    const Json& schedule = root["schedule"];
    const Json& conference = schedule.contains("conference") ? schedule["conference"] : Json::object();
    std::string baseUrl = readConference(schedule, conference, builder.program());
    VocEvents reader(schedule, conference, ctx.report, readTracks(conference, builder));
    std::map<std::string, RoomFacts> facts;
    ProgramBuilder::RoomOrder roomOrder = readRoomOrder(conference, text, facts);
    reader.readDays(conference);
    reader.readFlat(schedule);
    applyRoomRecording(reader.events, facts);

    buildEvents(std::move(reader.events), reader.evidence(), {baseUrl, roomOrder}, builder, ctx);
    for (const auto& [name, f] : facts)
        if (auto r = builder.findRoom(name)) {
            Room& room = builder.program().rooms[*r];
            room.capacity = f.capacity;
            if (f.description.size() <= Room::kMaxDescription)
                room.description = f.description;
            else
                ctx.report.warn("/schedule/conference/rooms", "the description of room " + import::quoted(name) +
                                                                  " is longer than a sign shows; left out");
        }
}

}  // namespace hallboard::import
