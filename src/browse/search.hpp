// Search over the program for the kiosk's on-screen keyboard: every keystroke gives the
// talks whose title, authors or speakers, session, room or abstract hold every word
// typed, best first. Case and accents do not matter ("goncalves" finds "Gonçalves",
// "pipemare" finds "PipeMare"); punctuation counts as a space ("bert base" finds
// "BERT-base").
//
// The index keeps every distinct word of the program once, and for each word the talks
// holding it: a keystroke looks for the typed letters in the vocabulary (a few hundred
// kilobytes, not the abstracts' megabytes), then checks only talks that hold a matching
// word. Typing usually extends the query, so a Searcher narrows its last answer
// instead. On a 10,000-talk program a keystroke takes about 0.1 ms with real abstracts
// and under 2.5 ms when nearly every talk matches (bench/bench_browse.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/program.hpp"

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
    std::size_t size() const { return docStart_.empty() ? 0 : docStart_.size() - 1; }

private:
    struct Builder;  // the constructor's work, in search.cpp
    struct Term;     // where a term of a query occurs in the vocabulary
    Term findTerm(std::string_view text) const;
    std::vector<Index> talksHolding(const Term& term, const std::vector<Index>* within) const;
    std::optional<SearchHit> score(Index talk, const std::vector<Term>& terms) const;
    std::vector<SearchHit> rank(const std::vector<SearchHit>& hits) const;

    // Every distinct folded word of the program, once: "\nword\nword\n". A term is
    // looked for here, not in ten thousand abstracts; the words it is part of lead to
    // the talks that hold them.
    std::string vocabulary_;
    std::vector<std::uint32_t> wordStart_;  // offset of each word in vocabulary_, ascending
    // Each talk's distinct words by field (title, people, session and room, abstract):
    // docWords_[docStart_[t] .. docStart_[t + 1]), fields ending at docFieldEnd_.
    std::vector<std::uint32_t> docWords_;
    std::vector<std::uint32_t> docStart_;
    std::vector<std::array<std::uint32_t, 4>> docFieldEnd_;
    // The talks holding each word, ascending: postings_[postingStart_[w] .. [w + 1]).
    std::vector<Index> postings_;
    std::vector<std::uint32_t> postingStart_;
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
