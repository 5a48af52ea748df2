// The kiosk's own words in the configured language (base/i18n): dates and times in each
// shipped language's order and names, language tags checked, the configuration's
// "language" and "clock_format", and messages from the compiled catalogues whatever the
// environment says.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "browse/search.hpp"

#include "base/i18n.hpp"
#include "kiosk/kiosk_config.hpp"
#include "kiosk/kiosk_session.hpp"
#include "base/text.hpp"
#include "model/venue.hpp"
#include "model/wording.hpp"
#include "support.hpp"

using namespace hallboard;

namespace {

LocalDay day(int y, unsigned m, unsigned d) {
    return LocalDay{date::year{y} / date::month{m} / date::day{d}};
}

// Speaks `tag` for the test's length and English again after, whatever happens.
struct Speaking {
    explicit Speaking(const std::string& tag, ClockFormat clock = ClockFormat::localeDefault) {
        setCatalogueDir(HALLBOARD_LOCALE_DIR);
        useLanguage(tag, clock);
    }
    ~Speaking() { useLanguage("en"); }
    Speaking(const Speaking&) = delete;
    Speaking& operator=(const Speaking&) = delete;
};

ConfigLoad parse(const std::string& extra) {
    return parseKioskConfig(R"({"program": "p.json")" + extra + "}", "kiosk.json", "/srv/hallboard/config");
}

}  // namespace

TEST_CASE("dates are written in each language's order with its own names") {
    LocalDay tuesday = day(2021, 4, 6);
    CHECK(formatLongDateIn("en", tuesday) == "Tuesday 6 April 2021");  // as before there were languages
    CHECK(formatLongDateIn("de", tuesday) == "Dienstag, 6. April 2021");
    CHECK(formatLongDateIn("fr", tuesday) == "mardi 6 avril 2021");
    CHECK(formatLongDateIn("es", tuesday) == "martes, 6 de abril de 2021");
    CHECK(formatLongDateIn("en-US", tuesday) == "Tuesday, April 6, 2021");
    CHECK(formatShortDateIn("en", tuesday) == "Tue 6 Apr");
    CHECK(formatShortDateIn("de", tuesday) == "Di., 6. Apr.");
    CHECK(formatShortDateIn("fr", tuesday) == "mar. 6 avr.");
    CHECK(formatShortDateIn("es", tuesday) == "mar, 6 abr");
    // Another day, so no name above is a constant.
    CHECK(formatLongDateIn("de", day(2027, 12, 31)) == "Freitag, 31. Dezember 2027");
    CHECK(formatShortDateIn("fr", day(2027, 2, 1)) == "lun. 1 févr.");
}

TEST_CASE("the clock takes the language's hour cycle unless the configuration says 24h or 12h") {
    const std::string nnbsp = "\u202F";                                       // CLDR's space before AM/PM
    CHECK(formatClockIn("en", ClockFormat::localeDefault, 9, 5) == "09:05");  // English as before: 24 h
    CHECK(formatClockIn("en-US", ClockFormat::localeDefault, 21, 5) == "9:05" + nnbsp + "PM");
    CHECK(formatClockIn("de", ClockFormat::localeDefault, 21, 5) == "21:05");
    CHECK(formatClockIn("fr", ClockFormat::localeDefault, 9, 5) == "09:05");
    CHECK(formatClockIn("es", ClockFormat::localeDefault, 9, 5) == "9:05");
    CHECK(formatClockIn("en", ClockFormat::h12, 21, 5) == "9:05" + nnbsp + "PM");
    CHECK(formatClockIn("en-US", ClockFormat::h24, 21, 5) == "21:05");
    CHECK(formatClockIn("de", ClockFormat::h12, 0, 30) == "12:30" + nnbsp + "AM");
}

TEST_CASE("a language tag is a shipped language, with any well-formed region") {
    for (const char* good : {"en", "de", "fr", "es", "de-AT", "fr-CA", "es-419", "en-GB"}) {
        INFO(good);
        CHECK(!languageProblem(good));
    }
    for (const char* bad : {"", "x", "german", "de_DE", "de--AT", "de-", "-de", "de-AT-toolongsubtag1", "d e"}) {
        INFO(bad);
        auto problem = languageProblem(bad);
        REQUIRE(problem);
        CHECK(problem->find("BCP 47") != std::string::npos);
    }
    auto unshipped = languageProblem("it");
    REQUIRE(unshipped);
    CHECK(unshipped->find("en, de, fr and es") != std::string::npos);
}

TEST_CASE("the configuration chooses the language and the clock format, and says what is wrong") {
    ConfigLoad plain = parse("");
    REQUIRE(plain.ok());
    CHECK(plain.config->language == "en");
    CHECK(plain.config->clockFormat == ClockFormat::localeDefault);
    ConfigLoad german = parse(R"(, "language": "de-AT", "clock_format": "12h")");
    REQUIRE(german.ok());
    CHECK(german.config->language == "de-AT");
    CHECK(german.config->clockFormat == ClockFormat::h12);
    CHECK(parse(R"(, "clock_format": "24h")").config->clockFormat == ClockFormat::h24);
    for (auto [extra, where, text] :
         {std::tuple{R"(, "language": "it")", "/language", "en, de, fr and es"},
          std::tuple{R"(, "language": 7)", "/language", "language tag"},
          std::tuple{R"(, "language": "de_DE")", "/language", "BCP 47"},
          std::tuple{R"(, "clock_format": "13h")", "/clock_format", "\"24h\" or \"12h\""}}) {
        ConfigLoad bad = parse(extra);
        INFO(extra);
        CHECK(!bad.ok());
        CHECK(test::hasDiagnostic(bad.diagnostics, Severity::error, where, text));
    }
}

TEST_CASE("messages come from the configured language's catalogue, not from the environment") {
    // Whatever the machine's environment asks for, the configuration decides.
    ::setenv("LANGUAGE", "fr", 1);
    ::setenv("LC_ALL", "es_ES.UTF-8", 1);
    {
        Speaking german("de");
        CHECK(std::string(tr("Back")) == "Zurück");
        CHECK(std::string(tr("Live now")) == "Jetzt live");
        CHECK(trf(trn("%zu talk", "%zu talks", 1), std::size_t{1}) == "1 Vortrag");
        CHECK(trf(trn("%zu talk", "%zu talks", 3), std::size_t{3}) == "3 Vorträge");
        CHECK(localDuration(std::chrono::minutes{25}) == "25 Min.");
        CHECK(localDuration(std::chrono::minutes{125}) == "2 Std. 05 Min.");
        CHECK(localDuration(std::chrono::hours{24 * 3}) == "3 Tage");
        CHECK(localDuration(std::chrono::hours{24 * 3}, true) == "3 Tagen");  // after "in": the dative
        CHECK(localLongDate(day(2021, 4, 6)) == "Dienstag, 6. April 2021");
        CHECK(localUpper(displayName(SessionKind::opening)) == "ERÖFFNUNG");
        CHECK(keyboardLetters(currentLanguage()) == std::vector<std::string>{"ä", "ö", "ü", "ß"});
    }
    {
        Speaking french("fr-CA");  // a region: its own catalogue if any, else French
        CHECK(std::string(tr("Back")) == "Retour");
        // French counts 0 as singular, unlike English and German.
        CHECK(trf(trn("%zu talk", "%zu talks", 0), std::size_t{0}) == "0 exposé");
        CHECK(localDuration(std::chrono::hours{24 * 2}) == "2 jours");
    }
    {
        Speaking spanish("es", ClockFormat::h24);
        CHECK(std::string(tr("Search")) == "Buscar");
        CHECK(std::string(displayName(SessionKind::break_)) == "Pausa");
        CHECK(keyboardLetters(currentLanguage()).front() == "ñ");
    }
    {
        Speaking english("en");
        CHECK(std::string(tr("Back")) == "Back");
        CHECK(localDuration(std::chrono::minutes{125}) == "2 h 05 min");
        CHECK(localDuration(std::chrono::hours{24 * 3}, true) == "3 days");  // no context: the English
        CHECK(keyboardLetters(currentLanguage()).empty());
    }
    ::unsetenv("LANGUAGE");
    ::unsetenv("LC_ALL");
}

TEST_CASE("the on-screen keyboard is laid out as each language's visitors type") {
    using Rows = std::vector<std::string>;
    CHECK(keyboardRows("de") == Rows{"qwertzuiop", "asdfghjkl", "yxcvbnm"});
    CHECK(keyboardRows("de-AT") == Rows{"qwertzuiop", "asdfghjkl", "yxcvbnm"});
    CHECK(keyboardRows("fr") == Rows{"azertyuiop", "qsdfghjklm", "wxcvbn"});
    CHECK(keyboardRows("en") == Rows{"qwertyuiop", "asdfghjkl", "zxcvbnm"});
    CHECK(keyboardRows("es") == keyboardRows("en"));
    CHECK(keyboardRows("") == keyboardRows("en"));
    // The language's own letters where its keyboard has them (#28.7: the umlauts' row of
    // their own left a German search at 800x480 without one whole result).
    using Ends = std::vector<std::vector<std::string>>;
    CHECK(keyboardRowEnds("de") == Ends{{"ü"}, {"ö", "ä"}, {"ß"}});
    CHECK(keyboardRowEnds("es") == Ends{{}, {"ñ"}, {}});
    CHECK(keyboardRowEnds("en") == Ends{{}, {}, {}});
    for (const char* language : {"en", "de", "fr", "es", "xx"}) {
        INFO(language);
        auto own = keyboardLetters(language);
        for (const auto& row : keyboardRowEnds(language))
            for (const std::string& letter : row) CHECK(std::find(own.begin(), own.end(), letter) != own.end());
    }
    for (const char* language : {"en", "de", "fr", "es", "xx"}) {
        INFO(language);
        std::string letters;
        for (const std::string& row : keyboardRows(language)) letters += row;
        std::sort(letters.begin(), letters.end());
        CHECK(letters == "abcdefghijklmnopqrstuvwxyz");  // every letter, once
    }
}

TEST_CASE("the letters on a language's keyboard find what search finds without them") {
    // Search folds accents (browse/search.cpp): "Straße" is found by "strasse" and by
    // "straße" typed on the German keys, "año" by "ano" and "año".
    CHECK(browse::foldForSearch("Straße") == browse::foldForSearch("strasse"));
    CHECK(browse::foldForSearch("Über") == browse::foldForSearch("uber"));
    CHECK(browse::foldForSearch("año") == browse::foldForSearch("ano"));
    CHECK(browse::foldForSearch("Élève à l’école") == browse::foldForSearch("eleve a l ecole"));
    for (const char* language : {"de", "fr", "es"})
        for (const std::string& letter : keyboardLetters(language)) {
            INFO(language << ": " << letter);
            std::string folded = browse::foldForSearch(letter);
            bool punctuation = letter == "¿" || letter == "¡";  // a word break, as in the program's text
            CHECK(folded == (punctuation ? " " : folded));
            if (!punctuation) {
                REQUIRE(!folded.empty());
                CHECK(std::all_of(folded.begin(), folded.end(), [](char c) { return c >= 'a' && c <= 'z'; }));
            }
        }
}

TEST_CASE("directions to a room say their floor in the language of the moment, not of the venue's loading") {
    RoomDirections d;
    d.arrow = Arrow::ahead;
    d.minutes = 2;
    d.route.levels = 2;
    // Directions hold no words: each label is made when it is asked for.
    CHECK(directionsLabel(d) == "2 min · 2 floors up");
    {
        Speaking german("de");
        CHECK(directionsLabel(d) == "2 Min. · 2 Etagen höher");
        d.route.levels = -1;
        CHECK(directionsLabel(d) == "2 Min. · eine Etage tiefer");
    }
    {
        Speaking french("fr");
        CHECK(directionsLabel(d) == "2 min · à l’étage en dessous");
    }
    CHECK(directionsLabel(d) == "2 min · downstairs");
}

TEST_CASE("the staff note of a replaying clock is in the kiosk's language too") {
    // The bundled configuration replays the day at 10x: the header says so, for staff.
    std::vector<Diagnostic> diags;
    auto session = KioskSession::load(std::string(HALLBOARD_SOURCE_DIR) + "/config/kiosk.json", "", diags);
    REQUIRE(session);
    CHECK(session->clockNote() == "Replay clock at 10× speed");
    {
        Speaking german("de");
        CHECK(session->clockNote() == "Wiedergabe-Uhr mit 10-facher Geschwindigkeit");
    }
    {
        Speaking spanish("es");
        CHECK(session->clockNote() == "Reloj en reproducción a velocidad ×10");
    }
}

TEST_CASE("system errors stay in English in the log whatever language the screen speaks") {
    Speaking spanish("es");
    // Where the C library's own Spanish catalogue is installed (libc-l10n), strerror now
    // speaks Spanish; the kiosk's messages must not follow it.
    if (std::string(std::strerror(ENOENT)) == "No such file or directory")
        WARN("the C library has no Spanish messages here: strerror is English either way");
    CHECK(systemMessage(ENOENT) == "No such file or directory");
    CHECK(systemMessage(EACCES) == "Permission denied");
    CHECK(systemMessage(-12345) == "system error -12345");
}
