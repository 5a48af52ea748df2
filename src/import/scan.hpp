// Small hand-written scanners for the text importers, in place of std::regex: a cursor
// over a std::string_view and the pieces the layouts are made of ("Tue 6 Apr",
// "09:30 a.m.", "Authors:"). Every function here runs in time linear in what it reads,
// never recurses and never allocates, so a line of any length is read safely.
//
// Character classes are ASCII and independent of the locale. White space is what
// trim() strips and what std::regex's \s took in the C locale: space, \t, \n, \v, \f, \r.
// A "line break" is \n or \r, the two characters std::regex's "." did not take.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace hallboard::import::scan {

constexpr bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
constexpr bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
constexpr bool isLower(char c) {
    return c >= 'a' && c <= 'z';
}
constexpr bool isUpper(char c) {
    return c >= 'A' && c <= 'Z';
}
constexpr bool isAlpha(char c) {
    return isLower(c) || isUpper(c);
}
// A word character for a word boundary: ASCII letter, digit or underscore.
constexpr bool isWordChar(char c) {
    return isAlpha(c) || isDigit(c) || c == '_';
}
constexpr bool isLineBreak(char c) {
    return c == '\n' || c == '\r';
}
constexpr char lowerAscii(char c) {
    return isUpper(c) ? static_cast<char>(c - 'A' + 'a') : c;
}

bool equalsNoCase(std::string_view a, std::string_view b);
bool startsWithNoCase(std::string_view text, std::string_view prefix);
bool endsWithNoCase(std::string_view text, std::string_view suffix);
bool hasLineBreak(std::string_view text);
// True when `text` is one of `words`, ignoring ASCII case.
bool isOneOfNoCase(std::string_view text, std::initializer_list<std::string_view> words);
// `text` without its trailing white space.
std::string_view trimEnd(std::string_view text);

// A read position in a text. A failed match leaves the position where it was, unless a
// function says otherwise.
class Cursor {
public:
    explicit Cursor(std::string_view text, std::size_t pos = 0) : text_(text), pos_(pos) {}

    std::size_t pos() const { return pos_; }
    void seek(std::size_t pos) { pos_ = pos; }
    bool atEnd() const { return pos_ >= text_.size(); }
    // The next character, '\0' at the end.
    char peek() const { return atEnd() ? '\0' : text_[pos_]; }
    std::string_view text() const { return text_; }
    std::string_view rest() const { return atEnd() ? std::string_view{} : text_.substr(pos_); }
    // The text from `from` up to the position.
    std::string_view since(std::size_t from) const { return text_.substr(from, pos_ - from); }

    // White space, as much as there is; the number of characters skipped.
    std::size_t skipSpaces();
    // At least one white-space character (then all that follow).
    bool spaces() { return skipSpaces() > 0; }
    // `c` if it is next (an optional character: the result says whether it was there).
    bool optional(char c);
    // One of `chars` if it is next.
    bool oneOf(std::string_view chars);
    bool literal(std::string_view s);
    bool literalNoCase(std::string_view s);
    // Between `min` and `max` ASCII digits, as many as there are up to `max`.
    bool digits(std::size_t min, std::size_t max = std::string_view::npos);
    // Lower-case ASCII letters, as many as there are; how many.
    std::size_t lowers();
    // "Mon" ... "Sun" as written (capital first): the weekday, 0 = Sunday; -1 when none.
    int weekdayAbbreviation();
    // A capitalised word: [A-Z][a-z]+.
    bool capitalWord();
    // Only white space remains: std::regex's \s*$.
    bool spacesToEnd();

private:
    std::string_view text_;
    std::size_t pos_ = 0;
};

// White space, then the rest of the text: what "\s+(.+)$" (minSpaces 1) or "\s*(.+)$"
// (minSpaces 0) captured. When nothing follows the white space, the capture is its last
// character, as ".+" took at least one. nullopt when there are fewer than `minSpaces`
// white-space characters, nothing to capture, or a line break in the capture.
std::optional<std::string_view> spacesThenRest(Cursor& c, std::size_t minSpaces);

// A day and month after a weekday as the day-schedule and session layouts write them:
// "Tue 6 Apr", "Tuesday, 30 Aug.", "Wed. 7 April" -- (Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*
// \.?,?\s+\d{1,2}\s+[A-Z][a-z]+\.? -- from the cursor. On failure the cursor is unchanged.
bool weekdayDate(Cursor& c);

// A time of day and nothing after it but white space: "09:30 a.m.", "2:15 PM", "14:15"
// -- \d{1,2}:\d{2}\s*([aApP]\.?\s?[mM]\.?)?\s*$, with the meridiem required when
// `meridiem` is true. Returns where the time ends: after the meridiem when there is one,
// else at the end of the text (the white space after a bare time belongs to it). On
// failure the cursor is unchanged.
std::optional<std::size_t> timeToEnd(Cursor& c, bool meridiem);

}  // namespace hallboard::import::scan
