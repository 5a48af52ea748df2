// Talk languages (model/language.hpp): BCP 47 tags checked and written in their usual
// case, read from and written to the program file, inherited from the session.
#include <catch2/catch.hpp>

#include "model/language.hpp"
#include "model/program_json.hpp"
#include "support.hpp"

using namespace hallboard;
using namespace hallboard::test;

TEST_CASE("language tags: well-formed BCP 47 tags pass in their usual case, others are refused") {
    CHECK(normalizeLanguageTag("en") == "en");
    CHECK(normalizeLanguageTag("DE") == "de");
    CHECK(normalizeLanguageTag("pt-br") == "pt-BR");
    CHECK(normalizeLanguageTag("en_US") == "en-US");  // as locales write it
    CHECK(normalizeLanguageTag("zh-hant-tw") == "zh-Hant-TW");
    CHECK(normalizeLanguageTag("sr-latn") == "sr-Latn");
    CHECK(normalizeLanguageTag("es-419") == "es-419");
    CHECK(normalizeLanguageTag("gsw") == "gsw");
    CHECK(normalizeLanguageTag("zh-yue-HK") == "zh-yue-HK");    // an extended language subtag
    CHECK(normalizeLanguageTag("de-CH-1996") == "de-CH-1996");  // a variant
    CHECK(normalizeLanguageTag("sl-rozaj-biske") == "sl-rozaj-biske");
    CHECK(normalizeLanguageTag("en-u-ca-gregory") == "en-u-ca-gregory");  // an extension
    CHECK(normalizeLanguageTag("en-x-Pirate") == "en-x-pirate");
    CHECK(normalizeLanguageTag("x-klingon") == "x-klingon");

    for (const char* bad : {"", "e", "english", "en-", "-en", "en--us", "en us", "en-US-", "1en", "en-a", "en-x", "x",
                            "ümlaut", "en-toolongsubtag", "de-CH-a-", "en\n"})
        CHECK_FALSE(normalizeLanguageTag(bad));
    CHECK_FALSE(normalizeLanguageTag(std::string(64, 'a')));
}

TEST_CASE("the program's language: on a session, on a talk, inherited, and a bad tag warned about") {
    ProgramLoad load = hallboard::test::load(programJson("Europe/Berlin", R"(
        "rooms": [{"id": "a", "name": "A"}],
        "sessions": [
          {"id": "s1", "title": "Vorträge", "room": "a", "start": "2026-05-01T10:00", "end": "2026-05-01T11:00",
           "language": "de", "talks": [{"id": "t1", "title": "Eins"}, {"id": "t2", "title": "Two", "language": "EN-gb"}]},
          {"id": "s2", "title": "Talks", "room": "a", "start": "2026-05-01T11:00", "end": "2026-05-01T12:00",
           "talks": [{"id": "t3", "title": "Three", "language": "english"}]}
        ])"));
    INFO(allDiagnostics(load));
    REQUIRE(load.ok());
    const Program& p = *load.program;
    CHECK(p.sessions[0].language == "de");
    CHECK(p.talks[0].language.empty());
    CHECK(effectiveLanguage(p, p.talks[0]) == "de");  // from its session
    CHECK(p.talks[1].language == "en-GB");            // its own, in the usual case
    CHECK(effectiveLanguage(p, p.talks[1]) == "en-GB");
    CHECK(p.talks[2].language.empty());
    CHECK(effectiveLanguage(p, p.talks[2]).empty());
    CHECK(hasDiagnostic(load, Severity::warning, "/sessions/1/talks/0/language", "not a language tag"));
    CHECK(programLanguages(p) == std::vector<std::string>{"de", "en-GB"});
    CHECK(sessionLanguage(p, p.sessions[0]) == "de");
    CHECK(sessionLanguage(p, p.sessions[1]).empty());

    // Written back out and read again: the same languages.
    ProgramLoad again = hallboard::test::load(serializeProgram(p));
    REQUIRE(again.ok());
    CHECK(again.program->sessions[0].language == "de");
    CHECK(again.program->talks[1].language == "en-GB");
    CHECK(again.program->talks[0].language.empty());
}

TEST_CASE("a program with one language or none has no language badges to show") {
    ProgramLoad load = hallboard::test::load(programJson("Europe/Berlin", R"(
        "rooms": [{"id": "a", "name": "A"}],
        "sessions": [{"id": "s1", "title": "Talks", "room": "a", "start": "2026-05-01T10:00", "end": "2026-05-01T11:00",
           "language": "en", "talks": [{"id": "t1", "title": "One", "language": "en"}]}])"));
    REQUIRE(load.ok());
    CHECK(programLanguages(*load.program).size() == 1);
}

TEST_CASE("a language is named as the visitor reads it, by ICU, in the kiosk's language") {
    auto name = [](const char* tag, const char* ui) {
        LanguageName n = languageName(tag, ui);
        CHECK(n.known);
        return n;
    };
    // In an English UI: the English name, and the language's own word beside it.
    CHECK(name("de", "en").name == "German");
    CHECK(name("de", "en").endonym == "Deutsch");
    // In a German UI: the German word, and nothing more to say.
    CHECK(name("de", "de").name == "Deutsch");
    CHECK(name("de", "de").endonym.empty());
    CHECK(name("en", "de").name == "Englisch");
    CHECK(name("en", "de").endonym == "English");
    // A region or script is named too; the endonym is the language alone.
    LanguageName brazil = name("pt-BR", "en");
    CHECK(brazil.name.find("Portuguese") != std::string::npos);
    CHECK(brazil.name.find("Brazil") != std::string::npos);
    CHECK(brazil.endonym.find("ortugu") != std::string::npos);               // "Português"
    CHECK(name("pt-br", "de").name.find("Brasilien") != std::string::npos);  // any case the program wrote
    CHECK(name("sr-Latn", "en").name.find("Latin") != std::string::npos);
    // A menu's capitals, where running text in French would write "allemand".
    CHECK(name("de", "fr").name == "Allemand");
    CHECK(name("ja", "en").endonym == "日本語");
    // A region of the UI's own language: no endonym that repeats the name.
    CHECK(name("de-AT", "de").endonym.empty());
    // Codes ICU does not know, and text that is no tag at all, have no name: the code stays
    // as it was given.
    for (const char* unknown : {"qaa", "xx", "xx-BR", "x-klingon", "english", "", "de\n", "!!", "zz-ZZ-zz"}) {
        INFO(unknown);
        LanguageName n = languageName(unknown, "en");
        CHECK_FALSE(n.known);
        CHECK(n.name == unknown);
        CHECK(n.endonym.empty());
    }
    // A language ICU can name but has no words of its own for: no endonym in another language.
    LanguageName klingon = name("tlh", "de");
    CHECK(klingon.name == "Klingonisch");
    CHECK(klingon.endonym.empty());
}
