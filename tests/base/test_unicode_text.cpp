// Grapheme clusters, line break opportunities and bidi order (base/unicode_text):
// windowless, no fonts. The reference answers are what a native reader expects.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "base/text.hpp"
#include "base/unicode_text.hpp"

using namespace hallboard;

namespace {

// The text split at the given byte offsets.
std::vector<std::string> pieces(std::string_view text, const std::vector<std::size_t>& at) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i + 1 < at.size(); ++i) out.emplace_back(text.substr(at[i], at[i + 1] - at[i]));
    return out;
}

std::vector<std::string> clusters(std::string_view text) {
    return pieces(text, graphemeBoundaries(text));
}

std::vector<std::string> breakable(std::string_view text) {
    std::vector<std::size_t> at{0};
    for (const LineBreak& b : lineBreaks(text)) at.push_back(b.at);
    return pieces(text, at);
}

// The line's runs in visual order as text, each with R for right to left.
std::vector<std::string> visual(std::string_view line) {
    std::vector<std::string> out;
    for (const BidiRun& r : visualRuns(line, paragraphDirection(line)))
        out.push_back((r.rtl() ? "R:" : "L:") + std::string(line.substr(r.begin, r.end - r.begin)));
    return out;
}

}  // namespace

TEST_CASE("an emoji sequence, a flag and a skin tone are one grapheme cluster each") {
    CHECK(clusters("👨‍👩‍👧‍👦") == std::vector<std::string>{"👨‍👩‍👧‍👦"});
    CHECK(clusters("🇩🇪🇯🇵") == std::vector<std::string>{"🇩🇪", "🇯🇵"});
    CHECK(clusters("👍🏽!") == std::vector<std::string>{"👍🏽", "!"});
    CHECK(clusters("❤️a") == std::vector<std::string>{"❤️", "a"});
    CHECK(clusters("e\xCC\x81") == std::vector<std::string>{"e\xCC\x81"});  // e + combining acute
    CHECK(clusters("👨‍👩‍👧‍👦 🇩🇪").size() == 3);
}

TEST_CASE("Devanagari and Thai clusters keep their marks") {
    // हिंदी: हिं (ha, vowel sign i, anusvara) and दी (da, vowel sign ii).
    CHECK(clusters("हिंदी") == std::vector<std::string>{"हिं", "दी"});
    // A Thai consonant with its upper vowel and tone mark is one cluster: ที่
    CHECK(clusters("ที่") == std::vector<std::string>{"ที่"});
    // No boundary inside a cluster: the family after "a" is one.
    std::string family = "a👨‍👩‍👧‍👦";
    CHECK(graphemeBoundaries(family) == std::vector<std::size_t>{0, 1, family.size()});
}

TEST_CASE("line breaks: Latin between words, CJK between characters, Thai between words") {
    CHECK(breakable("hello world-wide web") == std::vector<std::string>{"hello ", "world-", "wide ", "web"});
    CHECK(breakable("日本語のテキスト。") ==
          std::vector<std::string>{"日", "本", "語", "の", "テ", "キ", "ス", "ト。"});
    // No spaces between Thai words: the dictionary finds them.
    CHECK(breakable("ภาษาไทยเป็นภาษาที่สวยงาม") == std::vector<std::string>{"ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "สวยงาม"});
    // A newline is a mandatory break.
    auto b = lineBreaks("one\ntwo");
    REQUIRE(b.size() == 2);
    CHECK(b[0].at == 4);
    CHECK(b[0].mandatory);
    CHECK_FALSE(b[1].mandatory);
    CHECK(lineBreaks("").empty());
}

TEST_CASE("paragraph direction comes from the first strong character") {
    CHECK(paragraphDirection("ملخص الجلسة") == Direction::rtl);
    CHECK(paragraphDirection("שלום עולם") == Direction::rtl);
    CHECK(paragraphDirection("Afternoon 2: ملخص") == Direction::ltr);
    CHECK(paragraphDirection("2024: ملخص") == Direction::rtl);  // digits are weak
    CHECK(paragraphDirection("12:30") == Direction::ltr);
    CHECK(paragraphDirection("") == Direction::ltr);
}

TEST_CASE("mixed-direction lines read in the right order") {
    CHECK(visual("Afternoon 2: ملخص") == std::vector<std::string>{"L:Afternoon 2: ", "R:ملخص"});
    // An RTL paragraph with a Latin name and a number inside: the Arabic words go right
    // to left, the name and the number keep their own order.
    CHECK(visual("جلسة GPU رقم 3") == std::vector<std::string>{"L:3", "R: رقم ", "L:GPU", "R:جلسة "});
    CHECK(visual("שלום (עולם)") == std::vector<std::string>{"R:שלום (עולם)"});
    // A wrapped line of an RTL paragraph that starts with Latin keeps the paragraph's direction.
    auto runs = visualRuns("GPU ملخص", Direction::rtl);
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].rtl());
    CHECK_FALSE(runs[1].rtl());
}

TEST_CASE("data set inside a line the kiosk writes is isolated: an Arabic room keeps the line left to right") {
    const std::string room = "قاعة المؤتمرات";
    CHECK(isolate("Hall A") == "Hall A");  // left-to-right data stays as it is
    CHECK(isolate(room) == "\u2068" + room + "\u2069");
    // "11:10 · <room>": without the isolate the first strong letter is Arabic and the whole
    // line turns right to left, the time ending up at the right.
    CHECK(paragraphDirection("11:10  ·  " + room) == Direction::rtl);
    std::string line = "11:10  ·  " + isolate(room);
    CHECK(paragraphDirection(line) == Direction::ltr);
    auto runs = visualRuns(line, paragraphDirection(line));
    REQUIRE(!runs.empty());
    CHECK(line.substr(runs.front().begin, runs.front().end - runs.front().begin).rfind("11:10", 0) ==
          0);  // the time first
    CHECK(!runs.front().rtl());
    CHECK(std::any_of(runs.begin(), runs.end(),
                      [](const BidiRun& r) { return r.rtl(); }));  // the name still right to left
}
