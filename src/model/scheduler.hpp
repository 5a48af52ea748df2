// Cancelled sessions are never live or next (they still show in agendas, marked), and
// moved sessions are live in their new room, with a note left in the old one.
//
// Answers "what is on" questions about a program at an instant: what is live in each
// room and what comes next, what starts in the next hours, which conference day it is.
//
// Built once per loaded program (an index sorted by time); every query is a pure
// function of (program, instant, rooms) and takes microseconds on 10,000 talks.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "model/program.hpp"

namespace hallboard {

struct RoomStatus {
    Index room = 0;

    std::optional<Index> live;      // the session on now
    double elapsed = 0.0;           // fraction of it done, 0..1
    Duration remaining{};           // until it ends
    std::optional<Index> liveTalk;  // the talk on now inside it
    double talkElapsed = 0.0;
    Duration talkRemaining{};
    std::optional<Index> nextTalk;  // the next talk inside the live session

    std::optional<Index> next;  // the next session in this room to start after now
    Duration untilNext{};

    // A session planned here that is not happening here (cancelled, or moved to another
    // room), on now or before `next`: the door sign says so instead of leaving people
    // waiting at the wrong door.
    std::optional<Index> away;
};

enum class Phase {
    empty,    // no sessions at all
    before,   // before the first conference day
    during,   // on a conference day, before the last session ends
    between,  // on a day without sessions in the middle of the conference
    after,    // the last session is over
};

struct DayStatus {
    Phase phase = Phase::empty;
    LocalDay today{};  // the conference day of the instant (day change applied)
    int number = 0;    // "Day <number> of <count>" when phase is during
    int count = 0;
    std::optional<LocalDay> nextDay;  // between: the next day with sessions
    Duration untilStart{};            // before: until the first session starts
};

// Rooms by id or display name, case-insensitive. Empty optional when not found.
std::optional<Index> findRoom(const Program& program, std::string_view idOrName);

class Scheduler {
public:
    // The program must outlive the scheduler.
    explicit Scheduler(const Program& program);

    const Program& program() const { return *program_; }

    RoomStatus roomAt(Index room, Instant now) const;
    // One entry per room, in the order given; all rooms in program order when empty.
    std::vector<RoomStatus> roomsAt(Instant now, std::span<const Index> rooms = {}) const;

    // Sessions starting in [from, to), by start time then room order. Only those in
    // `rooms` when it is not empty.
    std::vector<Index> startingBetween(Instant from, Instant to, std::span<const Index> rooms = {}) const;
    // Sessions live at `now` or starting before `to`, by start time.
    std::vector<Index> liveOrStartingBefore(Instant now, Instant to, std::span<const Index> rooms = {}) const;

    DayStatus dayAt(Instant now) const;
    // The conference day a visitor standing here at `now` is in. Sessions belong to the
    // day they start on, counted from the conference's day change (a 23:00-01:00 party
    // is the evening's); but the small hours before the day change belong to the night
    // before only while one of that night's sessions still runs: at 08:30 with the day
    // change at 09:00 (FOSDEM's) and nothing running, it is the new day.
    LocalDay today(Instant now) const;
    // Conference days with sessions or declared in the program, sorted.
    const std::vector<LocalDay>& days() const { return days_; }
    std::vector<Index> sessionsOn(LocalDay day) const;

    // The next instant after `now` at which some session or talk starts or ends: the
    // kiosk sleeps until then (or until the next minute for its clock).
    std::optional<Instant> nextChange(Instant now) const;

    std::optional<Instant> firstStart() const;
    std::optional<Instant> lastEnd() const;

private:
    std::vector<bool> roomMask(std::span<const Index> rooms) const;

    const Program* program_;
    std::vector<std::vector<Index>> byRoom_;   // sessions per room, by start (not cancelled)
    std::vector<std::vector<Index>> away_;     // per room: planned there, cancelled or moved away
    std::vector<std::vector<Instant>> reach_;  // per room: latest end among sessions [0..i]
    std::vector<Index> byStart_;               // all sessions, by start
    std::vector<Instant> boundaries_;          // every start and end, sorted, unique
    std::vector<LocalDay> days_;
    std::map<LocalDay, Instant> dayEnds_;  // the last end of each day's sessions
    std::optional<Instant> firstStart_, lastEnd_;
};

}  // namespace hallboard
