// Helpers shared by the readers of text layouts copied from conference web pages:
// paragraphs with line numbers, "Tue 6 Apr" dates with the year worked out, "08:00 a.m."
// times, zone abbreviations, author lines, and name folding for matching.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostics.hpp"
#include "base/time.hpp"

namespace hallboard::import {

struct Options;

// Lower-case ASCII, single spaces, trimmed: "Exhibit  Hall A " -> "exhibit hall a".
std::string foldName(std::string_view text);
// Letters and digits only, lower-case: for "same title" and "same abstract" matching.
std::string foldForMatch(std::string_view text);

// Lines without their ends; no-break and thin spaces become plain spaces.
std::vector<std::string> splitLines(std::string_view text);

struct Paragraph {
    std::size_t line = 0;  // 1-based number of its first line
    std::vector<std::string> lines;

    std::string joined() const;  // lines joined with spaces
};
std::vector<Paragraph> splitParagraphs(std::string_view text);

struct DayMonth {
    int weekday = -1;  // 0 = Sunday; -1 when not written
    int day = 0;
    int month = 0;  // 1..12
};
// "Tue 6 Apr", "Tue 30 Aug.", "Tuesday 6 April" at the start of `text`; `used` gets
// the number of characters read.
std::optional<DayMonth> parseDayMonth(std::string_view text, std::size_t* used = nullptr);

// "08:00 a.m.", "2:15 p.m.", "14:15" -> minutes after midnight.
std::optional<int> parseClockTime(std::string_view text, std::size_t* used = nullptr);

// "PDT" -> "America/Los_Angeles". Only abbreviations that name one zone family.
std::optional<std::string> zoneForAbbreviation(std::string_view abbreviation);

// The year for a date that omits it. Uses --year when given (warning when the weekday
// disagrees), else a year written in the text whose weekday matches, else the latest
// year up to the reference year whose weekday matches. Reports its choice once.
class YearResolver {
public:
    YearResolver(const Options& options, std::string_view wholeText);
    int resolve(const DayMonth& date, const std::string& where, Diagnostics& report);

private:
    std::optional<int> fixed_;
    std::vector<int> hints_;
    int reference_;
    std::optional<int> chosen_;
};

// True for a line of person names: "Yunfeng Lin, Guilin Li, Xing Zhang" or
// "Jaeyeon Won · Jeyeon Si". Sentences and titles are rejected.
bool looksLikeNameList(std::string_view line);
std::vector<std::string> splitNames(std::string_view line);

bool endsWithEllipsis(std::string_view text);

}  // namespace hallboard::import
