// See font_file.hpp.
#include "platform/font_file.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include <ft2build.h>
#include FT_FREETYPE_H
#include <stb/stb_truetype.h>

#include "platform/c_handles.hpp"
#include "platform/image_file.hpp"

namespace hallboard::platform {

namespace {

constexpr std::size_t kMaxFontBytes = 128u << 20;  // Noto CJK collections are about 20-30 MB

std::uint32_t u32(const std::string& b, std::size_t at) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(b[at])) << 24 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 1])) << 16 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 2])) << 8 |
           static_cast<std::uint32_t>(static_cast<unsigned char>(b[at + 3]));
}

std::uint16_t u16(const std::string& b, std::size_t at) {
    return static_cast<std::uint16_t>(static_cast<unsigned char>(b[at]) << 8 | static_cast<unsigned char>(b[at + 1]));
}

std::string what(const std::string& b) {
    auto starts = [&](const char* s, std::size_t n) { return b.size() >= n && std::memcmp(b.data(), s, n) == 0; };
    if (starts("\x89PNG", 4)) return "not a font (it starts like a PNG image)";
    if (starts("\xFF\xD8\xFF", 3)) return "not a font (it starts like a JPEG image)";
    if (starts("wOFF", 4) || starts("wOF2", 4)) return "a WOFF web font; use the .ttf or .otf";
    if (starts("{", 1) || starts("<", 1)) return "not a font (it looks like text)";
    return "not a font (no TrueType or OpenType signature)";
}

bool sfntVersion(std::uint32_t v) {
    return v == 0x00010000u || v == 0x4F54544Fu /*OTTO*/ || v == 0x74727565u /*true*/;
}

std::string tagName(std::uint32_t t) {
    std::string s;
    for (int shift = 24; shift >= 0; shift -= 8) s += static_cast<char>((t >> shift) & 0xFF);
    return s;
}

// The table directory of the face at `offset`: inside the file, with the tables both
// rasterisers need. Empty when fine.
std::optional<std::string> checkDirectory(const std::string& b, std::size_t offset, FontUse use) {
    if (offset + 12 > b.size()) return "the file is cut short (no table directory)";
    if (!sfntVersion(u32(b, offset))) return "not a font (a collection entry without an sfnt header)";
    std::size_t tables = u16(b, offset + 4);
    if (tables == 0 || tables > 1024) return "not a font (" + std::to_string(tables) + " tables)";
    if (offset + 12 + tables * 16 > b.size()) return "the file is cut short (in the table directory)";
    std::set<std::string> have;
    for (std::size_t i = 0; i < tables; ++i) {
        std::size_t rec = offset + 12 + i * 16;
        std::uint32_t tag = u32(b, rec);
        std::uint64_t at = u32(b, rec + 8), length = u32(b, rec + 12);
        if (at + length > b.size())
            return "the file is cut short: table '" + tagName(tag) + "' ends at byte " + std::to_string(at + length) +
                   " of " + std::to_string(b.size());
        have.insert(tagName(tag));
    }
    for (const char* needed : {"cmap", "head", "hhea", "hmtx", "maxp"})
        if (!have.count(needed)) return std::string("not a usable font (no '") + needed + "' table)";
    bool outlines = (have.count("glyf") && have.count("loca")) || have.count("CFF ") || have.count("CFF2");
    bool colourBitmaps = (have.count("CBDT") && have.count("CBLC")) || have.count("sbix");
    if (!outlines && !(use == FontUse::engine && colourBitmaps))
        return std::string("a font without outlines (bitmap or colour glyphs only)");
    return std::nullopt;
}

}  // namespace

std::optional<std::string> fontFileProblem(const std::string& path, int faceIndex, FontUse use) {
    std::string error;
    auto bytes = readBoundedFile(path, kMaxFontBytes, error);
    if (!bytes) return error;
    const std::string& b = *bytes;
    if (b.empty()) return std::string("the file is empty");
    if (b.size() < 12)
        return b.size() >= 4 && (sfntVersion(u32(b, 0)) || u32(b, 0) == 0x74746366u)
                   ? std::string("the file is cut short (" + std::to_string(b.size()) + " bytes)")
                   : what(b);
    std::uint32_t tag = u32(b, 0);
    std::size_t offset = 0;
    if (tag == 0x74746366u /*ttcf*/) {
        std::uint32_t faces = u32(b, 8);
        if (faces == 0 || faces > 4096) return "not a font collection (" + std::to_string(faces) + " faces)";
        if (12 + static_cast<std::uint64_t>(faces) * 4 > b.size())
            return std::string("the file is cut short (in the collection header)");
        if (faceIndex < 0 || static_cast<std::uint32_t>(faceIndex) >= faces)
            return "the collection has " + std::to_string(faces) + " faces, not a face " + std::to_string(faceIndex);
        offset = u32(b, 12 + static_cast<std::size_t>(faceIndex) * 4);
    } else if (!sfntVersion(tag)) {
        return what(b);
    } else if (faceIndex != 0) {
        return "a single font has no face " + std::to_string(faceIndex);
    }
    if (auto problem = checkDirectory(b, offset, use)) return problem;

    const auto* data = reinterpret_cast<const unsigned char*>(b.data());
    if (use == FontUse::atlas) {
        // What Dear ImGui's atlas does with it (the same stb_truetype, from libstb).
        int stbOffset = stbtt_GetFontOffsetForIndex(data, faceIndex);
        stbtt_fontinfo info{};
        if (stbOffset < 0 || !stbtt_InitFont(&info, data, stbOffset)) return std::string("stb_truetype cannot read it");
    }
    // What the text engine does with it (FreeType; HarfBuzz reads the same face).
    FT_Library library = nullptr;
    if (FT_Init_FreeType(&library) != 0) return std::string("FreeType cannot start");
    CHandle<FT_LibraryRec_, FT_Done_FreeType> ft(library);
    FT_Face raw = nullptr;
    FT_Error err = FT_New_Memory_Face(ft.get(), data, static_cast<FT_Long>(b.size()), faceIndex, &raw);
    CHandle<FT_FaceRec_, FT_Done_Face> face(raw);  // freed before the library
    if (err != 0 || !face) return "FreeType cannot read it (error " + std::to_string(err) + ")";
    if (face->num_glyphs <= 0) return std::string("the font has no glyphs");
    return std::nullopt;
}

}  // namespace hallboard::platform
