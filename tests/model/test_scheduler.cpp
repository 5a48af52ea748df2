#include <catch2/catch.hpp>
#include <random>

#include "bench/synthetic_program.hpp"
#include "model/scheduler.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;
using std::chrono::minutes;

TEST_CASE("what is live in each room, with the talk inside it") {
    Program p = twoRooms();
    Scheduler s(p);
    auto rooms = s.roomsAt(at(p, "2021-04-06T09:45"));
    REQUIRE(rooms.size() == 2);

    const RoomStatus& main = rooms[0];
    REQUIRE(main.live);
    CHECK(p.sessions[*main.live].id == "s1");
    CHECK(main.elapsed == Approx(15.0 / 80.0));
    CHECK(main.remaining == minutes{65});
    REQUIRE(main.liveTalk);
    CHECK(p.talks[*main.liveTalk].id == "modularnas");
    CHECK(main.talkRemaining == minutes{11});
    REQUIRE(main.nextTalk);
    CHECK(p.talks[*main.nextTalk].id == "fluid");
    REQUIRE(main.next);
    CHECK(p.sessions[*main.next].id == "coffee");
    CHECK(main.untilNext == minutes{65});

    const RoomStatus& b = rooms[1];
    REQUIRE(b.live);
    CHECK(p.sessions[*b.live].id == "b1");
    CHECK_FALSE(b.liveTalk);  // the first poster slot starts at 10:00
    REQUIRE(b.nextTalk);
    CHECK(p.talks[*b.nextTalk].id == "p1");
}

TEST_CASE("a session is live from its first minute and over at its end") {
    Program p = twoRooms();
    Scheduler s(p);
    auto atStart = s.roomAt(0, at(p, "2021-04-06T09:30"));
    REQUIRE(atStart.live);
    CHECK(p.sessions[*atStart.live].id == "s1");
    CHECK(atStart.elapsed == 0.0);

    auto atEnd = s.roomAt(0, at(p, "2021-04-06T10:50"));
    REQUIRE(atEnd.live);
    CHECK(p.sessions[*atEnd.live].id == "coffee");  // the break starts as s1 ends
    CHECK(isPause(p.sessions[*atEnd.live].kind));

    auto gap = s.roomAt(0, at(p, "2021-04-06T09:20"));
    CHECK_FALSE(gap.live);
    REQUIRE(gap.next);
    CHECK(p.sessions[*gap.next].id == "s1");
    CHECK(gap.untilNext == minutes{10});

    auto evening = s.roomAt(0, at(p, "2021-04-06T19:00"));
    CHECK_FALSE(evening.live);
    CHECK_FALSE(evening.next);
}

TEST_CASE("overlapping sessions: the latest started wins, an earlier long one is not lost") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "long", "start": "2021-04-06T09:00", "end": "2021-04-06T12:00", "room": "r"},
        {"id": "short", "start": "2021-04-06T10:00", "end": "2021-04-06T10:30", "room": "r"}])"));
    REQUIRE(load.ok());
    const Program& p = *load.program;
    Scheduler s(p);
    CHECK(p.sessions[*s.roomAt(0, utc("2021-04-06T10:15")).live].id == "short");
    CHECK(p.sessions[*s.roomAt(0, utc("2021-04-06T11:00")).live].id == "long");
    CHECK(p.sessions[*s.roomAt(0, utc("2021-04-06T09:30")).live].id == "long");
    // At the end instant of the short one, only the long one is live; at its own end, nothing.
    CHECK(p.sessions[*s.roomAt(0, utc("2021-04-06T10:30")).live].id == "long");
    CHECK_FALSE(s.roomAt(0, utc("2021-04-06T12:00")).live);
}

TEST_CASE("overlapping sessions that end together are both over at that instant") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "a", "start": "2021-04-06T09:00", "end": "2021-04-06T10:00", "room": "r"},
        {"id": "b", "start": "2021-04-06T09:30", "end": "2021-04-06T10:00", "room": "r"},
        {"id": "c", "start": "2021-04-06T10:00", "end": "2021-04-06T10:45", "room": "r"}])"));
    REQUIRE(load.ok());
    const Program& p = *load.program;
    Scheduler s(p);
    CHECK(p.sessions[*s.roomAt(0, utc("2021-04-06T09:59")).live].id == "b");
    CHECK(p.sessions[*s.roomAt(0, utc("2021-04-06T10:00")).live].id == "c");
    CHECK_FALSE(s.roomAt(0, utc("2021-04-06T10:45")).live);
}

TEST_CASE("room filters select and order rooms") {
    Program p = twoRooms();
    Scheduler s(p);
    REQUIRE(findRoom(p, "room b"));
    CHECK(*findRoom(p, "Room B") == 1);
    CHECK(*findRoom(p, "main") == 0);
    CHECK_FALSE(findRoom(p, "Kitchen"));
    std::vector<Index> onlyB{1};
    auto rooms = s.roomsAt(at(p, "2021-04-06T09:45"), onlyB);
    REQUIRE(rooms.size() == 1);
    CHECK(rooms[0].room == 1);
    auto starting = s.startingBetween(at(p, "2021-04-06T08:00"), at(p, "2021-04-06T12:00"), onlyB);
    REQUIRE(starting.size() == 1);
    CHECK(p.sessions[starting[0]].id == "b1");
}

TEST_CASE("what starts in the next hours, in start order") {
    Program p = twoRooms();
    Scheduler s(p);
    auto list = s.startingBetween(at(p, "2021-04-06T08:15"), at(p, "2021-04-06T10:50"));
    std::vector<std::string> ids;
    for (Index i : list) ids.push_back(p.sessions[i].id);
    CHECK(ids == std::vector<std::string>{"invited", "s1", "b1"});  // half-open: coffee at 10:50 excluded

    auto agenda = s.liveOrStartingBefore(at(p, "2021-04-06T10:00"), at(p, "2021-04-06T12:00"));
    ids.clear();
    for (Index i : agenda) ids.push_back(p.sessions[i].id);
    CHECK(ids == std::vector<std::string>{"s1", "b1", "coffee"});
}

TEST_CASE("the conference day: before, during, between, after") {
    Program p = twoRooms();  // sessions on Tue 6 and Thu 8 April; both days declared
    Scheduler s(p);
    REQUIRE(s.days().size() == 2);

    auto before = s.dayAt(at(p, "2021-04-03T08:00"));
    CHECK(before.phase == Phase::before);
    CHECK(before.untilStart == std::chrono::hours{72});

    auto morning = s.dayAt(at(p, "2021-04-06T07:00"));  // day 1, before the opening
    CHECK(morning.phase == Phase::during);
    CHECK(morning.number == 1);
    CHECK(morning.count == 2);

    auto wednesday = s.dayAt(at(p, "2021-04-07T12:00"));
    CHECK(wednesday.phase == Phase::between);
    REQUIRE(wednesday.nextDay);
    CHECK(formatDate(*wednesday.nextDay) == "2021-04-08");

    auto thursday = s.dayAt(at(p, "2021-04-08T09:30"));
    CHECK(thursday.phase == Phase::during);
    CHECK(thursday.number == 2);

    CHECK(s.dayAt(at(p, "2021-04-08T10:00")).phase == Phase::after);
}

TEST_CASE("talks after midnight belong to the day that started the evening before") {
    auto load = test::load(programJson("Europe/Berlin", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "d1", "start": "2019-08-21T10:00", "end": "2019-08-21T18:00", "room": "r"},
        {"id": "party", "kind": "social", "start": "2019-08-21T23:00", "end": "2019-08-22T02:00", "room": "r"},
        {"id": "d2", "start": "2019-08-22T10:00", "end": "2019-08-22T18:00", "room": "r"}])",
                                       R"("day_change": "04:00")"));
    REQUIRE(load.ok());
    const Program& p = *load.program;
    Scheduler s(p);
    CHECK(s.days().size() == 2);
    auto late = s.dayAt(at(p, "2019-08-22T01:30"));
    CHECK(late.phase == Phase::during);
    CHECK(late.number == 1);
    CHECK(formatDate(late.today) == "2019-08-21");
    CHECK(p.sessions[*s.roomAt(0, at(p, "2019-08-22T01:30")).live].id == "party");
    CHECK(s.dayAt(at(p, "2019-08-22T04:30")).number == 2);
    CHECK(s.sessionsOn(*parseDate("2019-08-21")).size() == 2);
}

TEST_CASE("a session across the spring-forward gap lasts its real length") {
    auto load = test::load(programJson("Europe/Berlin", R"("rooms": [{"id": "r"}], "sessions": [
        {"id": "night", "start": "2021-03-28T01:30", "end": "2021-03-28T03:30", "room": "r"}])"));
    REQUIRE(load.ok());
    const Program& p = *load.program;
    CHECK(p.sessions[0].time.length() == std::chrono::hours{1});  // 01:30 CET to 03:30 CEST
    Scheduler s(p);
    auto status = s.roomAt(0, at(p, "2021-03-28T03:00"));  // 30 real minutes in
    REQUIRE(status.live);
    CHECK(status.elapsed == Approx(0.5));
    CHECK(status.remaining == minutes{30});
}

TEST_CASE("the next change is the next start or end of anything") {
    Program p = twoRooms();
    Scheduler s(p);
    CHECK(s.nextChange(at(p, "2021-04-06T09:45")) == at(p, "2021-04-06T09:56"));  // modularnas ends
    CHECK(s.nextChange(at(p, "2021-04-06T09:56")) == at(p, "2021-04-06T10:00"));  // poster p1
    CHECK_FALSE(s.nextChange(at(p, "2021-04-09T00:00")));
}

TEST_CASE("an empty program has no day and nothing live") {
    auto load = test::load(programJson("UTC", R"("rooms": [{"id": "r"}])"));
    REQUIRE(load.ok());
    Scheduler s(*load.program);
    CHECK(s.dayAt(utc("2021-04-06T10:00")).phase == Phase::empty);
    auto r = s.roomAt(0, utc("2021-04-06T10:00"));
    CHECK_FALSE(r.live);
    CHECK_FALSE(r.next);
    CHECK(s.startingBetween(utc("2000-01-01T00:00"), utc("2100-01-01T00:00")).empty());
    CHECK_FALSE(s.nextChange(utc("2021-04-06T10:00")));
}

// The index must agree with the obvious linear scan, overlaps and all.
TEST_CASE("the time index agrees with a brute-force scan") {
    std::mt19937 rng(42);
    Program p;
    p.conference.zone = TimeZone::locate("America/New_York");
    for (int r = 0; r < 4; ++r) p.rooms.push_back(testRoom(std::to_string(r)));
    Instant base = utc("2021-11-06T12:00");  // spans the 7 November change
    std::uniform_int_distribution<int> startMin(0, 48 * 60), lengthMin(10, 240), room(0, 3);
    for (int i = 0; i < 300; ++i) {
        Session s;
        s.id = std::to_string(i);
        s.room = static_cast<Index>(room(rng));
        s.time.start = base + minutes{startMin(rng)};
        s.time.end = s.time.start + minutes{lengthMin(rng)};
        p.sessions.push_back(s);
    }
    Scheduler sched(p);
    std::uniform_int_distribution<int> probe(-60, 52 * 60);
    for (int k = 0; k < 2000; ++k) {
        Instant t = base + minutes{probe(rng)} + Duration{k % 60};
        for (Index r = 0; r < 4; ++r) {
            std::optional<Index> live, next;
            for (Index i = 0; i < p.sessions.size(); ++i) {
                const Session& s = p.sessions[i];
                if (*s.room != r) continue;
                if (s.time.contains(t) && (!live || s.time.start > p.sessions[*live].time.start ||
                                           (s.time.start == p.sessions[*live].time.start && i > *live)))
                    live = i;
                if (s.time.start > t && (!next || s.time.start < p.sessions[*next].time.start)) next = i;
            }
            RoomStatus got = sched.roomAt(r, t);
            INFO("probe " << k << " room " << r);
            CHECK(got.live == live);
            REQUIRE(got.next.has_value() == next.has_value());
            if (next) CHECK(p.sessions[*got.next].time.start == p.sessions[*next].time.start);
        }
        auto starting = sched.startingBetween(t, t + std::chrono::hours{3});
        std::size_t expected = 0;
        for (const Session& s : p.sessions) expected += (s.time.start >= t && s.time.start < t + std::chrono::hours{3});
        CHECK(starting.size() == expected);
    }
}

TEST_CASE("the synthetic benchmark program round-trips and schedules") {
    bench::SyntheticSpec spec;
    spec.talks = 600;
    spec.rooms = 6;
    spec.days = 2;
    Program p = bench::syntheticProgram(spec);
    auto load = parseProgram(serializeProgram(p), "synthetic.json");
    INFO(allDiagnostics(load));
    REQUIRE(load.ok());
    CHECK(load.diagnostics.empty());
    CHECK(load.program->talks.size() == 600);
    Scheduler s(*load.program);
    CHECK(s.days().size() == 2);
    auto rooms = s.roomsAt(*s.firstStart() + minutes{30});
    CHECK(std::all_of(rooms.begin(), rooms.end(), [](const RoomStatus& r) { return r.live.has_value(); }));
}

TEST_CASE("the visitor's day: the small hours before the day change are the night before only while it runs") {
    // FOSDEM's day change is 09:00; a party runs from 23:00 to 01:00 on the first night.
    auto l = load(R"({"format":"hallboard-program","version":1,
      "conference":{"name":"Two days","time_zone":"Europe/Brussels","day_change":"09:00"},
      "rooms":[{"id":"h","name":"Hall"}],
      "sessions":[
        {"id":"d1","title":"Day one","room":"h","start":"2026-01-31T09:00","end":"2026-01-31T18:00"},
        {"id":"party","title":"Party","kind":"social","room":"h","start":"2026-01-31T23:00","end":"2026-02-01T01:00"},
        {"id":"d2","title":"Day two","room":"h","start":"2026-02-01T09:00","end":"2026-02-01T18:00"}]})");
    INFO(allDiagnostics(l));
    REQUIRE(l.ok());
    const Program& p = *l.program;
    Scheduler s(p);
    REQUIRE(s.days().size() == 2);
    const LocalDay day1 = s.days()[0], day2 = s.days()[1];
    // The party belongs to the evening it started.
    CHECK(conferenceDayOf(p.conference, p.sessions[1].time.start) == day1);
    CHECK(s.today(at(p, "2026-02-01T00:30")) == day1);  // the party is on
    CHECK(s.dayAt(at(p, "2026-02-01T00:30")).number == 1);
    CHECK(s.today(at(p, "2026-02-01T01:30")) == day2);  // it is over: the new day
    CHECK(s.today(at(p, "2026-02-01T08:30")) == day2);
    DayStatus morning = s.dayAt(at(p, "2026-02-01T08:30"));
    CHECK(morning.phase == Phase::during);
    CHECK(morning.number == 2);
    CHECK(morning.count == 2);
    CHECK(s.today(at(p, "2026-01-31T20:00")) == day1);
}
