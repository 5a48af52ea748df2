// See export_event.hpp.
#include "import/export_event.hpp"

#include "core/text.hpp"
#include "import/html_text.hpp"
#include "import/import_common.hpp"
#include "import/text_layout.hpp"

namespace hallboard::import {

std::string linkKind(const std::string& title, const std::string& url) {
    std::string t = foldName(title + " " + url);
    auto has = [&](std::string_view w) { return t.find(w) != std::string::npos; };
    if (has("arxiv.org")) return "arxiv";
    if (has("slide")) return "slides";
    if (has("video") || has("youtube") || has("media.ccc.de") || has("recording")) return "video";
    if (has("doi.org")) return "doi";
    if (has(".pdf")) return "pdf";
    if (has("paper")) return "paper";
    if (has("github") || has("gitlab") || has("code")) return "code";
    return "web";
}

std::optional<std::string> zoneForOffset(Duration offset) {
    long long seconds = offset.count();
    if (seconds % 3600 != 0) return std::nullopt;
    long long hours = seconds / 3600;
    if (hours == 0) return std::string("Etc/UTC");
    return "Etc/GMT" + std::string(hours > 0 ? "-" : "+") + std::to_string(hours > 0 ? hours : -hours);
}

void EventSink::leaveOut(const std::string& where, const std::string& why) {
    ctx_.report.warn(where, "left out: " + why);
    ctx_.summary.events += 1;
    ctx_.summary.leftOut += 1;
}

void EventSink::add(ExportEvent e) {
    Diagnostics& report = ctx_.report;
    if (!e.start) {
        leaveOut(e.where, "\"" + e.title + "\" has no start time");
        return;
    }
    if (!e.guid.empty() && !guids_.insert(e.guid).second)
        report.warn(e.where, "guid " + e.guid + " appears more than once; both events kept");
    else if (e.guid.empty() && !e.id.empty() && !ids_.insert(e.id).second)
        report.warn(e.where, "id " + e.id + " appears more than once; both events kept");

    Instant start = *e.start;
    Instant end;
    if (e.end && *e.end > start) {
        end = *e.end;
    } else if (e.duration && e.duration->count() > 0) {
        end = start + *e.duration;
    } else if (e.allDay) {
        end = start + std::chrono::hours{24};
    } else {
        report.warn(e.where, "\"" + e.title + "\" has no usable end or duration; assuming 60 min");
        end = start + std::chrono::hours{1};
    }

    std::string title = trim(decodeEntities(e.title));
    if (title.empty()) report.warn(e.where, "event without a title; kept, shown as \"Untitled talk\"");

    Session session;
    session.title = title;
    session.kind = kindFromLabel(e.type);
    if (session.kind == SessionKind::other || session.kind == SessionKind::oral) {
        SessionKind fromTitle = kindFromLabel(title);
        if (fromTitle == SessionKind::opening || fromTitle == SessionKind::closing || fromTitle == SessionKind::break_)
            session.kind = fromTitle;
    }
    if (session.kind == SessionKind::other && !e.type.empty() && typesNoted_.insert(e.type).second)
        report.note(e.where, "event type \"" + e.type + "\" shown as a plain session");
    session.time = {start, end};
    std::string room = trim(e.room);
    if (e.roomGiven && room.empty()) {
        room = "(unnamed room)";
        report.warn(e.where, "room with an empty name; shown as \"(unnamed room)\"");
    } else if (!e.roomGiven && !e.allDay) {
        report.warn(e.where, quoted(title) + " has no room; it shows in the agenda but on no room page");
    }
    if (!room.empty()) session.room = builder_.room(room);
    if (!trim(e.track).empty()) session.track = builder_.track(trim(e.track));
    Index s = builder_.addSession(std::move(session));

    Talk talk;
    talk.title = title;
    std::vector<std::string> parts;
    if (!trim(e.subtitle).empty()) parts.push_back(trim(decodeEntities(e.subtitle)));
    std::string abstract = htmlToText(e.abstract);
    std::string description = htmlToText(e.description);
    if (!abstract.empty()) parts.push_back(abstract);
    if (!description.empty() && description != abstract) parts.push_back(description);
    talk.abstract = joinParagraphs(parts);
    for (const ExportPerson& p : e.persons) {
        std::string name = trim(decodeEntities(p.name));
        if (name.empty()) continue;
        Index person = builder_.person(name);
        std::string bio = htmlToText(p.biography);
        if (!bio.empty() && builder_.program().people[person].bio.empty()) builder_.program().people[person].bio = bio;
        talk.speakers.push_back(person);
    }
    talk.links = std::move(e.links);
    builder_.addTalk(std::move(talk), s);
    ctx_.summary.events += 1;
    ctx_.summary.kept += 1;
}

}  // namespace hallboard::import
