// The hand-written scanners of the text importers (src/import/scan.hpp) and the line
// patterns the layouts are detected and read by.
#include <catch2/catch.hpp>

#include <string>

#include "import/scan.hpp"
#include "import/text_layout.hpp"
#include "import_support.hpp"

using namespace hallboard;
using namespace hallboard::import;

namespace {

Result importText(const std::string& text, Format format) {
    Options options;
    options.format = format;
    options.referenceYear = 2026;
    return importInputs({{"generated.txt", text}}, options);
}

}  // namespace

TEST_CASE("scanner: weekday dates and times as the layouts write them") {
    auto date = [](std::string_view text) {
        scan::Cursor c(text);
        return scan::weekdayDate(c) ? std::string(c.since(0)) : std::string("-");
    };
    CHECK(date("Tue 6 Apr 09:30") == "Tue 6 Apr");
    CHECK(date("Tuesday, 30 Aug. 14:15") == "Tuesday, 30 Aug.");
    CHECK(date("Wed. 7 April") == "Wed. 7 April");
    CHECK(date("Tue 123 Apr") == "-");  // one or two digits
    CHECK(date("Tue 6 apr") == "-");    // the month is capitalised
    CHECK(date("Tue 6 A") == "-");      // and has a lower-case letter after the capital
    CHECK(date("tue 6 Apr") == "-");    // so is the weekday
    CHECK(date("Tue6 Apr") == "-");

    auto time = [](std::string_view text, bool meridiem) {
        scan::Cursor c(text);
        auto end = scan::timeToEnd(c, meridiem);
        return end ? std::string(text.substr(0, *end)) : std::string("-");
    };
    CHECK(time("09:30 a.m.", true) == "09:30 a.m.");
    CHECK(time("2:15 PM  ", true) == "2:15 PM");
    CHECK(time("2:15 p. m.", true) == "2:15 p. m.");
    CHECK(time("2:15 p.  m.", true) == "-");  // one space at most inside the meridiem
    CHECK(time("14:15", true) == "-");
    CHECK(time("14:15 ", false) == "14:15 ");  // a bare time keeps the space after it
    CHECK(time("14:15 x", false) == "-");
    CHECK(time("123:45", false) == "-");
    CHECK(time("1:2", false) == "-");
}

TEST_CASE("scanner: white space then the rest of the line, as the patterns captured it") {
    auto rest = [](std::string_view text, std::size_t minSpaces) {
        scan::Cursor c(text);
        auto r = scan::spacesThenRest(c, minSpaces);
        return r ? std::string(*r) : std::string("-");
    };
    CHECK(rest("  Yunfeng Lin", 1) == "Yunfeng Lin");
    CHECK(rest("Yunfeng Lin", 1) == "-");
    CHECK(rest("Yunfeng Lin", 0) == "Yunfeng Lin");
    CHECK(rest("  ", 1) == " ");  // ".+" took the last space
    CHECK(rest(" ", 1) == "-");
    CHECK(rest("", 0) == "-");
    CHECK(rest(" a\rb", 1) == "-");  // "." took no line break
}

TEST_CASE("lines: no-break and thin spaces become plain spaces, other bytes stay") {
    auto lines = splitLines("a\xC2\xA0"
                            "b\xE2\x80\xAF"
                            "c\xE2\x80\x89"
                            "d\xE2\x80\x8A"
                            "e\xE2\x80\x94"
                            "f\xC2\r\n\xE2\x80");
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "a b c d e\xE2\x80\x94"
                      "f\xC2");  // an em dash and a lone byte are kept
    CHECK(lines[1] == "\xE2\x80");
}

TEST_CASE("scanner: detection and the layouts read their lines as before") {
    // A line of each layout's patterns, detected and read as the regular expressions did.
    CHECK(detectFormat("Oral: Session 1 Tue 6 Apr 09:30 a.m.\n\nTitle\nA Person, B Person\n") == Format::daySchedule);
    CHECK(detectFormat("Oral: Session 1 Tue 6 Apr 09:30\n") == Format::automatic);  // a heading has a.m./p.m.
    CHECK(detectFormat("Tue 30 Aug. 14:15 - 14:33 PDT\nTue 30 Aug. 14:33 \xE2\x80\x94 14:51 PDT\n") ==
          Format::sessionPage);
    CHECK(detectFormat("Title\nModerators: A Person\n") == Format::sessionPage);
    CHECK(detectFormat("#1 A paper [PDF]\nAuthors: A Person\n") == Format::paperList);
    CHECK(detectFormat("#1 A paper [PDF]\nauthors: A Person\n") ==
          Format::automatic);  // detection is case-sensitive here
    CHECK(detectFormat("An abstract.\n\narXiv:2008.06798\nCreated: 2020-08-15\n") == Format::arxivListing);
    CHECK(detectFormat("arXiv:2008.067\n") == Format::automatic);
    CHECK(detectFormat("Outstanding Paper Award\n|\nabstract |\n") == Format::awardPage);
    CHECK(detectFormat("Outstanding Paper BestAward\n|\nabstract |\n") == Format::automatic);  // a word on its own

    Result r = importText("#7 A paper title  [PDF3] [Copy]  [REL]\n\nAuthors: Ann Lee, Bo Chen\n\nAn abstract.\n",
                          Format::paperList);
    REQUIRE(r.program);
    REQUIRE(r.program->talks.size() == 1);
    CHECK(r.program->talks[0].title == "A paper title");
    CHECK(r.program->talks[0].authors == std::vector<std::string>{"Ann Lee", "Bo Chen"});

    r = importText("An abstract.\n\narXiv:2008.06798v2 - doi: 10.1145/1234\nCreated: 2020-08-15\n",
                   Format::arxivListing);
    REQUIRE(r.program);
    REQUIRE(r.program->talks.size() == 1);
    CHECK(r.program->talks[0].note == "arXiv, 2020-08-15.");
    REQUIRE(r.program->talks[0].links.size() == 3);
    CHECK(r.program->talks[0].links[0].url == "https://arxiv.org/abs/2008.06798");
    CHECK(r.program->talks[0].links[2].url == "https://doi.org/10.1145/1234");
}
