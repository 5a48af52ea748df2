// Typed reading of a JSON object with errors that name the JSON path, and warnings
// for keys nobody asked for (usually typos: "tittle"). Used by every JSON loader.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostics.hpp"

namespace hallboard {

using Json = nlohmann::json;

// "string", "number", "object"... for "expected a string, found a number".
std::string_view jsonTypeName(const Json& value);

// Parses JSON text (comments allowed). Throws InputError with "line L, column C".
Json parseJsonText(std::string_view text);

class ObjectReader {
public:
    // Throws InputError if `value` is not an object.
    ObjectReader(const Json& value, std::string path, Diagnostics& diags);

    const std::string& path() const { return path_; }
    std::string pathOf(std::string_view key) const { return path_ + "/" + std::string(key); }

    // Marks the key as known and returns it, or nullptr when absent (or null).
    const Json* find(std::string_view key);

    // Missing gives the fallback; a value of the wrong type throws InputError.
    std::string string(std::string_view key, std::string fallback = {});
    std::string requiredString(std::string_view key, std::string_view what);
    std::optional<double> number(std::string_view key);
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
