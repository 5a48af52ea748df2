// The emergency takeover in the overrides file (#31.1): read field by field, never
// dropped for a mistake (each one an error in the diagnostics, the takeover shown all the
// same), active inside its window, kept when the rest of the file is wrong.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

#include "kiosk/kiosk_session.hpp"
#include "model/emergency.hpp"
#include "model/overrides.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

namespace {

const TimeZone kBerlin = TimeZone::locate("Europe/Berlin");

Instant berlin(const std::string& wall) {
    return resolve(*parseTimestamp(wall), kBerlin);
}

// The file's emergency, resolved in Berlin; every diagnostic in `diags`.
std::optional<Emergency> emergencyOf(const std::string& json, std::vector<Diagnostic>& diags) {
    OverridesLoad load = parseOverrides(json, "overrides.json");
    diags = load.diagnostics;
    if (!load.emergency) return std::nullopt;
    return resolveEmergency(*load.emergency, kBerlin, "overrides.json", diags);
}

}  // namespace

TEST_CASE("an emergency is read with its kind, words, window and drill flag, and is active inside its window") {
    std::vector<Diagnostic> diags;
    auto e = emergencyOf(R"({"emergency": {"title": "  Fire alarm ", "text": "Leave the building now.",
        "kind": "evacuate", "from": "2026-06-10T10:00", "until": "2026-06-10T11:00", "drill": true}})",
                         diags);
    INFO(allDiagnostics(diags));
    REQUIRE(e);
    CHECK(e->title == "Fire alarm");  // trimmed
    CHECK(e->text == "Leave the building now.");
    CHECK(e->kind == EmergencyKind::evacuate);
    CHECK(e->drill);
    CHECK(std::none_of(diags.begin(), diags.end(), [](const Diagnostic& d) { return d.severity != Severity::note; }));
    CHECK_FALSE(activeEmergency(e, berlin("2026-06-10T09:59")));
    CHECK(activeEmergency(e, berlin("2026-06-10T10:00")) == &*e);
    CHECK(activeEmergency(e, berlin("2026-06-10T10:59")));
    CHECK_FALSE(activeEmergency(e, berlin("2026-06-10T11:00")));  // `until` is the first minute without it
    CHECK(nextEmergencyChange(e, berlin("2026-06-10T09:00")) == berlin("2026-06-10T10:00"));
    CHECK(nextEmergencyChange(e, berlin("2026-06-10T10:30")) == berlin("2026-06-10T11:00"));
    CHECK_FALSE(nextEmergencyChange(e, berlin("2026-06-10T11:00")));
    // Without a window: from now until it is taken out of the file.
    auto open = emergencyOf(R"({"emergency": {"title": "Shelter", "kind": "shelter"}})", diags);
    REQUIRE(open);
    CHECK(open->kind == EmergencyKind::shelter);
    CHECK_FALSE(open->drill);
    CHECK(activeEmergency(open, berlin("1999-01-01T00:00")));
    CHECK(activeEmergency(open, berlin("2099-01-01T00:00")));
    // None in the file, or null: none.
    CHECK_FALSE(emergencyOf(R"({"changes": []})", diags));
    CHECK_FALSE(emergencyOf(R"({"emergency": null})", diags));
    CHECK_FALSE(activeEmergency(std::nullopt, berlin("2026-06-10T10:00")));
}

TEST_CASE("a mistake in an emergency is an error that names it, and the takeover still shows") {
    struct Case {
        const char* json;
        const char* where;
        const char* says;
    };
    const Case cases[] = {
        {R"({"emergency": {"title": "Fire", "kind": "evacuat"}})", "/emergency/kind", "unknown kind \"evacuat\""},
        {R"({"emergency": {"title": "Fire"}})", "/emergency/kind", "missing"},
        {R"({"emergency": {"title": 3, "kind": "notice"}})", "/emergency/title", "expected a string"},
        {R"({"emergency": {"text": "Go", "kind": "notice", "from": "10:00"}})", "/emergency/from", "left open"},
        {R"({"emergency": {"kind": "notice", "until": "2026-13-40T10:00"}})", "/emergency/until", "expected a time"},
        {R"({"emergency": {"kind": "notice", "from": "2026-06-10T10:00", "until": "2026-06-10T09:00"}})",
         "/emergency/until", "not after"},
        {R"({"emergency": {"kind": "notice", "drill": "yes"}})", "/emergency/drill", "not a drill"},
        {R"({"emergency": "Evacuate now"})", "/emergency", "expected an object"},
        {R"({"emergency": {"kind": "notice", "from": "0000-06-10T10:00"}})", "/emergency/from", ""},
    };
    for (const Case& c : cases) {
        INFO(c.json);
        std::vector<Diagnostic> diags;
        auto e = emergencyOf(c.json, diags);
        INFO(allDiagnostics(diags));
        REQUIRE(e);
        CHECK(hasDiagnostic(diags, Severity::error, c.where, c.says));
        CHECK(hasDiagnostic(diags, Severity::error, c.where, "the takeover shows all the same"));
        // Shown now: a broken end is left open, never closed.
        CHECK(activeEmergency(e, berlin("2026-06-10T10:30")));
    }
    std::vector<Diagnostic> diags;
    CHECK(emergencyOf(R"({"emergency": {"title": "Fire", "kind": "evacuat"}})", diags)->kind == EmergencyKind::notice);
    CHECK(emergencyOf(R"({"emergency": "Evacuate now"})", diags)->text == "Evacuate now");
    // Too long: cut between characters, with an error.
    std::string longTitle(kMaxEmergencyTitle - 1, 'x');
    longTitle += "é and more";
    auto cut = emergencyOf(R"({"emergency": {"kind": "notice", "title": ")" + longTitle + R"("}})", diags);
    REQUIRE(cut);
    CHECK(cut->title.size() <= kMaxEmergencyTitle);
    CHECK(cut->title == std::string(kMaxEmergencyTitle - 1, 'x'));  // not half of the é
    CHECK(hasDiagnostic(diags, Severity::error, "/emergency/title", "cut there"));
    // Control characters and bidi overrides are cleaned as in every JSON text.
    auto clean = emergencyOf("{\"emergency\": {\"kind\": \"notice\", \"text\": \"a\\u202Eb\\u0001\"}}", diags);
    REQUIRE(clean);
    CHECK(clean->text.find("\u202E") == std::string::npos);
    CHECK(clean->text.find('\x01') == std::string::npos);
    // An unknown key is a warning (a typo of another field), and the rest is read.
    auto typo = emergencyOf(R"({"emergency": {"kind": "evacuate", "titel": "Fire"}})", diags);
    REQUIRE(typo);
    CHECK(typo->kind == EmergencyKind::evacuate);
    CHECK(hasDiagnostic(diags, Severity::warning, "/emergency/titel", "unknown key"));
}

TEST_CASE("an emergency is read even when another part of the overrides file is wrong") {
    OverridesLoad load = parseOverrides(R"({"changes": [{"session": "x"}],
        "emergency": {"title": "Fire alarm", "kind": "evacuate"}})",
                                        "overrides.json");
    CHECK_FALSE(load.ok());  // the change says nothing: the file is refused as before
    REQUIRE(load.emergency);
    CHECK(load.emergencyKnown);
    CHECK(load.emergency->title == "Fire alarm");
    // Broken JSON says nothing at all about an emergency: not known.
    OverridesLoad broken = parseOverrides(R"({"emergency": {"title": )", "overrides.json");
    CHECK_FALSE(broken.emergencyKnown);
    CHECK_FALSE(broken.emergency);
}

TEST_CASE("a kiosk session holds the overrides file's emergency, resolved in the conference's zone") {
    ProgramLoad program = load(programJson("Europe/Berlin", R"("rooms": [{"id": "a", "name": "Hall A"}])"));
    REQUIRE(program.ok());
    OverridesLoad changes =
        parseOverrides(R"({"emergency": {"title": "Shelter in place", "kind": "shelter", "from": "2026-06-10T10:00"}})",
                       "overrides.json");
    std::vector<Diagnostic> diags;
    KioskConfig config = KioskConfig::defaults();
    config.overrides = "overrides.json";
    auto session = KioskSession::assemble(config, std::move(*program.program), &changes, diags);
    INFO(allDiagnostics(diags));
    REQUIRE(session);
    REQUIRE(session->emergency);
    CHECK(session->emergency->kind == EmergencyKind::shelter);
    CHECK(session->emergency->from == berlin("2026-06-10T10:00"));
}

TEST_CASE("docs/overrides.md's emergency example is one the kiosk and `hallboard check` accept") {
    std::ifstream in(std::string(HALLBOARD_SOURCE_DIR) + "/docs/overrides.md");
    std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::size_t section = doc.find("## Emergency takeover");
    REQUIRE(section != std::string::npos);
    std::size_t open = doc.find("```jsonc\n", section);
    REQUIRE(open != std::string::npos);
    open += 9;
    std::size_t close = doc.find("```", open);
    std::string example = doc.substr(open, close - open);
    OverridesLoad load = parseOverrides(example, "overrides.md");
    INFO(example << allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    REQUIRE(load.emergency);
    std::vector<Diagnostic> diags = load.diagnostics;
    Emergency e = resolveEmergency(*load.emergency, kBerlin, "overrides.md", diags);
    CHECK(std::none_of(diags.begin(), diags.end(), [](const Diagnostic& d) { return d.severity != Severity::note; }));
    CHECK(e.kind == EmergencyKind::evacuate);
    CHECK(e.drill);
    CHECK(e.from);
}
