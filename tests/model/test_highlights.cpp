// What the speakers and awards pages show now: the people about to speak, keynotes
// first, never a talk that is over; awards still to come first.
#include <catch2/catch.hpp>

#include "model/highlights.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;
using std::chrono::hours;
using std::chrono::minutes;

namespace {

// A morning in two halls. At 09:45: "Early" (Ada) is over, "Mid" (Bob) is on, Dee's
// talk starts at 10:30, Cyd's keynote at 11:30, and Ada and Eve speak at 18:00.
// Fay has a bio and no talk.
Program morning() {
    auto load = test::load(programJson("Europe/Berlin", R"(
        "rooms": [{"id": "a", "name": "Hall A"}, {"id": "b", "name": "Hall B"}],
        "people": [{"id": "ada", "name": "Ada"}, {"id": "bob", "name": "Bob"}, {"id": "cyd", "name": "Cyd"},
                   {"id": "dee", "name": "Dee"}, {"id": "eve", "name": "Eve"}, {"id": "fay", "name": "Fay", "bio": "Bio."}],
        "sessions": [
          {"id": "morning", "kind": "oral", "room": "a", "start": "2026-06-08T09:00", "end": "2026-06-08T10:00", "talks": [
            {"id": "early", "title": "Early", "speakers": ["ada"], "start": "2026-06-08T09:00", "end": "2026-06-08T09:30"},
            {"id": "mid", "title": "Mid", "speakers": ["bob"], "start": "2026-06-08T09:30", "end": "2026-06-08T10:00"}]},
          {"id": "later", "kind": "oral", "room": "b", "start": "2026-06-08T10:30", "end": "2026-06-08T11:30", "talks": [
            {"id": "dee-talk", "title": "Later", "speakers": ["dee"]}]},
          {"id": "key", "kind": "keynote", "room": "a", "start": "2026-06-08T11:30", "end": "2026-06-08T12:30", "talks": [
            {"id": "keynote", "title": "Keynote", "speakers": ["cyd"]}]},
          {"id": "evening", "kind": "oral", "room": "b", "start": "2026-06-08T18:00", "end": "2026-06-08T19:00", "talks": [
            {"id": "far", "title": "Far", "speakers": ["ada", "eve"]}]}],
        "awards": [{"name": "Early Award", "talk": "early"}, {"name": "Keynote Award", "talk": "keynote"},
                   {"name": "Mid Award", "talk": "mid"}, {"name": "Far Award", "talk": "far"}])"));
    REQUIRE(load.ok());
    return std::move(*load.program);
}

std::vector<std::string> names(const Program& p, const std::vector<SpeakerHighlight>& list) {
    std::vector<std::string> out;
    for (const auto& h : list) out.push_back(p.people[h.person].name);
    return out;
}

Index talkNamed(const Program& p, const std::string& title) {
    for (Index i = 0; i < p.talks.size(); ++i)
        if (p.talks[i].title == title) return i;
    FAIL("no talk " << title);
    return 0;
}

}  // namespace

TEST_CASE("speakers now: keynotes first, then by start, within the horizon, never a finished talk") {
    Program p = morning();
    Instant now = at(p, "2026-06-08T09:45");
    auto list = speakersNow(p, now, hours{3});
    CHECK(names(p, list) == std::vector<std::string>{"Cyd", "Bob", "Dee"});
    // Bob's talk is on: the page says so.
    REQUIRE(list.size() == 3);
    CHECK(list[1].live);
    CHECK_FALSE(list[0].live);
    REQUIRE(list[1].talks.size() == 1);
    CHECK(p.talks[list[1].talks[0]].title == "Mid");
}

TEST_CASE(
    "speakers now: a longer horizon brings in later talks, and a finished talk is never among a speaker's talks") {
    Program p = morning();
    Instant now = at(p, "2026-06-08T09:45");
    auto list = speakersNow(p, now, hours{10});
    CHECK(names(p, list) == std::vector<std::string>{"Cyd", "Bob", "Dee", "Ada", "Eve"});
    for (const auto& h : list)
        for (Index t : h.talks) CHECK(p.talks[t].slot.end > now);
    // Ada spoke at 09:00 (over) and speaks at 18:00: only the 18:00 talk is hers now.
    REQUIRE(list[3].talks.size() == 1);
    CHECK(p.talks[list[3].talks[0]].title == "Far");
    // Half an hour ahead: only what is on and what starts before 10:15.
    CHECK(names(p, speakersNow(p, now, minutes{30})) == std::vector<std::string>{"Bob"});
}

TEST_CASE("speakers now: the page's rooms, and cancelled talks left out") {
    Program p = morning();
    Instant now = at(p, "2026-06-08T09:45");
    std::vector<Index> hallB{1};
    CHECK(names(p, speakersNow(p, now, hours{3}, hallB)) == std::vector<std::string>{"Dee"});
    p.talks[talkNamed(p, "Keynote")].change.cancelled = true;
    CHECK(names(p, speakersNow(p, now, hours{3})) == std::vector<std::string>{"Bob", "Dee"});
    // After the last talk, nobody: the page has nothing to show and is skipped.
    CHECK(speakersNow(p, at(p, "2026-06-08T19:00"), hours{3}).empty());
}

TEST_CASE("awards now: those live or still to come first, by start, then the rest") {
    Program p = morning();
    std::vector<std::string> order;
    for (Index a : awardsNow(p, at(p, "2026-06-08T09:45"))) order.push_back(p.awards[a].name);
    CHECK(order == std::vector<std::string>{"Mid Award", "Keynote Award", "Far Award", "Early Award"});
    order.clear();
    for (Index a : awardsNow(p, at(p, "2026-06-08T20:00"))) order.push_back(p.awards[a].name);
    CHECK(order == std::vector<std::string>{"Early Award", "Keynote Award", "Mid Award", "Far Award"});
}
