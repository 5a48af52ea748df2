// A font file is checked before Dear ImGui (stb_truetype) or the text engine (FreeType) sees it:
// ImGui asserts, and the kiosk aborts, on a file that is not a font, and a config naming
// one would abort it on every restart. The checks: a regular file of sane size (opened
// without blocking), an sfnt signature (0x00010000, 'OTTO', 'true', or a 'ttcf'
// collection holding the face asked for), a table directory inside the file with the
// tables a font needs, and then both stb_truetype and FreeType must open the face.
#pragma once

#include <optional>
#include <string>

namespace hallboard::platform {

// Who reads the font: Dear ImGui's atlas (stb_truetype and outlines needed: the kiosk's
// last-resort screen), or the text engine (FreeType and HarfBuzz: colour bitmap fonts
// such as Noto Color Emoji, with CBDT/CBLC or sbix tables and no outlines, are fine).
enum class FontUse { atlas, engine };

// Empty when the face can be used; otherwise why not ("the file is empty", "not a font
// (it starts like a PNG image)", "the file is cut short: table 'glyf' ends past its end").
std::optional<std::string> fontFileProblem(const std::string& path, int faceIndex = 0, FontUse use = FontUse::atlas);

}  // namespace hallboard::platform
