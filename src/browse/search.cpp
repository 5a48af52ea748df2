// See search.hpp.
#include "browse/search.hpp"

#include "base/unicode_text.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "base/text.hpp"
#include "model/wording.hpp"

namespace hallboard::browse {

namespace {

// U+00C0..U+017F (Latin-1 letters and Latin Extended-A) without their accents.
constexpr const char* kLatin[] = {
    "a", "a", "a",  "a", "a", "a", "ae", "c",  "e", "e", "e",  "e",  "i", "i", "i",  "i",  "d", "n", "o",  "o",
    "o", "o", "o",  " ", "o", "u", "u",  "u",  "u", "y", "th", "ss", "a", "a", "a",  "a",  "a", "a", "ae", "c",
    "e", "e", "e",  "e", "i", "i", "i",  "i",  "d", "n", "o",  "o",  "o", "o", "o",  " ",  "o", "u", "u",  "u",
    "u", "y", "th", "y", "a", "a", "a",  "a",  "a", "a", "c",  "c",  "c", "c", "c",  "c",  "c", "c", "d",  "d",
    "d", "d", "e",  "e", "e", "e", "e",  "e",  "e", "e", "e",  "e",  "g", "g", "g",  "g",  "g", "g", "g",  "g",
    "h", "h", "h",  "h", "i", "i", "i",  "i",  "i", "i", "i",  "i",  "i", "i", "ij", "ij", "j", "j", "k",  "k",
    "k", "l", "l",  "l", "l", "l", "l",  "l",  "l", "l", "l",  "n",  "n", "n", "n",  "n",  "n", "n", "n",  "n",
    "o", "o", "o",  "o", "o", "o", "oe", "oe", "r", "r", "r",  "r",  "r", "r", "s",  "s",  "s", "s", "s",  "s",
    "s", "s", "t",  "t", "t", "t", "t",  "t",  "u", "u", "u",  "u",  "u", "u", "u",  "u",  "u", "u", "u",  "u",
    "w", "w", "y",  "y", "y", "z", "z",  "z",  "z", "z", "z",  "s"};

// Greek and Cyrillic: lower case, tonos and diaeresis off, final sigma as sigma.
char32_t foldGreekCyrillic(char32_t cp) {
    switch (cp) {
    case 0x386:
    case 0x3AC: return 0x3B1;
    case 0x388:
    case 0x3AD: return 0x3B5;
    case 0x389:
    case 0x3AE: return 0x3B7;
    case 0x38A:
    case 0x3AF:
    case 0x3CA:
    case 0x390:
    case 0x3AA: return 0x3B9;
    case 0x38C:
    case 0x3CC: return 0x3BF;
    case 0x38E:
    case 0x3CD:
    case 0x3CB:
    case 0x3B0:
    case 0x3AB: return 0x3C5;
    case 0x38F:
    case 0x3CE: return 0x3C9;
    case 0x3C2: return 0x3C3;
    case 0x401:
    case 0x451: return 0x435;  // Ё ё -> е
    default: break;
    }
    if (cp >= 0x391 && cp <= 0x3A9) return cp + 0x20;
    if (cp >= 0x410 && cp <= 0x42F) return cp + 0x20;
    if (cp >= 0x400 && cp <= 0x40F) return cp + 0x50;
    return cp;
}

// Folds `text`, calling `origin(byte)` once for every byte appended, with the offset in
// `text` of the character it came from.
template <typename Origin>
void fold(std::string_view text, std::string& out, Origin&& origin) {
    for (std::size_t i = 0; i < text.size();) {
        std::size_t start = i;
        auto byte = static_cast<unsigned char>(text[i]);
        std::size_t before = out.size();
        if (byte < 0x80) {
            ++i;
            if (byte >= 'A' && byte <= 'Z')
                out += static_cast<char>(byte - 'A' + 'a');
            else if ((byte >= 'a' && byte <= 'z') || (byte >= '0' && byte <= '9'))
                out += static_cast<char>(byte);
            else
                out += ' ';
        } else {
            char32_t cp = nextCodepoint(text, i);
            if (cp >= 0xC0 && cp <= 0x17F)
                out += kLatin[cp - 0xC0];
            else if (cp == 0x218 || cp == 0x219)
                out += 's';  // Ș ș
            else if (cp == 0x21A || cp == 0x21B)
                out += 't';  // Ț ț
            else if (cp < 0xC0 || (cp >= 0x2000 && cp <= 0x206F && cp != 0x200C && cp != 0x200D) || cp == 0x3000 ||
                     cp == 0xFFFD || (cp >= 0x3001 && cp <= 0x3003))
                out += ' ';  // Latin-1 symbols, general punctuation (not the joiners ZWJ, ZWNJ
                             // inside words and emoji), ideographic space and stops
            else
                appendUtf8(out, foldGreekCyrillic(cp));
        }
        for (std::size_t b = before; b < out.size(); ++b) origin(start);
    }
}

std::vector<std::string> words(std::string_view folded) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < folded.size()) {
        while (i < folded.size() && folded[i] == ' ') ++i;
        std::size_t j = i;
        while (j < folded.size() && folded[j] != ' ') ++j;
        if (j > i) out.emplace_back(folded.substr(i, j - i));
        i = j;
    }
    return out;
}

// glibc's memmem: much faster than find() when the term's first letter is common (a
// single "t" over ten thousand abstracts).
std::size_t findIn(std::string_view text, std::string_view term, std::size_t from = 0) {
    if (from > text.size()) return std::string_view::npos;
    const void* at = ::memmem(text.data() + from, text.size() - from, term.data(), term.size());
    return at ? static_cast<std::size_t>(static_cast<const char*>(at) - text.data()) : std::string_view::npos;
}

constexpr int kFieldWeight[] = {100, 60, 30, 10};

// True when [from, to) of the word [begin, end) of `text` starts and ends between
// grapheme clusters: क does not match inside क्ष, nor 👨 inside a family. Only a
// non-ASCII byte after the match or at its start can continue a cluster, so ASCII
// words are not looked at further.
bool onClusters(std::string_view text, std::size_t begin, std::size_t end, std::size_t from, std::size_t to) {
    bool edgeAfter = to < end && static_cast<unsigned char>(text[to]) >= 0x80;
    bool edgeBefore = from > begin && static_cast<unsigned char>(text[from]) >= 0x80;
    if (!edgeAfter && !edgeBefore) return true;
    std::vector<std::size_t> b = graphemeBoundaries(text.substr(begin, end - begin));
    auto at = [&](std::size_t x) { return std::binary_search(b.begin(), b.end(), x - begin); };
    return at(from) && at(to);
}

}  // namespace

std::string foldForSearch(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    fold(text, out, [](std::size_t) {});
    return out;
}

std::vector<std::pair<std::size_t, std::size_t>> matchRanges(std::string_view text, std::string_view query) {
    std::string folded;
    std::vector<std::size_t> origin;
    fold(text, folded, [&](std::size_t at) { origin.push_back(at); });
    origin.push_back(text.size());
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    for (const std::string& word : words(foldForSearch(query))) {
        for (std::size_t pos = folded.find(word); pos != std::string::npos; pos = folded.find(word, pos + 1)) {
            std::size_t end = pos + word.size();
            // The end of the last original character that contributed to the match.
            std::size_t last = origin[end - 1];
            std::size_t stop = end;
            while (stop < origin.size() && origin[stop] == last) ++stop;
            ranges.emplace_back(origin[pos], origin[stop]);
        }
    }
    // A mark covers whole grapheme clusters, and only matches that are whole clusters.
    if (!ranges.empty()) {
        std::vector<std::size_t> b = graphemeBoundaries(text);
        auto on = [&](std::size_t x) { return std::binary_search(b.begin(), b.end(), x); };
        ranges.erase(
            std::remove_if(ranges.begin(), ranges.end(), [&](const auto& r) { return !on(r.first) || !on(r.second); }),
            ranges.end());
    }
    std::sort(ranges.begin(), ranges.end());
    std::vector<std::pair<std::size_t, std::size_t>> merged;
    for (const auto& r : ranges) {
        if (!merged.empty() && r.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, r.second);
        else
            merged.push_back(r);
    }
    return merged;
}

namespace {

// Who a talk is by: speakers and paper authors both.
std::string peopleText(const Program& program, const Talk& talk) {
    std::string people = authorLine(program, talk);
    for (const std::string& author : talk.authors) people += " " + author;
    return people;
}

// Where and in what a talk is: its session, room and track.
std::string placeText(const Program& program, const Talk& talk) {
    std::string place;
    if (talk.session) {
        const Session& s = program.sessions[*talk.session];
        place = s.title;
        if (s.room) place += " " + program.rooms[*s.room].name;
    }
    if (auto track = effectiveTrack(program, talk)) place += " " + program.tracks[*track].name;
    return place;
}

}  // namespace

// What building needs and the index keeps no longer.
struct SearchIndex::Builder {
    SearchIndex& index;
    std::unordered_map<std::string, std::uint32_t> ids;
    std::vector<std::vector<Index>> holders;  // per word, the talks holding it
    std::vector<Instant> when;                // for ordering equal scores by time
    std::string folded;
    std::vector<std::uint32_t> seen;  // the current talk's words so far
    std::array<std::uint32_t, 4> ends{};

    Builder(SearchIndex& into, std::size_t talks);
    void addTalk(const Program& program, Index t);
    void addField(std::string_view field, std::size_t n, Index t);
    void addWord(std::string_view word, std::size_t fieldStart, Index t);
    std::uint32_t wordId(std::string_view word);
    void finish();
};

SearchIndex::Builder::Builder(SearchIndex& into, std::size_t talks) : index(into) {
    when.reserve(talks);
    index.docStart_.reserve(talks + 1);
    index.docFieldEnd_.reserve(talks);
    index.vocabulary_.assign(1, '\n');  // (not = "\n": GCC 12 warns falsely, -Wrestrict)
}

void SearchIndex::Builder::addTalk(const Program& program, Index t) {
    const Talk& talk = program.talks[t];
    index.docStart_.push_back(static_cast<std::uint32_t>(index.docWords_.size()));
    ends = {};
    seen.clear();
    addField(headline(talk), 0, t);
    addField(peopleText(program, talk), 1, t);
    addField(placeText(program, talk), 2, t);
    addField(talk.abstract, 3, t);
    index.docFieldEnd_.push_back(ends);
    when.push_back(talk.session ? talk.slot.start : Instant::max());
}

void SearchIndex::Builder::addField(std::string_view field, std::size_t n, Index t) {
    folded.clear();
    fold(field, folded, [](std::size_t) {});
    std::size_t fieldStart = index.docWords_.size();
    for (std::size_t i = 0; i < folded.size();) {
        std::size_t stop = folded.find(' ', i);
        if (stop == std::string::npos) stop = folded.size();
        std::string_view word(folded.data() + i, stop - i);
        i = stop + 1;
        if (!word.empty()) addWord(word, fieldStart, t);
    }
    ends[n] = static_cast<std::uint32_t>(index.docWords_.size());
}

void SearchIndex::Builder::addWord(std::string_view word, std::size_t fieldStart, Index t) {
    std::uint32_t id = wordId(word);
    // Once per field; the talk is listed under the word once.
    auto& docWords = index.docWords_;
    if (std::find(docWords.begin() + static_cast<std::ptrdiff_t>(fieldStart), docWords.end(), id) != docWords.end())
        return;
    docWords.push_back(id);
    if (std::find(seen.begin(), seen.end(), id) == seen.end()) {
        seen.push_back(id);
        holders[id].push_back(t);
    }
}

std::uint32_t SearchIndex::Builder::wordId(std::string_view word) {
    auto [it, fresh] = ids.try_emplace(std::string(word), static_cast<std::uint32_t>(ids.size()));
    if (fresh) {
        index.wordStart_.push_back(static_cast<std::uint32_t>(index.vocabulary_.size()));
        index.vocabulary_ += word;
        index.vocabulary_ += '\n';
        holders.emplace_back();
    }
    return it->second;
}

void SearchIndex::Builder::finish() {
    index.docStart_.push_back(static_cast<std::uint32_t>(index.docWords_.size()));
    index.wordStart_.push_back(static_cast<std::uint32_t>(index.vocabulary_.size()));  // the end, for the last word
    index.postingStart_.reserve(holders.size() + 1);
    for (const auto& h : holders) {
        index.postingStart_.push_back(static_cast<std::uint32_t>(index.postings_.size()));
        index.postings_.insert(index.postings_.end(), h.begin(), h.end());
    }
    index.postingStart_.push_back(static_cast<std::uint32_t>(index.postings_.size()));

    // Each talk's place in time order, so ranking compares integers (up to 2^24 talks).
    std::vector<Index> byTime(when.size());
    std::iota(byTime.begin(), byTime.end(), Index{0});
    std::stable_sort(byTime.begin(), byTime.end(), [&](Index a, Index b) { return when[a] < when[b]; });
    index.timeRank_.resize(when.size());
    for (std::size_t i = 0; i < byTime.size(); ++i) index.timeRank_[byTime[i]] = static_cast<std::uint32_t>(i);
}

SearchIndex::SearchIndex(const Program& program) {
    Builder builder(*this, program.talks.size());
    for (Index t = 0; t < program.talks.size(); ++t) builder.addTalk(program, t);
    builder.finish();
}

// For one term, which words hold it: 1 somewhere inside, 2 at the start.
struct SearchIndex::Term {
    std::vector<std::uint8_t> in;
    std::vector<std::uint32_t> holders;  // word ids
    std::size_t talks = 0;               // postings of those words: an upper bound
};

// One pass over the vocabulary; a word holding the term twice is seen twice.
SearchIndex::Term SearchIndex::findTerm(std::string_view text) const {
    Term term;
    term.in.assign(postingStart_.size() - 1, 0);
    std::string_view vocab = vocabulary_;
    std::size_t word = 0;
    for (std::size_t pos = findIn(vocab, text, 1); pos != std::string_view::npos; pos = findIn(vocab, text, pos + 1)) {
        while (wordStart_[word + 1] <= pos) ++word;
        if (pos + text.size() >= wordStart_[word + 1]) continue;  // runs past the word's end
        if (!onClusters(vocab, wordStart_[word], wordStart_[word + 1] - 1, pos, pos + text.size())) continue;
        if (!term.in[word]) {
            term.holders.push_back(static_cast<std::uint32_t>(word));
            term.talks += postingStart_[word + 1] - postingStart_[word];
        }
        std::uint8_t kind = pos == wordStart_[word] ? 2 : 1;
        term.in[word] = std::max(term.in[word], kind);
    }
    return term;
}

// The talks holding any of the term's words, ascending; only those `within` when given.
std::vector<Index> SearchIndex::talksHolding(const Term& term, const std::vector<Index>* within) const {
    std::vector<std::uint8_t> mark(size(), 0);
    for (std::uint32_t w : term.holders)
        for (std::uint32_t p = postingStart_[w]; p < postingStart_[w + 1]; ++p) mark[postings_[p]] = 1;
    std::vector<Index> talks;
    if (within) {
        for (Index t : *within)
            if (mark[t]) talks.push_back(t);
    } else {
        for (Index t = 0; t < mark.size(); ++t)
            if (mark[t]) talks.push_back(t);
    }
    return talks;
}

// A talk's score for every term; nothing when a term is in none of its fields.
std::optional<SearchHit> SearchIndex::score(Index t, const std::vector<Term>& terms) const {
    SearchHit hit{t, 0, Field::abstract};
    const auto& ends = docFieldEnd_[t];
    for (const Term& term : terms) {
        // The first field holding the term is the best; a word start beats a middle.
        std::uint32_t begin = docStart_[t];
        int field = 0;
        std::uint8_t best = 0;
        for (; field < 4 && best == 0; ++field) {
            for (std::uint32_t k = begin; k < ends[static_cast<std::size_t>(field)]; ++k)
                best = std::max(best, term.in[docWords_[k]]);
            begin = ends[static_cast<std::size_t>(field)];
        }
        if (best == 0) return std::nullopt;
        --field;
        hit.score += kFieldWeight[field] + (best == 2 ? 5 : 0);
        hit.best = std::min(hit.best, static_cast<Field>(field));
    }
    return hit;
}

// Best first: higher score, then earlier in the program. One integer per hit (score,
// time rank, position in `hits`) sorts several times faster than comparing hits
// through the talks' times.
std::vector<SearchHit> SearchIndex::rank(const std::vector<SearchHit>& hits) const {
    std::vector<std::uint64_t> keys(hits.size());
    for (std::size_t i = 0; i < hits.size(); ++i) {
        auto low = static_cast<std::uint64_t>(0xFFFF - std::min(hits[i].score, 0xFFFF));
        keys[i] = low << 48 | static_cast<std::uint64_t>(timeRank_[hits[i].talk]) << 24 | i;
    }
    std::sort(keys.begin(), keys.end());
    std::vector<SearchHit> ranked;
    ranked.reserve(hits.size());
    for (std::uint64_t k : keys) ranked.push_back(hits[k & 0xFFFFFF]);
    return ranked;
}

std::vector<SearchHit> SearchIndex::search(std::string_view query, const std::vector<Index>* within,
                                           std::vector<Index>* matched) const {
    if (matched) matched->clear();
    std::vector<Term> found;
    for (const std::string& text : words(foldForSearch(query))) {
        found.push_back(findTerm(text));
        if (found.back().holders.empty()) return {};  // a term in no word: nothing matches
    }
    if (found.empty()) return {};
    // The talks to look at: the last answer when narrowing, else those holding the
    // rarest term's words, whichever is fewer.
    const Term& rarest =
        *std::min_element(found.begin(), found.end(), [](const Term& a, const Term& b) { return a.talks < b.talks; });
    std::vector<Index> candidates;
    if (!within || within->size() > rarest.talks) {
        candidates = talksHolding(rarest, within);
        within = &candidates;
    }
    std::vector<SearchHit> hits;
    for (Index t : *within) {
        if (auto hit = score(t, found)) {
            hits.push_back(*hit);
            if (matched) matched->push_back(t);
        }
    }
    return rank(hits);
}

const std::vector<SearchHit>& Searcher::search(std::string_view query) {
    std::string folded = foldForSearch(query);
    // Trailing spaces end a word without changing what matches.
    while (!folded.empty() && folded.back() == ' ') folded.pop_back();
    bool narrows = hasLast_ && !lastFolded_.empty() && folded.size() >= lastFolded_.size() &&
                   folded.compare(0, lastFolded_.size(), lastFolded_) == 0;
    if (hasLast_ && folded == lastFolded_) return hits_;
    std::vector<Index> matched;
    hits_ = index_->search(folded, narrows ? &candidates_ : nullptr, &matched);
    candidates_ = std::move(matched);  // ascending, as searched
    lastFolded_ = std::move(folded);
    hasLast_ = true;
    return hits_;
}

}  // namespace hallboard::browse
