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

// One event's id as frab's XML and its own .ics write it: guid="2aba641b-..." and
// UID:2aba641b-...@frab.cccv.de name the same talk. Compared without the "@host" an
// iCalendar UID carries, and without case.
std::string guidKey(const std::string& guid) {
    std::string key = trim(guid);
    if (std::size_t at = key.rfind('@'); at != std::string::npos && at > 0 && key.find('.', at) != std::string::npos &&
                                         key.find(' ', at) == std::string::npos)
        key.resize(at);
    return foldName(key);
}

}  // namespace

std::size_t mergeProgram(ProgramBuilder& target, const Program& src, Diagnostics& report) {
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
    for (const Room& r : src.rooms) {
        rooms.push_back(target.room(r.name));
        Room& into = target.program().rooms[rooms.back()];  // seats and a short name: the first input's
        if (!into.capacity) into.capacity = r.capacity;
        if (into.shortName.empty()) into.shortName = r.shortName;
    }
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

    // Talks first: which earlier talk each one is. By guid, else by title, else by
    // abstract when a title is missing; each earlier talk absorbs at most one.
    std::unordered_map<std::string, std::vector<Index>> byGuid, byTitle, byAbstract;
    for (Index t = 0; t < dst.talks.size(); ++t) {
        if (!dst.talks[t].guid.empty()) byGuid[guidKey(dst.talks[t].guid)].push_back(t);
        if (auto k = foldForMatch(dst.talks[t].title); !k.empty()) byTitle[k].push_back(t);
        if (auto k = abstractKey(dst.talks[t].abstract); !k.empty()) byAbstract[k].push_back(t);
    }
    std::vector<bool> taken(dst.talks.size(), false);
    std::vector<std::optional<Index>> matchOf(src.talks.size());
    for (Index i = 0; i < src.talks.size(); ++i) {
        const Talk& t = src.talks[i];
        // Two talks held at different times are two talks, whatever their titles.
        auto compatible = [&](Index candidate) {
            const Talk& d = dst.talks[candidate];
            return !d.session || !t.session || d.slot.start == t.slot.start;
        };
        auto pick = [&](const std::unordered_map<std::string, std::vector<Index>>& index, const std::string& key,
                        bool needsMissingTitle, bool sameEvent) -> std::optional<Index> {
            if (key.empty()) return std::nullopt;
            auto it = index.find(key);
            if (it == index.end()) return std::nullopt;
            for (Index candidate : it->second) {
                if (taken[candidate] || (!sameEvent && !compatible(candidate))) continue;
                if (needsMissingTitle && !t.title.empty() && !dst.talks[candidate].title.empty()) continue;
                return candidate;
            }
            return std::nullopt;
        };
        std::string how = "same guid";
        std::optional<Index> match = pick(byGuid, guidKey(t.guid), false, true);
        if (!match) {
            match = pick(byTitle, foldForMatch(t.title), false, false);
            how = "same title";
        }
        if (!match) {
            match = pick(byAbstract, abstractKey(t.abstract), true, false);
            how = "same abstract";
        }
        if (!match) continue;
        taken[*match] = true;
        matchOf[i] = match;
        const Talk& into = dst.talks[*match];
        if (into.session && t.session && into.slot.start != t.slot.start)
            report.warn("", "\"" + headline(t) + "\" has the guid of \"" + headline(into) +
                                "\" of an earlier input but another time; merged, keeping the earlier time");
        std::string same = headline(t) == headline(into) ? "the same talk" : "\"" + headline(into) + "\"";
        report.note("", "\"" + headline(t) + "\" merged with " + same + " of an earlier input (" + how + ")");
    }

    // Sessions are the same when title, start and room are, or when every talk of one
    // merged into talks of one earlier session (an event exported twice, as XML and .ics).
    auto sessionKey = [](const Session& s, std::optional<Index> room) {
        return foldName(s.title) + '\x1f' + std::to_string(s.time.start.time_since_epoch().count()) + '\x1f' +
               (room ? std::to_string(*room) : std::string("-"));
    };
    std::unordered_map<std::string, Index> existing;
    for (Index i = 0; i < dst.sessions.size(); ++i) existing.emplace(sessionKey(dst.sessions[i], dst.sessions[i].room), i);

    std::vector<Index> sessions;
    for (Index si = 0; si < src.sessions.size(); ++si) {
        const Session& s = src.sessions[si];
        std::optional<Index> room = s.room ? std::optional<Index>(rooms[*s.room]) : std::nullopt;
        if (auto same = existing.find(sessionKey(s, room)); same != existing.end()) {
            sessions.push_back(same->second);
            continue;
        }
        std::optional<Index> absorbedBy;
        bool allMerged = !s.talks.empty();
        for (Index t : s.talks) {
            std::optional<Index> into = matchOf[t] ? dst.talks[*matchOf[t]].session : std::nullopt;
            if (!into || (absorbedBy && *absorbedBy != *into)) allMerged = false;
            else absorbedBy = into;
        }
        if (allMerged && absorbedBy) {
            sessions.push_back(*absorbedBy);
            continue;
        }
        Session copy = s;
        copy.room = room;
        copy.track = s.track ? std::optional<Index>(tracks[*s.track]) : std::nullopt;
        copy.chairs = mapPeople(s.chairs);
        // Not indexed: sessions of one input never merge with each other.
        sessions.push_back(target.addSession(std::move(copy)));
    }

    std::vector<Index> talks;
    std::size_t merged = 0;
    for (Index i = 0; i < src.talks.size(); ++i) {
        const Talk& t = src.talks[i];
        std::optional<Index> session = t.session ? std::optional<Index>(sessions[*t.session]) : std::nullopt;
        if (!matchOf[i]) {
            Talk copy = t;
            copy.speakers = mapPeople(t.speakers);
            copy.track = t.track ? std::optional<Index>(tracks[*t.track]) : std::nullopt;
            // Not indexed: talks of one input never merge with each other.
            talks.push_back(target.addTalk(std::move(copy), session));
            continue;
        }
        ++merged;
        Index match = *matchOf[i];
        Talk& into = dst.talks[match];
        fill(into.guid, t.guid);
        fill(into.title, t.title);
        fill(into.authors, t.authors);
        if (t.abstract.size() > into.abstract.size()) into.abstract = t.abstract;  // the other may be cut short
        fill(into.note, t.note);
        fill(into.language, t.language);
        for (Index p : mapPeople(t.speakers))
            if (std::find(into.speakers.begin(), into.speakers.end(), p) == into.speakers.end()) into.speakers.push_back(p);
        for (const Link& l : t.links)
            if (std::none_of(into.links.begin(), into.links.end(), [&](const Link& x) { return x.url == l.url; }))
                into.links.push_back(l);
        if (!into.session && session) {
            into.session = session;
            into.slot = t.slot;
            into.hasOwnSlot = t.hasOwnSlot;
            dst.sessions[*session].talks.push_back(match);
        }
        talks.push_back(match);
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
    return merged;
}

}  // namespace hallboard::import
