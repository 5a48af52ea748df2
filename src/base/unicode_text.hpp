// Unicode text analysis that needs no fonts: grapheme clusters (UAX #29), line break
// opportunities (UAX #14) and bidirectional order (UAX #9). Every offset is a byte
// offset into the UTF-8 text given. Clusters and breaks come from ICU (its line breaker
// knows where Thai, Lao, Khmer and Burmese words end, which a rule table alone cannot);
// bidi levels from FriBidi. No SDL, no ImGui: the text engine (platform), the canvas's
// wrapping (ui) and search (browse) all use these, and the tests run them windowless.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hallboard {

// Byte offsets where grapheme clusters start, in order, then text.size(). An emoji ZWJ
// sequence, a flag, a skin-toned emoji, a Devanagari conjunct with its vowel sign and
// a Thai consonant with its marks are one cluster each. Broken UTF-8 bytes are one
// cluster each.
std::vector<std::size_t> graphemeBoundaries(std::string_view text);

struct LineBreak {
    std::size_t at;  // the line may start a new line at this byte (never 0)
    bool mandatory;  // a newline or paragraph separator ends the line before it
};
// UAX #14 break opportunities (with dictionary word breaks for Thai and its neighbours,
// between any two CJK ideographs, after spaces and hyphens, never inside a word), in
// order; the last one is at text.size().
std::vector<LineBreak> lineBreaks(std::string_view text);

enum class Direction { ltr, rtl };
// A paragraph's direction by UAX #9 rules P2-P3: that of its first strong character
// (outside isolates), left to right when it has none.
Direction paragraphDirection(std::string_view text);

// One directional run of a line: bytes [begin, end) of it, at an embedding level (odd:
// right to left).
struct BidiRun {
    std::size_t begin = 0, end = 0;
    int level = 0;
    bool rtl() const { return (level & 1) != 0; }
};
// The line's runs in visual order, left to right (UAX #9 with rule L2; trailing
// whitespace at the paragraph's level, L1). `paragraph` is the direction of the
// paragraph the line was cut from, so a wrapped line keeps it.
std::vector<BidiRun> visualRuns(std::string_view line, Direction paragraph);

}  // namespace hallboard
