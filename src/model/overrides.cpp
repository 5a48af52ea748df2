// See overrides.hpp.
#include "model/overrides.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>

#include "base/i18n.hpp"
#include "base/json_reader.hpp"
#include "model/scheduler.hpp"
#include "model/wording.hpp"
#include "base/text.hpp"

namespace hallboard {

namespace {

constexpr int kMaxLateMinutes = 12 * 60;

OverrideChange readChange(const Json& value, const std::string& path, Diagnostics& diags) {
    ObjectReader obj(value, path, diags);
    obj.ignore("comment");
    OverrideChange c;
    c.where = path;
    c.session = trim(obj.string("session"));
    c.talk = trim(obj.string("talk"));
    c.room = trim(obj.string("room"));
    c.at = trim(obj.string("at"));
    if (auto late = obj.integerIn("late_minutes", -kMaxLateMinutes, kMaxLateMinutes, "minutes"))
        c.lateMinutes = static_cast<int>(*late);
    c.moveTo = trim(obj.string("move_to"));
    if (auto cancelled = obj.boolean("cancelled")) c.cancelled = *cancelled;
    c.note = trim(obj.string("note"));
    obj.finish();

    int targets = !c.session.empty() + !c.talk.empty() + !c.room.empty();
    if (targets != 1 || (!c.room.empty() && c.at.empty()))
        throw InputError(path, "say what changed with one of \"session\" (id or title), \"talk\" (id or title), or "
                               "\"room\" with \"at\" (the session in that room at that time)");
    if (!c.at.empty() && c.room.empty()) throw InputError(path + "/at", "\"at\" goes with \"room\"");
    if (std::string year = yearProblem(c.at); !c.at.empty() && !year.empty()) throw InputError(path + "/at", year);
    if (!c.at.empty() && !parseTimestamp(c.at))
        throw InputError(path + "/at", "expected a time like \"2021-04-06T10:30\" (conference time), found \"" +
                                           excerpt(c.at) + "\"");
    if (!c.lateMinutes && c.moveTo.empty() && !c.cancelled && c.note.empty())
        throw InputError(path, "say what changed: \"late_minutes\", \"move_to\", \"cancelled\" or \"note\"");
    if (!c.moveTo.empty() && !c.talk.empty())
        throw InputError(path + "/move_to", "a talk moves with its session: move the session instead");
    return c;
}

// Text for visitors: trimmed, not empty when required, within its length.
std::string boundedText(ObjectReader& obj, std::string_view key, std::size_t max, bool required) {
    std::string text = trim(required ? obj.requiredString(key, "the words visitors read") : obj.string(key));
    if (required && text.empty()) throw InputError(obj.pathOf(key), "empty: say what visitors should know");
    if (text.size() > max)
        throw InputError(obj.pathOf(key), std::to_string(text.size()) + " bytes, more than the " + std::to_string(max) +
                                              " a sign can show; shorten it");
    return text;
}

AnnouncementEntry readAnnouncement(const Json& value, const std::string& path, Diagnostics& diags) {
    ObjectReader obj(value, path, diags);
    obj.ignore("comment");
    AnnouncementEntry a;
    a.where = path;
    a.title = boundedText(obj, "title", kMaxAnnouncementTitle, false);
    a.text = boundedText(obj, "text", kMaxAnnouncementText, true);
    if (auto urgent = obj.boolean("urgent")) a.urgent = *urgent;
    a.from = trim(obj.string("from"));
    a.until = trim(obj.string("until"));
    obj.finish();
    return a;
}

OverrideRoom readRoomState(const std::string& room, const Json& value, const std::string& path, Diagnostics& diags) {
    ObjectReader obj(value, path, diags);
    obj.ignore("comment");
    OverrideRoom r;
    r.where = path;
    r.room = trim(room);
    if (r.room.empty()) throw InputError(path, "a room's id or name, not an empty key");
    std::string state = trim(obj.requiredString("state", "\"full\", \"filling\" or \"open\""));
    auto occupancy = parseOccupancy(state);
    if (!occupancy)
        throw InputError(obj.pathOf("state"),
                         "expected \"full\", \"filling\" or \"open\", found \"" + excerpt(state) + "\"");
    r.occupancy = *occupancy;
    r.since = trim(obj.string("since"));
    obj.finish();
    if (std::string year = yearProblem(r.since); !r.since.empty() && !year.empty())
        throw InputError(path + "/since", year);
    if (!r.since.empty() && !parseTimestamp(r.since))
        throw InputError(path + "/since", "expected a time like \"2021-04-06T10:30\" (conference time), found \"" +
                                              excerpt(r.since) + "\"");
    return r;
}

// "rooms": {"<room id or name>": {"state": ..., "since": ...}}
void readRoomStates(ObjectReader& top, Overrides& o, Diagnostics& diags) {
    const Json* rooms = top.find("rooms");
    if (!rooms) return;
    if (!rooms->is_object())
        throw InputError("/rooms", "expected an object of rooms ({\"Hall B\": {\"state\": \"full\"}}), found " +
                                       std::string(jsonTypeName(*rooms)));
    if (rooms->size() > kMaxRoomStates)
        throw InputError("/rooms", std::to_string(rooms->size()) + " rooms, more than the " +
                                       std::to_string(kMaxRoomStates) + " the overrides file may name");
    for (const auto& [name, value] : rooms->items())
        o.rooms.push_back(readRoomState(name, value, "/rooms/" + pointerToken(name), diags));
}

Overrides readOverrides(const Json& root, Diagnostics& diags) {
    ObjectReader top(root, "", diags);
    top.ignore("$schema");
    top.ignore("comment");
    top.ignore("emergency");  // read apart (parseOverrides)
    std::string format = top.string("format", "hallboard-overrides");
    if (format != "hallboard-overrides")
        throw InputError("/format", "expected \"hallboard-overrides\", found \"" + excerpt(format) + "\"");
    if (auto version = top.number("version"); version && *version != 1)
        throw InputError("/version", "this Hallboard reads version 1 of the overrides format");
    Overrides o;
    const auto& changes = top.array("changes");
    for (std::size_t i = 0; i < changes.size(); ++i)
        o.changes.push_back(readChange(changes[i], "/changes/" + std::to_string(i), diags));
    if (top.find("announcements")) {
        const auto& list = top.array("announcements");
        if (list.size() > kMaxAnnouncements)
            throw InputError("/announcements", std::to_string(list.size()) + " announcements, more than the " +
                                                   std::to_string(kMaxAnnouncements) + " a sign can rotate through");
        for (std::size_t i = 0; i < list.size(); ++i)
            o.announcements.push_back(readAnnouncement(list[i], "/announcements/" + std::to_string(i), diags));
    }
    readRoomStates(top, o, diags);
    top.finish();
    return o;
}

// Sessions or talks whose id is `key`, else whose title is (case aside).
template <typename Item>
std::vector<Index> matching(const std::vector<Item>& items, const std::string& key) {
    std::vector<Index> out;
    for (Index i = 0; i < items.size(); ++i)
        if (items[i].id == key) out.push_back(i);
    if (!out.empty()) return out;
    for (Index i = 0; i < items.size(); ++i)
        if (iequalsAscii(trimView(items[i].title), key)) out.push_back(i);
    return out;
}

std::string roomList(const Program& p) {
    std::string out;
    for (std::size_t i = 0; i < p.rooms.size(); ++i) out += (i ? ", " : "") + p.rooms[i].name;
    return out.empty() ? "none" : out;
}

// A change resolved against the program, ready to apply.
struct Resolved {
    std::optional<Index> session, talk;
    std::optional<Index> moveTo;
    const OverrideChange* change = nullptr;
};

class Resolver {
public:
    Resolver(const Program& p, const std::string& file, std::vector<Diagnostic>& diags)
        : p_(p), file_(file), diags_(diags) {}

    std::optional<Resolved> resolve(const OverrideChange& c) {
        Resolved r;
        r.change = &c;
        if (!c.session.empty()) {
            auto found = matching(p_.sessions, c.session);
            if (!unique(found, c.where + "/session", "session", c.session)) return std::nullopt;
            r.session = found[0];
        } else if (!c.talk.empty()) {
            auto found = matching(p_.talks, c.talk);
            if (!unique(found, c.where + "/talk", "talk", c.talk)) return std::nullopt;
            r.talk = found[0];
            if (c.lateMinutes && !p_.talks[found[0]].session)
                return fail(c.where + "/late_minutes",
                            "the talk \"" + headline(p_.talks[found[0]]) + "\" has no time slot to be late for");
        } else {
            auto room = findRoom(p_, c.room);
            if (!room)
                return fail(c.where + "/room",
                            "no room \"" + excerpt(c.room) + "\" in the program (rooms: " + roomList(p_) + ")");
            Instant at = hallboard::resolve(*parseTimestamp(c.at), p_.conference.zone);
            r.session = sessionAt(*room, at);
            if (!r.session)
                return fail(c.where + "/at", "no session in " + p_.rooms[*room].name + " at " +
                                                 formatShortDate(localDay(p_.conference.zone, at)) + " " +
                                                 formatClock(p_.conference.zone, at));
        }
        if (!c.moveTo.empty()) {
            r.moveTo = findRoom(p_, c.moveTo);
            if (!r.moveTo)
                return fail(c.where + "/move_to",
                            "no room \"" + excerpt(c.moveTo) + "\" in the program (rooms: " + roomList(p_) + ")");
        }
        return r;
    }

private:
    // The session in `room` on at `at`, else the one starting then; the latest start wins.
    std::optional<Index> sessionAt(Index room, Instant at) const {
        std::optional<Index> best;
        for (Index s = 0; s < p_.sessions.size(); ++s) {
            const Session& session = p_.sessions[s];
            if (session.room != room || !(session.time.contains(at) || session.time.start == at)) continue;
            if (!best || session.time.start > p_.sessions[*best].time.start) best = s;
        }
        return best;
    }

    bool unique(const std::vector<Index>& found, const std::string& where, const char* what, const std::string& key) {
        if (found.size() == 1) return true;
        if (found.empty())
            fail(where, std::string("no ") + what + " with the id or title \"" + excerpt(key) + "\" in the program");
        else
            fail(where, std::to_string(found.size()) + " " + what + "s have the title \"" + excerpt(key) +
                            "\": use the id (hallboard check lists them)");
        return false;
    }

    std::nullopt_t fail(const std::string& where, std::string message) {
        diags_.push_back({Severity::error, file_, where, std::move(message)});
        return std::nullopt;
    }

    const Program& p_;
    const std::string& file_;
    std::vector<Diagnostic>& diags_;
};

void shift(TimeRange& range, Duration by) {
    range.start += by;
    range.end += by;
}

void apply(Program& p, const Resolved& r) {
    const OverrideChange& c = *r.change;
    Duration late = std::chrono::minutes{c.lateMinutes.value_or(0)};
    if (r.session) {
        Session& s = p.sessions[*r.session];
        if (late != Duration{}) {
            shift(s.time, late);
            for (Index t : s.talks) shift(p.talks[t].slot, late);
            s.change.late += late;
        }
        if (r.moveTo && *r.moveTo != s.room) {
            if (!s.change.movedFrom && s.room) s.change.movedFrom = s.room;
            s.room = r.moveTo;
            if (s.change.movedFrom == s.room) s.change.movedFrom.reset();  // moved back
        }
        s.change.cancelled = s.change.cancelled || c.cancelled;
        if (!c.note.empty()) s.change.note = c.note;
        return;
    }
    Talk& talk = p.talks[*r.talk];
    if (late != Duration{} && talk.session) {
        // This talk and every later one in its session move; the session ends later if
        // its last talk now runs past the end.
        Session& s = p.sessions[*talk.session];
        Instant from = talk.slot.start;
        for (Index t : s.talks) {
            Talk& other = p.talks[t];
            if (other.slot.start < from) continue;
            shift(other.slot, late);
            other.change.late += late;
            s.time.end = std::max(s.time.end, other.slot.end);
        }
    }
    talk.change.cancelled = talk.change.cancelled || c.cancelled;
    if (!c.note.empty()) talk.change.note = c.note;
}

// Each room's state resolved against the program: (room, state) pairs, else nothing,
// with an error naming the known rooms for each room that is not in it.
std::optional<std::vector<std::pair<Index, RoomState>>> resolveRoomStates(const Program& program,
                                                                          const Overrides& overrides,
                                                                          const std::string& fileName,
                                                                          std::vector<Diagnostic>& diagnostics) {
    bool ok = true;
    std::vector<std::pair<Index, RoomState>> states;
    for (const OverrideRoom& r : overrides.rooms) {
        auto room = findRoom(program, r.room);
        if (!room) {
            diagnostics.push_back(
                {Severity::error, fileName, r.where,
                 "no room \"" + excerpt(r.room) + "\" in the program (rooms: " + roomList(program) + ")"});
            ok = false;
            continue;
        }
        RoomState state{r.occupancy, std::nullopt};
        if (auto since = parseTimestamp(r.since)) state.since = hallboard::resolve(*since, program.conference.zone);
        states.emplace_back(*room, state);
    }
    if (!ok) return std::nullopt;
    return states;
}

}  // namespace

std::string_view occupancyName(Occupancy occupancy) {
    switch (occupancy) {
    case Occupancy::full: return "full";
    case Occupancy::filling: return "filling";
    case Occupancy::open: break;
    }
    return "open";
}

std::optional<Occupancy> parseOccupancy(std::string_view word) {
    for (Occupancy o : {Occupancy::open, Occupancy::filling, Occupancy::full})
        if (iequalsAscii(word, occupancyName(o))) return o;
    return std::nullopt;
}

OverridesLoad parseOverrides(std::string_view text, const std::string& fileName) {
    Diagnostics diags(fileName);
    OverridesLoad result;
    readJsonDocument(text, diags, [&](const Json& root) {
        // The emergency first and on its own: nothing else in the file can lose it.
        if (root.is_object())
            if (auto found = root.find("emergency"); found != root.end()) {
                std::vector<Diagnostic> said;
                result.emergency = readEmergency(*found, fileName, said);
                for (Diagnostic& d : said) diags.add(std::move(d));
            }
        result.emergencyKnown = root.is_object();
        result.overrides = readOverrides(root, diags);
    });
    result.diagnostics = diags.items();
    return result;
}

OverridesLoad loadOverridesFile(const std::string& path) {
    // Nothing at the path is normal (no changes today); anything else that cannot be
    // read (a directory, a dangling link, a FIFO, too large) is an error, never "none".
    FileRead read = readInputFile(path, InputKind::overrides);
    if (read.missing) {
        OverridesLoad none;
        none.overrides = Overrides{};
        none.emergencyKnown = true;
        none.diagnostics.push_back({Severity::note, path, "", "no overrides file: the program is shown as published"});
        return none;
    }
    if (!read.text) {
        OverridesLoad failed;
        failed.diagnostics.push_back({Severity::error, path, "", read.error});
        return failed;
    }
    return parseOverrides(*read.text, path);
}

bool applyOverrides(Program& program, const Overrides& overrides, const std::string& fileName,
                    std::vector<Diagnostic>& diagnostics) {
    Resolver resolver(program, fileName, diagnostics);
    std::vector<Resolved> resolved;
    bool ok = true;
    for (const OverrideChange& c : overrides.changes) {
        if (auto r = resolver.resolve(c))
            resolved.push_back(*r);
        else
            ok = false;
    }
    auto states = resolveRoomStates(program, overrides, fileName, diagnostics);
    ok = ok && states.has_value();
    // One change is at most 12 h late or early; several on the same session (or its
    // talks) must not add up past that either.
    std::map<Index, int> shifted;  // session -> minutes moved, early counted as well as late
    for (const Resolved& r : resolved) {
        const OverrideChange& c = *r.change;
        if (!c.lateMinutes) continue;
        std::optional<Index> session = r.session ? r.session : program.talks[*r.talk].session;
        if (!session) continue;
        int& total = shifted[*session];
        total += std::abs(*c.lateMinutes);
        if (total > kMaxLateMinutes) {
            diagnostics.push_back(
                {Severity::error, fileName, c.where + "/late_minutes",
                 "the changes to session \"" +
                     excerpt(program.sessions[*session].title.empty() ? program.sessions[*session].id
                                                                      : program.sessions[*session].title) +
                     "\" and its talks move it by " + std::to_string(total) + " minutes in all; at most " +
                     std::to_string(kMaxLateMinutes)});
            ok = false;
            break;
        }
    }
    if (!ok) return false;
    for (const Resolved& r : resolved) apply(program, r);
    for (const auto& [room, state] : *states) program.rooms[room].state = state;
    return true;
}

}  // namespace hallboard
