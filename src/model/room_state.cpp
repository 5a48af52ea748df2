// See room_state.hpp.
#include "model/room_state.hpp"

#include <algorithm>
#include <tuple>

namespace hallboard {

bool crowded(const Program& program, Index room) {
    return room < program.rooms.size() && program.rooms[room].state.occupancy != Occupancy::open;
}

std::optional<TimeRange> slotOf(const Scheduler& scheduler, Index room, Instant now) {
    const Program& p = scheduler.program();
    if (room >= p.rooms.size()) return std::nullopt;
    RoomStatus status = scheduler.roomAt(room, now);
    if (status.live) return p.sessions[*status.live].time;
    if (status.next &&
        localDay(p.conference.zone, p.sessions[*status.next].time.start) == localDay(p.conference.zone, now))
        return p.sessions[*status.next].time;
    return std::nullopt;
}

namespace {

// The talk of `session` on at `now`; for a session still to start, its first talk.
// None between the talks of a session on now (its title says more than the next talk's).
std::optional<Index> talkAt(const Program& p, const Session& session, Instant now) {
    std::optional<Index> first;
    for (Index t : session.talks) {
        const Talk& talk = p.talks[t];
        if (talk.change.cancelled) continue;
        if (talk.slot.contains(now)) return t;
        if (!first || talk.slot.start < p.talks[*first].slot.start) first = t;
    }
    return session.time.start > now ? first : std::nullopt;
}

}  // namespace

std::vector<Alternative> alternativesTo(const Scheduler& scheduler, Index room, Instant now,
                                        const Wayfinding* wayfinding, std::size_t max) {
    const Program& p = scheduler.program();
    std::vector<Alternative> out;
    auto slot = slotOf(scheduler, room, now);
    if (!slot) return out;
    std::vector<bool> taken(p.rooms.size(), false);
    if (room < taken.size()) taken[room] = true;
    // By start time: the first session of each room is the one on now, else the next.
    for (Index s : scheduler.liveOrStartingBefore(now, slot->end)) {
        const Session& session = p.sessions[s];
        if (!session.room || taken[*session.room] || session.change.cancelled || isPause(session.kind)) continue;
        if (session.time.end <= now) continue;
        taken[*session.room] = true;
        if (p.rooms[*session.room].state.occupancy == Occupancy::full) continue;
        Alternative a;
        a.room = *session.room;
        a.session = s;
        a.talk = talkAt(p, session, now);
        if (wayfinding)
            if (const RoomDirections* d = wayfinding->to(a.room)) a.minutes = d->minutes;
        a.filling = p.rooms[a.room].state.occupancy == Occupancy::filling;
        out.push_back(a);
    }
    std::stable_sort(out.begin(), out.end(), [&](const Alternative& a, const Alternative& b) {
        auto key = [&](const Alternative& x) {
            return std::make_tuple(!x.minutes.has_value(), x.minutes.value_or(0), p.sessions[x.session].time.start,
                                   x.room);
        };
        return key(a) < key(b);
    });
    if (out.size() > max) out.resize(max);
    return out;
}

}  // namespace hallboard
