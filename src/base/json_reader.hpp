// Typed reading of a JSON object with errors that name the JSON path, and warnings
// for keys nobody asked for (usually typos: "tittle"). Used by every JSON loader.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/diagnostics.hpp"
#include "base/text.hpp"

namespace hallboard {

using Json = nlohmann::json;

// A member name from a file as one token of a message's JSON path: cut and quoted as
// excerpt does, then "~" and "/" escaped (RFC 6901: "~0", "~1"), so "a/b" is one member,
// not "b" inside "a". Every path built from a file's keys goes through this.
std::string pointerToken(std::string_view key);

// "string", "number", "object"... for "expected a string, found a number".
std::string_view jsonTypeName(const Json& value);

// Parses JSON text (comments allowed). Throws InputError with "line L, column C".
Json parseJsonText(std::string_view text);

// Lone surrogates spelled as JSON escapes ("\ud800" with no low half after it, a low
// half alone) become "\ufffd", each with a warning at its line and column: nlohmann
// would refuse the whole file for one. Empty when there are none (the text is fine).
std::optional<std::string> replaceLoneSurrogateEscapes(std::string_view text, Diagnostics& diags);

// Every string value in `root` through cleanText (base/text.hpp), with a warning naming
// its JSON path and what was found: at most kTextWarnings of them a document, then one
// that counts the rest. The single place where JSON text enters the kiosk: every JSON
// loader's document passes here (readJsonDocument, parseJsonDocument).
inline constexpr std::size_t kTextWarnings = 50;
void cleanJsonText(Json& root, Diagnostics& diags);

// parseJsonText, then the two above: what every loader reads.
Json parseJsonDocument(std::string_view text, Diagnostics& diags);

// A whole document for `read`, with every failure (empty text, broken JSON, an
// InputError from `read`, anything else) turned into an error in `diags`: loaders
// never throw. Returns false when there was an error.
template <typename Read>
bool readJsonDocument(std::string_view text, Diagnostics& diags, Read&& read) {
    try {
        if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
            throw InputError("", "the file is empty (was it being written?)");
        if (std::string problem = encodingProblem(text); !problem.empty()) throw InputError("", problem);
        Json root = parseJsonDocument(text, diags);
        read(root);
        return true;
    } catch (const InputError& e) {
        diags.error(e.where(), e.what());
    } catch (const std::exception& e) {
        diags.error("", std::string("cannot be read: ") + e.what());
    }
    return false;
}

// Reads `path` and hands the text and its folder to `parse`; an unreadable file is the
// result's one error. `Load` has a `diagnostics` vector (ProgramLoad, ConfigLoad).
// `kind` sets the size limit (see readInputFile).
template <typename Load, typename Parse>
Load loadJsonFile(const std::string& path, InputKind kind, Parse&& parse) {
    std::string error;
    auto text = readWholeFile(path, error, kind);
    if (!text) {
        Load result;
        result.diagnostics.push_back({Severity::error, path, "", error});
        return result;
    }
    std::string folder = std::filesystem::path(path).parent_path().string();
    return parse(*text, folder.empty() ? std::string(".") : folder);
}

class ObjectReader {
public:
    // Throws InputError if `value` is not an object.
    ObjectReader(const Json& value, std::string path, Diagnostics& diags);

    const std::string& path() const { return path_; }
    std::string pathOf(std::string_view key) const { return path_ + "/" + std::string(key); }
    Diagnostics& diagnostics() const { return diags_; }

    // Marks the key as known and returns it, or nullptr when absent (or null).
    const Json* find(std::string_view key);

    // Missing gives the fallback; a value of the wrong type throws InputError.
    std::string string(std::string_view key, std::string fallback = {});
    std::string requiredString(std::string_view key, std::string_view what);
    std::optional<double> number(std::string_view key);
    // Every number the program uses goes through these two: a value outside [min, max]
    // (or, for integerIn, with a fraction) throws InputError naming the JSON path, the
    // value found and the range ("/display/width: expected a whole number from 320 to
    // 16384 (pixels), found 1e+300"). After them, a cast cannot overflow.
    std::optional<double> numberIn(std::string_view key, double min, double max, std::string_view unit = {});
    std::optional<long long> integerIn(std::string_view key, long long min, long long max, std::string_view unit = {});
    std::optional<bool> boolean(std::string_view key);
    // A string or an array of strings.
    std::vector<std::string> stringList(std::string_view key);
    // An array (possibly empty); anything else throws.
    const Json::array_t& array(std::string_view key);
    // Marks keys as known without reading them (documentation fields, "$schema").
    void ignore(std::string_view key) { find(key); }

    // Warns once about every key that was never asked for.
    void finish();

private:
    const Json& value_;
    std::string path_;
    Diagnostics& diags_;
    std::vector<std::string> known_;
};

}  // namespace hallboard
