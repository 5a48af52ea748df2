// Reads a `hallboard-program` JSON document into a Program. See program_json.hpp.
#include <algorithm>
#include <filesystem>
#include <unordered_map>

#include "base/json_reader.hpp"
#include "model/language.hpp"
#include "model/program_json.hpp"
#include "model/wording.hpp"
#include "base/sha256.hpp"
#include "base/text.hpp"

namespace hallboard {

namespace {

// Sessions and talks: longer than a day is suspicious (a warning), longer than a month
// an error.
constexpr Duration kLongLength = std::chrono::hours{24};
constexpr Duration kMaxLength = std::chrono::hours{24 * 31};

// Interpretation into more languages than this is a typo or a list of every language.
constexpr std::size_t kMaxInterpretation = 8;

constexpr std::string_view kTimeHint = "a time like \"2021-04-06T09:30\" (conference time) or \"2021-04-06T16:30Z\"";

// id -> index for one kind of thing, with lookup by display name as a fallback so a
// hand-written `"room": "Exhibit Hall A"` finds the room whose id is "hall-a".
class IdTable {
public:
    explicit IdTable(std::string_view kind) : kind_(kind) {}
    // Registers `id`, renaming a duplicate ("poster-2") so every entry stays addressable.
    void add(std::string& id, const std::string& name, Index index, const std::string& path, Diagnostics& diags) {
        const std::string_view kind = kind_;
        std::string original = id;
        id = ids_.claim(original);  // linear: 20,000 duplicates of one id cost 40,000 look-ups
        if (id != original) {
            diags.warn(path + "/id", "duplicate " + std::string(kind) + " id \"" + excerpt(original) +
                                         "\"; this one is kept as \"" + id + "\" and references to \"" +
                                         excerpt(original) + "\" mean the first");
        }
        byId_.emplace(id, index);
        if (!name.empty()) byName_.emplace(name, index);
    }
    std::optional<Index> find(const std::string& ref) const {
        if (auto it = byId_.find(ref); it != byId_.end()) return it->second;
        if (auto it = byName_.find(ref); it != byName_.end()) return it->second;
        return std::nullopt;
    }
    bool hasId(const std::string& id) const { return byId_.count(id) != 0; }

private:
    std::string_view kind_;  // "room", "talk": for the warning
    std::unordered_map<std::string, Index> byId_;
    std::unordered_map<std::string, Index> byName_;
    UniqueIds ids_;
};

class ProgramReader {
public:
    ProgramReader(Diagnostics& diags) : diags_(diags) {}

    Program read(const Json& root) {
        ObjectReader top(root, "", diags_);
        checkFormat(top, root);
        top.ignore("$schema");
        top.ignore("comment");

        const Json* conference = top.find("conference");
        if (!conference) throw InputError("/conference", "missing: the conference object (name, time_zone, ...)");
        readConference(*conference);
        readDays(top.array("days"));
        readRooms(top.array("rooms"));
        readTracks(top.array("tracks"));
        readPeople(top.array("people"));
        const auto& sessions = top.array("sessions");
        for (std::size_t i = 0; i < sessions.size(); ++i) readSession(sessions[i], "/sessions/" + std::to_string(i));
        const auto& talks = top.array("talks");
        for (std::size_t i = 0; i < talks.size(); ++i) readTalk(talks[i], "/talks/" + std::to_string(i), std::nullopt);
        const auto& awards = top.array("awards");
        for (std::size_t i = 0; i < awards.size(); ++i) readAward(awards[i], "/awards/" + std::to_string(i));
        readRoomsOrder(top.array("rooms_order"));
        top.finish();

        assignTalkSlots(program_);
        return std::move(program_);
    }

private:
    void checkFormat(ObjectReader& top, const Json& root) {
        if (root.contains("schedule") && !root.contains("format"))
            throw InputError("/", "this is a frab/pretalx schedule.json, not a Hallboard program; convert it with "
                                  "\"hallboard import FILE -o program.json\"");
        std::string format = top.string("format");
        if (format.empty()) {
            diags_.warn("/format", "missing \"format\": \"hallboard-program\"; reading it as one");
        } else if (format != "hallboard-program") {
            throw InputError("/format", "expected \"hallboard-program\", found \"" + excerpt(format) + "\"");
        }
        auto version = top.number("version");
        if (!version) {
            diags_.warn("/version", "missing \"version\"; reading it as version 1");
        } else if (*version > Program::kFormatVersion) {
            // Quoted as written, never cast: 1e308 is a double no int can hold.
            throw InputError("/version", "this file is format version " + excerpt(top.find("version")->dump(), 40) +
                                             ", newer than this Hallboard reads (" +
                                             std::to_string(Program::kFormatVersion) + "); update Hallboard");
        } else {
            top.integerIn("version", 1, Program::kFormatVersion);
        }
    }

    std::optional<Color> readColor(ObjectReader& obj, std::string_view key) {
        std::string text = obj.string(key);
        if (text.empty()) return std::nullopt;
        auto color = Color::parse(text);
        if (!color)
            diags_.warn(obj.pathOf(key),
                        "expected a colour like \"#1b3a6b\", found \"" + excerpt(text) + "\"; ignored");
        return color;
    }

    void readConference(const Json& value) {
        ObjectReader obj(value, "/conference", diags_);
        Conference& c = program_.conference;
        c.name = obj.string("name");
        c.shortName = obj.string("short_name");
        if (c.name.empty() && c.shortName.empty()) diags_.warn("/conference/name", "the conference has no name");
        c.venue = obj.string("venue");
        c.url = obj.string("url");
        c.logo = obj.string("logo");
        std::string zone = obj.requiredString("time_zone", "an IANA time zone such as \"America/Los_Angeles\"");
        auto tz = TimeZone::find(zone);
        if (!tz)
            throw InputError("/conference/time_zone", "unknown time zone \"" + excerpt(zone) +
                                                          "\" (expected an IANA name such as \"Europe/Berlin\")");
        c.zone = *tz;
        if (std::string change = obj.string("day_change"); !change.empty()) {
            auto d = parseDuration(change);
            if (!d || *d >= std::chrono::hours{24})
                throw InputError("/conference/day_change",
                                 "expected a time of day like \"05:00\", found \"" + excerpt(change) + "\"");
            c.dayChange = *d;
        }
        if (const Json* colors = obj.find("colors")) {
            ObjectReader col(*colors, "/conference/colors", diags_);
            c.primary = readColor(col, "primary");
            c.accent = readColor(col, "accent");
            col.finish();
        }
        obj.finish();
    }

    void readDays(const Json::array_t& days) {
        for (std::size_t i = 0; i < days.size(); ++i) {
            std::string path = "/days/" + std::to_string(i);
            ObjectReader obj(days[i], path, diags_);
            std::string text = obj.requiredString("date", "a date like \"2021-04-06\"");
            auto day = parseDate(text);
            if (std::string year = yearProblem(text); !day && !year.empty()) throw InputError(path + "/date", year);
            if (!day)
                throw InputError(path + "/date",
                                 "expected a date like \"2021-04-06\", found \"" + excerpt(text) + "\"");
            program_.days.push_back({*day, obj.string("name")});
            obj.finish();
        }
    }

    void readRooms(const Json::array_t& rooms) {
        for (std::size_t i = 0; i < rooms.size(); ++i) {
            std::string path = "/rooms/" + std::to_string(i);
            ObjectReader obj(rooms[i], path, diags_);
            Room room;
            room.name = obj.string("name");
            room.id = obj.string("id", room.name);
            if (room.id.empty()) throw InputError(path, "a room needs an id or a name");
            if (room.name.empty()) room.name = room.id;
            room.shortName = obj.string("short_name");
            if (auto seats = obj.integerIn("capacity", 1, Room::kMaxCapacity, "seats"))
                room.capacity = static_cast<int>(*seats);
            room.description = boundedText(obj, "description", Room::kMaxDescription);
            room.streamUrl = readWebAddress(obj, "stream_url");
            roomIds_.add(room.id, room.name, static_cast<Index>(program_.rooms.size()), path, diags_);
            program_.rooms.push_back(std::move(room));
            obj.finish();
        }
    }

    // Text for visitors up to `max` bytes; longer is a warning and cut at a character.
    std::string boundedText(ObjectReader& obj, std::string_view key, std::size_t max) {
        std::string text = trim(obj.string(key));
        if (text.size() <= max) return text;
        diags_.warn(obj.pathOf(key), std::to_string(text.size()) + " bytes, more than the " + std::to_string(max) +
                                         " a sign shows; cut");
        std::size_t cut = max;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
        return trim(text.substr(0, cut)) + "…";
    }

    // An http:// or https:// address with no spaces or controls, up to Room::kMaxUrl
    // bytes; anything else is a warning and left out (a QR code carries it).
    std::string readWebAddress(ObjectReader& obj, std::string_view key) {
        std::string url = trim(obj.string(key));
        if (url.empty()) return url;
        std::string why = webAddressProblem(url, Room::kMaxUrl);
        if (why.empty()) return url;
        diags_.warn(obj.pathOf(key), why + ", found \"" + excerpt(url) + "\"; left out");
        return {};
    }

    // "rooms_order": ["Main Hall", "hall-b", ...]: these rooms first, in this order, the
    // others after them as listed. Every screen and list shows rooms in that order.
    void readRoomsOrder(const Json::array_t& names) {
        if (names.empty()) return;
        std::vector<Index> order;
        std::vector<bool> placed(program_.rooms.size(), false);
        for (std::size_t i = 0; i < names.size(); ++i) {
            std::string path = "/rooms_order/" + std::to_string(i);
            if (!names[i].is_string())
                throw InputError(path, "expected a room's id or name, found " + std::string(jsonTypeName(names[i])));
            std::string ref = names[i].get<std::string>();
            auto index = roomIds_.find(ref);
            if (!index) {
                diags_.warn(path, "no room \"" + excerpt(ref) + "\" in /rooms; left out of the order");
                continue;
            }
            if (placed[*index]) {
                diags_.warn(path, "room \"" + excerpt(ref) + "\" named twice; its first place kept");
                continue;
            }
            placed[*index] = true;
            order.push_back(*index);
        }
        for (std::size_t i = 0; i < placed.size(); ++i)
            if (!placed[i]) order.push_back(static_cast<Index>(i));
        reorderRooms(program_, order);
    }

    void readTracks(const Json::array_t& tracks) {
        for (std::size_t i = 0; i < tracks.size(); ++i) {
            std::string path = "/tracks/" + std::to_string(i);
            ObjectReader obj(tracks[i], path, diags_);
            Track track;
            track.name = obj.string("name");
            track.id = obj.string("id", track.name);
            if (track.id.empty()) throw InputError(path, "a track needs an id or a name");
            if (track.name.empty()) track.name = track.id;
            track.color = readColor(obj, "color");
            trackIds_.add(track.id, track.name, static_cast<Index>(program_.tracks.size()), path, diags_);
            program_.tracks.push_back(std::move(track));
            obj.finish();
        }
    }

    void readPeople(const Json::array_t& people) {
        for (std::size_t i = 0; i < people.size(); ++i) {
            std::string path = "/people/" + std::to_string(i);
            ObjectReader obj(people[i], path, diags_);
            Person person;
            person.name = obj.requiredString("name", "the person's name");
            person.id = obj.string("id", slugify(person.name));
            person.affiliation = obj.string("affiliation");
            person.bio = obj.string("bio");
            person.photo = obj.string("photo");
            personIds_.add(person.id, person.name, static_cast<Index>(program_.people.size()), path, diags_);
            program_.people.push_back(std::move(person));
            obj.finish();
        }
    }

    Index resolveRoom(const std::string& ref, const std::string& path) {
        if (auto index = roomIds_.find(ref)) return *index;
        // Keep the session: an unlisted room is most likely a room the organiser forgot to list.
        diags_.warn(path, "unknown room \"" + excerpt(ref) + "\"; added it to the rooms");
        Room room;
        room.id = ref;
        room.name = ref;
        auto index = static_cast<Index>(program_.rooms.size());
        roomIds_.add(room.id, room.name, index, path, diags_);
        program_.rooms.push_back(std::move(room));
        return index;
    }

    std::optional<Index> resolveTrack(const std::string& ref, const std::string& path) {
        if (ref.empty()) return std::nullopt;
        if (auto index = trackIds_.find(ref)) return index;
        diags_.warn(path, "unknown track \"" + excerpt(ref) + "\"; shown without a track");
        return std::nullopt;
    }

    std::vector<Index> resolvePeople(const std::vector<std::string>& refs, const std::string& path) {
        std::vector<Index> out;
        for (std::size_t i = 0; i < refs.size(); ++i) {
            const std::string& ref = refs[i];
            if (auto index = personIds_.find(ref)) {
                out.push_back(*index);
                continue;
            }
            diags_.warn(path + "/" + std::to_string(i),
                        "unknown person \"" + excerpt(ref) + "\"; added to the people with that name and no bio");
            Person person;
            person.name = ref;
            person.id = slugify(ref);
            auto index = static_cast<Index>(program_.people.size());
            personIds_.add(person.id, person.name, index, path, diags_);
            program_.people.push_back(std::move(person));
            out.push_back(index);
        }
        return out;
    }

    std::optional<Instant> readTime(ObjectReader& obj, std::string_view key) {
        std::string text = obj.string(key);
        if (text.empty()) return std::nullopt;
        auto parsed = parseTimestamp(text);
        if (std::string year = yearProblem(text); !parsed && !year.empty()) throw InputError(obj.pathOf(key), year);
        if (!parsed)
            throw InputError(obj.pathOf(key),
                             "expected " + std::string(kTimeHint) + ", found \"" + excerpt(text) + "\"");
        WallTimeFit fit = WallTimeFit::exact;
        const TimeZone& zone = program_.conference.zone;
        Instant t = resolve(*parsed, zone, &fit);
        if (fit == WallTimeFit::ambiguous)
            diags_.warn(obj.pathOf(key), "\"" + text + "\" happens twice in " + zone.name() +
                                             " (clocks go back); took the first, " + formatIso(zone, t) +
                                             ". Write the offset to choose");
        if (fit == WallTimeFit::nonexistent)
            diags_.warn(obj.pathOf(key), "\"" + text + "\" does not exist in " + zone.name() +
                                             " (clocks go forward); read as " + formatIso(zone, t));
        return t;
    }

    // start plus end or duration; `what` names the thing for messages.
    std::optional<TimeRange> readRange(ObjectReader& obj, bool required, std::string_view what) {
        auto start = readTime(obj, "start");
        auto end = readTime(obj, "end");
        std::string durationText = obj.string("duration");
        if (!start) {
            if (required) throw InputError(obj.pathOf("start"), "missing: " + std::string(kTimeHint));
            if (end || !durationText.empty())
                diags_.warn(obj.path(), std::string(what) + " has an end or duration but no start; times ignored");
            return std::nullopt;
        }
        if (!end && !durationText.empty()) {
            auto d = parseDuration(durationText);
            if (!d && durationText.find_first_not_of("0123456789: ") == std::string::npos)
                throw InputError(obj.pathOf("duration"), "\"" + excerpt(durationText) +
                                                             "\" is too long: " + std::string(what) +
                                                             "s last at most " + formatDuration(kMaxLength));
            if (!d)
                throw InputError(obj.pathOf("duration"),
                                 "expected a duration like \"01:30\", found \"" + excerpt(durationText) + "\"");
            end = *start + *d;
        }
        if (!end) {
            diags_.warn(obj.path(), std::string(what) + " has a start but no end or duration; assuming 60 min");
            end = *start + std::chrono::hours{1};
        } else if (*end <= *start) {
            diags_.warn(obj.pathOf("end"), std::string(what) + " ends at or before its start (" +
                                               formatWallTime(program_.conference.zone, *end) + "); assuming 60 min");
            end = *start + std::chrono::hours{1};
        }
        // A ten-year session is a typo in a date; a session of some days may be meant
        // (an exhibition), but is worth a look.
        std::string lengthKey = durationText.empty() ? "end" : "duration";
        if (*end - *start > kMaxLength)
            throw InputError(obj.pathOf(lengthKey), std::string(what) + " lasts " + formatDuration(*end - *start) +
                                                        "; a " + std::string(what) + " lasts at most " +
                                                        formatDuration(kMaxLength) + " (is a date wrong?)");
        if (*end - *start > kLongLength)
            diags_.warn(obj.pathOf(lengthKey), std::string(what) + " lasts " + formatDuration(*end - *start) +
                                                   ", more than " + formatDuration(kLongLength) + ": is a date wrong?");
        return TimeRange{*start, *end};
    }

    void readSession(const Json& value, const std::string& path) {
        ObjectReader obj(value, path, diags_);
        Session session;
        session.title = obj.string("title");
        auto index = static_cast<Index>(program_.sessions.size());
        session.id = obj.string("id", "session-" + std::to_string(index + 1));
        std::string kind = obj.string("kind", "other");
        if (auto k = parseSessionKind(kind)) {
            session.kind = *k;
        } else {
            diags_.warn(obj.pathOf("kind"), "unknown session kind \"" + excerpt(kind) +
                                                "\"; expected keynote, invited, oral, poster, workshop, tutorial, "
                                                "panel, break, social, opening, closing or other");
        }
        if (session.title.empty() && session.kind == SessionKind::other)
            diags_.warn(obj.pathOf("title"), "session has no title");
        session.description = obj.string("description");
        session.time = *readRange(obj, true, "session");
        if (std::string room = obj.string("room"); !room.empty()) {
            session.room = resolveRoom(room, obj.pathOf("room"));
        } else {
            diags_.warn(obj.pathOf("room"), "session has no room; it is shown in the programme but not on room pages");
        }
        session.track = resolveTrack(obj.string("track"), obj.pathOf("track"));
        session.language = readLanguage(obj);
        session.chairs = resolvePeople(obj.stringList("chairs"), obj.pathOf("chairs"));
        readCancelled(obj, session.change);
        sessionIds_.add(session.id, {}, index, path, diags_);
        program_.sessions.push_back(std::move(session));

        const auto& talks = obj.array("talks");
        for (std::size_t i = 0; i < talks.size(); ++i) readTalk(talks[i], path + "/talks/" + std::to_string(i), index);
        obj.finish();
    }

    // A BCP 47 tag in conventional case; a malformed one is a warning and left out.
    std::string readLanguage(ObjectReader& obj) {
        std::string text = trim(obj.string("language"));
        if (text.empty()) return {};
        if (auto tag = normalizeLanguageTag(text)) return *tag;
        diags_.warn(obj.pathOf("language"), "\"" + excerpt(text) +
                                                "\" is not a language tag like \"en\", \"de\" or "
                                                "\"pt-BR\" (BCP 47); shown without a language");
        return {};
    }

    // The program's own "cancelled": true (an export's CANCELED or WITHDRAWN): cancelled on
    // every sign as if the overrides said so, and listed on the changes page as the program's.
    static void readCancelled(ObjectReader& obj, DayChange& change) {
        if (!obj.boolean("cancelled").value_or(false)) return;
        change.cancelled = true;
        change.cancelledInProgram = true;
    }

    // Recording, streaming, interpretation and captions (C3VOC's do_not_record and
    // do_not_stream by their names).
    void readAccess(ObjectReader& obj, Talk& talk) {
        talk.doNotRecord = obj.boolean("do_not_record").value_or(false);
        talk.doNotStream = obj.boolean("do_not_stream").value_or(false);
        talk.captions = obj.boolean("captions").value_or(false);
        std::vector<std::string> tags = obj.stringList("interpretation");
        for (std::size_t i = 0; i < tags.size() && talk.interpretation.size() < kMaxInterpretation; ++i) {
            std::string path = obj.pathOf("interpretation") + "/" + std::to_string(i);
            auto tag = normalizeLanguageTag(trim(tags[i]));
            if (!tag)
                diags_.warn(path, "\"" + excerpt(tags[i]) + "\" is not a language tag like \"en\" or \"de\"; left out");
            else if (std::find(talk.interpretation.begin(), talk.interpretation.end(), *tag) ==
                     talk.interpretation.end())
                talk.interpretation.push_back(*tag);
        }
        if (tags.size() > kMaxInterpretation)
            diags_.warn(obj.pathOf("interpretation"), std::to_string(tags.size()) + " languages; the first " +
                                                          std::to_string(kMaxInterpretation) + " are kept");
    }

    void readLinks(ObjectReader& obj, Talk& talk) {
        const auto& links = obj.array("links");
        for (std::size_t i = 0; i < links.size(); ++i) {
            std::string path = obj.pathOf("links") + "/" + std::to_string(i);
            if (links[i].is_string()) {  // a bare URL
                talk.links.push_back({"web", links[i].get<std::string>()});
                continue;
            }
            ObjectReader link(links[i], path, diags_);
            Link l;
            l.kind = link.string("kind", "web");
            l.url = link.requiredString("url", "the link's address");
            talk.links.push_back(std::move(l));
            link.finish();
        }
    }

    void readTalk(const Json& value, const std::string& path, std::optional<Index> session) {
        ObjectReader obj(value, path, diags_);
        Talk talk;
        auto index = static_cast<Index>(program_.talks.size());
        talk.id = obj.string("id", "talk-" + std::to_string(index + 1));
        talk.guid = obj.string("guid");
        talk.title = obj.string("title");
        talk.authors = obj.stringList("authors");
        talk.speakers = resolvePeople(obj.stringList("speakers"), obj.pathOf("speakers"));
        talk.abstract = obj.string("abstract");
        talk.note = obj.string("note");
        readLinks(obj, talk);
        talk.track = resolveTrack(obj.string("track"), obj.pathOf("track"));
        talk.language = readLanguage(obj);
        readAccess(obj, talk);
        readCancelled(obj, talk.change);
        talk.session = session;
        if (auto range = readRange(obj, false, "talk")) {
            if (session) {
                talk.slot = *range;
                talk.hasOwnSlot = true;
            } else {
                diags_.warn(path, "a talk outside any session cannot have its own times; list it in a session");
            }
        }
        if (talk.title.empty())
            diags_.warn(obj.pathOf("title"), "talk has no title; shown as \"" + headline(talk) + "\"");
        talkIds_.add(talk.id, {}, index, path, diags_);
        if (session) program_.sessions[*session].talks.push_back(index);
        program_.talks.push_back(std::move(talk));
        obj.finish();
    }

    void readAward(const Json& value, const std::string& path) {
        ObjectReader obj(value, path, diags_);
        Award award;
        award.name = obj.requiredString("name", "the award's name");
        award.id = obj.string("id", slugify(award.name) + "-" + std::to_string(program_.awards.size() + 1));
        award.note = obj.string("note");
        if (std::string room = obj.string("room"); !room.empty()) award.room = resolveRoom(room, obj.pathOf("room"));
        std::string talk = obj.requiredString("talk", "the id of the talk that won it");
        obj.finish();
        auto index = talkIds_.find(talk);
        if (!index) {
            diags_.warn(obj.pathOf("talk"),
                        "award \"" + excerpt(award.name) + "\" names unknown talk \"" + excerpt(talk) + "\"; left out");
            return;
        }
        award.talk = *index;
        program_.awards.push_back(std::move(award));
    }

    Diagnostics& diags_;
    Program program_;
    IdTable roomIds_{"room"}, trackIds_{"track"}, personIds_{"person"}, sessionIds_{"session"}, talkIds_{"talk"};
};

void checkFilesExist(const Program& program, const std::string& baseDir, Diagnostics& diags) {
    namespace fs = std::filesystem;
    auto missing = [&](const std::string& rel) {
        if (rel.empty()) return false;
        std::error_code ec;
        fs::path p = fs::path(rel).is_absolute() ? fs::path(rel) : fs::path(baseDir) / rel;
        return !fs::is_regular_file(p, ec);
    };
    if (missing(program.conference.logo))
        diags.warn("/conference/logo",
                   "logo file \"" + excerpt(program.conference.logo) + "\" not found; the name is shown instead");
    for (std::size_t i = 0; i < program.people.size(); ++i) {
        const Person& p = program.people[i];
        if (missing(p.photo))
            diags.warn("/people/" + std::to_string(i) + "/photo",
                       "photo \"" + excerpt(p.photo) + "\" of " + p.name + " not found; initials are shown instead");
    }
}

}  // namespace

std::size_t ProgramLoad::warnings() const {
    std::size_t n = 0;
    for (const auto& d : diagnostics) n += d.severity == Severity::warning;
    return n;
}

std::size_t ProgramLoad::errors() const {
    std::size_t n = 0;
    for (const auto& d : diagnostics) n += d.severity == Severity::error;
    return n;
}

// Measured with bench/bench_limits.cpp (docs/program-format.md, "Limits").
const std::size_t kMaxTalks = 25000;
const std::size_t kMaxSessions = 25000;
const std::size_t kMaxPeople = 50000;

namespace {

// Why a program is too large for a kiosk to hold, counted in the document before anything
// is built from it; empty when it fits.
std::string tooLargeForMemory(const Json& root) {
    if (!root.is_object()) return {};
    auto size = [](const Json& o, const char* key) -> std::size_t {
        auto it = o.find(key);
        return it != o.end() && it->is_array() ? it->size() : 0;
    };
    std::size_t talks = size(root, "talks"), sessions = size(root, "sessions"), people = size(root, "people");
    if (auto it = root.find("sessions"); it != root.end() && it->is_array())
        for (const Json& s : *it)
            if (s.is_object()) talks += size(s, "talks");
    auto over = [](std::size_t n, std::size_t limit, const char* what) {
        return "the program has " + std::to_string(n) + " " + what + ", more than the " + std::to_string(limit) +
               " a kiosk holds within its memory budget (the unit's MemoryMax=512M); split the program, or leave "
               "out what this kiosk does not show";
    };
    if (talks > kMaxTalks) return over(talks, kMaxTalks, "talks");
    if (sessions > kMaxSessions) return over(sessions, kMaxSessions, "sessions");
    if (people > kMaxPeople) return over(people, kMaxPeople, "people");
    return {};
}

}  // namespace

ProgramLoad parseProgram(std::string_view text, const std::string& fileName, const std::string& baseDir) {
    Diagnostics diags(fileName);
    ProgramLoad result;
    readJsonDocument(text, diags, [&](const Json& root) {
        if (std::string why = tooLargeForMemory(root); !why.empty()) throw InputError("", why);
        ProgramReader reader(diags);
        Program program = reader.read(root);
        program.baseDir = baseDir;
        checkProgram(program, diags);
        if (!baseDir.empty()) checkFilesExist(program, baseDir, diags);
        result.program = std::move(program);
    });
    result.diagnostics = diags.items();
    result.sha256 = sha256Hex(text);
    return result;
}

ProgramLoad loadProgramFile(const std::string& path) {
    return loadJsonFile<ProgramLoad>(path, InputKind::program, [&](const std::string& text, const std::string& folder) {
        return parseProgram(text, path, folder);
    });
}

}  // namespace hallboard
