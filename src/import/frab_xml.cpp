// Reads frab / Pentabarf schedule.xml (see shared/formats/voc-schedule.xml.xsd) with
// pugixml. Lenient: every event with a start is kept; the rest are reported.
#include <algorithm>
#include <vector>

#include <pugixml.hpp>

#include "core/diagnostics.hpp"
#include "core/text.hpp"
#include "import/export_event.hpp"
#include "import/import_common.hpp"

namespace hallboard::import {

namespace {

std::string childText(const pugi::xml_node& node, const char* name) { return node.child(name).text().as_string(); }

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

private:
    std::vector<std::size_t> starts_;
};

}  // namespace

void readFrabXml(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    pugi::xml_document doc;
    LineIndex lines(text);
    pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed)
        throw InputError("line " + std::to_string(lines.lineOf(parsed.offset)), std::string("invalid XML: ") + parsed.description());
    pugi::xml_node schedule = doc.child("schedule");
    if (!schedule) throw InputError("line 1", "expected a <schedule> element (frab schedule.xml)");

    pugi::xml_node conference = schedule.child("conference");
    Program& program = builder.program();
    program.conference.name = trim(childText(conference, "title"));
    program.conference.shortName = trim(childText(conference, "acronym"));
    program.conference.url = trim(childText(conference, "base_url"));
    std::string zoneName = trim(childText(conference, "time_zone_name"));

    // Without a zone name, the offsets of the event dates give a fixed zone.
    std::optional<std::string> zone;
    if (!zoneName.empty()) zone = zoneName;
    if (!zone && ctx.options.timeZone.empty()) {
        pugi::xpath_node first = schedule.select_node("//event/date");
        if (first) {
            if (auto t = parseTimestamp(first.node().text().as_string()); t && t->offset) {
                zone = zoneForOffset(*t->offset);
                if (zone) ctx.report.note("", "no time zone name; the offsets give " + *zone + " (use --timezone for the real zone)");
            }
        }
    }
    TimeZone tz = chooseZone(ctx, zone, "conference", true);
    program.conference.zone = tz;

    EventSink sink(builder, ctx);
    for (pugi::xml_node day : schedule.children("day")) {
        std::string dayDate = day.attribute("date").as_string();
        auto dayStart = parseTimestamp(day.attribute("start").as_string());
        for (pugi::xml_node room : day.children("room")) {
            std::string roomName = room.attribute("name").as_string();
            for (pugi::xml_node event : room.children("event")) {
                ExportEvent e;
                e.id = event.attribute("id").as_string();
                e.guid = event.attribute("guid").as_string();
                e.where = "event " + (e.id.empty() ? e.guid : e.id) + " (line " +
                          std::to_string(lines.lineOf(event.offset_debug())) + ")";
                e.title = childText(event, "title");
                e.subtitle = childText(event, "subtitle");
                e.type = childText(event, "type");
                e.track = childText(event, "track");
                e.room = event.child("room") ? childText(event, "room") : roomName;
                if (trim(e.room).empty()) e.room = roomName;
                e.roomGiven = room.attribute("name") || event.child("room");
                e.abstract = childText(event, "abstract");
                e.description = childText(event, "description");
                e.language = childText(event, "language");
                if (auto d = parseTimestamp(childText(event, "date"))) {
                    e.start = resolve(*d, tz);
                } else if (auto st = parseDuration(childText(event, "start")); st && !dayDate.empty()) {
                    // Wall time on the day's date; times before the day's start are after midnight.
                    auto date = parseDate(dayDate);
                    if (date) {
                        LocalTime local{date->time_since_epoch() + *st};
                        if (dayStart && local < dayStart->local) local += date::days{1};
                        e.start = tz.fromLocal(local);
                    }
                }
                e.duration = parseDuration(childText(event, "duration"));
                for (pugi::xml_node p : event.child("persons").children("person"))
                    e.persons.push_back({p.text().as_string(), ""});
                if (std::string url = trim(childText(event, "url")); !url.empty()) e.links.push_back({"web", url});
                for (const char* group : {"links", "attachments"})
                    for (pugi::xml_node l : event.child(group).children()) {
                        std::string href = l.attribute("href").as_string();
                        if (!href.empty()) e.links.push_back({linkKind(l.text().as_string(), href), href});
                    }
                sink.add(std::move(e));
            }
        }
    }
}

}  // namespace hallboard::import
