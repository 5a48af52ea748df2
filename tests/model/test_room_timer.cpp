// The room timer (#31.4): what one room's clock says before, during and after a talk, in a
// break, with the day's overrides, and for a poster session.
#include <catch2/catch.hpp>

#include "model/overrides.hpp"
#include "model/room_timer.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;
using std::chrono::minutes;
using std::chrono::seconds;

namespace {

std::string idOf(const Program& p, const std::optional<TimedItem>& item) {
    if (!item) return "-";
    return item->talk ? p.talks[*item->talk].id : p.sessions[item->session].id;
}

}  // namespace

TEST_CASE("the room timer counts down to a talk, then the time left, amber and red near the end") {
    Program p = twoRooms();
    const Index main = 0;
    // 08:00 opening (no talks: the session is timed), 08:15 the invited talk.
    RoomTimer before = roomTimerAt(p, main, at(p, "2021-04-06T07:50"));
    CHECK(before.state == RoomTimer::State::before);
    CHECK(idOf(p, before.item) == "opening");
    CHECK(before.left == minutes{10});
    CHECK(idOf(p, before.next) == "dally-talk");

    RoomTimer on = roomTimerAt(p, main, at(p, "2021-04-06T08:30"));
    CHECK(on.state == RoomTimer::State::running);
    CHECK(idOf(p, on.item) == "dally-talk");
    CHECK(on.left == minutes{45});
    CHECK(on.done == Approx(0.25));
    CHECK(on.urgency == RoomTimer::Urgency::normal);
    // The invited talk ends at 09:15; s1's first talk starts at 09:30.
    CHECK(idOf(p, on.next) == "modularnas");

    // Amber with five minutes left, not a second before.
    CHECK(roomTimerAt(p, main, at(p, "2021-04-06T09:09:59")).urgency == RoomTimer::Urgency::normal);
    CHECK(roomTimerAt(p, main, at(p, "2021-04-06T09:10:00")).urgency == RoomTimer::Urgency::amber);
    CHECK(roomTimerAt(p, main, at(p, "2021-04-06T09:13:00")).urgency == RoomTimer::Urgency::red);
    TimerLimits tight{minutes{3}, minutes{1}, minutes{10}};
    CHECK(roomTimerAt(p, main, at(p, "2021-04-06T09:11:00"), tight).urgency == RoomTimer::Urgency::normal);
    CHECK(roomTimerAt(p, main, at(p, "2021-04-06T09:13:00"), tight).urgency == RoomTimer::Urgency::amber);
    CHECK(roomTimerAt(p, main, at(p, "2021-04-06T09:14:30"), tight).urgency == RoomTimer::Urgency::red);
}

TEST_CASE("after its end the timer says how far over, then counts down to the next") {
    Program p = twoRooms();
    RoomTimer over = roomTimerAt(p, 0, at(p, "2021-04-06T09:16:30"));
    CHECK(over.state == RoomTimer::State::over);
    CHECK(over.urgency == RoomTimer::Urgency::over);
    CHECK(idOf(p, over.item) == "dally-talk");
    CHECK(over.left == seconds{90});
    CHECK(idOf(p, over.next) == "modularnas");
    CHECK(timerDigits(over.left, true) == "+1:30");

    // Ten minutes over (the default), the break counts down to the next talk.
    RoomTimer later = roomTimerAt(p, 0, at(p, "2021-04-06T09:25"));
    CHECK(later.state == RoomTimer::State::before);
    CHECK(idOf(p, later.item) == "modularnas");
    CHECK(later.left == minutes{5});
    // A shorter "over" gives way sooner.
    CHECK(roomTimerAt(p, 0, at(p, "2021-04-06T09:18"), TimerLimits{minutes{5}, minutes{2}, minutes{2}}).state ==
          RoomTimer::State::before);
}

TEST_CASE("talks without times of their own are timed by their share, posters by their session") {
    Program p = twoRooms();
    // s1: 09:30-10:50, three talks sharing it: 26, 27 and 27 minutes on whole minutes.
    RoomTimer first = roomTimerAt(p, 0, at(p, "2021-04-06T09:40"));
    CHECK(idOf(p, first.item) == "modularnas");
    CHECK(first.left == minutes{16});
    CHECK(idOf(p, first.next) == "fluid");
    // Room B's poster session is timed as a whole, and its poster with a slot inside it.
    RoomTimer posters = roomTimerAt(p, 1, at(p, "2021-04-06T09:45"));
    CHECK(posters.state == RoomTimer::State::running);
    CHECK(idOf(p, posters.item) == "b1");
    RoomTimer timed = roomTimerAt(p, 1, at(p, "2021-04-06T10:10"));
    CHECK(idOf(p, timed.item) == "p1");
    CHECK(timed.left == minutes{20});
    CHECK(idOf(p, roomTimerAt(p, 1, at(p, "2021-04-06T11:00")).item) == "b1");
    // Nothing of the untimed posters on their own.
    for (const TimedItem& item : timedItems(p, 1))
        if (item.talk) CHECK(p.talks[*item.talk].id == "p1");
}

TEST_CASE("a late session moves the timer, and a cancelled talk is not counted") {
    Program p = twoRooms();
    applyOk(p, R"({"changes": [{"session": "invited", "late_minutes": 10}, {"talk": "fluid", "cancelled": true}]})");
    RoomTimer r = roomTimerAt(p, 0, at(p, "2021-04-06T09:20"));
    CHECK(r.state == RoomTimer::State::running);
    CHECK(idOf(p, r.item) == "dally-talk");
    CHECK(r.left == minutes{5});
    CHECK(r.urgency == RoomTimer::Urgency::amber);
    for (const TimedItem& item : timedItems(p, 0))
        if (item.talk) CHECK(p.talks[*item.talk].id != "fluid");
}

TEST_CASE("with nothing more in the room the timer is idle, and a later day is still the next") {
    Program p = twoRooms();
    RoomTimer idle = roomTimerAt(p, 0, at(p, "2021-04-06T12:00"));
    CHECK(idle.state == RoomTimer::State::idle);
    CHECK_FALSE(idle.item);
    // Room B: Thursday's session two days later is what comes next.
    RoomTimer b = roomTimerAt(p, 1, at(p, "2021-04-06T13:00"));
    CHECK(b.state == RoomTimer::State::before);
    CHECK(idOf(p, b.item) == "thu");
    CHECK(b.left > std::chrono::hours{24});
}

TEST_CASE("timer digits") {
    CHECK(timerDigits(seconds{0}) == "0:00");
    CHECK(timerDigits(seconds{59}) == "0:59");
    CHECK(timerDigits(seconds{754}) == "12:34");
    CHECK(timerDigits(seconds{3723}) == "1:02:03");
    CHECK(timerDigits(seconds{-90}, true) == "+1:30");
    CHECK(timerDigits(minutes{5}, true) == "+5:00");
}
