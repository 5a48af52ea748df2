// Small text helpers shared by loaders, importers and the UI: ids from names, UTF-8
// aware trimming. No locale is consulted: output is the same on every machine.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace hallboard {

// "William Dally" -> "william-dally"; keeps non-ASCII letters as they are.
std::string slugify(std::string_view text);

// Ids handed out so far, with the next suffix to try for each base, so that n ids
// sharing one base cost O(n) look-ups in all, not O(n^2). Used wherever ids are made
// unique: the program loader's duplicate ids, the importers' ids from titles.
class UniqueIds {
public:
    // `base` if it is free, else base-2, base-3, ...: the first free one, now taken.
    std::string claim(const std::string& base);
    bool contains(const std::string& id) const { return used_.count(id) != 0; }
    std::size_t size() const { return used_.size(); }
    std::size_t probes() const { return probes_; }  // look-ups so far: the tests hold it linear

private:
    std::unordered_set<std::string> used_;
    std::unordered_map<std::string, long long> nextSuffix_;
    std::size_t probes_ = 0;
};

// errno's message in English whatever the kiosk's language: logs and `hallboard check`
// speak English throughout, and strerror followed the language of the screen ("No
// existe el fichero o el directorio" in a line that is otherwise English).
std::string systemMessage(int error);

std::string_view trimView(std::string_view text);
std::string trim(std::string_view text);

// A piece of data (a room's name, a title) set inside a line the kiosk writes ("11:10 ·
// <room>"): wrapped in first-strong isolates (U+2068 ... U+2069) when it holds
// right-to-left letters, so an Arabic or Hebrew name keeps its own order and does not
// turn the whole line right to left (UAX #9). Left-to-right data is returned as it is.
std::string isolate(std::string_view data);
// Always wrapped (U+2068 ... U+2069): a part of a line that must read in its own
// direction whatever stands before it ("3 talks" after a right-to-left name).
std::string isolated(std::string_view data);

// What a file is read as. Each kind has its own size limit: a program or an import
// input may be large, a configuration, an overrides file or an input script is small.
// `state`: the kiosk's own last good copy, a program, a configuration and overrides in one.
// `status`: a kiosk's status file in a fleet's folder (kiosk/fleet.hpp), 64 KiB at most.
enum class InputKind { program, config, overrides, import, script, state, status };
std::size_t inputLimit(InputKind kind);          // bytes
std::string_view inputKindName(InputKind kind);  // "program", "configuration", ...

struct FileRead {
    std::optional<std::string> text;  // the whole file, when it could be used
    std::string error;                // otherwise why not: "file not found", "is a directory", ...
    bool missing = false;             // nothing at all at the path (not even a dangling link)
};

// THE reader for every file Hallboard reads as text (program, configuration, overrides,
// import inputs, input scripts). Opens with O_NONBLOCK so that a FIFO or a device never
// blocks, checks the open descriptor with fstat(), accepts only regular files up to
// inputLimit(kind), and refuses UTF-16 and UTF-32 text by name. Never throws.
FileRead readInputFile(const std::string& path, InputKind kind);

// readInputFile's text, or an empty optional with `error` set.
std::optional<std::string> readWholeFile(const std::string& path, std::string& error,
                                         InputKind kind = InputKind::import);

// "the file is UTF-16 ...; save it as UTF-8" when `text` is not UTF-8 (or ASCII) text
// by its byte order mark or its many zero bytes; empty otherwise.
std::string encodingProblem(std::string_view text);

// A piece of input fit to quote in a message: bad UTF-8 bytes become U+FFFD, control
// characters are escaped (\n, \x01), bidi embeddings, overrides and isolates spelled
// out (\u202e), and anything past `maxChars` characters is cut with "…". Diagnostics
// quote input only through this.
std::string excerpt(std::string_view text, std::size_t maxChars = 80);

// What cleanText did to a piece of text that came from a file.
struct TextCleaning {
    std::size_t replaced = 0;  // characters replaced with U+FFFD
    std::size_t removed = 0;   // bidi embeddings and overrides, unmatched isolate ends
    std::size_t closed = 0;    // isolates left open, closed at the end
    std::string first;         // the first thing found: "U+0000 (NUL, a control character) at character 12"
    bool changed() const { return replaced + removed + closed > 0; }
    // "U+0000 (NUL, a control character) at character 12 replaced with U+FFFD; 2 more changes"
    std::string describe() const;
};

// THE cleaning of text that entered from a file (every JSON string of a program,
// configuration, overrides, venue or last good copy; every text of an import's
// result): what no screen can show, and what would make text read as other text, never
// gets past the reader. In place:
// - C0 controls other than tab, newline and carriage return, DEL, C1 controls
//   (U+0080-U+009F), noncharacters (U+FDD0-U+FDEF, U+xFFFE, U+xFFFF), surrogates and
//   bytes that are not UTF-8 (a NUL spelled C0 80 too) become U+FFFD;
// - bidi embeddings and overrides (U+202A-U+202E) are removed: they could make a title
//   read as other words or times;
// - isolates (U+2066-U+2069) are kept balanced: an end with no start is removed, a start
//   left open is closed at the end of the text.
// Text with none of these is left untouched (and costs one pass over its bytes).
TextCleaning cleanText(std::string& text);

// Decodes the UTF-8 character at text[i] and advances i; U+FFFD for broken bytes.
char32_t nextCodepoint(std::string_view text, std::size_t& i);
// '0'-'9', 'a'-'f', 'A'-'F' -> 0-15; -1 for any other character.
int hexDigitValue(char c);
// Appends the code point as UTF-8; U+FFFD for surrogates and values past U+10FFFF.
void appendUtf8(std::string& out, char32_t codePoint);

bool startsWith(std::string_view text, std::string_view prefix);
bool iequalsAscii(std::string_view a, std::string_view b);

}  // namespace hallboard
