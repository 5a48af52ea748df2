// See unicode_text.hpp.
#include "base/unicode_text.hpp"

#include <algorithm>
#include <memory>

#include <fribidi.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

#include "base/text.hpp"

namespace hallboard {

namespace {

// An ICU break iterator over UTF-8 text in place (UText reports byte offsets).
class Breaker {
public:
    Breaker(UBreakIteratorType type, std::string_view text) {
        UErrorCode status = U_ZERO_ERROR;
        utext_ = utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status);
        if (U_FAILURE(status)) return;
        iterator_ = ubrk_open(type, "", nullptr, 0, &status);
        if (U_FAILURE(status)) return;
        ubrk_setUText(iterator_, utext_, &status);
        ok_ = U_SUCCESS(status);
    }
    ~Breaker() {
        if (iterator_) ubrk_close(iterator_);
        if (utext_) utext_close(utext_);
    }
    Breaker(const Breaker&) = delete;
    Breaker& operator=(const Breaker&) = delete;
    bool ok() const { return ok_; }
    UBreakIterator* get() const { return iterator_; }

private:
    UText* utext_ = nullptr;
    UBreakIterator* iterator_ = nullptr;
    bool ok_ = false;
};

// Code points with the byte offset each starts at (offsets has one more: text.size()).
struct Decoded {
    std::vector<FriBidiChar> chars;
    std::vector<std::size_t> offsets;
};

Decoded decode(std::string_view text) {
    Decoded d;
    d.chars.reserve(text.size());
    d.offsets.reserve(text.size() + 1);
    for (std::size_t i = 0; i < text.size();) {
        d.offsets.push_back(i);
        d.chars.push_back(static_cast<FriBidiChar>(nextCodepoint(text, i)));
    }
    d.offsets.push_back(text.size());
    return d;
}

// Code point boundaries: what is left when ICU cannot run (never expected).
std::vector<std::size_t> codepointBoundaries(std::string_view text) {
    std::vector<std::size_t> out = decode(text).offsets;
    return out;
}

}  // namespace

std::vector<std::size_t> graphemeBoundaries(std::string_view text) {
    if (text.empty()) return {0};
    Breaker b(UBRK_CHARACTER, text);
    if (!b.ok()) return codepointBoundaries(text);
    std::vector<std::size_t> out;
    for (int32_t at = ubrk_first(b.get()); at != UBRK_DONE; at = ubrk_next(b.get()))
        out.push_back(static_cast<std::size_t>(at));
    if (out.empty() || out.back() != text.size()) out.push_back(text.size());
    return out;
}

std::vector<LineBreak> lineBreaks(std::string_view text) {
    std::vector<LineBreak> out;
    if (text.empty()) return out;
    Breaker b(UBRK_LINE, text);
    if (!b.ok()) {
        // Without ICU's data: after each space, as plain word wrapping would.
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == ' ' || text[i] == '\n') out.push_back({i + 1, text[i] == '\n'});
        if (out.empty() || out.back().at != text.size()) out.push_back({text.size(), false});
        return out;
    }
    ubrk_first(b.get());
    for (int32_t at = ubrk_next(b.get()); at != UBRK_DONE; at = ubrk_next(b.get())) {
        int32_t status = ubrk_getRuleStatus(b.get());
        bool hard = status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
        out.push_back({static_cast<std::size_t>(at), hard && static_cast<std::size_t>(at) < text.size()});
    }
    if (out.empty() || out.back().at != text.size()) out.push_back({text.size(), false});
    return out;
}

Direction paragraphDirection(std::string_view text) {
    Decoded d = decode(text);
    if (d.chars.empty()) return Direction::ltr;
    std::vector<FriBidiCharType> types(d.chars.size());
    auto n = static_cast<FriBidiStrIndex>(d.chars.size());
    fribidi_get_bidi_types(d.chars.data(), n, types.data());
    // P2 and P3 by hand: the first strong letter outside isolates (FriBidi's
    // fribidi_get_par_direction looks inside them), so "11:10 · <isolated Arabic>" is
    // a left-to-right line.
    int depth = 0;
    for (FriBidiCharType type : types) {
        if (type == FRIBIDI_TYPE_LRI || type == FRIBIDI_TYPE_RLI || type == FRIBIDI_TYPE_FSI) {
            ++depth;
        } else if (type == FRIBIDI_TYPE_PDI) {
            if (depth > 0) --depth;
        } else if (depth == 0) {
            if (type == FRIBIDI_TYPE_LTR) return Direction::ltr;
            if (type == FRIBIDI_TYPE_RTL || type == FRIBIDI_TYPE_AL) return Direction::rtl;
        }
    }
    return Direction::ltr;
}

std::vector<BidiRun> visualRuns(std::string_view line, Direction paragraph) {
    std::vector<BidiRun> runs;
    if (line.empty()) return runs;
    Decoded d = decode(line);
    auto n = static_cast<FriBidiStrIndex>(d.chars.size());
    std::vector<FriBidiCharType> types(d.chars.size());
    std::vector<FriBidiBracketType> brackets(d.chars.size());
    std::vector<FriBidiLevel> levels(d.chars.size());
    fribidi_get_bidi_types(d.chars.data(), n, types.data());
    fribidi_get_bracket_types(d.chars.data(), n, types.data(), brackets.data());
    FriBidiParType base = paragraph == Direction::rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
    int baseLevel = paragraph == Direction::rtl ? 1 : 0;
    if (fribidi_get_par_embedding_levels_ex(types.data(), brackets.data(), n, &base, levels.data()) == 0)
        std::fill(levels.begin(), levels.end(), static_cast<FriBidiLevel>(baseLevel));
    // L1: whitespace (and isolate marks) at the end of the line take the paragraph's level.
    for (std::size_t i = d.chars.size(); i-- > 0;) {
        if (!FRIBIDI_IS_EXPLICIT_OR_BN_OR_WS(types[i]) && !FRIBIDI_IS_ISOLATE(types[i])) break;
        levels[i] = static_cast<FriBidiLevel>(baseLevel);
    }
    for (std::size_t i = 0; i < d.chars.size(); ++i) {
        int level = levels[i];
        if (!runs.empty() && runs.back().level == level) {
            runs.back().end = d.offsets[i + 1];
        } else {
            runs.push_back({d.offsets[i], d.offsets[i + 1], level});
        }
    }
    // L2: from the highest level down to the lowest odd one, reverse every sequence of
    // runs at that level or above.
    int highest = 0, lowestOdd = 127;
    for (const BidiRun& r : runs) {
        highest = std::max(highest, r.level);
        if (r.level & 1) lowestOdd = std::min(lowestOdd, r.level);
    }
    for (int level = highest; level >= lowestOdd && level > 0; --level) {
        for (std::size_t i = 0; i < runs.size();) {
            if (runs[i].level < level) {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < runs.size() && runs[j].level >= level) ++j;
            std::reverse(runs.begin() + static_cast<std::ptrdiff_t>(i), runs.begin() + static_cast<std::ptrdiff_t>(j));
            i = j;
        }
    }
    return runs;
}

}  // namespace hallboard
