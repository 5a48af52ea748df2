// Small pieces every reader uses: session kinds from free text, the conference zone,
// joining paragraphs and names, typical session lengths.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/diagnostics.hpp"
#include "model/program.hpp"

namespace hallboard::import {

struct Context;

// "Oral: Session 1: Search" -> {"Oral", "Session 1: Search"}; no known label -> {"", text}.
std::pair<std::string, std::string> splitKindLabel(const std::string& text);
// Free text ("Invited Talk", "Talk 30 min + 10min Q&A", "LIGHTNING_TALK") -> a kind.
SessionKind kindFromLabel(const std::string& label);
bool isShortKind(SessionKind kind);
// `word` at word boundaries in folded text, plural "s" allowed: "break" is in "coffee
// breaks", not in "breaking".
bool containsWord(const std::string& text, std::string_view word);  // opening, closing, break
std::chrono::minutes typicalLength(SessionKind kind, std::vector<std::chrono::minutes> observed);

// The zone for a text layout whose only evidence is a zone abbreviation ("PDT"), read
// as `fromInput` (see zone_evidence.hpp):
// --timezone, else that zone, else, when the input has wall-clock times, an InputError.
TimeZone chooseZone(Context& ctx, const std::optional<std::string>& fromInput, const std::string& where,
                    bool hasWallTimes);

// "\"text\"", for messages.
std::string quoted(std::string_view text);

std::string joinParagraphs(const std::vector<std::string>& paragraphs);
std::string joinNames(const std::vector<std::string>& names);
std::string shorten(const std::string& text, std::size_t maxChars);  // UTF-8 safe, adds "…"
// Drops repeated names ("Adam Belay · Adam Belay") with a note.
std::vector<std::string> dedupeNames(const std::vector<std::string>& names, const std::string& where,
                                     Diagnostics& report);

}  // namespace hallboard::import
