// See scan.hpp.
#include "import/scan.hpp"

namespace hallboard::import::scan {

bool equalsNoCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lowerAscii(a[i]) != lowerAscii(b[i])) return false;
    return true;
}

bool startsWithNoCase(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && equalsNoCase(text.substr(0, prefix.size()), prefix);
}

bool endsWithNoCase(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && equalsNoCase(text.substr(text.size() - suffix.size()), suffix);
}

bool hasLineBreak(std::string_view text) {
    for (char c : text)
        if (isLineBreak(c)) return true;
    return false;
}

bool isOneOfNoCase(std::string_view text, std::initializer_list<std::string_view> words) {
    for (std::string_view w : words)
        if (equalsNoCase(text, w)) return true;
    return false;
}

std::string_view trimEnd(std::string_view text) {
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    return text;
}

std::size_t Cursor::skipSpaces() {
    std::size_t from = pos_;
    while (pos_ < text_.size() && isSpace(text_[pos_])) ++pos_;
    return pos_ - from;
}

bool Cursor::optional(char c) {
    if (atEnd() || text_[pos_] != c) return false;
    ++pos_;
    return true;
}

bool Cursor::oneOf(std::string_view chars) {
    if (atEnd() || chars.find(text_[pos_]) == std::string_view::npos) return false;
    ++pos_;
    return true;
}

bool Cursor::literal(std::string_view s) {
    if (rest().substr(0, s.size()) != s) return false;
    pos_ += s.size();
    return true;
}

bool Cursor::literalNoCase(std::string_view s) {
    if (!startsWithNoCase(rest(), s)) return false;
    pos_ += s.size();
    return true;
}

bool Cursor::digits(std::size_t min, std::size_t max) {
    std::size_t n = 0;
    while (n < max && pos_ + n < text_.size() && isDigit(text_[pos_ + n])) ++n;
    if (n < min) return false;
    pos_ += n;
    return true;
}

std::size_t Cursor::lowers() {
    std::size_t from = pos_;
    while (pos_ < text_.size() && isLower(text_[pos_])) ++pos_;
    return pos_ - from;
}

int Cursor::weekdayAbbreviation() {
    // Compared character by character, not with memcmp: detection tries this at every
    // position of every line, and fuzzing builds trace each memcmp call.
    if (pos_ + 3 > text_.size()) return -1;
    char a = text_[pos_], b = text_[pos_ + 1], c = text_[pos_ + 2];
    int day = -1;
    switch (a) {
    case 'S': day = b == 'u' && c == 'n' ? 0 : b == 'a' && c == 't' ? 6 : -1; break;
    case 'M': day = b == 'o' && c == 'n' ? 1 : -1; break;
    case 'T': day = b == 'u' && c == 'e' ? 2 : b == 'h' && c == 'u' ? 4 : -1; break;
    case 'W': day = b == 'e' && c == 'd' ? 3 : -1; break;
    case 'F': day = b == 'r' && c == 'i' ? 5 : -1; break;
    default: break;
    }
    if (day >= 0) pos_ += 3;
    return day;
}

bool Cursor::capitalWord() {
    if (atEnd() || !isUpper(text_[pos_])) return false;
    std::size_t from = pos_++;
    if (lowers() == 0) {
        pos_ = from;
        return false;
    }
    return true;
}

bool Cursor::spacesToEnd() {
    std::size_t from = pos_;
    skipSpaces();
    if (atEnd()) return true;
    pos_ = from;
    return false;
}

std::optional<std::string_view> spacesThenRest(Cursor& c, std::size_t minSpaces) {
    std::size_t from = c.pos();
    std::size_t spaces = c.skipSpaces();
    std::string_view rest = c.rest();
    if (rest.empty() && spaces > minSpaces) rest = c.text().substr(c.pos() - 1, 1);
    if (spaces < minSpaces || rest.empty() || hasLineBreak(rest)) {
        c.seek(from);
        return std::nullopt;
    }
    c.seek(c.text().size());
    return rest;
}

bool weekdayDate(Cursor& c) {
    std::size_t from = c.pos();
    // Each piece is followed by a piece that cannot start with what it takes, so taking
    // as much as fits is the only way the whole can match.
    bool ok = c.weekdayAbbreviation() >= 0;
    if (ok) {
        c.lowers();
        c.optional('.');
        c.optional(',');
        ok = c.spaces() && c.digits(1, 2) && c.spaces() && c.capitalWord();
        c.optional('.');
    }
    if (!ok) c.seek(from);
    return ok;
}

std::optional<std::size_t> timeToEnd(Cursor& c, bool meridiem) {
    std::size_t from = c.pos();
    auto fail = [&]() -> std::optional<std::size_t> {
        c.seek(from);
        return std::nullopt;
    };
    if (!c.digits(1, 2) || !c.optional(':') || !c.digits(2, 2)) return fail();
    c.skipSpaces();
    if (c.oneOf("aApP")) {
        // A meridiem, or nothing: white space cannot start with a letter, so "a..." that
        // is not a meridiem leaves the line failing either way.
        c.optional('.');
        std::size_t beforeSpace = c.pos();
        if (c.skipSpaces() > 1) c.seek(beforeSpace + 1);  // \s? takes one at most
        if (!c.oneOf("mM")) return fail();
        c.optional('.');
        std::size_t end = c.pos();
        if (!c.spacesToEnd()) return fail();
        return end;
    }
    if (meridiem || !c.atEnd()) return fail();
    return c.pos();
}

}  // namespace hallboard::import::scan
