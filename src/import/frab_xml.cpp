// Reads frab / Pentabarf schedule.xml (see shared/formats/voc-schedule.xml.xsd) with
// pugixml, in every generation seen in the wild: events inside <room> wrappers or
// directly under <day>, "HH:MM" or "HH:MM:SS" starts, <date> with or without an
// offset, days with or without start/end, persons as plain names or with <name>,
// <biography> and an avatar. Every <event> element in the file is kept or reported.
#include <algorithm>
#include <map>
#include <vector>

#include <pugixml.hpp>

#include "base/diagnostics.hpp"
#include "base/text.hpp"
#include "import/export_event.hpp"
#include "import/import_common.hpp"
#include "import/zone_evidence.hpp"

namespace hallboard::import {

namespace {

std::string childText(const pugi::xml_node& node, const char* name) {
    return node.child(name).text().as_string();
}

// The first of several spellings, as a child element or an attribute.
std::string field(const pugi::xml_node& node, std::initializer_list<const char*> names) {
    for (const char* n : names) {
        if (pugi::xml_node child = node.child(n)) {
            std::string text = trim(child.text().as_string());
            if (!text.empty()) return text;
        }
        if (pugi::xml_attribute a = node.attribute(n)) {
            std::string text = trim(a.as_string());
            if (!text.empty()) return text;
        }
    }
    return {};
}

// Line numbers of byte offsets, for messages: line starts found once, then searched.
class LineIndex {
public:
    explicit LineIndex(const std::string& text) {
        starts_.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') starts_.push_back(i + 1);
    }
    std::size_t lineOf(std::ptrdiff_t offset) const {
        auto pos = static_cast<std::size_t>(std::max<std::ptrdiff_t>(offset, 0));
        return static_cast<std::size_t>(std::upper_bound(starts_.begin(), starts_.end(), pos) - starts_.begin());
    }
    std::string at(const pugi::xml_node& node) const { return "line " + std::to_string(lineOf(node.offset_debug())); }

private:
    std::vector<std::size_t> starts_;
};

pugi::xml_node ancestor(pugi::xml_node node, const char* name) {
    for (pugi::xml_node n = node.parent(); n; n = n.parent())
        if (std::string_view(n.name()) == name) return n;
    return {};
}

// A person as frab writes them: `<person id="7">Name</person>`, or with child elements
// (`<name>`, `<public_name>`, `<biography>`, `<avatar>`), or the same as attributes.
ExportPerson readPerson(const pugi::xml_node& p) {
    ExportPerson out;
    out.name = field(p, {"public_name", "full_public_name", "name"});
    if (out.name.empty()) out.name = trim(p.child_value());
    out.biography = field(p, {"biography", "bio", "abstract", "description"});
    out.avatar = field(p, {"avatar", "image", "photo", "picture"});
    return out;
}

std::string personKey(const pugi::xml_node& p) {
    std::string guid = trim(p.attribute("guid").as_string());
    if (!guid.empty()) return "g:" + guid;
    std::string id = trim(p.attribute("id").as_string());
    if (!id.empty()) return "i:" + id;
    std::string code = trim(p.attribute("code").as_string());
    return code.empty() ? std::string() : "c:" + code;
}

// An acronym that is only the export's slug ("fosdem2012", "36c3", the file's own name)
// says less than the title: kept only when it is written for people.
bool readableAcronym(const std::string& acronym) {
    return std::any_of(acronym.begin(), acronym.end(), [](char c) { return (c >= 'A' && c <= 'Z') || c == ' '; });
}

struct ConferenceLinks {
    std::string baseUrl;                // resolves relative links
    std::optional<Duration> dayChange;  // nothing when unset or over 12 hours
};

// The conference's name, short name, venue, address and day change.
ConferenceLinks readConference(const pugi::xml_node& conference, Program& program) {
    program.conference.name = trim(childText(conference, "title"));
    std::string acronym = trim(childText(conference, "acronym"));
    if (program.conference.name.empty())
        program.conference.name = acronym;
    else if (readableAcronym(acronym))
        program.conference.shortName = acronym;
    program.conference.venue = trim(childText(conference, "venue"));
    std::string baseUrl = trim(childText(conference, "base_url"));
    program.conference.url = baseUrl;
    std::optional<Duration> dayChange = parseDuration(trim(childText(conference, "day_change")));
    if (dayChange && *dayChange > std::chrono::hours{12}) dayChange.reset();
    if (dayChange) program.conference.dayChange = *dayChange;
    return {baseUrl, dayChange};
}

// People described outside the events (some exports list them once, with biographies).
std::map<std::string, ExportPerson> describedPeople(const pugi::xml_node& schedule) {
    std::map<std::string, ExportPerson> described;
    for (pugi::xpath_node x : schedule.select_nodes("//person")) {
        pugi::xml_node p = x.node();
        if (ancestor(p, "event")) continue;
        if (std::string key = personKey(p); !key.empty()) described[key] = readPerson(p);
    }
    return described;
}

// An event's persons (completed from their description elsewhere) and links.
void readPersonsAndLinks(const pugi::xml_node& event, const std::map<std::string, ExportPerson>& described,
                         ExportEvent& e) {
    for (pugi::xml_node p : event.child("persons").children("person")) {
        ExportPerson person = readPerson(p);
        if (auto it = described.find(personKey(p)); it != described.end()) {
            if (person.name.empty()) person.name = it->second.name;
            if (person.biography.empty()) person.biography = it->second.biography;
            if (person.avatar.empty()) person.avatar = it->second.avatar;
        }
        e.persons.push_back(std::move(person));
    }
    if (std::string url = trim(childText(event, "url")); !url.empty()) e.links.push_back({"web", url});
    for (const char* group : {"links", "attachments"})
        for (pugi::xml_node l : event.child(group).children()) {
            std::string href = l.attribute("href").as_string();
            if (!trim(href).empty()) e.links.push_back({linkKind(l.text().as_string(), href), href});
        }
}

// One <event>, wherever it sits: its room from a <room> wrapper when it names none, its
// start from its own date or its <day>'s; a start read is evidence of the zone.
ExportEvent readEvent(const pugi::xml_node& event, const LineIndex& lines, std::optional<Duration> dayChange,
                      ZoneEvidence& evidence) {
    pugi::xml_node day = ancestor(event, "day");
    pugi::xml_node roomNode = ancestor(event, "room");
    ExportEvent e;
    e.id = trim(event.attribute("id").as_string());
    e.guid = trim(event.attribute("guid").as_string());
    if (e.guid.empty()) e.guid = trim(childText(event, "guid"));
    e.where = "event " + (e.id.empty() ? e.guid : e.id) + " (" + lines.at(event) + ")";
    e.title = childText(event, "title");
    e.subtitle = childText(event, "subtitle");
    e.type = childText(event, "type");
    e.track = childText(event, "track");
    std::string wrapperName = roomNode ? roomNode.attribute("name").as_string() : "";
    e.room = trim(childText(event, "room"));
    if (e.room.empty()) e.room = wrapperName;
    e.roomGiven = roomNode.attribute("name") || event.child("room");
    e.abstract = childText(event, "abstract");
    e.description = childText(event, "description");
    e.language = childText(event, "language");

    std::optional<LocalDay> dayDate = parseDate(trim(day.attribute("date").as_string()));
    if (!dayDate) dayDate = parseDate(trim(childText(day, "date")));
    std::optional<ParsedTime> dayStart = parseTimestamp(trim(day.attribute("start").as_string()));
    e.dateText = childText(event, "date");
    if (trim(e.dateText).empty()) e.dateText = day.attribute("date").as_string();
    e.startAt = frabStart(childText(event, "date"), childText(event, "start"), dayDate, dayStart, dayChange);
    if (e.startAt) {
        evidence.time(*e.startAt);
    } else if (!day && parseTimestamp(trim(childText(event, "date"))) == std::nullopt) {
        e.where += ", outside any <day>";
    }
    e.duration = parseDuration(trim(childText(event, "duration")));
    // <recording><optout>true</optout></recording>: the speaker asked not to be recorded.
    std::string optout = trim(childText(event.child("recording"), "optout"));
    e.doNotRecord = optout == "true" || optout == "1";
    return e;
}

}  // namespace

void readFrabXml(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    pugi::xml_document doc;
    LineIndex lines(text);
    pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed)
        throw InputError("line " + std::to_string(lines.lineOf(parsed.offset)),
                         std::string("invalid XML: ") + parsed.description());
    pugi::xml_node schedule = doc.child("schedule");
    if (!schedule) throw InputError("line 1", "expected a <schedule> element (frab schedule.xml)");

    pugi::xml_node conference = schedule.child("conference");
    auto [baseUrl, dayChange] = readConference(conference, builder.program());

    ZoneEvidence evidence;
    if (pugi::xml_node z = conference.child("time_zone_name"))
        evidence.named(z.text().as_string(), lines.at(z), "<time_zone_name>");
    if (pugi::xml_node c = conference.child("city")) evidence.place(c.text().as_string(), lines.at(c), "<city>");
    if (pugi::xml_node v = conference.child("venue")) evidence.place(v.text().as_string(), lines.at(v), "<venue>");
    // A day's start with its offset is evidence of the zone; its events are wall times.
    for (pugi::xml_node day : schedule.children("day"))
        if (auto start = parseTimestamp(trim(day.attribute("start").as_string())); start && start->offset)
            evidence.time(*start);

    std::map<std::string, ExportPerson> described = describedPeople(schedule);
    std::vector<ExportEvent> events;
    for (pugi::xpath_node x : schedule.select_nodes("//event")) {
        events.push_back(readEvent(x.node(), lines, dayChange, evidence));
        readPersonsAndLinks(x.node(), described, events.back());
    }
    buildEvents(std::move(events), evidence, {baseUrl}, builder, ctx);
}

}  // namespace hallboard::import
