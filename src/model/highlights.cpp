// See highlights.hpp.
#include "model/highlights.hpp"

#include <algorithm>
#include <optional>
#include <tuple>

namespace hallboard {

namespace {

// A talk with a time that is neither over nor cancelled.
bool stillOn(const Program& p, const Talk& t, Instant now) {
    if (!t.session) return false;
    return !t.change.cancelled && !p.sessions[*t.session].change.cancelled && t.slot.end > now;
}

// Keynote and invited sessions come first.
int rank(const Program& p, const Talk& t) {
    SessionKind kind = p.sessions[*t.session].kind;
    return kind == SessionKind::keynote || kind == SessionKind::invited ? 0 : 1;
}

bool inRooms(const Program& p, const Talk& t, std::span<const Index> rooms) {
    if (rooms.empty()) return true;
    const auto& room = p.sessions[*t.session].room;
    return room && std::find(rooms.begin(), rooms.end(), *room) != rooms.end();
}

// Why a person is on the page: their most prominent talk in the horizon, the soonest.
struct Reason {
    int rank = 0;
    Instant start;
    Index talk = 0;
    auto key() const { return std::tie(rank, start, talk); }
};

// Each person's talks that are still on, by start.
std::vector<std::vector<Index>> talksStillOn(const Program& p, Instant now) {
    std::vector<std::vector<Index>> out(p.people.size());
    for (Index i = 0; i < p.talks.size(); ++i)
        if (stillOn(p, p.talks[i], now))
            for (Index s : p.talks[i].speakers) out[s].push_back(i);
    for (auto& talks : out)
        std::stable_sort(talks.begin(), talks.end(),
                         [&](Index a, Index b) { return p.talks[a].slot.start < p.talks[b].slot.start; });
    return out;
}

}  // namespace

std::vector<SpeakerHighlight> speakersNow(const Program& p, Instant now, Duration ahead, std::span<const Index> rooms) {
    std::vector<std::optional<Reason>> reason(p.people.size());
    for (Index i = 0; i < p.talks.size(); ++i) {
        const Talk& t = p.talks[i];
        if (!stillOn(p, t, now) || t.slot.start >= now + ahead || !inRooms(p, t, rooms)) continue;
        Reason r{rank(p, t), t.slot.start, i};
        for (Index s : t.speakers)
            if (!reason[s] || r.key() < reason[s]->key()) reason[s] = r;
    }
    std::vector<Index> people;
    for (Index i = 0; i < p.people.size(); ++i)
        if (reason[i]) people.push_back(i);
    // Ties (two speakers of one talk) keep the talk's order of speakers, then the program's.
    auto order = [&](Index person) {
        const auto& speakers = p.talks[reason[person]->talk].speakers;
        auto place = std::find(speakers.begin(), speakers.end(), person) - speakers.begin();
        return std::tuple(reason[person]->rank, reason[person]->start, reason[person]->talk, place, person);
    };
    std::sort(people.begin(), people.end(), [&](Index a, Index b) { return order(a) < order(b); });

    auto talks = talksStillOn(p, now);
    std::vector<SpeakerHighlight> out;
    for (Index person : people) {
        SpeakerHighlight h{person, std::move(talks[person]), false};
        h.live = !h.talks.empty() && p.talks[h.talks.front()].slot.contains(now);
        out.push_back(std::move(h));
    }
    return out;
}

std::vector<Index> awardsNow(const Program& p, Instant now) {
    std::vector<Index> coming, rest;
    for (Index i = 0; i < p.awards.size(); ++i)
        (stillOn(p, p.talks[p.awards[i].talk], now) ? coming : rest).push_back(i);
    auto start = [&](Index a) { return p.talks[p.awards[a].talk].slot.start; };
    std::stable_sort(coming.begin(), coming.end(), [&](Index a, Index b) { return start(a) < start(b); });
    coming.insert(coming.end(), rest.begin(), rest.end());
    return coming;
}

}  // namespace hallboard
