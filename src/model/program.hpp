// The conference program: what Hallboard shows. Plain data, loaded once and then read
// only. Cross references are indices into the program's own vectors, resolved at load
// time, so nothing downstream looks anything up by string.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.hpp"

namespace hallboard {

using Index = std::uint32_t;

struct Color {
    std::uint8_t r = 0, g = 0, b = 0;

    static std::optional<Color> parse(std::string_view hex);  // "#1b3a6b" or "#fa0"
    std::string hex() const;
    bool operator==(const Color&) const = default;
};

struct Link {
    std::string kind;  // paper, pdf, arxiv, slides, video, code, web, doi
    std::string url;
};

struct Person {
    std::string id;
    std::string name;
    std::string affiliation;
    std::string bio;
    std::string photo;  // path relative to the program file, may be empty
};

// How full a room is, from the overrides file (`rooms`): a steward at the door says so
// and every sign offers where else to go. Not part of the program file.
enum class Occupancy { open, filling, full };
struct RoomState {
    Occupancy occupancy = Occupancy::open;
    std::optional<Instant> since;  // when the steward said so, if they did
};

struct Room {
    std::string id;
    std::string name;
    // What a narrow column shows in its place ("Freiwurst" for "Assembly:Freiwurst");
    // empty: the name.
    std::string shortName;
    std::optional<int> capacity;  // seats, when the export says (orders rooms by size): 1 to kMaxCapacity
    std::string description;      // a few words for visitors: "Level +2, by the lifts"
    std::string streamUrl;        // the room's live stream, an http(s) address; empty: none
    RoomState state;              // from the overrides file: full, filling up (not part of the program file)

    static constexpr int kMaxCapacity = 100000;
    static constexpr std::size_t kMaxDescription = 600;  // bytes
    static constexpr std::size_t kMaxUrl = 2000;         // bytes
};

struct Track {
    std::string id;
    std::string name;
    std::optional<Color> color;
};

enum class SessionKind {
    keynote,
    invited,
    oral,
    poster,
    workshop,
    tutorial,
    panel,
    break_,
    social,
    opening,
    closing,
    other,
};

std::string_view toString(SessionKind kind);
std::optional<SessionKind> parseSessionKind(std::string_view text);
bool isPause(SessionKind kind);  // breaks and socials: no talks expected

// What changed on the day, from the overrides file (model/overrides.hpp), and the
// program's own cancellations. Only `cancelledInProgram` is part of the program file
// (`"cancelled": true`); the times and room around it already include the change; this
// says what to tell visitors.
struct DayChange {
    Duration late{};                 // running this much late (the times are already moved)
    std::optional<Index> movedFrom;  // the room it was planned in (it is now in `room`)
    bool cancelled = false;
    bool cancelledInProgram = false;  // the program says so itself (an export's CANCELED); `cancelled` too
    std::string note;                 // the organisers' words: "speaker ill"

    bool any() const { return late != Duration{} || movedFrom || cancelled || !note.empty(); }
};

struct Session {
    std::string id;
    std::string title;
    std::string description;
    SessionKind kind = SessionKind::other;
    TimeRange time;
    std::optional<Index> room;
    std::optional<Index> track;
    std::string language;       // BCP 47 tag in conventional case ("en", "pt-BR"); empty: not given
    std::vector<Index> chairs;  // people
    std::vector<Index> talks;   // in running order
    DayChange change;
};

struct Talk {
    std::string id;
    std::string guid;                  // the export's own id (frab/pretalx guid, iCalendar UID): merges inputs
    std::string title;                 // may be empty: use headline() (model/wording.hpp)
    std::vector<std::string> authors;  // as printed, for papers
    std::vector<Index> speakers;       // people who present
    std::string abstract;
    std::string note;  // publication remarks: "14 pages. Appears in UIST'20"
    std::vector<Link> links;
    std::optional<Index> session;  // none for accepted papers without a slot
    std::optional<Index> track;    // own track; falls back to the session's
    std::string language;          // BCP 47 tag (model/language.hpp); empty: the session's
    bool hasOwnSlot = false;       // times came from the file, not from sharing the session
    // What the recording crew and the access team know (C3VOC's `do_not_record` and
    // `do_not_stream`): said on the talk's page, and "not recorded" on now & next.
    bool doNotRecord = false;
    bool doNotStream = false;
    std::vector<std::string> interpretation;  // BCP 47 tags of the languages it is interpreted into
    bool captions = false;                    // live captions on a screen in the room
    TimeRange slot;                           // meaningful when `session` is set
    DayChange change;                         // never movedFrom: talks move with their session
};

struct Award {
    std::string id;
    std::string name;
    Index talk = 0;
    std::string note;
    std::optional<Index> room;  // where it is presented, when the talk has no session
};

struct ConferenceDay {
    LocalDay date;
    std::string name;  // optional: "Tutorials", "Main conference"
};

struct Conference {
    std::string name;
    std::string shortName;
    std::string venue;
    std::string url;
    std::string logo;  // path relative to the program file
    TimeZone zone = TimeZone::utc();
    // Local time at which one conference day hands over to the next. Talks at 01:00
    // belong to the evening before when this is later than 01:00.
    Duration dayChange = std::chrono::hours{5};
    std::optional<Color> primary;
    std::optional<Color> accent;
};

struct Program {
    static constexpr int kFormatVersion = 1;

    Conference conference;
    std::vector<ConferenceDay> days;  // declared days; the scheduler adds days that have sessions
    std::vector<Room> rooms;
    std::vector<Track> tracks;
    std::vector<Person> people;
    std::vector<Session> sessions;
    std::vector<Talk> talks;  // every talk; scheduled ones are listed by their session
    std::vector<Award> awards;

    // Not part of the file: where relative photo and logo paths start (set by the loader).
    std::string baseDir;

    const std::string& displayName() const;  // short name if set, else name
};

// What a narrow place shows for a room whose name does not fit: its short_name, else
// its name without the prefix it shares with other rooms ("Assembly:Freiwurst" ->
// "Freiwurst" when "Assembly:Anarchist Bakery" is a room too), else its name.
std::string roomShortName(const Program& program, Index room);

// Puts the rooms in `order` (every room's index once) and renumbers every reference to
// them (sessions, awards).
void reorderRooms(Program& program, const std::vector<Index>& order);

// Rooms by size: capacity (largest first, unknown after known), then how many sessions
// and talks they hold, then their current order. `last`: rooms to put at the end in
// any case (an importer's "(unnamed room)").
std::vector<Index> roomsBySize(const Program& program, const std::vector<Index>& last = {});

// The conference day an instant belongs to: its local date, counted from dayChange,
// so 01:30 after a party belongs to the day that began the evening before.
LocalDay conferenceDayOf(const Conference& conference, Instant t);

// "Ada Lovelace, Charles Babbage et al.": names of people, cut after maxNames (0: all).
std::string peopleLine(const Program& program, const std::vector<Index>& people, std::size_t maxNames = 0);

// The speakers, or else the authors, as one line.
std::string authorLine(const Program& program, const Talk& talk, std::size_t maxNames = 0);

// The track a talk shows in: its own or its session's.
std::optional<Index> effectiveTrack(const Program& program, const Talk& talk);

// Why `url` is not an address a sign may show or put in a QR code: longer than `max`
// bytes, not http:// or https:// with a host, or with a space, a control character or a
// backslash in it. Empty when it is fine. (The QR code's own check, browse::qrLink, is
// stricter still.)
std::string webAddressProblem(std::string_view url, std::size_t max);

// Sessions' talks without own times share the gaps of their session in order.
// Called by the loader and by importers after they fill a program.
void assignTalkSlots(Program& program);

}  // namespace hallboard
