// Word wrapping with any measure: greedy by words, by characters for words wider than
// the line (long URLs, CJK text without spaces), and an ellipsis when lines run out.
// Pure: the tests drive it with a measure that counts characters.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace hallboard::ui {

using Measure = std::function<float(std::string_view)>;

struct Wrapped {
    std::vector<std::string> lines;
    bool truncated = false;  // text was cut and the last line ends in "…"
};

// maxLines 0: no limit. Newlines in `text` start new lines; blank lines are kept as one.
Wrapped wrapText(std::string_view text, float width, const Measure& measure, int maxLines = 0);

// The number of UTF-8 bytes of the character starting at text[i] (1 for broken bytes).
std::size_t utf8Length(std::string_view text, std::size_t i);

// "Ada Lovelace" -> "AL"; first letters of the first and last words, UTF-8 aware.
std::string initials(std::string_view name);

}  // namespace hallboard::ui
