// Merges one input's program into the program being built. See builder.hpp.
#include <algorithm>
#include <unordered_map>

#include "import/builder.hpp"
#include "import/import_common.hpp"
#include "import/text_layout.hpp"
#include "model/wording.hpp"

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

using TalkIndex = std::unordered_map<std::string, std::vector<Index>>;

// One input's program merged into the program being built, in phases: the conference's
// settings and days, the names (rooms, tracks, people), which earlier talk each talk is,
// the sessions, the talks, the awards. Each phase maps the input's indices to the
// program's for the phases after it.
class Merge {
public:
    Merge(ProgramBuilder& target, const Program& src, Diagnostics& report)
        : target_(target), dst_(target.program()), src_(src), report_(report) {}

    void mergeConference();
    void mergeNames();
    void matchTalks();
    void mergeSessions();
    std::size_t mergeTalks();
    void mergeAwards();

private:
    std::vector<Index> mapPeople(const std::vector<Index>& in) const;
    std::optional<Index> findMatch(const Talk& t, const TalkIndex& byGuid, const TalkIndex& byTitle,
                                   const TalkIndex& byAbstract, std::string& how) const;
    std::optional<Index> pick(const Talk& t, const TalkIndex& index, const std::string& key, bool needsMissingTitle,
                              bool sameEvent) const;
    std::optional<Index> absorbingSession(const Session& s) const;
    void absorbTalk(const Talk& t, Index match, std::optional<Index> session);

    ProgramBuilder& target_;
    Program& dst_;
    const Program& src_;
    Diagnostics& report_;
    // The input's index -> the program's.
    std::vector<Index> rooms_, tracks_, people_, sessions_, talks_;
    std::vector<bool> taken_;                    // earlier talks that absorbed one already
    std::vector<std::optional<Index>> matchOf_;  // the input's talk -> the earlier talk it is
};

void Merge::mergeConference() {
    Conference& c = dst_.conference;
    fill(c.name, src_.conference.name);
    fill(c.shortName, src_.conference.shortName);
    fill(c.venue, src_.conference.venue);
    fill(c.url, src_.conference.url);
    fill(c.logo, src_.conference.logo);
    if (!c.primary) c.primary = src_.conference.primary;
    if (!c.accent) c.accent = src_.conference.accent;
    if (dst_.sessions.empty() && !src_.sessions.empty()) {
        c.zone = src_.conference.zone;
        c.dayChange = src_.conference.dayChange;
    } else if (!src_.sessions.empty() && c.zone.name() != src_.conference.zone.name()) {
        report_.warn("", "this input is in " + src_.conference.zone.name() + ", the program in " + c.zone.name() +
                             "; times stay correct, and are shown in " + c.zone.name());
    }
    for (const ConferenceDay& d : src_.days)
        if (std::none_of(dst_.days.begin(), dst_.days.end(), [&](const ConferenceDay& x) { return x.date == d.date; }))
            dst_.days.push_back(d);
}

void Merge::mergeNames() {
    for (const Room& r : src_.rooms) {
        rooms_.push_back(target_.room(r.name));
        Room& into = target_.program().rooms[rooms_.back()];  // seats and a short name: the first input's
        if (!into.capacity) into.capacity = r.capacity;
        if (into.shortName.empty()) into.shortName = r.shortName;
        if (into.description.empty()) into.description = r.description;
        if (into.streamUrl.empty()) into.streamUrl = r.streamUrl;
    }
    for (const Track& t : src_.tracks) tracks_.push_back(target_.track(t.name, t.color));
    for (const Person& p : src_.people) {
        Index i = target_.person(p.name, p.affiliation);
        Person& into = dst_.people[i];
        fill(into.bio, p.bio);
        fill(into.photo, p.photo);
        people_.push_back(i);
    }
}

std::vector<Index> Merge::mapPeople(const std::vector<Index>& in) const {
    std::vector<Index> out;
    for (Index p : in) out.push_back(people_[p]);
    return out;
}

// Talks first: which earlier talk each one is. By guid, else by title, else by
// abstract when a title is missing; each earlier talk absorbs at most one.
void Merge::matchTalks() {
    TalkIndex byGuid, byTitle, byAbstract;
    for (Index t = 0; t < dst_.talks.size(); ++t) {
        if (!dst_.talks[t].guid.empty()) byGuid[guidKey(dst_.talks[t].guid)].push_back(t);
        if (auto k = foldForMatch(dst_.talks[t].title); !k.empty()) byTitle[k].push_back(t);
        if (auto k = abstractKey(dst_.talks[t].abstract); !k.empty()) byAbstract[k].push_back(t);
    }
    taken_.assign(dst_.talks.size(), false);
    matchOf_.assign(src_.talks.size(), std::nullopt);
    for (Index i = 0; i < src_.talks.size(); ++i) {
        const Talk& t = src_.talks[i];
        std::string how;
        std::optional<Index> match = findMatch(t, byGuid, byTitle, byAbstract, how);
        if (!match) continue;
        taken_[*match] = true;
        matchOf_[i] = match;
        const Talk& into = dst_.talks[*match];
        if (into.session && t.session && into.slot.start != t.slot.start)
            report_.warn("", "\"" + headline(t) + "\" has the guid of \"" + headline(into) +
                                 "\" of an earlier input but another time; merged, keeping the earlier time");
        std::string same = headline(t) == headline(into) ? "the same talk" : "\"" + headline(into) + "\"";
        report_.note("", "\"" + headline(t) + "\" merged with " + same + " of an earlier input (" + how + ")");
    }
}

std::optional<Index> Merge::findMatch(const Talk& t, const TalkIndex& byGuid, const TalkIndex& byTitle,
                                      const TalkIndex& byAbstract, std::string& how) const {
    how = "same guid";
    std::optional<Index> match = pick(t, byGuid, guidKey(t.guid), false, true);
    if (!match) {
        match = pick(t, byTitle, foldForMatch(t.title), false, false);
        how = "same title";
    }
    if (!match) {
        match = pick(t, byAbstract, abstractKey(t.abstract), true, false);
        how = "same abstract";
    }
    return match;
}

// The first earlier talk under `key` not taken yet. Two talks held at different times
// are two talks, whatever their titles (unless the same event's guid says otherwise).
std::optional<Index> Merge::pick(const Talk& t, const TalkIndex& index, const std::string& key, bool needsMissingTitle,
                                 bool sameEvent) const {
    if (key.empty()) return std::nullopt;
    auto it = index.find(key);
    if (it == index.end()) return std::nullopt;
    auto compatible = [&](Index candidate) {
        const Talk& d = dst_.talks[candidate];
        return !d.session || !t.session || d.slot.start == t.slot.start;
    };
    for (Index candidate : it->second) {
        if (taken_[candidate] || (!sameEvent && !compatible(candidate))) continue;
        if (needsMissingTitle && !t.title.empty() && !dst_.talks[candidate].title.empty()) continue;
        return candidate;
    }
    return std::nullopt;
}

// Sessions are the same when title, start and room are, or when every talk of one
// merged into talks of one earlier session (an event exported twice, as XML and .ics).
void Merge::mergeSessions() {
    auto sessionKey = [](const Session& s, std::optional<Index> room) {
        return foldName(s.title) + '\x1f' + std::to_string(s.time.start.time_since_epoch().count()) + '\x1f' +
               (room ? std::to_string(*room) : std::string("-"));
    };
    std::unordered_map<std::string, Index> existing;
    for (Index i = 0; i < dst_.sessions.size(); ++i)
        existing.emplace(sessionKey(dst_.sessions[i], dst_.sessions[i].room), i);

    for (Index si = 0; si < src_.sessions.size(); ++si) {
        const Session& s = src_.sessions[si];
        std::optional<Index> room = s.room ? std::optional<Index>(rooms_[*s.room]) : std::nullopt;
        if (auto same = existing.find(sessionKey(s, room)); same != existing.end()) {
            sessions_.push_back(same->second);
            continue;
        }
        if (std::optional<Index> absorbedBy = absorbingSession(s)) {
            sessions_.push_back(*absorbedBy);
            continue;
        }
        Session copy = s;
        copy.room = room;
        copy.track = s.track ? std::optional<Index>(tracks_[*s.track]) : std::nullopt;
        copy.chairs = mapPeople(s.chairs);
        // Not indexed: sessions of one input never merge with each other.
        sessions_.push_back(target_.addSession(std::move(copy)));
    }
}

// The one earlier session every talk of `s` merged into, if there is one.
std::optional<Index> Merge::absorbingSession(const Session& s) const {
    std::optional<Index> absorbedBy;
    bool allMerged = !s.talks.empty();
    for (Index t : s.talks) {
        std::optional<Index> into = matchOf_[t] ? dst_.talks[*matchOf_[t]].session : std::nullopt;
        if (!into || (absorbedBy && *absorbedBy != *into))
            allMerged = false;
        else
            absorbedBy = into;
    }
    if (allMerged && absorbedBy) return absorbedBy;
    return std::nullopt;
}

// Talks that matched none are added; a matched one fills what the earlier talk lacks.
std::size_t Merge::mergeTalks() {
    std::size_t merged = 0;
    for (Index i = 0; i < src_.talks.size(); ++i) {
        const Talk& t = src_.talks[i];
        std::optional<Index> session = t.session ? std::optional<Index>(sessions_[*t.session]) : std::nullopt;
        if (!matchOf_[i]) {
            Talk copy = t;
            copy.speakers = mapPeople(t.speakers);
            copy.track = t.track ? std::optional<Index>(tracks_[*t.track]) : std::nullopt;
            // Not indexed: talks of one input never merge with each other.
            talks_.push_back(target_.addTalk(std::move(copy), session));
            continue;
        }
        ++merged;
        absorbTalk(t, *matchOf_[i], session);
        talks_.push_back(*matchOf_[i]);
    }
    return merged;
}

void Merge::absorbTalk(const Talk& t, Index match, std::optional<Index> session) {
    Talk& into = dst_.talks[match];
    fill(into.guid, t.guid);
    fill(into.title, t.title);
    fill(into.authors, t.authors);
    if (t.abstract.size() > into.abstract.size()) into.abstract = t.abstract;  // the other may be cut short
    fill(into.note, t.note);
    fill(into.language, t.language);
    // Either input saying "not recorded" is enough: the speaker asked.
    into.doNotRecord = into.doNotRecord || t.doNotRecord;
    into.doNotStream = into.doNotStream || t.doNotStream;
    fill(into.interpretation, t.interpretation);
    into.captions = into.captions || t.captions;
    for (Index p : mapPeople(t.speakers))
        if (std::find(into.speakers.begin(), into.speakers.end(), p) == into.speakers.end()) into.speakers.push_back(p);
    for (const Link& l : t.links)
        if (std::none_of(into.links.begin(), into.links.end(), [&](const Link& x) { return x.url == l.url; }))
            into.links.push_back(l);
    if (!into.session && session) {
        into.session = session;
        into.slot = t.slot;
        into.hasOwnSlot = t.hasOwnSlot;
        dst_.sessions[*session].talks.push_back(match);
    }
}

void Merge::mergeAwards() {
    for (const Award& a : src_.awards) {
        Award copy = a;
        copy.talk = talks_[a.talk];
        copy.room = a.room ? std::optional<Index>(rooms_[*a.room]) : std::nullopt;
        bool exists = std::any_of(dst_.awards.begin(), dst_.awards.end(), [&](const Award& x) {
            return x.talk == copy.talk && foldName(x.name) == foldName(copy.name);
        });
        if (!exists) target_.addAward(std::move(copy));
    }
}

}  // namespace

std::size_t mergeProgram(ProgramBuilder& target, const Program& src, Diagnostics& report) {
    Merge merge(target, src, report);
    merge.mergeConference();
    merge.mergeNames();
    merge.matchTalks();
    merge.mergeSessions();
    std::size_t merged = merge.mergeTalks();
    merge.mergeAwards();
    return merged;
}

}  // namespace hallboard::import
