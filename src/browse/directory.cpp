// See directory.hpp.
#include "browse/directory.hpp"

#include <algorithm>
#include <map>

#include "browse/search.hpp"
#include "base/text.hpp"

namespace hallboard::browse {

namespace {

std::string sortKey(const std::string& name) {
    std::string folded = trim(foldForSearch(name));
    auto space = folded.rfind(' ');
    std::string family = space == std::string::npos ? folded : folded.substr(space + 1);
    return family + '\x01' + folded;
}

}  // namespace

std::vector<DirectoryEntry> buildDirectory(const Program& program) {
    std::map<std::string, DirectoryEntry> byName;  // folded name -> entry
    auto entry = [&](const std::string& name) -> DirectoryEntry& {
        std::string key = trim(foldForSearch(name));
        auto [it, added] = byName.try_emplace(key);
        if (added) {
            it->second.name = trim(name);
            it->second.key = key;
        }
        return it->second;
    };
    for (Index p = 0; p < program.people.size(); ++p) {
        if (trim(program.people[p].name).empty()) continue;
        entry(program.people[p].name).person = p;
    }
    for (Index t = 0; t < program.talks.size(); ++t) {
        const Talk& talk = program.talks[t];
        for (Index s : talk.speakers)
            if (!trim(program.people[s].name).empty()) entry(program.people[s].name).talks.push_back(t);
        for (const std::string& author : talk.authors)
            if (!trim(author).empty()) entry(author).talks.push_back(t);
    }
    std::vector<std::pair<std::string, DirectoryEntry>> keyed;
    keyed.reserve(byName.size());
    for (auto& [key, e] : byName) {
        std::sort(e.talks.begin(), e.talks.end(), [&](Index a, Index b) {
            const Talk& x = program.talks[a];
            const Talk& y = program.talks[b];
            Instant tx = x.session ? x.slot.start : Instant::max(), ty = y.session ? y.slot.start : Instant::max();
            return tx != ty ? tx < ty : a < b;
        });
        e.talks.erase(std::unique(e.talks.begin(), e.talks.end()), e.talks.end());
        keyed.emplace_back(sortKey(e.name), std::move(e));
    }
    std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<DirectoryEntry> out;
    out.reserve(keyed.size());
    for (auto& [key, e] : keyed) out.push_back(std::move(e));
    return out;
}

std::optional<std::size_t> findEntry(const std::vector<DirectoryEntry>& directory, std::string_view name) {
    // Called per name on pages being drawn: the entries' names were folded once, at build.
    std::string key = trim(foldForSearch(name));
    for (std::size_t i = 0; i < directory.size(); ++i)
        if (directory[i].key == key) return i;
    return std::nullopt;
}

}  // namespace hallboard::browse
