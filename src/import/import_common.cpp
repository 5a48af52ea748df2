// See import_common.hpp.
#include "import/import_common.hpp"

#include <algorithm>

#include "core/text.hpp"
#include "import/builder.hpp"
#include "import/text_layout.hpp"

namespace hallboard::import {

namespace {

bool contains(const std::string& haystack, std::string_view needle) { return haystack.find(needle) != std::string::npos; }

}  // namespace

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
    if (contains(l, "keynote")) return SessionKind::keynote;
    if (contains(l, "invited")) return SessionKind::invited;
    if (contains(l, "opening") || contains(l, "welcome") || contains(l, "eröffnung")) return SessionKind::opening;
    if (contains(l, "closing") || contains(l, "farewell")) return SessionKind::closing;
    if (contains(l, "poster")) return SessionKind::poster;
    if (contains(l, "tutorial")) return SessionKind::tutorial;
    if (contains(l, "workshop") || contains(l, "hands-on") || contains(l, "hands on")) return SessionKind::workshop;
    if (contains(l, "panel") || contains(l, "discussion") || contains(l, "podium")) return SessionKind::panel;
    if (contains(l, "break") || contains(l, "coffee") || contains(l, "lunch") || contains(l, "pause"))
        return SessionKind::break_;
    if (contains(l, "party") || contains(l, "social") || contains(l, "reception") || contains(l, "dinner") ||
        contains(l, "concert") || contains(l, "performance"))
        return SessionKind::social;
    if (contains(l, "oral") || contains(l, "talk") || contains(l, "lecture") || contains(l, "spotlight") ||
        contains(l, "vortrag"))
        return SessionKind::oral;
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
    if (!ctx.options.timeZone.empty()) {
        TimeZone zone = TimeZone::locate(ctx.options.timeZone);
        if (fromInput && *fromInput != zone.name())
            ctx.report.note(where, "the input says " + *fromInput + "; --timezone " + zone.name() + " wins");
        return zone;
    }
    if (fromInput) {
        if (auto zone = TimeZone::find(*fromInput)) return *zone;
        ctx.report.warn(where, "unknown time zone \"" + *fromInput + "\"; times read as UTC (use --timezone)");
        return TimeZone::utc();
    }
    if (hasWallTimes)
        ctx.report.warn(where, "the input names no time zone; times read as UTC. Pass --timezone, e.g. "
                               "--timezone America/Los_Angeles");
    return TimeZone::utc();
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
        bool seen = std::any_of(out.begin(), out.end(), [&](const std::string& o) { return foldName(o) == foldName(n); });
        if (seen) {
            report.note(where, "author \"" + n + "\" listed twice; kept once");
            continue;
        }
        out.push_back(n);
    }
    return out;
}

}  // namespace hallboard::import
