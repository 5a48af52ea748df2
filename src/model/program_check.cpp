// The meaning checks of a program: overlapping sessions in a room, talks outside their
// session, sessions on undeclared days, an empty program. See program_json.hpp.
#include <algorithm>
#include <numeric>

#include "base/json_reader.hpp"
#include "model/program_json.hpp"
#include "model/wording.hpp"
#include "base/text.hpp"

namespace hallboard {

namespace {

std::string sessionPath(Index s) {
    return "/sessions/" + std::to_string(s);
}

std::string sessionLabel(const Session& s) {
    return s.title.empty() ? "\"" + s.id + "\"" : "\"" + s.title + "\"";
}

void checkOverlaps(const Program& program, Diagnostics& diags) {
    const TimeZone& zone = program.conference.zone;
    std::vector<std::vector<Index>> byRoom(program.rooms.size());
    for (Index s = 0; s < program.sessions.size(); ++s)
        if (program.sessions[s].room) byRoom[*program.sessions[s].room].push_back(s);
    for (Index r = 0; r < byRoom.size(); ++r) {
        auto& list = byRoom[r];
        std::sort(list.begin(), list.end(),
                  [&](Index a, Index b) { return program.sessions[a].time.start < program.sessions[b].time.start; });
        // Compare each session with the one reaching furthest so far: catches a long
        // session that covers several later ones, with one warning per overlapped session.
        std::optional<Index> reach;
        for (Index s : list) {
            const Session& cur = program.sessions[s];
            if (reach && program.sessions[*reach].time.overlaps(cur.time)) {
                const Session& prev = program.sessions[*reach];
                Instant from = std::max(prev.time.start, cur.time.start);
                Instant to = std::min(prev.time.end, cur.time.end);
                diags.warn(sessionPath(s), "session " + sessionLabel(cur) + " overlaps " + sessionLabel(prev) + " (" +
                                               sessionPath(*reach) + ") in room \"" + program.rooms[r].name +
                                               "\" from " + formatClock(zone, from) + " to " + formatClock(zone, to));
            }
            if (!reach || cur.time.end > program.sessions[*reach].time.end) reach = s;
        }
    }
}

void checkTalkSlots(const Program& program, Diagnostics& diags) {
    const TimeZone& zone = program.conference.zone;
    for (Index s = 0; s < program.sessions.size(); ++s) {
        const Session& session = program.sessions[s];
        for (std::size_t k = 0; k < session.talks.size(); ++k) {
            const Talk& talk = program.talks[session.talks[k]];
            if (!talk.hasOwnSlot) continue;
            if (talk.slot.start < session.time.start || talk.slot.end > session.time.end)
                diags.warn(sessionPath(s) + "/talks/" + std::to_string(k),
                           "talk \"" + headline(talk) + "\" (" + formatClock(zone, talk.slot.start) + "-" +
                               formatClock(zone, talk.slot.end) + ") lies outside its session (" +
                               formatClock(zone, session.time.start) + "-" + formatClock(zone, session.time.end) + ")");
        }
    }
}

void checkDays(const Program& program, Diagnostics& diags) {
    if (program.days.empty()) return;
    for (Index s = 0; s < program.sessions.size(); ++s) {
        const Session& session = program.sessions[s];
        LocalDay day = conferenceDayOf(program.conference, session.time.start);
        bool declared = std::any_of(program.days.begin(), program.days.end(),
                                    [&](const ConferenceDay& d) { return d.date == day; });
        if (!declared)
            diags.warn(sessionPath(s) + "/start", "session " + sessionLabel(session) + " is on " + formatDate(day) +
                                                      ", which is not one of the listed days");
    }
}

// UTC is where an import that did not know the zone used to put a program; few venues
// keep it. Say what it means for the signs.
void checkZone(const Program& program, Diagnostics& diags) {
    const std::string& name = program.conference.zone.name();
    bool utcLike = (startsWith(name, "Etc/") || name.find('/') == std::string::npos) &&
                   name.find_first_of("+-") == std::string::npos;
    if (!utcLike || program.sessions.empty()) return;
    Instant first = program.sessions.front().time.start;
    if (program.conference.zone.utcOffset(first) != Duration{}) return;
    diags.warn(
        "/conference/time_zone",
        "the conference is in " + name +
            ": every sign shows UTC times. Unless the venue keeps UTC, each time "
            "on screen is off by the venue's offset; set time_zone to the venue's zone (e.g. \"Europe/Lisbon\"), "
            "or import again with --timezone");
}

}  // namespace

void checkProgram(const Program& program, Diagnostics& diags) {
    if (program.sessions.empty() && program.talks.empty())
        diags.warn("", "the program has no sessions and no talks; the kiosk will only show the conference name");
    checkZone(program, diags);
    checkOverlaps(program, diags);
    checkTalkSlots(program, diags);
    checkDays(program, diags);
}

// A talk's texts, each with its JSON pointer for the warning.
template <class Clean>
static void cleanTalkText(Talk& t, const std::string& at, Clean&& clean) {
    for (auto [field, name] : {std::pair{&t.id, "id"},
                               {&t.guid, "guid"},
                               {&t.title, "title"},
                               {&t.abstract, "abstract"},
                               {&t.note, "note"},
                               {&t.language, "language"},
                               {&t.change.note, "change_note"}})
        clean(*field, at + name);
    for (std::size_t k = 0; k < t.authors.size(); ++k) clean(t.authors[k], at + "authors/" + std::to_string(k));
    for (std::size_t k = 0; k < t.links.size(); ++k) {
        clean(t.links[k].kind, at + "links/" + std::to_string(k) + "/kind");
        clean(t.links[k].url, at + "links/" + std::to_string(k) + "/url");
    }
}

void cleanProgramText(Program& program, Diagnostics& diags) {
    std::size_t cleaned = 0;
    auto clean = [&](std::string& text, const std::string& path) {
        TextCleaning c = cleanText(text);
        if (c.changed() && ++cleaned <= kTextWarnings) diags.warn(path, c.describe());
    };
    auto each = [&](auto& items, const char* name, auto&& fields) {
        for (std::size_t i = 0; i < items.size(); ++i) {
            std::string at = std::string("/") + name + "/" + std::to_string(i) + "/";
            fields(items[i], at);
        }
    };
    Conference& c = program.conference;
    clean(c.name, "/conference/name");
    clean(c.shortName, "/conference/short_name");
    clean(c.venue, "/conference/venue");
    clean(c.url, "/conference/url");
    clean(c.logo, "/conference/logo");
    each(program.days, "days", [&](ConferenceDay& d, const std::string& at) { clean(d.name, at + "name"); });
    each(program.rooms, "rooms", [&](Room& r, const std::string& at) {
        clean(r.id, at + "id");
        clean(r.name, at + "name");
        clean(r.shortName, at + "short_name");
        clean(r.description, at + "description");
        clean(r.streamUrl, at + "stream_url");
    });
    each(program.tracks, "tracks", [&](Track& t, const std::string& at) {
        clean(t.id, at + "id");
        clean(t.name, at + "name");
    });
    each(program.people, "people", [&](Person& p, const std::string& at) {
        for (auto [field, name] : {std::pair{&p.id, "id"},
                                   {&p.name, "name"},
                                   {&p.affiliation, "affiliation"},
                                   {&p.bio, "bio"},
                                   {&p.photo, "photo"}})
            clean(*field, at + name);
    });
    each(program.sessions, "sessions", [&](Session& s, const std::string& at) {
        for (auto [field, name] : {std::pair{&s.id, "id"},
                                   {&s.title, "title"},
                                   {&s.description, "description"},
                                   {&s.language, "language"},
                                   {&s.change.note, "note"}})
            clean(*field, at + name);
    });
    each(program.talks, "talks", [&](Talk& t, const std::string& at) { cleanTalkText(t, at, clean); });
    each(program.awards, "awards", [&](Award& a, const std::string& at) {
        clean(a.id, at + "id");
        clean(a.name, at + "name");
        clean(a.note, at + "note");
    });
    if (cleaned > kTextWarnings)
        diags.warn("", std::to_string(cleaned - kTextWarnings) + " more texts had characters replaced or removed");
}

}  // namespace hallboard
