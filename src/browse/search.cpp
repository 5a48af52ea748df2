// See search.hpp.
#include "browse/search.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "core/text.hpp"

namespace hallboard::browse {

namespace {

// U+00C0..U+017F (Latin-1 letters and Latin Extended-A) without their accents.
constexpr const char* kLatin[] = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
    "d", "n", "o", "o", "o", "o", "o", " ", "o", "u", "u", "u", "u", "y", "th", "ss",
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
    "d", "n", "o", "o", "o", "o", "o", " ", "o", "u", "u", "u", "u", "y", "th", "y",
    "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",
    "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
    "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",
    "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",
    "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
    "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",
    "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",
    "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s"
};

void appendUtf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Greek and Cyrillic: lower case, tonos and diaeresis off, final sigma as sigma.
char32_t foldGreekCyrillic(char32_t cp) {
    switch (cp) {
        case 0x386: case 0x3AC: return 0x3B1;
        case 0x388: case 0x3AD: return 0x3B5;
        case 0x389: case 0x3AE: return 0x3B7;
        case 0x38A: case 0x3AF: case 0x3CA: case 0x390: case 0x3AA: return 0x3B9;
        case 0x38C: case 0x3CC: return 0x3BF;
        case 0x38E: case 0x3CD: case 0x3CB: case 0x3B0: case 0x3AB: return 0x3C5;
        case 0x38F: case 0x3CE: return 0x3C9;
        case 0x3C2: return 0x3C3;
        case 0x401: case 0x451: return 0x435;  // Ё ё -> е
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
            if (byte >= 'A' && byte <= 'Z') out += static_cast<char>(byte - 'A' + 'a');
            else if ((byte >= 'a' && byte <= 'z') || (byte >= '0' && byte <= '9')) out += static_cast<char>(byte);
            else out += ' ';
        } else {
            char32_t cp = nextCodepoint(text, i);
            if (cp >= 0xC0 && cp <= 0x17F) out += kLatin[cp - 0xC0];
            else if (cp == 0x218 || cp == 0x219) out += 's';  // Ș ș
            else if (cp == 0x21A || cp == 0x21B) out += 't';  // Ț ț
            else if (cp < 0xC0 || (cp >= 0x2000 && cp <= 0x206F) || cp == 0x3000 || cp == 0xFFFD ||
                     (cp >= 0x3001 && cp <= 0x3003))
                out += ' ';  // Latin-1 symbols, general punctuation, ideographic space and stops
            else appendUtf8(out, foldGreekCyrillic(cp));
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

bool wordStart(const std::string& text, std::size_t pos) {
    return pos == 0 || text[pos - 1] == ' ' || text[pos - 1] == '\n';
}

constexpr int kFieldWeight[] = {100, 60, 30, 10};

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
    std::sort(ranges.begin(), ranges.end());
    std::vector<std::pair<std::size_t, std::size_t>> merged;
    for (const auto& r : ranges) {
        if (!merged.empty() && r.first <= merged.back().second) merged.back().second = std::max(merged.back().second, r.second);
        else merged.push_back(r);
    }
    return merged;
}

SearchIndex::SearchIndex(const Program& program) {
    docs_.reserve(program.talks.size());
    std::vector<Instant> when;  // for ordering equal scores by time
    when.reserve(program.talks.size());
    for (const Talk& talk : program.talks) {
        Doc doc;
        std::string folded;
        std::vector<std::string_view> seen;
        // A term never spans a space, so each field keeps every word once: an abstract
        // shrinks to its vocabulary and a keystroke has that much less to read.
        auto add = [&](std::string_view field, int n) {
            folded.clear();
            fold(field, folded, [](std::size_t) {});
            seen.clear();
            std::size_t fieldStart = doc.text.size();
            for (std::size_t i = 0; i < folded.size();) {
                std::size_t end = folded.find(' ', i);
                if (end == std::string::npos) end = folded.size();
                std::string_view word(folded.data() + i, end - i);
                i = end + 1;
                if (word.empty() || std::find(seen.begin(), seen.end(), word) != seen.end()) continue;
                seen.push_back(word);
                if (doc.text.size() > fieldStart) doc.text += ' ';
                doc.text += word;
            }
            doc.ends[n] = static_cast<std::uint32_t>(doc.text.size());
            doc.text += '\n';
        };
        add(headline(talk), 0);
        std::string people = authorLine(program, talk);
        for (const std::string& author : talk.authors) people += " " + author;  // speakers and authors both
        add(people, 1);
        std::string place;
        if (talk.session) {
            const Session& s = program.sessions[*talk.session];
            place = s.title;
            if (s.room) place += " " + program.rooms[*s.room].name;
        }
        if (auto track = effectiveTrack(program, talk)) place += " " + program.tracks[*track].name;
        add(place, 2);
        add(talk.abstract, 3);
        docs_.push_back(std::move(doc));
        when.push_back(talk.session ? talk.slot.start : Instant::max());
    }
    // Each talk's place in time order, so ranking compares integers (up to 2^24 talks).
    std::vector<Index> byTime(docs_.size());
    std::iota(byTime.begin(), byTime.end(), Index{0});
    std::stable_sort(byTime.begin(), byTime.end(), [&](Index a, Index b) { return when[a] < when[b]; });
    timeRank_.resize(docs_.size());
    for (std::size_t i = 0; i < byTime.size(); ++i) timeRank_[byTime[i]] = static_cast<std::uint32_t>(i);
}

std::vector<SearchHit> SearchIndex::search(std::string_view query, const std::vector<Index>* within,
                                          std::vector<Index>* matched) const {
    std::vector<std::string> terms = words(foldForSearch(query));
    std::vector<SearchHit> hits;
    if (matched) matched->clear();
    if (terms.empty()) return hits;
    // " term": the term at a word start anywhere but a field's beginning (fields are
    // separated by '\n', words by one space).
    std::vector<std::string> spaced;
    for (const std::string& term : terms) spaced.push_back(" " + term);
    auto consider = [&](Index t) {
        const Doc& doc = docs_[t];
        std::string_view text = doc.text;
        SearchHit hit{t, 0, Field::abstract};
        for (std::size_t i = 0; i < terms.size(); ++i) {
            std::size_t pos = findIn(text, terms[i]);
            if (pos == std::string_view::npos) return;
            // Fields are in order of weight: the first occurrence is in the best field.
            int field = 0;
            while (field < 3 && pos >= doc.ends[field]) ++field;
            // Prefer a word start within that field: one more scan, of that field only.
            bool start = wordStart(doc.text, pos);
            if (!start) {
                std::size_t p = findIn(text.substr(0, doc.ends[field]), spaced[i], pos);
                start = p != std::string_view::npos;
            }
            hit.score += kFieldWeight[field] + (start ? 5 : 0);
            hit.best = std::min(hit.best, static_cast<Field>(field));
        }
        hits.push_back(hit);
        if (matched) matched->push_back(t);
    };
    if (within) {
        for (Index t : *within) consider(t);
    } else {
        for (Index t = 0; t < docs_.size(); ++t) consider(t);
    }
    // Best first: higher score, then earlier in the program. One integer per hit
    // (score, time rank, position in `hits`) sorts several times faster than comparing
    // hits through the talks' times.
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
