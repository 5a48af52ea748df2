// What touch browsing looks things up in, built once per loaded program: the search
// index with a searcher that follows the typing, and the speaker directory.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "browse/directory.hpp"
#include "browse/search.hpp"

namespace hallboard::browse {

class Catalog {
public:
    explicit Catalog(const Program& program)
        : program_(&program), index_(std::make_unique<SearchIndex>(program)), searcher_(*index_),
          directory_(buildDirectory(program)) {}

    const Program* program() const { return program_; }
    const SearchIndex& index() const { return *index_; }
    const std::vector<DirectoryEntry>& directory() const { return directory_; }
    // The hits for `query`, computed when it differs from the last one asked for.
    const std::vector<SearchHit>& hits(std::string_view query) {
        if (!searched_ || query != lastQuery_) {
            searcher_.search(query);
            lastQuery_ = std::string(query);
            searched_ = true;
        }
        return searcher_.hits();
    }

private:
    const Program* program_;
    std::unique_ptr<SearchIndex> index_;  // stable address: the searcher points at it
    Searcher searcher_;
    std::vector<DirectoryEntry> directory_;
    std::string lastQuery_;
    bool searched_ = false;
};

}  // namespace hallboard::browse
