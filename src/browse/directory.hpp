// The speaker directory: every person of the program, and every author named only as
// text on a paper, once each, sorted by name, with their talks. Papers from a paper list
// have authors but no person records; visitors look them up all the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/program.hpp"

namespace hallboard::browse {

struct DirectoryEntry {
    std::string name;
    std::string key;              // the name folded for search: what lookups compare
    std::optional<Index> person;  // with affiliation, bio, photo when set
    std::vector<Index> talks;     // by time
};

// Sorted by family name (the last word), then the whole name; accents and case aside.
std::vector<DirectoryEntry> buildDirectory(const Program& program);

// The entry of a person or an author name; empty when not there.
std::optional<std::size_t> findEntry(const std::vector<DirectoryEntry>& directory, std::string_view name);

}  // namespace hallboard::browse
