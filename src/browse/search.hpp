// Search over the program for the kiosk's on-screen keyboard: every keystroke gives the
// talks whose title, authors or speakers, session, room or abstract hold every word
// typed, best first. Case and accents do not matter ("goncalves" finds "Gonçalves",
// "pipemare" finds "PipeMare"); punctuation counts as a space ("bert base" finds
// "BERT-base").
//
// Typing usually extends the query, so a Searcher narrows its last answer instead of
// reading the whole program again: each keystroke costs well under a millisecond on a
// 10,000-talk program (bench/bench_browse.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/program.hpp"

namespace hallboard::browse {

// Lower case, accents removed (Latin, Greek and Cyrillic letters that have a plain
// form), anything that is not a letter or digit becomes one space. Text in scripts
// without case (CJK) is kept as it is.
std::string foldForSearch(std::string_view text);

// Byte ranges [begin, end) of `text` where a word of `query` occurs, folded as above;
// sorted, not overlapping. For highlighting what matched.
std::vector<std::pair<std::size_t, std::size_t>> matchRanges(std::string_view text, std::string_view query);

// Where a hit matched best, for showing why it is there.
enum class Field : std::uint8_t { title, people, session, abstract };

struct SearchHit {
    Index talk = 0;
    int score = 0;
    Field best = Field::title;
};

class SearchIndex {
public:
    explicit SearchIndex(const Program& program);

    // Talks matching every word of `query`, best first (title matches, then people,
    // then session and room, then abstract; word starts above word middles; then by
    // time). Searches only `within` (talk indices, ascending) when given; `matched`
    // receives the hits' talks in ascending order.
    std::vector<SearchHit> search(std::string_view query, const std::vector<Index>* within = nullptr,
                                  std::vector<Index>* matched = nullptr) const;
    std::size_t size() const { return docs_.size(); }

private:
    struct Doc {
        // Folded fields joined by '\n' (never in folded text): title, people, session, abstract.
        std::string text;
        std::uint32_t ends[4] = {0, 0, 0, 0};  // end offset of each field in `text`
    };
    std::vector<Doc> docs_;
    std::vector<std::uint32_t> timeRank_;  // each talk's place in time order (then program order)
};

// Remembers the last query and its matches, so a query that extends it only looks at
// those (every talk that matches "pipem" also matched "pipe").
class Searcher {
public:
    explicit Searcher(const SearchIndex& index) : index_(&index) {}
    const std::vector<SearchHit>& search(std::string_view query);
    const std::vector<SearchHit>& hits() const { return hits_; }

private:
    const SearchIndex* index_;
    std::string lastFolded_;
    bool hasLast_ = false;
    std::vector<Index> candidates_;  // every match of the last query, ascending
    std::vector<SearchHit> hits_;
};

}  // namespace hallboard::browse
