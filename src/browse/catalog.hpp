// What touch browsing looks things up in, built once per loaded program: the search
// index with a searcher that follows the typing, the speaker directory, and the QR
// codes of the talks lately shown (encoding one takes about a millisecond, too much
// for every frame of a scrolling talk page).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "browse/directory.hpp"
#include "browse/search.hpp"
#include "browse/take_away.hpp"

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

    struct Code {
        std::optional<TakeAway> away;
        std::optional<QrCode> qr;
    };
    // The talk's take-away and its QR code, made on first use; the last few are kept.
    const Code& takeAway(Index talk) const {
        for (const auto& [t, code] : codes_)
            if (t == talk) return code;
        if (codes_.size() >= 8) codes_.erase(codes_.begin());
        Code code;
        code.away = browse::takeAway(*program_, program_->talks.at(talk));
        if (code.away && !qrPayloadAllowed(*code.away))
            code.away.reset();  // takeAway checks too: never a QR of anything else
        if (code.away) code.qr = makeQrCode(code.away->payload);
        codes_.emplace_back(talk, std::move(code));
        return codes_.back().second;
    }

private:
    const Program* program_;
    std::unique_ptr<SearchIndex> index_;  // stable address: the searcher points at it
    Searcher searcher_;
    std::vector<DirectoryEntry> directory_;
    std::string lastQuery_;
    bool searched_ = false;
    mutable std::vector<std::pair<Index, Code>> codes_;  // a cache: looking does not change the catalog
};

}  // namespace hallboard::browse
