// The text layouts of conference pages: the seeds, and other pages in the same layouts.
#include <fstream>

#include <catch2/catch.hpp>

#include "model/scheduler.hpp"
#include "model/wording.hpp"
#include "import_support.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {
const std::string kDay = kSeeds + "mlsys2021-tuesday-schedule.txt";
const std::string kPapers = kSeeds + "mlsys2023-accepted-papers.txt";
const std::string kSession = kSeeds + "mlsys2022-session-hardware-efficient-ml.txt";
const std::string kArxiv = kSeeds + "arxiv-systems-for-ml.txt";
const std::string kAwards = kSeeds + "mlsys2022-outstanding-paper-awards.txt";
}  // namespace

TEST_CASE("each layout is recognised by its content") {
    CHECK(import::detectFormat(readFile(kDay)) == import::Format::daySchedule);
    CHECK(import::detectFormat(readFile(kPapers)) == import::Format::paperList);
    CHECK(import::detectFormat(readFile(kSession)) == import::Format::sessionPage);
    CHECK(import::detectFormat(readFile(kArxiv)) == import::Format::arxivListing);
    CHECK(import::detectFormat(readFile(kAwards)) == import::Format::awardPage);
    CHECK(import::detectFormat(readFile(kImportFixtures + "day-schedule-wednesday.txt")) ==
          import::Format::daySchedule);
    CHECK(import::detectFormat(readFile(kImportFixtures + "paper-list-2024.txt")) == import::Format::paperList);
    CHECK(import::detectFormat(readFile(kImportFixtures + "session-page-cest.txt")) == import::Format::sessionPage);
    CHECK(import::detectFormat(readFile(kImportFixtures + "awards-variant.txt")) == import::Format::awardPage);
    CHECK(import::detectFormat("Just some words.\nNothing else.") == import::Format::automatic);
}

TEST_CASE("day schedule: MLSys 2021 Tuesday with every session, paper and the speaker's bio") {
    import::Options options;
    options.timeZone = "America/Los_Angeles";
    auto r = importFiles({kDay}, options);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(p.sessions.size() == 6);
    CHECK(p.talks.size() == 18);
    CHECK(accountsForEveryEvent(r));
    CHECK(r.inputs[0].events == 24);

    // The year comes from the weekday: Tuesday 6 April is 2021.
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "line 3", "Tuesday 6 Apr is 2021"));
    const Session& s1 = p.sessions[2];
    CHECK(s1.title == "Session 1: Search and Devices");
    CHECK(s1.kind == SessionKind::oral);
    CHECK(s1.time.start == utc("2021-04-06T16:30"));  // 09:30 PDT
    CHECK(s1.time.end == utc("2021-04-06T18:10"));    // where session 2 starts
    CHECK(s1.talks.size() == 4);

    const Session& opening = p.sessions[0];
    CHECK(opening.kind == SessionKind::opening);
    REQUIRE(opening.chairs.size() == 3);
    CHECK(p.people[opening.chairs[1]].name == "Ion Stoica");
    CHECK(opening.description.find("please join William Dally") != std::string::npos);

    const Session& invited = p.sessions[1];
    CHECK(invited.kind == SessionKind::invited);
    CHECK(invited.title == "Directions for Deep Learning Hardware");
    CHECK(invited.time.start == utc("2021-04-06T15:15"));  // after a 15-minute opening
    REQUIRE(invited.talks.size() == 1);
    const Talk& dally = p.talks[invited.talks[0]];
    REQUIRE(dally.speakers.size() == 1);
    const Person& bill = p.people[dally.speakers[0]];
    CHECK(bill.name == "William Dally");
    CHECK(bill.bio.rfind("Bill is Chief Scientist", 0) == 0);
    CHECK(dally.abstract.rfind("Deep learning has been enabled", 0) == 0);
    CHECK(dally.abstract.find("Bill is") == std::string::npos);

    // The paper without a title line keeps its authors and gets an honest headline.
    const Session& s4 = p.sessions[5];
    REQUIRE(s4.talks.size() == 5);
    const Talk& untitled = p.talks[s4.talks[3]];
    CHECK(untitled.title.empty());
    CHECK(headline(untitled) == "Untitled paper by Sameer Kumar et al.");
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "line 106", "paper without a title line"));
    // The last abstract is cut short in the input and says so.
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "line 110", "cut short"));
    // A multi-paragraph abstract stays in paragraphs.
    const Talk* traces = talkTitled(p, "Learning on Distributed Traces for Data Center Storage Systems");
    REQUIRE(traces);
    CHECK(std::count(traces->abstract.begin(), traces->abstract.end(), '\n') == 4);
}

TEST_CASE("day schedule: --year that disagrees with the weekday is warned about") {
    import::Options options;
    options.year = 2022;
    options.timeZone = "America/Los_Angeles";
    auto r = importFiles({kDay}, options);
    REQUIRE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "line 3", "in 2022 that date is a Wednesday"));
    CHECK(r.program->sessions[0].time.start == utc("2022-04-06T15:00"));
}

TEST_CASE("day schedule: another day of the same site") {
    import::Options options;
    options.timeZone = "Europe/London";
    auto r = importFiles({kImportFixtures + "day-schedule-wednesday.txt"}, options);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    REQUIRE(p.sessions.size() == 4);
    CHECK(accountsForEveryEvent(r));
    // An untimed keynote opening the day ends where the first timed session starts.
    CHECK(p.sessions[0].kind == SessionKind::keynote);
    CHECK(p.sessions[0].time.end == p.sessions[1].time.start);
    REQUIRE(p.sessions[0].talks.size() == 1);
    const Person& jane = p.people[p.talks[p.sessions[0].talks[0]].speakers.at(0)];
    CHECK(jane.name == "Jane Roe");
    CHECK(jane.bio.find("Fellow of the ACM") != std::string::npos);  // the bio's second paragraph too
    // A short title that also looks like a name is still a title.
    const Talk* tiny = talkTitled(p, "Tiny Models");
    REQUIRE(tiny);
    CHECK(tiny->authors == std::vector<std::string>{"Zoë Brontë", "Ilya Kuzmin"});
    const Talk* caching = talkTitled(p, "Faster Inference With Caching: A Study");
    REQUIRE(caching);
    CHECK(caching->authors.at(2) == "李 小龙");
    CHECK(p.sessions[2].kind == SessionKind::break_);
    CHECK(formatClock(p.conference.zone, p.sessions[2].time.start) == "12:00");  // noon, "12:00 p.m."
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "line 29", "cut short"));
}

TEST_CASE("day schedule: without --timezone the import fails and asks for the zone") {
    auto r = importFiles({kDay});
    CHECK_FALSE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::error, "", "names no time zone and nothing in it says where"));
    CHECK(hasDiagnostic(r.diagnostics, Severity::error, "", "Pass --timezone"));
}

TEST_CASE("accepted-paper list: every paper, page buttons stripped, the count checked") {
    auto r = importFiles({kPapers});
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(p.talks.size() == 25);
    CHECK(p.sessions.empty());
    CHECK(accountsForEveryEvent(r));
    CHECK(p.talks[0].title == "XRBench: An Extended Reality (XR) Machine Learning Benchmark Suite for the Metaverse");
    CHECK(p.talks[0].authors.size() == 18);
    CHECK(p.talks[0].authors[6] == "JINOOK SONG");
    CHECK(p.talks[24].title == "Transcending Runtime-Memory Tradeoffs in Checkpointing by being Fusion Aware");
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "", "says 46 papers; this input holds 25"));
    CHECK(p.conference.shortName == "MLSYS 2023");
}

TEST_CASE("accepted-paper list: another year's list with its own oddities") {
    auto r = importFiles({kImportFixtures + "paper-list-2024.txt"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    REQUIRE(p.talks.size() == 3);
    CHECK(p.talks[0].title == "Quantized Training at Scale");
    CHECK(p.talks[0].abstract ==
          "We train quantized models at scale. Results show that training in low precision works.\n\n"
          "Second paragraph of the same abstract.");
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "", "#8 has no authors line"));
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "", "#10 follows #8"));
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "", "#10 looks cut short"));
}

TEST_CASE("accepted-paper list: a paper number or total too large for any list is an error with its line") {
    TempDir dir;
    const std::string paper = "\n\nAuthors: Ada Lovelace\n\nAn abstract that ends as a sentence.\n";
    struct Case {
        std::string text, where, message;
    };
    for (const Case& c : {Case{"MLSYS.2024\n\n#1 First\n" + paper + "\n#99999999999 Second" + paper, "line 10",
                               "paper number \"99999999999\" is larger than any paper list"},
                          Case{"MLSYS.2024\n\n| Total: 1000001\n\n#1 First" + paper, "line 3",
                               "paper count after \"Total:\" \"1000001\" is larger"}}) {
        std::string path = dir.file("papers.txt");
        std::ofstream(path) << c.text;
        auto r = importFiles({path});
        INFO(allDiagnostics(r.diagnostics));
        CHECK_FALSE(r.program);
        CHECK(hasDiagnostic(r.diagnostics, Severity::error, c.where, c.message));
    }
    // the largest number a list may have is still a paper
    std::string path = dir.file("big.txt");
    std::ofstream(path) << "MLSYS.2024\n\n#1000000 Last" + paper;
    auto r = importFiles({path});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "line 3", "paper #1000000 follows #0"));
}

TEST_CASE("session page merged with the award page: MLSys 2022") {
    import::Options options;
    options.year = 2022;
    auto r = importFiles({kSession, kAwards}, options);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    CHECK(accountsForEveryEvent(r));
    REQUIRE(p.sessions.size() == 1);
    const Session& s = p.sessions[0];
    CHECK(s.title == "Hardware Efficient ML");
    CHECK(p.rooms.size() == 1);  // the award page's room is the same room
    CHECK(p.rooms[*s.room].name == "Exhibit Hall A");
    CHECK(p.conference.zone.name() == "America/Los_Angeles");
    CHECK(s.time.start == utc("2022-08-30T21:15"));  // 2:15 p.m. PDT
    CHECK(s.time.end == utc("2022-08-30T22:30"));
    REQUIRE(s.chairs.size() == 1);
    CHECK(p.people[s.chairs[0]].name == "Yingyan Lin");
    REQUIRE(s.talks.size() == 4);
    const Talk& ulppack = p.talks[s.talks[0]];
    CHECK(ulppack.title == "ULPPACK: Fast Sub-8-bit Matrix Multiply on Commodity SIMD Hardware");
    CHECK(ulppack.hasOwnSlot);
    CHECK(ulppack.slot.end - ulppack.slot.start == std::chrono::minutes{18});
    const Talk& burst = p.talks[s.talks[3]];
    CHECK(std::count(burst.authors.begin(), burst.authors.end(), "Adam Belay") == 1);  // listed twice on the page
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "line 8", "\"Chat is not available.\" skipped"));

    REQUIRE(p.awards.size() == 5);
    for (const Award& a : p.awards) {
        CHECK(a.name == "Outstanding Paper Award");
        REQUIRE(a.room);
        CHECK(p.rooms[*a.room].name == "Exhibit Hall A");
    }
    CHECK(p.talks[p.awards[0].talk].abstract.rfind("We present the design of a new large scale orchestration", 0) == 0);
    CHECK(p.talks[p.awards[3].talk].abstract.rfind("Deep learning for recommendation data", 0) == 0);
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "line 10", "cut short"));
}

TEST_CASE("session page: another session, chair, CEST, without a window line") {
    import::Options options;
    options.year = 2027;  // Thursday 9 September
    auto r = importFiles({kImportFixtures + "session-page-cest.txt"}, options);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    REQUIRE(p.sessions.size() == 1);
    CHECK(p.conference.zone.name() == "Europe/Berlin");
    CHECK(p.rooms[*p.sessions[0].room].name == "Hörsaal 1");
    CHECK(p.people[p.sessions[0].chairs.at(0)].name == "Dr. Erika Mustermann");
    CHECK(p.sessions[0].time.start == utc("2027-09-09T07:00"));
    CHECK(p.sessions[0].time.end == utc("2027-09-09T07:40"));  // spans its talks
    CHECK(p.talks[1].authors == std::vector<std::string>{"Carol Example"});
    CHECK_FALSE(hasDiagnostic(r.diagnostics, Severity::warning, "", "that date is a"));
}

TEST_CASE("arXiv listing: ids, links, comments, the id is the honest headline") {
    auto r = importFiles({kArxiv});
    REQUIRE(r.program);
    const Program& p = *r.program;
    REQUIRE(p.talks.size() == 10);
    CHECK(accountsForEveryEvent(r));
    CHECK(headline(p.talks[0]) == "arXiv:2009.00748");
    CHECK(p.talks[0].abstract.rfind("TensorDash is a hardware level technique", 0) == 0);
    const Talk& skyline = p.talks[1];
    CHECK(skyline.note == "arXiv, 2020-08-15. 14 pages, 5 figures. Appears in the proceedings of UIST'20");
    REQUIRE(skyline.links.size() == 3);
    CHECK(skyline.links[2].url == "https://doi.org/10.1145/3379337.3415890");
    CHECK(skyline.abstract.find("UIST") == std::string::npos);
    CHECK(p.conference.name == "Reading list");
}

TEST_CASE("award page: another page with other awards and layouts") {
    auto r = importFiles({kImportFixtures + "awards-variant.txt"});
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    REQUIRE(p.awards.size() == 3);
    CHECK(p.awards[1].name == "Honorable Mention");
    CHECK(p.talks[p.awards[1].talk].abstract == "A paper whose abstract starts on the line after the room.");
    CHECK(p.rooms.size() == 2);
    CHECK(hasDiagnostic(r.diagnostics, Severity::warning, "line 9", "cut short"));
}

TEST_CASE("a talk found on two pages becomes one talk with what each knew") {
    // The award page knows only the abstract; the day schedule knows title and authors.
    import::Options options;
    options.timeZone = "Europe/London";
    auto r =
        importFiles({kImportFixtures + "day-schedule-wednesday.txt", kImportFixtures + "awards-variant.txt"}, options);
    INFO(allDiagnostics(r.diagnostics));
    REQUIRE(r.program);
    const Program& p = *r.program;
    const Award& best = p.awards.at(0);
    CHECK(best.name == "Best Paper Award");
    const Talk& t = p.talks[best.talk];
    CHECK(t.title == "Faster Inference With Caching: A Study");
    CHECK(t.session.has_value());
    CHECK(hasDiagnostic(r.diagnostics, Severity::note, "", "of an earlier input (same abstract)"));
    CHECK(p.talks.size() == 4 + 2);  // four talks on Wednesday, two more papers on the award page
}

TEST_CASE("the imported programs pass the program checks and read back the same") {
    import::Options options;
    options.timeZone = "America/Los_Angeles";
    for (const auto& inputs : std::vector<std::vector<std::string>>{{kDay}, {kPapers}, {kSession, kAwards}, {kArxiv}}) {
        auto r = importFiles(inputs, options);
        REQUIRE(r.program);
        std::string text = serializeProgram(*r.program);
        auto load = parseProgram(text, "imported.json");
        INFO(inputs.front() << "\n" << allDiagnostics(load));
        REQUIRE(load.ok());
        CHECK(load.errors() == 0);
        CHECK(serializeProgram(*load.program) == text);
    }
}
