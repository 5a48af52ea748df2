// The language a talk is given in: an IETF BCP 47 tag ("en", "de", "pt-BR",
// "zh-Hant-TW", "sr-Latn"), optional on sessions and talks in the program. Checked for
// the tag's syntax (RFC 5646 section 2.1) and written in its conventional case; no
// registry is consulted, so a well-formed tag for a language we do not know passes. A
// badge shows it only when the program has more than one language. Where a visitor
// chooses, the language is named (ICU's display names, not a table of ours).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/program.hpp"

namespace hallboard {

// The tag in conventional case ("pt-br" -> "pt-BR", "ZH-HANT" -> "zh-Hant"), or empty
// when it is not a well-formed BCP 47 tag: language of 2-3 letters (the 4-8 letters the
// syntax allows are refused: none is registered, and "english" is a mistake), up to three
// extended subtags, a script of 4 letters, a region of 2 letters or 3 digits, variants,
// extensions, private use ("x-..."); subtags of ASCII letters and digits, at most 8 each
// and 63 characters in all. Underscores ("en_US", as locales write it) are accepted as
// hyphens.
std::optional<std::string> normalizeLanguageTag(std::string_view text);

// The talk's language, else its session's; empty when neither says.
const std::string& effectiveLanguage(const Program& program, const Talk& talk);
// The session's language, else the one its talks share; empty when none or mixed.
std::string sessionLanguage(const Program& program, const Session& session);
// Every language the program's sessions and talks use, sorted; a badge shows them only
// when there are two or more.
std::vector<std::string> programLanguages(const Program& program);

// A language as a visitor reads it: `name` in the kiosk's language `uiTag` ("de" in an
// English UI: "German"; in a German one: "Deutsch"; "pt-BR": "Portuguese (Brazil)"),
// capitalised for a menu, and `endonym`, the language in its own words ("Deutsch"), or
// empty when that says nothing more (the same language as the UI's, or the same word).
// Both come from ICU's locale display names. When the tag is not well formed or ICU does
// not know its language ("qaa", "xx-BR"), `name` is the tag as given and `known` false:
// the code is all there is to show.
struct LanguageName {
    std::string name;
    std::string endonym;
    bool known = false;
};
LanguageName languageName(std::string_view tag, std::string_view uiTag);

}  // namespace hallboard
