// Reads C3VOC schedule.json as frab and pretalx export it (days -> rooms -> events) and
// the "schedule 2.0" draft (flat schedule.events, participants, localised strings).
// Real exports break the schema: wrong types, nulls, missing fields. Read what is there.
#include "core/json_reader.hpp"
#include "core/text.hpp"
#include "import/export_event.hpp"
#include "import/import_common.hpp"

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
        if (!language.empty() && it->contains(language) && (*it)[language].is_string()) return (*it)[language].get<std::string>();
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

}  // namespace

void readVocJson(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    Json root = parseJsonText(text);
    if (!root.is_object() || !root.contains("schedule") || !root["schedule"].is_object())
        throw InputError("/", "expected an object with a \"schedule\" (C3VOC schedule.json)");
    const Json& schedule = root["schedule"];
    const Json& conference = schedule.contains("conference") ? schedule["conference"] : Json::object();
    Program& program = builder.program();
    program.conference.name = trim(str(conference, "title"));
    program.conference.shortName = trim(str(conference, "acronym"));
    program.conference.url = trim(str(conference, "url"));
    if (program.conference.url.empty()) program.conference.url = trim(str(schedule, "base_url"));
    std::string language;
    if (conference.contains("defaults")) language = str(conference["defaults"], "language");

    // Tracks with colours: old exports give "color", schedule 2.0 "colors": {light, dark}.
    std::map<std::string, std::string> trackBySlug;
    for (const Json& t : arrayOr(conference, "tracks")) {
        std::string name = str(t, "name");
        if (name.empty()) continue;
        std::string color = str(t, "color");
        if (color.empty() && t.contains("colors")) color = str(t["colors"], "light");
        builder.track(name, Color::parse(color));
        if (std::string slug = str(t, "slug"); !slug.empty()) trackBySlug[slug] = name;
    }

    // Zone: the name, else the offset of the first event, as a fixed zone.
    std::optional<std::string> zone;
    if (std::string name = str(conference, "time_zone_name"); !name.empty()) zone = name;
    auto firstDate = [&]() -> std::string {
        for (const Json& ev : arrayOr(schedule, "events"))
            if (auto d = str(ev, "start"); !d.empty()) return d;
        for (const Json& day : arrayOr(conference, "days"))
            if (day.contains("rooms") && day["rooms"].is_object())
                for (const auto& [room, events] : day["rooms"].items())
                    if (events.is_array())
                        for (const Json& ev : events)
                            if (auto d = str(ev, "date"); !d.empty()) return d;
        return {};
    };
    if (!zone && ctx.options.timeZone.empty()) {
        if (auto t = parseTimestamp(firstDate()); t && t->offset) {
            zone = zoneForOffset(*t->offset);
            if (zone)
                ctx.report.note("/schedule/conference", "no time_zone_name; the offsets give " + *zone +
                                                            " (use --timezone for the real zone)");
        }
    }
    TimeZone tz = chooseZone(ctx, zone, "/schedule/conference", true);
    program.conference.zone = tz;

    // Schedule 2.0 keeps biographies in a top-level persons list.
    std::map<std::string, std::string> bioByGuid;
    for (const Json& p : arrayOr(schedule, "persons"))
        if (std::string guid = str(p, "guid"); !guid.empty()) bioByGuid[guid] = localized(p, "biography", language);

    EventSink sink(builder, ctx);
    auto readPersons = [&](const Json& event, ExportEvent& e) {
        for (const char* key : {"persons", "participants"})
            for (const Json& p : arrayOr(event, key)) {
                if (p.is_string()) {
                    e.persons.push_back({p.get<std::string>(), ""});
                    continue;
                }
                std::string role = str(p, "role");
                if (!role.empty() && role != "SPEAKER" && role != "MODERATOR" && role != "speaker") continue;
                std::string name = str(p, "public_name");
                if (name.empty()) name = str(p, "full_public_name");
                if (name.empty()) name = str(p, "name");
                std::string bio = str(p, "biography");
                if (bio.empty()) bio = localized(p, "biography", language);
                if (bio.empty()) bio = bioByGuid[str(p, "guid")];
                e.persons.push_back({name, bio});
            }
    };

    // Old layout: conference.days[].rooms{name: [events]}
    const Json& days = arrayOr(conference, "days");
    for (std::size_t d = 0; d < days.size(); ++d) {
        const Json& day = days[d];
        if (!day.contains("rooms") || !day["rooms"].is_object()) continue;
        auto dayStart = parseTimestamp(str(day, "day_start"));
        auto dayDate = parseDate(str(day, "date"));
        for (const auto& [roomName, events] : day["rooms"].items()) {
            if (!events.is_array()) {
                ctx.report.warn("/schedule/conference/days/" + std::to_string(d) + "/rooms/" + roomName,
                                "expected a list of events; room skipped");
                continue;
            }
            for (std::size_t i = 0; i < events.size(); ++i) {
                const Json& event = events[i];
                ExportEvent e;
                e.id = str(event, "id");
                e.guid = str(event, "guid");
                e.where = "/schedule/conference/days/" + std::to_string(d) + "/rooms/" + roomName + "/" + std::to_string(i) +
                          (e.id.empty() ? "" : " (event " + e.id + ")");
                e.title = str(event, "title");
                e.subtitle = str(event, "subtitle");
                e.type = str(event, "type");
                e.track = refName(event, "track");
                e.room = event.contains("room") ? str(event, "room") : roomName;
                if (e.room.empty()) e.room = roomName;
                e.roomGiven = true;  // every event sits under a room key
                e.abstract = str(event, "abstract");
                e.description = str(event, "description");
                if (auto t = parseTimestamp(str(event, "date"))) {
                    e.start = resolve(*t, tz);
                } else if (auto st = parseDuration(str(event, "start")); st && dayDate) {
                    LocalTime local{dayDate->time_since_epoch() + *st};
                    if (dayStart && local < dayStart->local) local += date::days{1};
                    e.start = tz.fromLocal(local);
                }
                e.duration = parseDuration(str(event, "duration"));
                readPersons(event, e);
                readLinks(event, e);
                sink.add(std::move(e));
            }
        }
    }

    // Schedule 2.0: schedule.events[] with start and end instants.
    const Json& flat = arrayOr(schedule, "events");
    for (std::size_t i = 0; i < flat.size(); ++i) {
        const Json& event = flat[i];
        ExportEvent e;
        e.guid = str(event, "guid");
        e.id = str(event, "code");
        e.where = "/schedule/events/" + std::to_string(i) + (e.id.empty() ? "" : " (event " + e.id + ")");
        e.title = localized(event, "title", language);
        e.subtitle = localized(event, "subtitle", language);
        e.type = str(event, "type");
        std::string track = refName(event, "track");
        e.track = trackBySlug.count(track) ? trackBySlug[track] : track;
        e.room = refName(event, "room");
        e.roomGiven = event.contains("room") && !event["room"].is_null();
        e.abstract = localized(event, "abstract", language);
        e.description = localized(event, "description", language);
        if (auto t = parseTimestamp(str(event, "start"))) e.start = resolve(*t, tz);
        if (auto t = parseTimestamp(str(event, "end"))) e.end = resolve(*t, tz);
        e.duration = parseDuration(str(event, "duration"));
        if (str(event, "state") == "CANCELED" || str(event, "state") == "WITHDRAWN")
            ctx.report.warn(e.where, "\"" + e.title + "\" is marked " + str(event, "state") + "; kept, check it");
        readPersons(event, e);
        readLinks(event, e);
        sink.add(std::move(e));
    }
}

}  // namespace hallboard::import
