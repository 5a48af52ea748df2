// See builder.hpp.
#include "import/builder.hpp"

#include "base/text.hpp"
#include "import/text_layout.hpp"

namespace hallboard::import {

std::string ProgramBuilder::uniqueId(const std::string& text, const std::string& fallback, IdSet& ids) {
    std::string base = text.empty() ? fallback : slugify(text);
    constexpr std::size_t kMax = 48;
    if (base.size() > kMax) {
        auto cut = base.rfind('-', kMax);
        base = base.substr(0, cut == std::string::npos || cut < 8 ? kMax : cut);
        // Never cut inside a UTF-8 sequence.
        while (!base.empty() && (static_cast<unsigned char>(base.back()) & 0xC0) == 0x80) base.pop_back();
        if (!base.empty() && static_cast<unsigned char>(base.back()) >= 0xC0) base.pop_back();
    }
    return ids.claim(base);
}

std::optional<Index> ProgramBuilder::findRoom(const std::string& name) const {
    if (auto it = rooms_.find(foldName(name)); it != rooms_.end()) return it->second;
    return std::nullopt;
}

void ProgramBuilder::orderRooms(const RoomOrder& hint) {
    std::vector<Index> last;
    if (auto unnamed = findRoom(kUnnamedRoom)) last.push_back(*unnamed);
    std::vector<Index> rest = hint.meaningful ? std::vector<Index>{} : roomsBySize(program_, last);
    if (hint.meaningful)
        for (std::size_t i = 0; i < program_.rooms.size(); ++i) rest.push_back(static_cast<Index>(i));
    std::vector<Index> order;
    std::vector<bool> placed(program_.rooms.size(), false);
    auto place = [&](Index r) {
        if (placed[r]) return;
        placed[r] = true;
        order.push_back(r);
    };
    for (const std::string& name : hint.names)
        if (auto r = findRoom(name); r && (last.empty() || *r != last.front())) place(*r);
    for (Index r : rest)
        if (last.empty() || r != last.front()) place(r);
    for (Index r : last) place(r);
    reorderRooms(program_, order);
    rooms_.clear();
    for (std::size_t i = 0; i < program_.rooms.size(); ++i)
        rooms_.emplace(foldName(program_.rooms[i].name), static_cast<Index>(i));
}

Index ProgramBuilder::room(const std::string& name) {
    std::string key = foldName(name);
    if (auto it = rooms_.find(key); it != rooms_.end()) return it->second;
    auto index = static_cast<Index>(program_.rooms.size());
    Room room;
    room.id = uniqueId(name, "room", roomIds_);
    room.name = name;
    program_.rooms.push_back(std::move(room));
    rooms_.emplace(key, index);
    return index;
}

Index ProgramBuilder::person(const std::string& name, const std::string& affiliation) {
    std::string key = foldName(name);
    if (auto it = people_.find(key); it != people_.end()) {
        Person& p = program_.people[it->second];
        if (p.affiliation.empty()) p.affiliation = affiliation;
        return it->second;
    }
    auto index = static_cast<Index>(program_.people.size());
    Person p;
    p.id = uniqueId(name, "person", personIds_);
    p.name = name;
    p.affiliation = affiliation;
    program_.people.push_back(std::move(p));
    people_.emplace(key, index);
    return index;
}

Index ProgramBuilder::track(const std::string& name, std::optional<Color> color) {
    std::string key = foldName(name);
    if (auto it = tracks_.find(key); it != tracks_.end()) {
        if (!program_.tracks[it->second].color) program_.tracks[it->second].color = color;
        return it->second;
    }
    auto index = static_cast<Index>(program_.tracks.size());
    program_.tracks.push_back({uniqueId(name, "track", trackIds_), name, color});
    tracks_.emplace(key, index);
    return index;
}

Index ProgramBuilder::addSession(Session session) {
    session.id = uniqueId(session.id.empty() ? session.title : session.id, "session", sessionIds_);
    session.talks.clear();
    auto index = static_cast<Index>(program_.sessions.size());
    program_.sessions.push_back(std::move(session));
    return index;
}

Index ProgramBuilder::addTalk(Talk talk, std::optional<Index> session) {
    talk.id = uniqueId(talk.id.empty() ? talk.title : talk.id, "talk", talkIds_);
    talk.session = session;
    if (!session) talk.hasOwnSlot = false;
    auto index = static_cast<Index>(program_.talks.size());
    if (session) program_.sessions[*session].talks.push_back(index);
    program_.talks.push_back(std::move(talk));
    return index;
}

Index ProgramBuilder::addAward(Award award) {
    award.id = uniqueId(award.id.empty() ? award.name : award.id, "award", awardIds_);
    auto index = static_cast<Index>(program_.awards.size());
    program_.awards.push_back(std::move(award));
    return index;
}

Program ProgramBuilder::finish() {
    assignTalkSlots(program_);
    return std::move(program_);
}

}  // namespace hallboard::import
