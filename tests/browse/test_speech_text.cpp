// What the kiosk says aloud (browse/speech_text): the sentences for a talk, a search and
// the idle warning, in each of the kiosk's languages, without a voice or a screen.
#include <catch2/catch.hpp>

#include "base/i18n.hpp"
#include "browse/browser.hpp"
#include "browse/catalog.hpp"
#include "browse/input_script.hpp"
#include "browse/speech_text.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::browse;

namespace {

const std::string kData = std::string(HALLBOARD_SOURCE_DIR) + "/data/";

// Speaks `tag` for the test's length and English again after, whatever happens.
struct Speaking {
    explicit Speaking(const std::string& tag) {
        setCatalogueDir(HALLBOARD_LOCALE_DIR);
        useLanguage(tag, ClockFormat::h24);
    }
    ~Speaking() { useLanguage("en"); }
    Speaking(const Speaking&) = delete;
    Speaking& operator=(const Speaking&) = delete;
};

// The sample program with its venue, the kiosk in the lobby facing north (config/kiosk.json).
struct Sample {
    Program program;
    std::unique_ptr<Scheduler> scheduler;
    std::optional<Wayfinding> wayfinding;
    std::vector<DirectoryEntry> directory;

    Sample() {
        ProgramLoad load = loadProgramFile(kData + "mlsys2021.json");
        REQUIRE(load.ok());
        program = std::move(*load.program);
        scheduler = std::make_unique<Scheduler>(program);
        VenueLoad venue = loadVenueFile(kData + "mlsys2021.venue.json", program);
        REQUIRE(venue.ok());
        std::vector<Diagnostic> diags;
        wayfinding = planWayfinding(std::move(*venue.venue), program, {"lobby-kiosk", 0}, false, {"kiosk.json", diags});
        REQUIRE(wayfinding);
        directory = buildDirectory(program);
    }
    SpeechSource source(Instant now) const { return {&program, scheduler.get(), &*wayfinding, &directory, now}; }
    Index talk(const std::string& id) const {
        for (Index i = 0; i < program.talks.size(); ++i)
            if (program.talks[i].id == id) return i;
        FAIL("no talk " << id);
        return 0;
    }
};

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a talk is read aloud with its title, time, room, speakers and the way there") {
    Sample s;
    Index ti = s.talk("directions-for-deep-learning-hardware");
    Instant before = test::at(s.program, "2021-04-06T08:05");
    std::string en = talkSpeech(s.source(before), ti);
    INFO(en);
    CHECK(has(en, "Directions for Deep Learning Hardware."));
    CHECK(has(en, "Tuesday 6 April 2021, 08:15 to 09:30."));
    CHECK(has(en, "Starts in 10 min."));
    CHECK(has(en, "Room: Main room."));
    CHECK(has(en, "With William Dally."));
    // The way there, in the room page's words (model/wording: stepText).
    CHECK(has(en, "The way there, 1 minute:"));
    CHECK(has(en, "Take the stairs up to"));
    CHECK(has(en, "to Main room."));
    // Nothing only an eye reads: no bidi isolates, no middle dots.
    CHECK_FALSE(has(en, "\u2068"));
    CHECK_FALSE(has(en, "\u00B7"));
    // Live: said so, instead of how soon.
    std::string live = talkSpeech(s.source(test::at(s.program, "2021-04-06T09:00")), ti);
    CHECK(has(live, "Live now."));
    CHECK_FALSE(has(live, "Starts in"));
    // Without a venue: no way there, the rest as before.
    SpeechSource noVenue = s.source(before);
    noVenue.wayfinding = nullptr;
    std::string plain = talkSpeech(noVenue, ti);
    CHECK(has(plain, "Room: Main room."));
    CHECK_FALSE(has(plain, "The way there"));
    // A talk that is not there says nothing.
    CHECK(talkSpeech(s.source(before), static_cast<Index>(s.program.talks.size())).empty());
}

TEST_CASE("a talk is read aloud in the kiosk's language: German, French, Spanish") {
    Sample s;
    Index ti = s.talk("directions-for-deep-learning-hardware");
    Instant before = test::at(s.program, "2021-04-06T08:05");
    struct Expected {
        const char* tag;
        std::vector<std::string> parts;
    };
    const Expected languages[] = {
        {"de",
         {"Dienstag, 6. April 2021, 08:15 bis 09:30.", "Raum: Main room.", "Mit William Dally.", "Der Weg dorthin"}},
        {"fr", {"mardi 6 avril 2021, 08:15 à 09:30.", "Salle : Main room.", "Avec William Dally.", "Le chemin"}},
        {"es", {"martes, 6 de abril de 2021, 8:15 a 9:30.", "Sala: Main room.", "Con William Dally.", "El camino"}},
    };
    std::string en = talkSpeech(s.source(before), ti);
    for (const Expected& e : languages) {
        Speaking speaking(e.tag);
        std::string said = talkSpeech(s.source(before), ti);
        INFO(e.tag << ": " << said);
        CHECK(said != en);
        CHECK(has(said, "Directions for Deep Learning Hardware."));  // the title as written
        for (const std::string& part : e.parts) CHECK(has(said, part));
        CHECK_FALSE(has(said, "Room:"));
        CHECK_FALSE(has(said, "The way there"));
    }
}

TEST_CASE("a search is read aloud as its count, in each language") {
    CHECK(searchSpeech("micro", 3) == "3 talks found for micro.");
    CHECK(searchSpeech("pipemare", 1) == "1 talk found for pipemare.");
    CHECK(searchSpeech("zzz", 0) == "0 talks found for zzz.");
    CHECK(searchSpeech("", 0) == "Search: type a title, a name or a room.");
    {
        Speaking de("de");
        CHECK(searchSpeech("micro", 3) == "3 Vorträge gefunden für micro.");
        CHECK(searchSpeech("pipemare", 1) == "1 Vortrag gefunden für pipemare.");
    }
    {
        Speaking fr("fr");
        CHECK(searchSpeech("micro", 3) == "3 exposés trouvés pour micro.");
        CHECK(searchSpeech("pipemare", 1) == "1 exposé trouvé pour pipemare.");
    }
    {
        Speaking es("es");
        CHECK(searchSpeech("micro", 3) == "3 charlas encontradas para micro.");
        CHECK(searchSpeech("pipemare", 1) == "1 charla encontrada para pipemare.");
    }
}

TEST_CASE("the idle warning is read aloud with its seconds, in each language") {
    CHECK(idleSpeech(20) == "Back to the overview in 20 seconds. Touch the screen or press a key to stay.");
    CHECK(idleSpeech(1) == "Back to the overview in 1 second. Touch the screen or press a key to stay.");
    {
        Speaking de("de");
        CHECK(idleSpeech(20) ==
              "Zurück zur Übersicht in 20 Sekunden. Berühren Sie den Bildschirm oder drücken Sie eine Taste, um zu "
              "bleiben.");
    }
    {
        Speaking fr("fr");
        CHECK(idleSpeech(20) ==
              "Retour à l’accueil dans 20 secondes. Touchez l’écran ou appuyez sur une touche pour rester.");
    }
    {
        Speaking es("es");
        CHECK(idleSpeech(20) == "Vuelta al inicio en 20 segundos. Toca la pantalla o pulsa una tecla para quedarte.");
    }
}

TEST_CASE("the place a visitor is at is read aloud: search, room, person, schedule") {
    Sample s;
    Instant now = test::at(s.program, "2021-04-06T08:05");
    Catalog catalog(s.program);
    Browser b;
    CHECK(placeSpeech(s.source(now), b, 0) == "Touch the screen or press Enter to browse the program.");
    b.apply({Action::Kind::search}, 1);
    b.apply({Action::Kind::typeText, 0, "micro"}, 1);
    std::size_t hits = catalog.hits("micro").size();
    REQUIRE(hits > 1);
    CHECK(placeSpeech(s.source(now), b, hits) == std::to_string(hits) + " talks found for micro.");
    b.apply({Action::Kind::place, 0}, 2);
    std::string room = placeSpeech(s.source(now), b, hits);
    CHECK(room.rfind("Main room. The way there, 1 minute:", 0) == 0);
    b.apply({Action::Kind::schedule, 0}, 3);
    CHECK(placeSpeech(s.source(now), b, 0) == "Schedule for Tuesday 6 April 2021.");
    b.apply({Action::Kind::people}, 4);
    CHECK(placeSpeech(s.source(now), b, 0) == "Speakers: " + std::to_string(s.directory.size()) + " people.");
    auto dally = findEntry(s.directory, "William Dally");
    REQUIRE(dally);
    b.apply({Action::Kind::person, *dally}, 5);
    CHECK(placeSpeech(s.source(now), b, 0) == "William Dally. Directions for Deep Learning Hardware.");
}

TEST_CASE("spoken text has no bidi controls, no broken bytes, and pauses for the separators") {
    CHECK(spokenText("\u2068Main room\u2069  ·  upstairs") == "Main room, upstairs");
    CHECK(spokenText("09:30–09:50") == "09:30 - 09:50");
    CHECK(spokenText("a\u200Fb\u202Ec\u202C") == "abc");
    CHECK(spokenText(std::string("ok\xC3", 3)) == "ok");
    CHECK(spokenText("tab\there\nnewline") == "tab here newline");
    CHECK(spokenText("") == "");
}

TEST_CASE("the speak action and key ask the kiosk to read the place aloud") {
    Browser b;
    Effects tapped = b.apply({Action::Kind::speak}, 1);
    CHECK(tapped.speak);
    CHECK_FALSE(b.browsing());  // speaking changes nothing on screen
    Input key;
    key.type = Input::Type::key;
    key.key = Key::speak;
    CHECK(b.handle(key, 2).speak);
    key.key = Key::enter;
    CHECK_FALSE(b.handle(key, 3).speak);
    Diagnostics diags("script.txt");
    auto script = parseInputScript("key speak\n", diags);
    REQUIRE(script);
    REQUIRE(script->steps.size() == 1);
    CHECK(script->steps[0].key == Key::speak);
}
