// See language.hpp.
#include "core/language.hpp"

#include <algorithm>
#include <set>

namespace hallboard {

namespace {

bool isAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool allOf(std::string_view s, bool (*pred)(char)) { return !s.empty() && std::all_of(s.begin(), s.end(), pred); }
bool isAlnum(char c) { return isAlpha(c) || isDigit(c); }

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

}  // namespace

std::optional<std::string> normalizeLanguageTag(std::string_view text) {
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
