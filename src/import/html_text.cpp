// See html_text.hpp.
#include "import/html_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "base/text.hpp"

namespace hallboard::import {

namespace {

struct Entity {
    std::string_view name;
    unsigned long codePoint;
};

// The entities seen in conference exports: XML's five, Latin-1 letters, typography.
constexpr Entity kEntities[] = {
    {"amp", '&'},      {"lt", '<'},       {"gt", '>'},        {"quot", '"'},     {"apos", '\''},     {"nbsp", 0xA0},
    {"shy", 0xAD},     {"copy", 0xA9},    {"reg", 0xAE},      {"trade", 0x2122}, {"deg", 0xB0},      {"plusmn", 0xB1},
    {"times", 0xD7},   {"divide", 0xF7},  {"micro", 0xB5},    {"middot", 0xB7},  {"para", 0xB6},     {"sect", 0xA7},
    {"laquo", 0xAB},   {"raquo", 0xBB},   {"ndash", 0x2013},  {"mdash", 0x2014}, {"hellip", 0x2026}, {"lsquo", 0x2018},
    {"rsquo", 0x2019}, {"ldquo", 0x201C}, {"rdquo", 0x201D},  {"sbquo", 0x201A}, {"bdquo", 0x201E},  {"bull", 0x2022},
    {"euro", 0x20AC},  {"pound", 0xA3},   {"yen", 0xA5},      {"cent", 0xA2},    {"szlig", 0xDF},    {"auml", 0xE4},
    {"ouml", 0xF6},    {"uuml", 0xFC},    {"Auml", 0xC4},     {"Ouml", 0xD6},    {"Uuml", 0xDC},     {"eacute", 0xE9},
    {"egrave", 0xE8},  {"ecirc", 0xEA},   {"euml", 0xEB},     {"Eacute", 0xC9},  {"aacute", 0xE1},   {"agrave", 0xE0},
    {"acirc", 0xE2},   {"atilde", 0xE3},  {"aring", 0xE5},    {"aelig", 0xE6},   {"ccedil", 0xE7},   {"Ccedil", 0xC7},
    {"iacute", 0xED},  {"igrave", 0xEC},  {"icirc", 0xEE},    {"iuml", 0xEF},    {"ntilde", 0xF1},   {"Ntilde", 0xD1},
    {"oacute", 0xF3},  {"ograve", 0xF2},  {"ocirc", 0xF4},    {"otilde", 0xF5},  {"oslash", 0xF8},   {"Oslash", 0xD8},
    {"uacute", 0xFA},  {"ugrave", 0xF9},  {"ucirc", 0xFB},    {"yacute", 0xFD},  {"thorn", 0xFE},    {"eth", 0xF0},
    {"rarr", 0x2192},  {"larr", 0x2190},  {"hearts", 0x2665},
};

bool startsWithNoCase(std::string_view text, std::size_t pos, std::string_view word) {
    if (pos + word.size() > text.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[pos + i])) != word[i]) return false;
    return true;
}

// Collapses runs of spaces, trims lines, and keeps at most one blank line in a row.
std::string tidy(std::string_view text) {
    std::string out;
    std::string line;
    int blank = 0;
    auto flushLine = [&] {
        std::size_t a = line.find_first_not_of(' ');
        std::size_t b = line.find_last_not_of(' ');
        std::string t = a == std::string::npos ? std::string() : line.substr(a, b - a + 1);
        if (t.empty()) {
            ++blank;
        } else {
            if (!out.empty()) out += blank > 0 ? "\n\n" : "\n";
            out += t;
            blank = 0;
        }
        line.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\r') continue;
        if (c == '\n') {
            flushLine();
            continue;
        }
        if (c == '\t') c = ' ';
        // U+00A0 no-break space behaves like a space here.
        if (c == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
            c = ' ';
            ++i;
        }
        if (c == ' ' && !line.empty() && line.back() == ' ') continue;
        line += c;
    }
    flushLine();
    return out;
}

}  // namespace

std::string decodeEntities(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '&') {
            out += text[i];
            continue;
        }
        std::size_t semi = text.find(';', i + 1);
        if (semi == std::string_view::npos || semi - i > 12) {
            out += '&';
            continue;
        }
        std::string_view name = text.substr(i + 1, semi - i - 1);
        bool decoded = false;
        if (name.size() >= 2 && name[0] == '#') {
            bool hex = name[1] == 'x' || name[1] == 'X';
            std::string digits(name.substr(hex ? 2 : 1));
            char* end = nullptr;
            unsigned long cp = std::strtoul(digits.c_str(), &end, hex ? 16 : 10);
            if (!digits.empty() && end && *end == '\0') {
                // (Checked before narrowing: &#x100000041; is not "A".)
                appendUtf8(out, cp > 0x10FFFF ? char32_t{0xFFFD} : static_cast<char32_t>(cp));
                decoded = true;
            }
        } else {
            for (const Entity& e : kEntities)
                if (e.name == name) {
                    appendUtf8(out, static_cast<char32_t>(e.codePoint));
                    decoded = true;
                    break;
                }
        }
        if (decoded) {
            i = semi;
        } else {
            out += '&';
        }
    }
    return out;
}

namespace {

bool hasTags(std::string_view text) {
    for (std::string_view tag : {"<p", "<br", "</", "<li", "<ul", "<div", "<a ", "<em", "<strong", "<b>", "<i>"})
        if (std::search(text.begin(), text.end(), tag.begin(), tag.end(),
                        [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; }) != text.end())
            return true;
    return false;
}

}  // namespace

std::string htmlToText(std::string_view input) {
    // Real HTML is read as it is; entity-escaped HTML ("&lt;p&gt;") shows its tags only
    // after one decoding round. Either way the text between tags is decoded at the end.
    std::string text = hasTags(input) ? std::string(input) : decodeEntities(input);
    if (!hasTags(text)) return tidy(text);

    std::string out;
    std::string_view t = text;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '<') {
            out += (t[i] == '\n' || t[i] == '\r') ? ' ' : t[i];  // HTML source line ends are spaces
            continue;
        }
        std::size_t close = t.find('>', i);
        if (close == std::string_view::npos) {
            out += t.substr(i);
            break;
        }
        std::size_t nameStart = i + 1 + (i + 1 < t.size() && t[i + 1] == '/' ? 1 : 0);
        if (startsWithNoCase(t, nameStart, "br")) {
            out += '\n';
        } else if (startsWithNoCase(t, nameStart, "li")) {
            if (t[i + 1] != '/') out += "\n• ";
        } else if (startsWithNoCase(t, nameStart, "p") || startsWithNoCase(t, nameStart, "div") ||
                   startsWithNoCase(t, nameStart, "ul") || startsWithNoCase(t, nameStart, "ol") ||
                   startsWithNoCase(t, nameStart, "h1") || startsWithNoCase(t, nameStart, "h2") ||
                   startsWithNoCase(t, nameStart, "h3") || startsWithNoCase(t, nameStart, "blockquote")) {
            out += "\n\n";
        }
        i = close;
    }
    return tidy(decodeEntities(out));
}

}  // namespace hallboard::import
