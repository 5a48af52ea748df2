// Finds font files through fontconfig: by family name (or a path), and for characters
// no chosen font has. A chain is the ordered list of fonts to try for each character,
// so that no character of the program shows as "?" or a box while any installed font
// has it.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "platform/font_file.hpp"

namespace hallboard::platform {

struct FontFace {
    std::string file;
    int index = 0;       // face in a .ttc collection
    std::string family;  // as fontconfig names it
    bool operator==(const FontFace& o) const { return file == o.file && index == o.index; }
};

struct FontChain {
    std::vector<FontFace> faces;
    std::vector<char32_t> uncovered;  // characters no installed font has
};

class FontCatalog {
public:
    FontCatalog();
    ~FontCatalog();
    FontCatalog(const FontCatalog&) = delete;
    FontCatalog& operator=(const FontCatalog&) = delete;

    // A family name ("Inter") or a font file path (anything with a '/'). Empty when not
    // installed, or when the file is not a usable font (see font_file.hpp; the reason is
    // kept in refused()).
    std::optional<FontFace> find(const std::string& familyOrFile, bool bold) const;
    // Empty when the face can be used by `use`; else why not. Checked once per file version.
    std::optional<std::string> problem(const FontFace& face, FontUse use = FontUse::atlas) const;
    // Font files found unusable, with the reason: file -> reason.
    const std::map<std::string, std::string>& refused() const { return refused_; }
    bool covers(const FontFace& face, char32_t c) const;
    // The preferred families first (those installed), then for each character none of
    // them covers, the font fontconfig suggests for it.
    FontChain chain(const std::vector<std::string>& preferred, bool bold, const std::set<char32_t>& needed) const;

private:
    struct Impl;
    Impl* impl_;
    struct Checked {
        long long mtime = 0, size = -1;
        std::optional<std::string> problem;
    };
    mutable std::map<std::tuple<std::string, int, FontUse>, Checked> checked_;
    mutable std::map<std::string, std::string> refused_;
};

// Default preferences: text and display type.
std::vector<std::string> defaultTextFonts();
std::vector<std::string> defaultDisplayFonts();

}  // namespace hallboard::platform
