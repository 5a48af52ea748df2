// Small text helpers shared by loaders, importers and the UI: ids from names, UTF-8
// aware trimming. No locale is consulted: output is the same on every machine.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hallboard {

// "William Dally" -> "william-dally"; keeps non-ASCII letters as they are.
std::string slugify(std::string_view text);

std::string_view trimView(std::string_view text);
std::string trim(std::string_view text);

// The whole file as bytes; empty optional with `error` set ("file not found",
// "cannot read the file (permissions?)") when it cannot be read.
std::optional<std::string> readWholeFile(const std::string& path, std::string& error);

// Decodes the UTF-8 character at text[i] and advances i; U+FFFD for broken bytes.
char32_t nextCodepoint(std::string_view text, std::size_t& i);
// Appends the code point as UTF-8; U+FFFD for surrogates and values past U+10FFFF.
void appendUtf8(std::string& out, char32_t codePoint);

bool startsWith(std::string_view text, std::string_view prefix);
bool iequalsAscii(std::string_view a, std::string_view b);

}  // namespace hallboard
