// Announcements in the overrides file: read and checked like the changes, shown inside
// their time windows, urgent ones first; a bad one names its place and keeps the last
// good set.
#include <catch2/catch.hpp>

#include "model/announcements.hpp"
#include "kiosk/kiosk_loop.hpp"
#include "kiosk/kiosk_session.hpp"
#include "model/overrides.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

const TimeZone kBerlin = TimeZone::locate("Europe/Berlin");

std::optional<std::vector<Announcement>> resolved(const std::string& json, std::vector<Diagnostic>& diags) {
    OverridesLoad load = parseOverrides(json, "overrides.json");
    diags = load.diagnostics;
    if (!load.ok()) return std::nullopt;
    return resolveAnnouncements(load.overrides->announcements, kBerlin, "overrides.json", diags);
}

Instant berlin(const std::string& wall) {
    return resolve(*parseTimestamp(wall), kBerlin);
}

}  // namespace

TEST_CASE("announcements are read with their windows, and shown inside them, urgent first") {
    std::vector<Diagnostic> diags;
    auto list = resolved(R"({"announcements": [
        {"title": "Wi-Fi", "text": "Network: conf, password: systems2026"},
        {"title": "Lunch moved", "text": "Lunch is in the Foyer today.", "from": "2026-06-10T11:30", "until": "2026-06-10T14:00"},
        {"title": "Keynote overflow", "text": "Hall B shows the keynote.", "urgent": true,
         "from": "2026-06-10T08:45", "until": "2026-06-10T10:00"}]})",
                         diags);
    INFO(allDiagnostics(diags));
    REQUIRE(list);
    REQUIRE(list->size() == 3);
    auto at9 = activeAnnouncements(*list, berlin("2026-06-10T09:00"));
    REQUIRE(at9.size() == 2);
    CHECK(at9[0]->title == "Keynote overflow");  // urgent first
    CHECK(at9[1]->title == "Wi-Fi");             // no window: always
    auto atNoon = activeAnnouncements(*list, berlin("2026-06-10T12:00"));
    REQUIRE(atNoon.size() == 2);
    CHECK(atNoon[0]->title == "Wi-Fi");
    CHECK(atNoon[1]->title == "Lunch moved");
    CHECK(activeAnnouncements(*list, berlin("2026-06-10T14:00")).size() ==
          1);  // `until` is the first minute without it
    // The kiosk wakes when one appears or goes, not a minute later.
    CHECK(nextAnnouncementChange(*list, berlin("2026-06-10T09:00")) == berlin("2026-06-10T10:00"));
    CHECK(nextAnnouncementChange(*list, berlin("2026-06-10T10:00")) == berlin("2026-06-10T11:30"));
    CHECK(!nextAnnouncementChange(*list, berlin("2026-06-10T14:00")));
}

TEST_CASE("a bad announcement names its place and reason") {
    struct Case {
        std::string json, where, words;
    };
    const Case cases[] = {
        {R"({"announcements": [{"title": "Nothing to say"}]})", "/announcements/0/text", "missing"},
        {R"({"announcements": [{"text": "   "}]})", "/announcements/0/text", "empty"},
        {R"({"announcements": [{"text": "x", "from": "noon"}]})", "/announcements/0/from", "expected a time"},
        {R"({"announcements": [{"text": "x", "from": "2026-06-10T12:00", "until": "2026-06-10T11:00"}]})",
         "/announcements/0/until", "not after"},
        {R"({"announcements": [{"text": "x", "urgent": "yes"}]})", "/announcements/0/urgent", ""},
        {R"({"announcements": [{"text": ")" + std::string(700, 'a') + R"("}]})", "/announcements/0/text", "shorten it"},
        {R"({"announcements": [{"text": "x", "from": "0000-01-01T00:00"}]})", "/announcements/0/from", "outside"},
    };
    for (const Case& c : cases) {
        std::vector<Diagnostic> diags;
        INFO(c.json.substr(0, 120));
        CHECK(!resolved(c.json, diags));
        CHECK(hasDiagnostic(diags, Severity::error, c.where, c.words));
    }
    std::vector<Diagnostic> diags;
    std::string many = R"({"announcements": [)";
    for (int i = 0; i < 51; ++i) many += std::string(i ? "," : "") + R"({"text": "x"})";
    CHECK(!resolved(many + "]}", diags));
    CHECK(hasDiagnostic(diags, Severity::error, "/announcements", "more than the 50"));
}

TEST_CASE("a session carries the overrides file's announcements, and a bad one keeps the session from loading") {
    ProgramLoad program = load(programJson("Europe/Berlin", R"("rooms": [{"id": "a", "name": "Hall A"}])"));
    REQUIRE(program.ok());
    KioskConfig config = KioskConfig::defaults();
    config.overrides = "overrides.json";
    std::vector<Diagnostic> diags;
    OverridesLoad good = parseOverrides(
        R"({"announcements": [{"text": "Coffee in the Foyer", "until": "2026-06-10T11:00"}]})", "overrides.json");
    auto session = KioskSession::assemble(config, *program.program, &good, diags);
    REQUIRE(session);
    REQUIRE(session->announcements.size() == 1);
    CHECK(session->announcements[0].until == berlin("2026-06-10T11:00"));
    OverridesLoad bad =
        parseOverrides(R"({"announcements": [{"text": "x", "from": "2026-06-10T12:00", "until": "2026-06-10T11:00"}]})",
                       "overrides.json");
    CHECK(!KioskSession::assemble(config, *program.program, &bad, diags));
}
