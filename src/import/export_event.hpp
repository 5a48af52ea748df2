// The event of schedule exports (frab, pretalx, C3VOC, iCalendar): one talk in one room
// at one time. Each becomes a session holding that one talk.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "model/program.hpp"
#include "import/builder.hpp"
#include "import/zone_evidence.hpp"

namespace hallboard::import {

struct ExportPerson {
    std::string name;
    std::string biography;  // may hold HTML
    std::string avatar;     // a URL or a path, as the export gives it
};

struct ExportEvent {
    std::string where;  // "event 10386 (line 40)"
    std::string id, guid;
    std::string title, subtitle, type, track, room, language;
    std::string abstract, description;  // may hold HTML
    // Times as written (resolved in the input's zone once it is decided), or instants
    // when the export gave them absolutely (iCalendar UTC or TZID times).
    std::optional<ParsedTime> startAt, endAt;
    std::string dateText;  // the start's date as written, to say why it could not be read
    std::optional<Instant> start;
    std::optional<Duration> duration;
    std::optional<Instant> end;
    bool allDay = false;
    bool roomGiven = false;  // the input has a room field, possibly with an empty name
    std::vector<ExportPerson> persons;
    std::vector<Link> links;
    // C3VOC's do_not_record (frab XML: <recording><optout>) and do_not_stream.
    bool doNotRecord = false, doNotStream = false;
    bool recordingSaid = false;  // the event says do_not_record either way (it overrides its room's default)
    bool cancelled = false;      // the export says so (C3VOC state CANCELED or WITHDRAWN, iCalendar STATUS)
};

// Adds events to a builder in the input's zone, reporting once per oddity kind (unknown
// types, duplicate guids, links that cannot be followed) and counting every event in the
// summary. `baseUrl` resolves relative links (the export's base_url, or --base-url).
class EventSink {
public:
    EventSink(ProgramBuilder& builder, Context& ctx, TimeZone zone, std::string baseUrl);
    void add(ExportEvent event);
    void leaveOut(const std::string& where, const std::string& why);
    // Reports what was noted along the way (links left out, photos on the web).
    void finish();

private:
    Index addSession(const ExportEvent& e, const std::string& title, TimeRange time);
    Talk talkOf(const ExportEvent& e, const std::string& title);
    std::vector<Link> usableLinks(const std::vector<Link>& links, const std::string& where);
    std::string photoFor(const std::string& avatar);

    ProgramBuilder& builder_;
    Context& ctx_;
    TimeZone zone_;
    std::string baseUrl_;
    std::set<std::string> guids_, ids_;
    std::set<std::string> typesNoted_;
    std::map<std::string, std::pair<std::size_t, std::string>> linksLeftOut_;  // reason -> count, an example
    std::size_t webPhotos_ = 0;
    std::string webPhotoExample_;
};

// What an export says about all its events: the address its relative links are under,
// and its rooms' order (by default the order they came in).
struct ExportFrame {
    std::string baseUrl;
    ProgramBuilder::RoomOrder rooms = {};
};

// The last phase of every schedule-export reader, once all events are read: the zone
// decided from the evidence (or an InputError), then each event built in it, then the
// rooms put in the export's order.
void buildEvents(std::vector<ExportEvent> events, const ZoneEvidence& evidence, const ExportFrame& frame,
                 ProgramBuilder& builder, Context& ctx);

// An event's kind: the export's type, else its track; its title can name an opening,
// a closing or a pause ("Coffee break"), a pause only when nobody presents.
SessionKind exportKind(const ExportEvent& e, const std::string& title);

// An absolute http(s) address from what an export gives: trimmed, resolved against
// `base` when relative ("/system/att/1.pdf"), spaces encoded. Empty with `why` set when
// it cannot be followed (no base for a relative path, another scheme, control characters).
std::string absoluteLink(std::string_view url, std::string_view base, std::string& why);

// A frab-family event's start as written: its full timestamp ("2019-08-21T11:00:00+02:00")
// if it has one, else its day's date with its "HH:MM" start, moved to the next date when
// it is before the day's start (or the conference's day change): after midnight.
std::optional<ParsedTime> frabStart(std::string_view timestamp, std::string_view startHhMm,
                                    std::optional<LocalDay> dayDate, std::optional<ParsedTime> dayStart,
                                    std::optional<Duration> dayChange);

// "slides", "video", "paper" from a link's title or address; "web" otherwise.
std::string linkKind(const std::string& title, const std::string& url);

}  // namespace hallboard::import
