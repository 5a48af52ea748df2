// See language.hpp.
#include "model/language.hpp"

#include <unicode/locdspnm.h>
#include <unicode/locid.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <utility>

namespace hallboard {

namespace {

bool isAlpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool allOf(std::string_view s, bool (*pred)(char)) {
    return !s.empty() && std::all_of(s.begin(), s.end(), pred);
}
bool isAlnum(char c) {
    return isAlpha(c) || isDigit(c);
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return out;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    return out;
}

std::string utf8(const icu::UnicodeString& u) {
    std::string out;
    u.toUTF8String(out);
    return out;
}

// Names as a menu shows them: "Portuguese (Brazil)", and French "Allemand" rather than the
// "allemand" of running text.
std::unique_ptr<icu::LocaleDisplayNames> displayNames(const icu::Locale& in) {
    UDisplayContext contexts[] = {UDISPCTX_STANDARD_NAMES, UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU};
    return std::unique_ptr<icu::LocaleDisplayNames>(icu::LocaleDisplayNames::createInstance(in, contexts, 2));
}

// Whether ICU has a locale of this language: without one, its "own" name would be the
// default locale's (Klingon's endonym would come out in English).
bool hasLocaleData(const std::string& language) {
    int32_t count = 0;
    const icu::Locale* all = icu::Locale::getAvailableLocales(count);
    for (int32_t i = 0; i < count; ++i)
        if (language == all[i].getLanguage()) return true;
    return false;
}

std::optional<LanguageName> nameWithIcu(const std::string& tag, std::string_view uiTag) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale language = icu::Locale::forLanguageTag(tag, status);
    if (U_FAILURE(status) || language.isBogus() || *language.getLanguage() == '\0') return std::nullopt;
    status = U_ZERO_ERROR;
    icu::Locale ui = icu::Locale::forLanguageTag(std::string(uiTag.empty() ? "en" : uiTag), status);
    if (U_FAILURE(status) || ui.isBogus()) ui = icu::Locale::getEnglish();
    // ICU names a language it does not know by its code: then there is no name to give.
    std::string code = language.getLanguage();
    icu::UnicodeString plain;
    if (utf8(language.getDisplayLanguage(ui, plain)) == code) return std::nullopt;
    auto names = displayNames(ui);
    if (!names) return std::nullopt;
    icu::UnicodeString full;
    LanguageName out{utf8(names->localeDisplayName(language, full)), {}, true};
    if (out.name.empty()) return std::nullopt;
    // The endonym: the language alone ("Português" for pt-BR) in its own words, when the
    // UI speaks another language and ICU has that language's own names.
    if (code != ui.getLanguage() && hasLocaleData(code)) {
        icu::Locale own(code.c_str());
        if (auto ownNames = displayNames(own)) {
            icu::UnicodeString endonym;
            std::string word = utf8(ownNames->languageDisplayName(code.c_str(), endonym));
            if (word != code && word != out.name) out.endonym = std::move(word);
        }
    }
    return out;
}

}  // namespace

LanguageName languageName(std::string_view tag, std::string_view uiTag) {
    LanguageName unknown{std::string(tag), {}, false};
    std::optional<std::string> normal = normalizeLanguageTag(tag);
    if (!normal) return unknown;
    // Every row of a schedule asks, every frame: the few answers a program needs are kept.
    static std::mutex mutex;  // NOLINT: a cache of ICU's answers, which never change
    static std::map<std::pair<std::string, std::string>, std::optional<LanguageName>> known;  // NOLINT: as above
    auto key = std::make_pair(*normal, std::string(uiTag));
    std::lock_guard lock(mutex);
    auto it = known.find(key);
    if (it == known.end()) {
        if (known.size() > 512) known.clear();  // a hostile program's thousand tags stay bounded
        it = known.emplace(std::move(key), nameWithIcu(*normal, uiTag)).first;
    }
    return it->second ? *it->second : unknown;
}

namespace {

// "pt_br" -> {"pt", "br"}: subtags of 1-8 letters and digits between "-" or "_"; nothing
// when the text is empty, longer than 63 characters, or has an empty or bad subtag.
std::optional<std::vector<std::string_view>> splitSubtags(std::string_view text) {
    if (text.empty() || text.size() > 63) return std::nullopt;
    std::vector<std::string_view> subtags;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == '-' || text[i] == '_') {
            std::string_view part = text.substr(start, i - start);
            if (part.empty() || part.size() > 8 || !allOf(part, isAlnum)) return std::nullopt;
            subtags.push_back(part);
            start = i + 1;
        }
    }
    return subtags;
}

}  // namespace

std::optional<std::string> normalizeLanguageTag(std::string_view text) {
    std::optional<std::vector<std::string_view>> split = splitSubtags(text);
    if (!split) return std::nullopt;
    const std::vector<std::string_view>& subtags = *split;
    std::vector<std::string> out;
    std::size_t i = 0;
    // Private use only: "x-klingon".
    auto privateUse = [&](std::size_t from) {
        if (from + 1 >= subtags.size()) return false;  // "x" needs at least one subtag after it
        out.push_back("x");
        for (std::size_t k = from + 1; k < subtags.size(); ++k) out.push_back(lower(subtags[k]));
        i = subtags.size();
        return true;
    };
    if (lower(subtags[0]) == "x") {
        if (!privateUse(0)) return std::nullopt;
    } else {
        // Language: 2-3 letters, with up to three 3-letter extensions. The syntax also
        // allows 4-8 letters, but none such is registered: refusing them catches
        // "english" and "deutsch", the usual mistakes.
        std::string_view lang = subtags[i++];
        if (!allOf(lang, isAlpha) || lang.size() < 2 || lang.size() > 3) return std::nullopt;
        out.push_back(lower(lang));
        for (int ext = 0; ext < 3 && i < subtags.size() && subtags[i].size() == 3 && allOf(subtags[i], isAlpha); ++ext)
            out.push_back(lower(subtags[i++]));
        if (i < subtags.size() && subtags[i].size() == 4 && allOf(subtags[i], isAlpha)) {  // script: Latn
            std::string script = lower(subtags[i++]);
            script[0] = static_cast<char>(script[0] - 'a' + 'A');
            out.push_back(script);
        }
        if (i < subtags.size() && ((subtags[i].size() == 2 && allOf(subtags[i], isAlpha)) ||
                                   (subtags[i].size() == 3 && allOf(subtags[i], isDigit))))  // region: BR, 419
            out.push_back(upper(subtags[i++]));
        // Variants: 5-8 characters, or a digit and three characters.
        while (i < subtags.size() && (subtags[i].size() >= 5 || (subtags[i].size() == 4 && isDigit(subtags[i][0]))))
            out.push_back(lower(subtags[i++]));
        // Extensions: a singleton (not x) and subtags of 2-8 characters.
        while (i < subtags.size() && subtags[i].size() == 1 && lower(subtags[i]) != "x") {
            out.push_back(lower(subtags[i++]));
            std::size_t n = 0;
            while (i < subtags.size() && subtags[i].size() >= 2) {
                out.push_back(lower(subtags[i++]));
                ++n;
            }
            if (n == 0) return std::nullopt;
        }
        if (i < subtags.size() && lower(subtags[i]) == "x" && !privateUse(i)) return std::nullopt;
        if (i != subtags.size()) return std::nullopt;
    }
    std::string tag;
    for (const std::string& s : out) tag += (tag.empty() ? "" : "-") + s;
    return tag;
}

const std::string& effectiveLanguage(const Program& program, const Talk& talk) {
    if (!talk.language.empty() || !talk.session) return talk.language;
    return program.sessions[*talk.session].language;
}

std::string sessionLanguage(const Program& program, const Session& session) {
    if (!session.language.empty()) return session.language;
    std::string shared;
    for (Index t : session.talks) {
        const std::string& l = program.talks[t].language;
        if (l.empty() || (!shared.empty() && l != shared)) return {};
        shared = l;
    }
    return shared;
}

std::vector<std::string> programLanguages(const Program& program) {
    std::set<std::string> all;
    for (const Session& s : program.sessions)
        if (!s.language.empty()) all.insert(s.language);
    for (const Talk& t : program.talks)
        if (!t.language.empty()) all.insert(t.language);
    return {all.begin(), all.end()};
}

}  // namespace hallboard
