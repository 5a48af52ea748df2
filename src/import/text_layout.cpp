// See text_layout.hpp.
#include "import/text_layout.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>

#include "base/text.hpp"
#include "import/import.hpp"

namespace hallboard::import {

namespace {

constexpr std::array<std::string_view, 7> kWeekdays{"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
constexpr std::array<std::string_view, 12> kMonths{"jan", "feb", "mar", "apr", "may", "jun",
                                                   "jul", "aug", "sep", "oct", "nov", "dec"};

bool isAsciiAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
char lower(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// Reads a word of letters at pos; returns it lower-cased.
std::string readWord(std::string_view text, std::size_t& pos) {
    std::string word;
    while (pos < text.size() && isAsciiAlpha(text[pos])) word += lower(text[pos++]);
    return word;
}

void skipSpaces(std::string_view text, std::size_t& pos) {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t')) ++pos;
}

int indexOfPrefix(std::string_view word, const auto& table) {
    if (word.size() < 3) return -1;
    for (std::size_t i = 0; i < table.size(); ++i)
        if (word.substr(0, 3) == table[i]) return static_cast<int>(i);
    return -1;
}

}  // namespace

std::string foldName(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : trimView(text)) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += lower(c);
    }
    return out;
}

std::string foldForMatch(std::string_view text) {
    std::string out;
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (isAsciiAlpha(c) || isDigit(c))
            out += lower(c);
        else if (u >= 0x80)
            out += c;
    }
    return out;
}

namespace {

// Web pages copied as text carry no-break and thin spaces where words are separated:
// they become plain spaces so that trimming and patterns see them.
std::string plainSpaces(std::string_view line) {
    std::string out;
    out.reserve(line.size());
    // Byte by byte rather than with compare(), and the text between the spaces copied in
    // one piece: this runs over every input byte, and fuzzing builds trace each memcmp
    // call and each comparison.
    const std::size_t n = line.size();
    std::size_t copied = 0;
    for (std::size_t i = 0; i < n; ++i) {
        char c = line[i];
        if (c != '\xC2' && c != '\xE2') continue;
        std::size_t width = 0;
        if (c == '\xC2' && i + 1 < n && line[i + 1] == '\xA0')
            width = 2;  // U+00A0
        else if (c == '\xE2' && i + 2 < n && line[i + 1] == '\x80' &&
                 (line[i + 2] == '\xAF' || line[i + 2] == '\x89' || line[i + 2] == '\x8A'))
            width = 3;  // U+202F, U+2009, U+200A
        if (width == 0) continue;
        out.append(line.substr(copied, i - copied));
        out += ' ';
        i += width - 1;
        copied = i + 1;
    }
    out.append(line.substr(copied));
    return out;
}

}  // namespace

std::vector<std::string> splitLines(std::string_view text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        lines.push_back(plainSpaces(line));
        if (end == text.size()) break;
        start = end + 1;
    }
    return lines;
}

std::string Paragraph::joined() const {
    std::string out;
    for (const auto& l : lines) {
        if (!out.empty()) out += ' ';
        out += l;
    }
    return out;
}

std::vector<Paragraph> splitParagraphs(std::string_view text) {
    std::vector<Paragraph> out;
    auto lines = splitLines(text);
    bool open = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string line = trim(lines[i]);
        if (line.empty()) {
            open = false;
            continue;
        }
        if (!open) {
            out.push_back({i + 1, {}});
            open = true;
        }
        out.back().lines.push_back(std::move(line));
    }
    return out;
}

std::optional<DayMonth> parseDayMonth(std::string_view text, std::size_t* used) {
    std::size_t pos = 0;
    skipSpaces(text, pos);
    DayMonth out;
    std::size_t save = pos;
    std::string word = readWord(text, pos);
    int wd = indexOfPrefix(word, kWeekdays);
    if (wd >= 0) {
        out.weekday = wd;
        if (pos < text.size() && (text[pos] == ',' || text[pos] == '.')) ++pos;
        skipSpaces(text, pos);
    } else {
        pos = save;
    }
    int day = 0, digits = 0;
    while (pos < text.size() && isDigit(text[pos]) && digits < 2) {
        day = day * 10 + (text[pos++] - '0');
        ++digits;
    }
    if (digits == 0 || day < 1 || day > 31) return std::nullopt;
    skipSpaces(text, pos);
    std::string monthWord = readWord(text, pos);
    int month = indexOfPrefix(monthWord, kMonths);
    if (month < 0) return std::nullopt;
    if (pos < text.size() && text[pos] == '.') ++pos;
    out.day = day;
    out.month = month + 1;
    if (used) *used = pos;
    return out;
}

std::optional<int> parseClockTime(std::string_view text, std::size_t* used) {
    std::size_t pos = 0;
    skipSpaces(text, pos);
    int h = 0, m = 0, digits = 0;
    while (pos < text.size() && isDigit(text[pos]) && digits < 2) {
        h = h * 10 + (text[pos++] - '0');
        ++digits;
    }
    if (digits == 0 || pos >= text.size() || text[pos] != ':') return std::nullopt;
    ++pos;
    if (pos + 2 > text.size() || !isDigit(text[pos]) || !isDigit(text[pos + 1])) return std::nullopt;
    m = (text[pos] - '0') * 10 + (text[pos + 1] - '0');
    pos += 2;
    // Optional meridiem: "a.m.", "am", "p.m.", "PM".
    std::size_t look = pos;
    skipSpaces(text, look);
    if (look < text.size() && (lower(text[look]) == 'a' || lower(text[look]) == 'p')) {
        bool pm = lower(text[look]) == 'p';
        std::size_t q = look + 1;
        if (q < text.size() && text[q] == '.') ++q;
        if (q < text.size() && lower(text[q]) == 'm') {
            ++q;
            if (q < text.size() && text[q] == '.') ++q;
            if (q >= text.size() || !isAsciiAlpha(text[q])) {
                if (h < 1 || h > 12) return std::nullopt;
                if (h == 12) h = 0;
                if (pm) h += 12;
                pos = q;
            }
        }
    }
    if (h > 23 || m > 59) return std::nullopt;
    if (used) *used = pos;
    return h * 60 + m;
}

std::optional<std::string> zoneForAbbreviation(std::string_view abbreviation) {
    static const std::pair<std::string_view, std::string_view> table[] = {
        {"PDT", "America/Los_Angeles"},
        {"PST", "America/Los_Angeles"},
        {"PT", "America/Los_Angeles"},
        {"MDT", "America/Denver"},
        {"MST", "America/Denver"},
        {"CDT", "America/Chicago"},
        {"CST", "America/Chicago"},
        {"EDT", "America/New_York"},
        {"EST", "America/New_York"},
        {"ET", "America/New_York"},
        {"AKDT", "America/Anchorage"},
        {"HST", "Pacific/Honolulu"},
        {"BST", "Europe/London"},
        {"GMT", "Etc/UTC"},
        {"UTC", "Etc/UTC"},
        {"WET", "Europe/Lisbon"},
        {"WEST", "Europe/Lisbon"},
        {"CET", "Europe/Berlin"},
        {"CEST", "Europe/Berlin"},
        {"EET", "Europe/Helsinki"},
        {"EEST", "Europe/Helsinki"},
        {"JST", "Asia/Tokyo"},
        {"KST", "Asia/Seoul"},
        {"SGT", "Asia/Singapore"},
        {"HKT", "Asia/Hong_Kong"},
        {"AEST", "Australia/Sydney"},
        {"AEDT", "Australia/Sydney"},
        {"NZST", "Pacific/Auckland"},
        {"NZDT", "Pacific/Auckland"},
    };
    for (const auto& [abbr, zone] : table)
        if (abbr == abbreviation) return std::string(zone);
    return std::nullopt;
}

YearResolver::YearResolver(const Options& options, std::string_view text) {
    fixed_ = options.year;
    reference_ = options.referenceYear;
    if (reference_ == 0) {
        auto today = date::year_month_day{date::floor<date::days>(std::chrono::system_clock::now())};
        reference_ = static_cast<int>(today.year());
    }
    // Four-digit years written in the text ("MLSys 2021", "MLSYS.2023").
    for (std::size_t i = 0; i + 4 <= text.size(); ++i) {
        bool boundaryBefore = i == 0 || !isDigit(text[i - 1]);
        bool boundaryAfter = i + 4 == text.size() || !isDigit(text[i + 4]);
        if (!boundaryBefore || !boundaryAfter) continue;
        if (!(text.substr(i, 2) == "19" || text.substr(i, 2) == "20")) continue;
        if (!isDigit(text[i + 2]) || !isDigit(text[i + 3])) continue;
        int y = (text[i] - '0') * 1000 + (text[i + 1] - '0') * 100 + (text[i + 2] - '0') * 10 + (text[i + 3] - '0');
        hints_.push_back(y);
    }
}

int YearResolver::resolve(const DayMonth& d, const std::string& where, Diagnostics& report) {
    auto weekdayOf = [&](int y) {
        return static_cast<int>(date::weekday{date::year{y} / d.month / d.day}.c_encoding());
    };
    auto valid = [&](int y) { return (date::year{y} / d.month / d.day).ok(); };
    static const char* const names[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
    if (fixed_) {
        if (d.weekday >= 0 && valid(*fixed_) && weekdayOf(*fixed_) != d.weekday)
            report.warn(where, "the text says " + std::string(names[d.weekday]) + ", but in " +
                                   std::to_string(*fixed_) + " that date is a " + names[weekdayOf(*fixed_)] +
                                   "; using --year " + std::to_string(*fixed_));
        return *fixed_;
    }
    if (chosen_ && valid(*chosen_) && (d.weekday < 0 || weekdayOf(*chosen_) == d.weekday)) return *chosen_;
    static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    auto date = std::to_string(d.day) + " " + months[d.month - 1];
    for (int y : hints_) {
        if (valid(y) && (d.weekday < 0 || weekdayOf(y) == d.weekday)) {
            chosen_ = y;
            report.note(where, "year " + std::to_string(y) + " taken from the text for " + date);
            return y;
        }
    }
    if (d.weekday >= 0) {
        for (int y = reference_; y > reference_ - 40; --y) {
            if (valid(y) && weekdayOf(y) == d.weekday) {
                chosen_ = y;
                report.note(where, "no year written; " + std::string(names[d.weekday]) + " " + date + " is " +
                                       std::to_string(y) + " (the latest such year up to " +
                                       std::to_string(reference_) + "); use --year to choose another");
                return y;
            }
        }
    }
    chosen_ = reference_;
    report.warn(where,
                "no year written and no weekday to pin it; assuming " + std::to_string(reference_) + " (use --year)");
    return reference_;
}

bool looksLikeNameList(std::string_view line) {
    line = trimView(line);
    if (line.empty() || line.size() > 600) return false;
    if (line.find(": ") != std::string_view::npos) return false;  // a title with a subtitle
    if (line.back() == '.') {
        // Sentences end in a full stop; a name list ends at most in an initial ("Jr.", "G.").
        auto space = line.rfind(' ');
        std::string_view last = space == std::string_view::npos ? line : line.substr(space + 1);
        if (last.size() > 3) return false;
    }
    auto wordCount = [](const std::string& s) {
        return 1 + static_cast<std::size_t>(std::count(s.begin(), s.end(), ' '));
    };
    auto names = splitNames(line);
    if (names.empty()) return false;
    std::size_t good = 0;
    for (const auto& name : names) {
        auto first = static_cast<unsigned char>(name[0]);
        bool capital = first >= 0x80 || (first >= 'A' && first <= 'Z');
        if (wordCount(name) <= 6 && name.size() <= 60 && capital) ++good;
    }
    if (names.size() == 1) {
        std::size_t words = wordCount(names[0]);
        return good == 1 && words >= 2 && words <= 4;
    }
    return good * 10 >= names.size() * 9;  // allows the odd lower-case particle ("de Sa")
}

std::vector<std::string> splitNames(std::string_view line) {
    std::vector<std::string> out;
    std::string current;
    auto flush = [&] {
        std::string name = trim(current);
        if (name.size() > 4 && name.substr(0, 4) == "and ") name = trim(name.substr(4));
        if (!name.empty()) out.push_back(name);
        current.clear();
    };
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == ',' || line[i] == ';') {
            flush();
        } else if (line.compare(i, std::strlen("·"), "·") == 0) {
            flush();
            i += std::strlen("·") - 1;
        } else {
            current += line[i];
        }
    }
    flush();
    return out;
}

bool endsWithEllipsis(std::string_view text) {
    text = trimView(text);
    return (text.size() >= 3 && text.substr(text.size() - 3) == "...") ||
           (text.size() >= 3 && text.substr(text.size() - 3) == "…");
}

}  // namespace hallboard::import
