// Imports of text no conference page has: one line of a megabyte, a hundred thousand
// lines. Each ends in a program or a clean error, never a crash: std::regex's recursive
// executor overflowed the stack on a line of ~25 KB (exit 139, no message).
#include <catch2/catch.hpp>

#include <string>

#include "import_support.hpp"

using namespace hallboard;
using namespace hallboard::import;

namespace {

// A clean outcome: a program, or an error that says why there is none.
bool cleanOutcome(const Result& r) {
    if (r.program) return true;
    for (const auto& d : r.diagnostics)
        if (d.severity == Severity::error && !d.message.empty()) return true;
    return false;
}

Result importText(const std::string& text, Format format) {
    Options options;
    options.format = format;
    options.referenceYear = 2026;
    return importInputs({{"generated.txt", text}}, options);
}

std::string repeat(std::string_view piece, std::size_t bytes) {
    std::string out;
    out.reserve(bytes + piece.size());
    while (out.size() < bytes) out += piece;
    return out;
}

constexpr Format kTextFormats[] = {Format::automatic,   Format::daySchedule,  Format::paperList,
                                   Format::sessionPage, Format::arxivListing, Format::awardPage};

}  // namespace

TEST_CASE("a one-megabyte line is imported or refused cleanly in every text layout") {
    // std::regex's recursive executor overflowed the stack on lines of ~25 KB (exit 139);
    // each of these lines starts the way one of the old patterns did.
    const std::size_t mb = 1 << 20;
    const std::string lines[] = {
        "Tue 6 Apr 09:30 " + repeat("x", mb),                         // a slot without its dash
        "Oral: " + repeat("Session ", mb) + " Tue 6 Apr 09:30 a.m.",  // a heading with a long label
        "#1 " + repeat("[PDF] ", mb),                                 // a paper and its page buttons
        "Authors: " + repeat("Ann Lee, ", mb),
        repeat("Best ", mb) + "Award",
        "[ " + repeat("Hall ", mb) + "] abstract",
        "arXiv:2008.06798 - doi: " + repeat("1", mb),
        "Schedule" + repeat(" Mon", mb / 4),
        "Moderator: " + repeat("Ann Lee \xC2\xB7 ", mb),
        repeat("Tue 6 Apr ", mb),
        repeat(" \t", mb),
    };
    for (const std::string& line : lines) {
        // Inside an award's body and after a paragraph of its own, too.
        CHECK(cleanOutcome(importText("Outstanding Paper Award\n|\n" + line + "\n\n" + line, Format::automatic)));
        for (Format format : kTextFormats) {
            INFO("line starting \"" << line.substr(0, 24) << "\", format " << formatName(format));
            CHECK(cleanOutcome(importText(line, format)));
        }
    }
}

TEST_CASE("a hundred thousand short lines are imported or refused cleanly in every text layout") {
    std::string paragraphs, oneParagraph;
    for (int i = 0; i < 100000; ++i) {
        std::string line;
        switch (i % 5) {
        case 0: line = "Tue 6 Apr 09:30 a.m. x"; break;
        case 1: line = "Tue 30 Aug. 14:15 - 14:33 PDT y"; break;
        case 2: line = "#" + std::to_string(i) + " Title " + std::to_string(i); break;
        case 3: line = "Authors: A Person, B Person"; break;
        default: line = "[ Room ] An abstract sentence."; break;
        }
        oneParagraph += line + "\n";
        paragraphs += line + "\n\n";
    }
    for (Format format : kTextFormats) {
        INFO("format " << formatName(format));
        CHECK(cleanOutcome(importText(oneParagraph, format)));
    }
    // Each line its own paragraph: the paper list reads 20,000 papers.
    Result r = importText(paragraphs, Format::paperList);
    REQUIRE(r.program);
    CHECK(r.program->talks.size() == 20000);
}
