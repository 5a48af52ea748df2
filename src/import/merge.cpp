// Merges one input's program into the program being built. See builder.hpp.
#include <algorithm>
#include <unordered_map>

#include "import/builder.hpp"
#include "import/import_common.hpp"
#include "import/text_layout.hpp"

namespace hallboard::import {

namespace {

// Abstracts match on their first words: award pages and listings cut them short.
constexpr std::size_t kAbstractKey = 160;
constexpr std::size_t kAbstractMinimum = 80;

std::string abstractKey(const std::string& abstract) {
    std::string folded = foldForMatch(abstract);
    if (folded.size() < kAbstractMinimum) return {};
    return folded.substr(0, kAbstractKey);
}

template <typename T>
void fill(T& into, const T& from) {
    if (into.empty()) into = from;
}

}  // namespace

void mergeProgram(ProgramBuilder& target, const Program& src, Diagnostics& report) {
    Program& dst = target.program();
    Conference& c = dst.conference;
    fill(c.name, src.conference.name);
    fill(c.shortName, src.conference.shortName);
    fill(c.venue, src.conference.venue);
    fill(c.url, src.conference.url);
    fill(c.logo, src.conference.logo);
    if (!c.primary) c.primary = src.conference.primary;
    if (!c.accent) c.accent = src.conference.accent;
    if (dst.sessions.empty() && !src.sessions.empty()) {
        c.zone = src.conference.zone;
        c.dayChange = src.conference.dayChange;
    } else if (!src.sessions.empty() && c.zone.name() != src.conference.zone.name()) {
        report.warn("", "this input is in " + src.conference.zone.name() + ", the program in " + c.zone.name() +
                            "; times stay correct, and are shown in " + c.zone.name());
    }
    for (const ConferenceDay& d : src.days)
        if (std::none_of(dst.days.begin(), dst.days.end(), [&](const ConferenceDay& x) { return x.date == d.date; }))
            dst.days.push_back(d);

    std::vector<Index> rooms, tracks, people;
    for (const Room& r : src.rooms) rooms.push_back(target.room(r.name));
    for (const Track& t : src.tracks) tracks.push_back(target.track(t.name, t.color));
    for (const Person& p : src.people) {
        Index i = target.person(p.name, p.affiliation);
        Person& into = dst.people[i];
        fill(into.bio, p.bio);
        fill(into.photo, p.photo);
        people.push_back(i);
    }
    auto mapPeople = [&](const std::vector<Index>& in) {
        std::vector<Index> out;
        for (Index p : in) out.push_back(people[p]);
        return out;
    };

    std::vector<Index> sessions;
    for (const Session& s : src.sessions) {
        std::optional<Index> room = s.room ? std::optional<Index>(rooms[*s.room]) : std::nullopt;
        auto same = std::find_if(dst.sessions.begin(), dst.sessions.end(), [&](const Session& d) {
            return foldName(d.title) == foldName(s.title) && d.time.start == s.time.start && d.room == room;
        });
        if (same != dst.sessions.end()) {
            sessions.push_back(static_cast<Index>(same - dst.sessions.begin()));
            continue;
        }
        Session copy = s;
        copy.room = room;
        copy.track = s.track ? std::optional<Index>(tracks[*s.track]) : std::nullopt;
        copy.chairs = mapPeople(s.chairs);
        sessions.push_back(target.addSession(std::move(copy)));
    }

    std::unordered_map<std::string, Index> byTitle, byAbstract;
    for (Index t = 0; t < dst.talks.size(); ++t) {
        if (auto k = foldForMatch(dst.talks[t].title); !k.empty()) byTitle.emplace(k, t);
        if (auto k = abstractKey(dst.talks[t].abstract); !k.empty()) byAbstract.emplace(k, t);
    }

    std::vector<Index> talks;
    for (const Talk& t : src.talks) {
        std::optional<Index> match;
        std::string how;
        if (auto k = foldForMatch(t.title); !k.empty() && byTitle.count(k)) {
            match = byTitle[k];
            how = "same title";
        } else if (auto a = abstractKey(t.abstract); !a.empty() && byAbstract.count(a)) {
            Index candidate = byAbstract[a];
            if (t.title.empty() || dst.talks[candidate].title.empty()) {
                match = candidate;
                how = "same abstract";
            }
        }
        std::optional<Index> session = t.session ? std::optional<Index>(sessions[*t.session]) : std::nullopt;
        if (!match) {
            Talk copy = t;
            copy.speakers = mapPeople(t.speakers);
            copy.track = t.track ? std::optional<Index>(tracks[*t.track]) : std::nullopt;
            Index index = target.addTalk(std::move(copy), session);
            if (auto k = foldForMatch(t.title); !k.empty()) byTitle.emplace(k, index);
            if (auto k = abstractKey(t.abstract); !k.empty()) byAbstract.emplace(k, index);
            talks.push_back(index);
            continue;
        }
        Talk& into = dst.talks[*match];
        report.note("", "\"" + headline(t) + "\" is \"" + headline(into) + "\" of an earlier input (" + how +
                            "); merged into one talk");
        fill(into.title, t.title);
        fill(into.authors, t.authors);
        if (t.abstract.size() > into.abstract.size()) into.abstract = t.abstract;  // the other may be cut short
        fill(into.note, t.note);
        for (Index p : mapPeople(t.speakers))
            if (std::find(into.speakers.begin(), into.speakers.end(), p) == into.speakers.end()) into.speakers.push_back(p);
        for (const Link& l : t.links)
            if (std::none_of(into.links.begin(), into.links.end(), [&](const Link& x) { return x.url == l.url; }))
                into.links.push_back(l);
        if (!into.session && session) {
            into.session = session;
            into.slot = t.slot;
            into.hasOwnSlot = t.hasOwnSlot;
            dst.sessions[*session].talks.push_back(*match);
        }
        talks.push_back(*match);
    }

    for (const Award& a : src.awards) {
        Award copy = a;
        copy.talk = talks[a.talk];
        copy.room = a.room ? std::optional<Index>(rooms[*a.room]) : std::nullopt;
        bool exists = std::any_of(dst.awards.begin(), dst.awards.end(), [&](const Award& x) {
            return x.talk == copy.talk && foldName(x.name) == foldName(copy.name);
        });
        if (!exists) target.addAward(std::move(copy));
    }
}

}  // namespace hallboard::import
