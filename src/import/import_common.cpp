// See import_common.hpp.
#include "import/import_common.hpp"

#include <algorithm>

#include "base/text.hpp"
#include "import/builder.hpp"
#include "import/text_layout.hpp"
#include "import/zone_evidence.hpp"

namespace hallboard::import {

namespace {}  // namespace

bool containsWord(const std::string& text, std::string_view word) {
    auto isLetter = [](char c) { return (c >= 'a' && c <= 'z') || static_cast<unsigned char>(c) >= 0x80; };
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        if (at > 0 && isLetter(text[at - 1])) continue;
        std::size_t end = at + word.size();
        if (end < text.size() && text[end] == 's') ++end;
        if (end < text.size() && isLetter(text[end])) continue;
        return true;
    }
    return false;
}

std::pair<std::string, std::string> splitKindLabel(const std::string& text) {
    auto colon = text.find(": ");
    if (colon == std::string::npos) return {"", trim(text)};
    std::string label = trim(text.substr(0, colon));
    if (kindFromLabel(label) == SessionKind::other && foldName(label) != "session") return {"", trim(text)};
    return {label, trim(text.substr(colon + 2))};
}

SessionKind kindFromLabel(const std::string& label) {
    std::string l = foldName(label);
    std::replace(l.begin(), l.end(), '_', ' ');
    auto any = [&](std::initializer_list<std::string_view> words) {
        return std::any_of(words.begin(), words.end(), [&](std::string_view w) { return containsWord(l, w); });
    };
    if (any({"keynote"})) return SessionKind::keynote;
    if (any({"invited"})) return SessionKind::invited;
    if (any({"opening", "welcome", "eröffnung"})) return SessionKind::opening;
    if (any({"closing", "farewell"})) return SessionKind::closing;
    if (any({"poster"})) return SessionKind::poster;
    if (any({"tutorial"})) return SessionKind::tutorial;
    if (any({"workshop", "hands-on", "hands on"})) return SessionKind::workshop;
    if (any({"panel", "discussion", "podium"})) return SessionKind::panel;
    if (any({"break", "coffee", "lunch", "breakfast", "pause", "dinner break"})) return SessionKind::break_;
    // Parties and receptions are pauses; a concert or a performance is something to
    // attend, with performers: a plain session.
    if (any({"party", "social", "reception", "dinner"})) return SessionKind::social;
    if (any({"oral", "talk", "lecture", "spotlight", "vortrag", "presentation"})) return SessionKind::oral;
    return SessionKind::other;
}

bool isShortKind(SessionKind kind) {
    return kind == SessionKind::opening || kind == SessionKind::closing || kind == SessionKind::break_;
}

std::chrono::minutes typicalLength(SessionKind kind, std::vector<std::chrono::minutes> observed) {
    if (isShortKind(kind)) return std::chrono::minutes{15};
    if (kind == SessionKind::oral && !observed.empty()) {
        std::sort(observed.begin(), observed.end());
        return std::min(observed[observed.size() / 2], std::chrono::minutes{120});
    }
    if (kind == SessionKind::invited || kind == SessionKind::keynote) return std::chrono::minutes{60};
    return std::chrono::minutes{90};
}

TimeZone chooseZone(Context& ctx, const std::optional<std::string>& fromInput, const std::string& where,
                    bool hasWallTimes) {
    ZoneEvidence evidence;
    if (fromInput) evidence.named(*fromInput, where, "a zone abbreviation");
    if (hasWallTimes) evidence.time(ParsedTime{});
    return evidence.decide(ctx);
}

std::string quoted(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    out += text;
    out += '"';
    return out;
}

std::string joinParagraphs(const std::vector<std::string>& paragraphs) {
    std::string out;
    for (const auto& p : paragraphs) {
        if (p.empty()) continue;
        if (!out.empty()) out += "\n\n";
        out += p;
    }
    return out;
}

std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) {
        if (!out.empty()) out += ", ";
        out += n;
    }
    return out;
}

std::string shorten(const std::string& text, std::size_t maxChars) {
    std::size_t chars = 0, i = 0;
    for (; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            if (chars == maxChars) return text.substr(0, i) + "…";
            ++chars;
        }
    }
    return text;
}

std::vector<std::string> dedupeNames(const std::vector<std::string>& names, const std::string& where,
                                     Diagnostics& report) {
    std::vector<std::string> out;
    for (const auto& n : names) {
        bool seen =
            std::any_of(out.begin(), out.end(), [&](const std::string& o) { return foldName(o) == foldName(n); });
        if (seen) {
            report.note(where, "author \"" + n + "\" listed twice; kept once");
            continue;
        }
        out.push_back(n);
    }
    return out;
}

}  // namespace hallboard::import
