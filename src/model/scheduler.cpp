// See scheduler.hpp.
#include "model/scheduler.hpp"

#include <algorithm>

#include "base/text.hpp"

namespace hallboard {

namespace {

double fraction(Instant now, const TimeRange& range) {
    auto total = range.length().count();
    if (total <= 0) return 1.0;
    double f = static_cast<double>((now - range.start).count()) / static_cast<double>(total);
    return std::clamp(f, 0.0, 1.0);
}

}  // namespace

std::optional<Index> findRoom(const Program& program, std::string_view idOrName) {
    for (Index r = 0; r < program.rooms.size(); ++r)
        if (program.rooms[r].id == idOrName) return r;
    for (Index r = 0; r < program.rooms.size(); ++r)
        if (iequalsAscii(program.rooms[r].id, idOrName) || iequalsAscii(program.rooms[r].name, idOrName)) return r;
    return std::nullopt;
}

Scheduler::Scheduler(const Program& program) : program_(&program) {
    const auto& sessions = program.sessions;
    auto byStartThenRoom = [&](Index a, Index b) {
        const Session& x = sessions[a];
        const Session& y = sessions[b];
        if (x.time.start != y.time.start) return x.time.start < y.time.start;
        Index rx = x.room.value_or(static_cast<Index>(program.rooms.size()));
        Index ry = y.room.value_or(static_cast<Index>(program.rooms.size()));
        if (rx != ry) return rx < ry;
        return a < b;
    };

    byStart_.resize(sessions.size());
    for (Index s = 0; s < sessions.size(); ++s) byStart_[s] = s;
    std::sort(byStart_.begin(), byStart_.end(), byStartThenRoom);

    byRoom_.assign(program.rooms.size(), {});
    away_.assign(program.rooms.size(), {});
    for (Index s : byStart_) {
        const Session& session = sessions[s];
        if (session.room && !session.change.cancelled) byRoom_[*session.room].push_back(s);
        if (auto planned = session.change.movedFrom ? session.change.movedFrom : session.room;
            planned && (session.change.cancelled || session.change.movedFrom))
            away_[*planned].push_back(s);
    }
    reach_.resize(byRoom_.size());
    for (std::size_t r = 0; r < byRoom_.size(); ++r) {
        Instant reach = Instant::min();
        for (Index s : byRoom_[r]) {
            reach = std::max(reach, sessions[s].time.end);
            reach_[r].push_back(reach);
        }
    }

    for (const Session& s : sessions) {
        boundaries_.push_back(s.time.start);
        boundaries_.push_back(s.time.end);
        firstStart_ = firstStart_ ? std::min(*firstStart_, s.time.start) : s.time.start;
        lastEnd_ = lastEnd_ ? std::max(*lastEnd_, s.time.end) : s.time.end;
        days_.push_back(conferenceDayOf(program.conference, s.time.start));
        auto [end, fresh] = dayEnds_.emplace(days_.back(), s.time.end);
        if (!fresh) end->second = std::max(end->second, s.time.end);
    }
    for (const Talk& t : program.talks) {
        if (!t.session) continue;
        boundaries_.push_back(t.slot.start);
        boundaries_.push_back(t.slot.end);
    }
    std::sort(boundaries_.begin(), boundaries_.end());
    boundaries_.erase(std::unique(boundaries_.begin(), boundaries_.end()), boundaries_.end());

    for (const ConferenceDay& d : program.days) days_.push_back(d.date);
    std::sort(days_.begin(), days_.end());
    days_.erase(std::unique(days_.begin(), days_.end()), days_.end());
}

RoomStatus Scheduler::roomAt(Index room, Instant now) const {
    RoomStatus status;
    status.room = room;
    if (room >= byRoom_.size()) return status;
    const auto& list = byRoom_[room];
    const auto& reach = reach_[room];
    const auto& sessions = program_->sessions;

    auto firstLater =
        std::upper_bound(list.begin(), list.end(), now, [&](Instant t, Index s) { return t < sessions[s].time.start; });
    if (firstLater != list.end()) {
        status.next = *firstLater;
        status.untilNext = sessions[*firstLater].time.start - now;
    }
    // Walk back from the last session that has started; the running latest end tells
    // when nothing earlier can still be on. With overlaps, the latest start wins.
    for (auto i = static_cast<std::ptrdiff_t>(firstLater - list.begin()) - 1; i >= 0; --i) {
        auto idx = static_cast<std::size_t>(i);
        if (reach[idx] <= now) break;
        const Session& s = sessions[list[idx]];
        if (s.time.contains(now)) {
            status.live = list[idx];
            status.elapsed = fraction(now, s.time);
            status.remaining = s.time.end - now;
            break;
        }
    }
    if (status.live) {
        for (Index t : sessions[*status.live].talks) {
            const Talk& talk = program_->talks[t];
            if (talk.change.cancelled) continue;
            if (!status.liveTalk && talk.slot.contains(now)) {
                status.liveTalk = t;
                status.talkElapsed = fraction(now, talk.slot);
                status.talkRemaining = talk.slot.end - now;
            } else if (talk.slot.start > now) {
                if (!status.nextTalk || talk.slot.start < program_->talks[*status.nextTalk].slot.start)
                    status.nextTalk = t;
            }
        }
    }
    for (Index s : away_[room]) {
        const TimeRange& t = sessions[s].time;
        if (t.end <= now) continue;
        if (status.next && t.start >= sessions[*status.next].time.start) break;
        if (status.live && t.start < sessions[*status.live].time.start) continue;  // planned before what is on now
        status.away = s;
        break;
    }
    return status;
}

std::vector<RoomStatus> Scheduler::roomsAt(Instant now, std::span<const Index> rooms) const {
    std::vector<RoomStatus> out;
    if (rooms.empty()) {
        out.reserve(program_->rooms.size());
        for (Index r = 0; r < program_->rooms.size(); ++r) out.push_back(roomAt(r, now));
    } else {
        out.reserve(rooms.size());
        for (Index r : rooms) out.push_back(roomAt(r, now));
    }
    return out;
}

std::vector<bool> Scheduler::roomMask(std::span<const Index> rooms) const {
    std::vector<bool> mask;
    if (rooms.empty()) return mask;
    mask.assign(program_->rooms.size(), false);
    for (Index r : rooms)
        if (r < mask.size()) mask[r] = true;
    return mask;
}

std::vector<Index> Scheduler::startingBetween(Instant from, Instant to, std::span<const Index> rooms) const {
    const auto& sessions = program_->sessions;
    auto mask = roomMask(rooms);
    std::vector<Index> out;
    auto it = std::lower_bound(byStart_.begin(), byStart_.end(), from,
                               [&](Index s, Instant t) { return sessions[s].time.start < t; });
    for (; it != byStart_.end() && sessions[*it].time.start < to; ++it) {
        const Session& s = sessions[*it];
        if (!mask.empty() && (!s.room || !mask[*s.room])) continue;
        out.push_back(*it);
    }
    return out;
}

std::vector<Index> Scheduler::liveOrStartingBefore(Instant now, Instant to, std::span<const Index> rooms) const {
    std::vector<Index> out;
    auto mask = roomMask(rooms);
    const auto& sessions = program_->sessions;
    for (Index r = 0; r < byRoom_.size(); ++r) {
        if (!mask.empty() && !mask[r]) continue;
        // Every session on now, not only the one a door sign shows: sessions in one room
        // may overlap (posters beside talks, a session moved in on the day).
        const auto& list = byRoom_[r];
        auto firstLater = std::upper_bound(list.begin(), list.end(), now,
                                           [&](Instant t, Index s) { return t < sessions[s].time.start; });
        for (auto i = static_cast<std::ptrdiff_t>(firstLater - list.begin()) - 1; i >= 0; --i) {
            auto idx = static_cast<std::size_t>(i);
            if (reach_[r][idx] <= now) break;
            if (sessions[list[idx]].time.contains(now)) out.push_back(list[idx]);
        }
        for (Index s : away_[r])  // cancelled while it would be on: listed, marked, so nobody goes
            if (sessions[s].change.cancelled && sessions[s].time.contains(now)) out.push_back(s);
    }
    // Sessions without a room are never "live in a room" but still belong in an agenda.
    if (mask.empty())
        for (Index s : byStart_)
            if (!sessions[s].room && sessions[s].time.contains(now)) out.push_back(s);
    auto upcoming = startingBetween(now + Duration{1}, to, rooms);
    out.insert(out.end(), upcoming.begin(), upcoming.end());
    std::stable_sort(out.begin(), out.end(),
                     [&](Index a, Index b) { return sessions[a].time.start < sessions[b].time.start; });
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

LocalDay Scheduler::today(Instant now) const {
    const Conference& c = program_->conference;
    LocalDay day = conferenceDayOf(c, now);
    LocalDay calendar = date::floor<date::days>(c.zone.toLocal(now));
    if (calendar == day) return day;
    auto end = dayEnds_.find(day);
    return end != dayEnds_.end() && now < end->second ? day : calendar;
}

DayStatus Scheduler::dayAt(Instant now) const {
    DayStatus status;
    status.today = today(now);
    status.count = static_cast<int>(days_.size());
    if (!firstStart_) return status;  // empty
    if (status.today < days_.front()) {
        status.phase = Phase::before;
        status.untilStart = *firstStart_ - now;
        return status;
    }
    if (now >= *lastEnd_) {
        status.phase = Phase::after;
        return status;
    }
    auto it = std::lower_bound(days_.begin(), days_.end(), status.today);
    if (it != days_.end() && *it == status.today) {
        status.phase = Phase::during;
        status.number = static_cast<int>(it - days_.begin()) + 1;
    } else {
        status.phase = Phase::between;
        if (it != days_.end()) status.nextDay = *it;
    }
    return status;
}

std::vector<Index> Scheduler::sessionsOn(LocalDay day) const {
    std::vector<Index> out;
    for (Index s : byStart_)
        if (conferenceDayOf(program_->conference, program_->sessions[s].time.start) == day) out.push_back(s);
    return out;
}

std::optional<Instant> Scheduler::nextChange(Instant now) const {
    auto it = std::upper_bound(boundaries_.begin(), boundaries_.end(), now);
    if (it == boundaries_.end()) return std::nullopt;
    return *it;
}

std::optional<Instant> Scheduler::firstStart() const {
    return firstStart_;
}
std::optional<Instant> Scheduler::lastEnd() const {
    return lastEnd_;
}

}  // namespace hallboard
