// Line wrapping with any measure: greedy at UAX #14 break opportunities (between words,
// between CJK characters, between Thai words, after hyphens; never inside a Latin
// word), by grapheme clusters for a word wider than the line (a long URL), and an
// ellipsis that never splits a cluster when lines run out. Each line keeps the
// direction of the paragraph it was cut from. Pure: the tests drive it with a measure
// that counts characters.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/unicode_text.hpp"

namespace hallboard::ui {

using Measure = std::function<float(std::string_view)>;

struct Wrapped {
    std::vector<std::string> lines;
    std::vector<Direction> directions;  // of each line's paragraph (UAX #9 P2-P3)
    bool truncated = false;             // text was cut and the last line ends in "…"
};

// maxLines 0: no limit. Newlines in `text` start new lines; blank lines are kept as one.
Wrapped wrapText(std::string_view text, float width, const Measure& measure, int maxLines = 0);

// `line` cut at a grapheme cluster so that it and "…" fit in `width`.
std::string withEllipsis(std::string line, float width, const Measure& measure);

// "Ada Lovelace" -> "AL"; first letters of the first and last words, UTF-8 aware.
std::string initials(std::string_view name);

}  // namespace hallboard::ui
