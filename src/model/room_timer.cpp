// See room_timer.hpp.
#include "model/room_timer.hpp"

#include <algorithm>
#include <cstdio>

namespace hallboard {

std::vector<TimedItem> timedItems(const Program& program, Index room) {
    std::vector<TimedItem> items;
    for (Index s = 0; s < program.sessions.size(); ++s) {
        const Session& session = program.sessions[s];
        if (session.room != room || session.change.cancelled) continue;
        // Talks are timed one by one (those without times of their own share the session's
        // time, as everywhere else), except a poster session's: its posters stand side by
        // side, so the session itself is timed, and a poster with its own slot inside it.
        const bool posters = session.kind == SessionKind::poster;
        bool whole = session.talks.empty();
        for (Index t : session.talks) {
            const Talk& talk = program.talks[t];
            if (posters && !talk.hasOwnSlot) {
                whole = true;
                continue;
            }
            if (!talk.change.cancelled && talk.slot.end > talk.slot.start) items.push_back({s, t, talk.slot});
        }
        if (whole && session.time.end > session.time.start) items.push_back({s, std::nullopt, session.time});
    }
    std::stable_sort(items.begin(), items.end(), [](const TimedItem& a, const TimedItem& b) {
        return a.time.start != b.time.start ? a.time.start < b.time.start : a.time.end < b.time.end;
    });
    return items;
}

namespace {

RoomTimer running(const TimedItem& item, Instant now, const TimerLimits& limits) {
    RoomTimer r;
    r.state = RoomTimer::State::running;
    r.item = item;
    r.left = item.time.end - now;
    auto total = (item.time.end - item.time.start).count();
    r.done = std::clamp(static_cast<double>((now - item.time.start).count()) / static_cast<double>(total), 0.0, 1.0);
    r.urgency = r.left <= limits.red     ? RoomTimer::Urgency::red
                : r.left <= limits.amber ? RoomTimer::Urgency::amber
                                         : RoomTimer::Urgency::normal;
    return r;
}

}  // namespace

RoomTimer roomTimerAt(const Program& program, Index room, Instant now, const TimerLimits& limits) {
    std::vector<TimedItem> items = timedItems(program, room);
    // The one on now: of overlapping ones, the one started last (a talk placed inside a
    // session-long slot is what the stage shows).
    std::optional<std::size_t> on, last;
    std::size_t firstAfter = items.size();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const TimeRange& t = items[i].time;
        if (t.contains(now)) on = i;
        if (t.end <= now && (!last || t.end >= items[*last].time.end)) last = i;
        if (t.start > now && firstAfter == items.size()) firstAfter = i;
    }
    std::optional<TimedItem> next;
    if (firstAfter < items.size()) next = items[firstAfter];
    if (on) {
        RoomTimer r = running(items[*on], now, limits);
        // What follows it: the first to start at or after its end.
        r.next.reset();
        for (std::size_t i = *on + 1; i < items.size() && !r.next; ++i)
            if (items[i].time.start >= items[*on].time.end) r.next = items[i];
        return r;
    }
    RoomTimer r;
    r.next = next;
    if (last && now - items[*last].time.end < limits.over) {
        r.state = RoomTimer::State::over;
        r.urgency = RoomTimer::Urgency::over;
        r.item = items[*last];
        r.left = now - items[*last].time.end;
        return r;
    }
    if (next) {
        r.state = RoomTimer::State::before;
        r.item = next;
        r.left = next->time.start - now;
        r.next.reset();
        for (std::size_t i = firstAfter + 1; i < items.size() && !r.next; ++i)
            if (items[i].time.start >= next->time.end) r.next = items[i];
    }
    return r;
}

std::string timerDigits(Duration d, bool sign) {
    long long s = d.count() < 0 ? -d.count() : d.count();
    char buf[40];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%s%lld:%02lld:%02lld", sign ? "+" : "", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%s%lld:%02lld", sign ? "+" : "", s / 60, s % 60);
    return buf;
}

}  // namespace hallboard
