// See paper_name.hpp. A hand-written scan over the abstract's words (no std::regex:
// tools/check-no-regex.sh), one function a pattern.
#include "model/paper_name.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "base/text.hpp"

namespace hallboard {

namespace {

// A word: letters (any UTF-8 letter counts), digits and the joiners names use
// ("ML-EXray", "C++", "Mesh_TF", "GPT-3"). `after` is the text up to the next word.
struct Word {
    std::string_view text, after;
};

// Bytes of punctuation outside ASCII at s[i]: U+2000-U+203F (dashes, quotes, spaces)
// and U+00A0, U+00AB, U+00BB (no-break space, guillemets); 0 for anything else.
std::size_t punctuationAt(std::string_view s, std::size_t i) {
    auto at = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
    if (at(i) == 0xE2 && at(i + 1) == 0x80 && at(i + 2) >= 0x80) return 3;
    if (at(i) == 0xC2 && (at(i + 1) == 0xA0 || at(i + 1) == 0xAB || at(i + 1) == 0xBB)) return 2;
    return 0;
}

bool wordCharAt(std::string_view s, std::size_t i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) return punctuationAt(s, i) == 0;
    return std::isalnum(c) || c == '-' || c == '+' || c == '_';
}

// Past the separator (ASCII or not) that starts at s[i].
std::size_t skipSeparator(std::string_view s, std::size_t i) {
    while (i < s.size() && !wordCharAt(s, i)) i += std::max<std::size_t>(1, punctuationAt(s, i));
    return std::min(i, s.size());
}

std::vector<Word> words(std::string_view s) {
    std::vector<Word> out;
    std::size_t i = skipSeparator(s, 0);
    while (i < s.size()) {
        std::size_t end = i;
        while (end < s.size() && wordCharAt(s, end)) ++end;
        std::size_t next = skipSeparator(s, end);
        out.push_back({s.substr(i, end - i), s.substr(end, next - end)});
        i = next;
    }
    return out;
}

bool isAny(std::string_view word, std::initializer_list<std::string_view> list) {
    return std::any_of(list.begin(), list.end(), [&](std::string_view w) { return iequalsAscii(word, w); });
}

bool upper(char ch) {
    return std::isupper(static_cast<unsigned char>(ch)) != 0;
}
bool lower(char ch) {
    return std::islower(static_cast<unsigned char>(ch)) != 0;
}

// Capitalised words that start sentences or name fields, not systems.
// A word list, packed as prose:
// clang-format off
bool commonWord(std::string_view w) {
    return isAny(w, {"A", "An", "The", "This", "These", "That", "Those", "We", "Our", "It", "Its", "They", "Their",
                     "In", "On", "At", "By", "For", "From", "To", "With", "Without", "Using", "Based", "Given", "As",
                     "However", "Moreover", "Furthermore", "Finally", "First", "Second", "Third", "Here", "There",
                     "Such", "Each", "Both", "All", "Most", "Many", "Some", "Several", "Existing", "Current",
                     "Recent", "Modern", "Prior", "Previous", "Deep", "Neural", "Machine", "Learning", "Unlike",
                     "Compared", "Experiments", "Experimental", "Evaluation", "Evaluations", "Results", "Extensive",
                     "Code", "Since", "While", "When", "If", "Then", "Thus", "Therefore", "Hence", "One", "Two",
                     "New", "Novel", "Efficient", "Large", "Small", "State", "Paper", "Work", "Approach", "System",
                     "Systems", "Method", "Framework", "Model", "Models", "Library", "Tool", "Technique", "Specifically",
                     "Additionally", "Also", "Instead", "Overall", "Today", "Recently", "Traditional", "Distributed"});
}
// clang-format on

// Starts with a capital or a digit and holds a letter: "Pathways", "QuadraLib", "ROBE", "3D-Net".
bool capitalised(std::string_view w) {
    if (w.empty() || !(upper(w[0]) || std::isdigit(static_cast<unsigned char>(w[0])))) return false;
    return std::any_of(w.begin(), w.end(), [](char ch) { return upper(ch) || lower(ch); });
}

// A capital after the first character, next to small letters: "ML-EXray", "QuadraLib", "PyTorch".
bool mixedCase(std::string_view w) {
    bool innerUpper = std::any_of(w.begin() + 1, w.end(), upper);
    return capitalised(w) && innerUpper && std::any_of(w.begin(), w.end(), lower);
}

// "ROBE", "DLRM", "GPT-3": capitals (two at least), digits and joiners, no small letters.
bool acronym(std::string_view w) {
    return upper(w[0]) && std::count_if(w.begin(), w.end(), upper) >= 2 && std::none_of(w.begin(), w.end(), lower);
}

std::string joined(const std::vector<Word>& ws, std::size_t from, std::size_t count) {
    std::string out;
    for (std::size_t k = from; k < from + count; ++k) {
        if (k > from) out += ' ';
        out += ws[k].text;
    }
    return out;
}

// A name starting at word i: up to three capitalised words joined by single spaces, or
// a longer run spelled out before its acronym in brackets. `end` is the word after it.
struct Candidate {
    std::string name;
    std::size_t end = 0;
    bool bracketed = false;  // an acronym in brackets: introduced as plainly as can be
};

std::optional<Candidate> nameAt(const std::vector<Word>& ws, std::size_t i) {
    std::size_t n = 0;
    while (i + n < ws.size() && n < 6 && capitalised(ws[i + n].text) && !commonWord(ws[i + n].text)) {
        ++n;
        if (ws[i + n - 1].after != " ") break;
    }
    if (n == 0) return std::nullopt;
    std::size_t last = i + n - 1;
    // "Random Offset Block Embedding Array (ROBE)": the acronym is the name.
    if (n >= 2 && ws[last].after == " (" && last + 1 < ws.size() && acronym(ws[last + 1].text) &&
        startsWith(ws[last + 1].after, ")"))
        return Candidate{std::string(ws[last + 1].text), last + 2, true};
    if (n > 3) return std::nullopt;
    return Candidate{joined(ws, i, n), last + 1};
}

// What may follow a name that a verb introduces: ", a ...", ": ...", " (...)", " as a ...".
bool endsIntroduction(const std::vector<Word>& ws, const Candidate& c) {
    if (c.bracketed) return true;
    std::size_t nameEnd = c.end;
    std::string_view after = ws[nameEnd - 1].after;
    std::size_t k = after.find_first_not_of(' ');
    // "TensorFlow (TF) Micro, an ...": the name goes on after the brackets; unclear.
    if (k != std::string_view::npos && after[k] == '(')
        return !(nameEnd + 1 < ws.size() && ws[nameEnd].after == ") " && capitalised(ws[nameEnd + 1].text));
    if (k != std::string_view::npos && std::string_view(",:;.").find(after[k]) != std::string_view::npos) return true;
    if (startsWith(after.substr(k == std::string_view::npos ? after.size() : k), "—")) return true;
    return after == " " && nameEnd < ws.size() && isAny(ws[nameEnd].text, {"as", "which", "that"});
}

// "Our system, Pathways, is ..."
std::optional<std::string> ourSystem(const std::vector<Word>& ws) {
    for (std::size_t i = 0; i + 2 < ws.size(); ++i) {
        if (!iequalsAscii(ws[i].text, "our") || ws[i + 1].after != ", ") continue;
        if (!isAny(ws[i + 1].text, {"system", "framework", "tool", "library", "compiler", "engine", "platform",
                                    "prototype", "runtime", "scheduler", "implementation", "approach", "method"}))
            continue;
        if (auto c = nameAt(ws, i + 2); c && endsIntroduction(ws, *c)) return c->name;
    }
    return std::nullopt;
}

// "a system called Orca", "named Gandiva", "dubbed “Piper”"
std::optional<std::string> calledName(const std::vector<Word>& ws) {
    for (std::size_t i = 0; i + 1 < ws.size(); ++i) {
        if (!isAny(ws[i].text, {"called", "named", "dubbed", "termed"})) continue;
        std::string_view gap = ws[i].after;
        if (gap != " " && gap != " \"" && gap != " “" && gap != " '") continue;
        if (auto c = nameAt(ws, i + 1)) return c->name;
    }
    return std::nullopt;
}

// "we present MegaBlocks, a ...", "We devise PipeMare, a", "and further developed QuadraLib, a ..."
std::optional<std::string> introducedName(const std::vector<Word>& ws) {
    for (std::size_t i = 0; i + 1 < ws.size(); ++i) {
        std::string_view verb = ws[i].text;
        if (verb.empty() || !lower(verb[0]) || ws[i].after != " ") continue;
        if (!isAny(verb,
                   {"present",   "presents",   "presented",   "introduce", "introduces", "introduced", "propose",
                    "proposes",  "proposed",   "develop",     "develops",  "developed",  "design",     "designs",
                    "designed",  "build",      "builds",      "built",     "describe",   "describes",  "described",
                    "implement", "implements", "implemented", "devise",    "devises",    "devised"}))
            continue;
        if (auto c = nameAt(ws, i + 1); c && endsIntroduction(ws, *c)) return c->name;
    }
    return std::nullopt;
}

// "Horovod is an open-source ..." as the first words.
std::optional<std::string> openingSubject(const std::vector<Word>& ws) {
    auto c = nameAt(ws, 0);
    if (!c || c->end + 1 >= ws.size() || ws[c->end - 1].after != " ") return std::nullopt;
    if (ws[c->end].text == "is" && isAny(ws[c->end + 1].text, {"a", "an", "the"})) return c->name;
    return std::nullopt;
}

bool sentenceStart(const std::vector<Word>& ws, std::size_t i) {
    if (i == 0) return true;
    std::string_view before = ws[i - 1].after;
    return before.find(". ") != std::string_view::npos || before.find("! ") != std::string_view::npos ||
           before.find("? ") != std::string_view::npos;
}

// "ML-EXray provides visibility ... using ML-EXray, users ...": a mixed-case word that
// opens a sentence as its subject and comes back at least three times.
std::optional<std::string> recurringSubject(const std::vector<Word>& ws) {
    for (std::size_t i = 0; i + 1 < ws.size(); ++i) {
        std::string_view w = ws[i].text;
        if (!sentenceStart(ws, i) || !mixedCase(w) || commonWord(w)) continue;
        if (ws[i].after != " " || !lower(ws[i + 1].text[0])) continue;
        auto uses = std::count_if(ws.begin(), ws.end(), [&](const Word& x) { return x.text == w; });
        if (uses >= 3) return std::string(w);
    }
    return std::nullopt;
}

}  // namespace

std::string systemNameFromAbstract(std::string_view abstract) {
    std::vector<Word> ws = words(abstract);
    // "We present Tutel, ... runs a model named SwinV2-MoE": the system comes first.
    for (auto find : {ourSystem, introducedName, calledName, openingSubject, recurringSubject})
        if (auto name = find(ws)) return *name;
    return {};
}

}  // namespace hallboard
