// The kiosk's own words in the conference's language: messages from GNU gettext
// catalogues (glibc's libintl; po/*.po compiled to <dir>/<lang>/LC_MESSAGES/hallboard.mo)
// and dates and times from ICU in the language's own order and names.
//
// The language is the configuration's ("language", default "en"), never the
// environment's: useLanguage() sets LC_MESSAGES to C.UTF-8 (gettext ignores LANGUAGE
// under the plain C locale) and LANGUAGE to the configured language. glibc keeps that
// choice per process, so the choice is process-wide: the kiosk loop sets its session's
// language once per session swap, before it indexes or draws, never while drawing
// (kiosk/kiosk_session.hpp useSessionLanguage); a live reload changes it there.
// English is the source text: with "en" (or before any useLanguage) every function
// here returns what it did before there were catalogues.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/time.hpp"

namespace hallboard {

enum class ClockFormat { localeDefault, h24, h12 };

// The languages shipped ("en", "de", "fr", "es").
bool isShippedLanguage(std::string_view primary);
// A BCP 47 tag the kiosk can show ("de", "de-AT", "es-419", "fr-CA"): its primary
// subtag shipped, the rest well formed. Returns the reason it cannot otherwise.
std::optional<std::string> languageProblem(std::string_view tag);

// Where the compiled catalogues are (<dir>/de/LC_MESSAGES/hallboard.mo). Set once at
// start-up (platform/paths.cpp finds it beside the binary or installed).
void setCatalogueDir(const std::string& dir);
// Makes `tag` (already validated; "en" if empty) the language of every message and
// date; cheap when nothing changed.
void useLanguage(const std::string& tag, ClockFormat clock = ClockFormat::localeDefault);
std::string currentLanguage();  // "en" until useLanguage says otherwise
// Whether `tag`'s script is written right to left (ICU: "ar", "he", "fa", "ur"; none
// of the shipped languages): the browse screens' focus then reads from the right.
bool rightToLeftLanguage(const std::string& tag);

// Marks a string for xgettext without translating it (arrays of labels).
constexpr const char* N_(const char* msgid) {
    return msgid;
}
// The message in the current language (the msgid itself when it has no translation).
const char* tr(const char* msgid) __attribute__((format_arg(1)));
// A message with a plural: ngettext's choice for `n` in the current language.
const char* trn(const char* singular, const char* plural, unsigned long n) __attribute__((format_arg(1)))
__attribute__((format_arg(2)));
// A plural in a context, for the same English words that another language says
// differently there (German "3 Tage" alone, "in 3 Tagen" after "in"): msgctxt `context`.
const char* trnc(const char* context, const char* singular, const char* plural, unsigned long n)
    __attribute__((format_arg(2))) __attribute__((format_arg(3)));
// printf into a std::string: trf(tr("in %s"), duration.c_str()).
std::string trf(const char* format, ...) __attribute__((format(printf, 1, 2)));

// Dates and times for display in the current language. English keeps the forms of
// base/time.hpp ("Tuesday 6 April 2021", "Tue 6 Apr", "09:30"), with "9:30 AM" for 12 h.
std::string localClock(const TimeZone& zone, Instant t);  // "09:30", "9:30 AM"
std::string localLongDate(LocalDay day);                  // "Dienstag, 6. April 2021"
std::string localShortDate(LocalDay day);                 // "Di., 6. Apr."
// "45 Min.", "2 Std. 05 Min.", "3 jours"; `afterIn`: the form that follows "in" ("in 3 Tagen").
std::string localDuration(Duration d, bool afterIn = false);
// The widest usual reading of the clock ("00:00", "10:00 PM"), for columns of times.
std::string localClockSample();
// Upper case by the language's rules ("Eröffnung" -> "ERÖFFNUNG"), for labels.
std::string localUpper(std::string_view text);
// The letters the on-screen keyboard adds to a-z for the language: de ä ö ü ß,
// fr é è ê à ç ù â î ô ë ï, es ñ á é í ó ú ü ¿ ¡; none for English.
std::vector<std::string> keyboardLetters(std::string_view tag);
// The on-screen keyboard's three rows of a-z as the language's visitors type them:
// QWERTZ for German ("qwertzuiop", "asdfghjkl", "yxcvbnm"), AZERTY for French
// ("azertyuiop", "qsdfghjklm", "wxcvbn"), QWERTY otherwise (English, Spanish).
std::vector<std::string> keyboardRows(std::string_view tag);
// Which of keyboardLetters end each of those rows, where the language's own keyboard has
// them (German: ü after p, ö ä after l, ß after m; Spanish: ñ after l). The others get a
// row of their own. On a 7" screen that row had cost the search results their one row.
std::vector<std::vector<std::string>> keyboardRowEnds(std::string_view tag);

// For tests: the date forms of any shipped language without touching the current one.
std::string formatLongDateIn(const std::string& tag, LocalDay day);
std::string formatShortDateIn(const std::string& tag, LocalDay day);
std::string formatClockIn(const std::string& tag, ClockFormat clock, int hour, int minute);

}  // namespace hallboard
