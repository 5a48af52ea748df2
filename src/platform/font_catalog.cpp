// See font_catalog.hpp.
#include "platform/font_catalog.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>

#include <sys/stat.h>

#include <fontconfig/fontconfig.h>

#include "platform/c_handles.hpp"
#include "platform/font_file.hpp"

namespace hallboard::platform {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

using FcPatternPtr = CHandle<FcPattern, FcPatternDestroy>;
using FcCharSetPtr = CHandle<FcCharSet, FcCharSetDestroy>;

struct FontCatalog::Impl {
    FcConfig* config = nullptr;
    mutable std::map<std::pair<std::string, int>, FcCharSetPtr> charsets;  // copies; null: none

    FcCharSet* charsetOf(const FontFace& face) const {
        auto key = std::make_pair(face.file, face.index);
        if (auto it = charsets.find(key); it != charsets.end()) return it->second.get();
        FcCharSetPtr result;
        int count = 0;
        FcBlanks* blanks = nullptr;
        FcPatternPtr pattern(
            FcFreeTypeQuery(reinterpret_cast<const FcChar8*>(face.file.c_str()), face.index, blanks, &count));
        if (pattern) {
            FcCharSet* cs = nullptr;
            if (FcPatternGetCharSet(pattern.get(), FC_CHARSET, 0, &cs) == FcResultMatch)
                result.reset(FcCharSetCopy(cs));
        }
        return (charsets[key] = std::move(result)).get();
    }

    std::optional<FontFace> match(FcPattern* query) const {
        FcConfigSubstitute(config, query, FcMatchPattern);
        FcDefaultSubstitute(query);
        FcResult res = FcResultNoMatch;
        FcPatternPtr owned(FcFontMatch(config, query, &res));
        if (!owned) return std::nullopt;
        FcPattern* found = owned.get();
        FontFace face;
        FcChar8* file = nullptr;
        FcChar8* family = nullptr;
        int index = 0;
        if (FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch) face.file = reinterpret_cast<char*>(file);
        if (FcPatternGetString(found, FC_FAMILY, 0, &family) == FcResultMatch)
            face.family = reinterpret_cast<char*>(family);
        if (FcPatternGetInteger(found, FC_INDEX, 0, &index) == FcResultMatch) face.index = index;
        // fontconfig's cache holds the coverage: keep it rather than parse the file later.
        FcCharSet* cs = nullptr;
        auto key = std::make_pair(face.file, face.index);
        if (!face.file.empty() && !charsets.count(key) &&
            FcPatternGetCharSet(found, FC_CHARSET, 0, &cs) == FcResultMatch)
            charsets[key].reset(FcCharSetCopy(cs));
        if (face.file.empty()) return std::nullopt;
        return face;
    }
};

FontCatalog::FontCatalog() : impl_(new Impl) {
    FcInit();
    impl_->config = FcConfigGetCurrent();
}

FontCatalog::~FontCatalog() {
    delete impl_;
}

std::optional<std::string> FontCatalog::problem(const FontFace& face, FontUse use) const {
    struct stat st {};
    long long mtime = 0, size = -1;
    if (::stat(face.file.c_str(), &st) == 0) {
        mtime = static_cast<long long>(st.st_mtim.tv_sec) * 1000000000LL + st.st_mtim.tv_nsec;
        size = static_cast<long long>(st.st_size);
    }
    Checked& c = checked_[{face.file, face.index, use}];
    if (c.size != size || c.mtime != mtime || size < 0) {
        c.mtime = mtime;
        c.size = size;
        c.problem = fontFileProblem(face.file, face.index, use);
    }
    if (c.problem) refused_[face.file] = *c.problem;
    return c.problem;
}

std::optional<FontFace> FontCatalog::find(const std::string& familyOrFile, bool bold) const {
    if (familyOrFile.find('/') != std::string::npos) {
        // A file: used only if it is a font (else ImGui asserts on it and the kiosk aborts).
        FontFace face{familyOrFile, 0, familyOrFile};
        if (problem(face)) return std::nullopt;
        return face;
    }
    FcPatternPtr query(FcPatternCreate());
    if (!query) return std::nullopt;
    FcPatternAddString(query.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>(familyOrFile.c_str()));
    FcPatternAddInteger(query.get(), FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddInteger(query.get(), FC_SLANT, FC_SLANT_ROMAN);
    auto face = impl_->match(query.get());
    // fontconfig always answers with something; only take it if it is the family asked for.
    if (!face || lower(face->family).find(lower(familyOrFile)) == std::string::npos) return std::nullopt;
    return face;
}

bool FontCatalog::covers(const FontFace& face, char32_t c) const {
    FcCharSet* cs = impl_->charsetOf(face);
    return cs && FcCharSetHasChar(cs, static_cast<FcChar32>(c));
}

FontChain FontCatalog::chain(const std::vector<std::string>& preferred, bool bold,
                             const std::set<char32_t>& needed) const {
    FontChain out;
    // The first preferred font always; each further one only if it has a character the
    // chain lacks so far (a CJK font costs megabytes of atlas and load time for nothing
    // in a program without CJK).
    for (const auto& name : preferred) {
        auto face = find(name, bold);
        if (!face || std::find(out.faces.begin(), out.faces.end(), *face) != out.faces.end()) continue;
        bool useful = out.faces.empty();
        for (auto it = needed.begin(); !useful && it != needed.end(); ++it) {
            if (*it < 0x20) continue;
            bool covered =
                std::any_of(out.faces.begin(), out.faces.end(), [&](const FontFace& f) { return covers(f, *it); });
            useful = !covered && covers(*face, *it);
        }
        if (useful) out.faces.push_back(*face);
    }
    for (char32_t c : needed) {
        if (c < 0x20 || c == 0x7F) continue;
        bool covered = std::any_of(out.faces.begin(), out.faces.end(), [&](const FontFace& f) { return covers(f, c); });
        if (covered) continue;
        FcPatternPtr query(FcPatternCreate());
        FcCharSetPtr cs(FcCharSetCreate());
        std::optional<FontFace> face;
        if (query && cs) {
            FcCharSetAddChar(cs.get(), static_cast<FcChar32>(c));
            FcPatternAddCharSet(query.get(), FC_CHARSET, cs.get());
            FcPatternAddInteger(query.get(), FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
            face = impl_->match(query.get());
        }
        if (face && covers(*face, c)) {
            out.faces.push_back(*face);
        } else {
            out.uncovered.push_back(c);
        }
    }
    return out;
}

// After the primary families, a sans face for each script (fontconfig alone would
// answer DejaVu for Arabic and Hebrew), colour emoji before the monochrome Symbola.
// A chain takes only those the program's characters need.
std::vector<std::string> scriptFonts() {
    return {"Noto Sans",      "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
            "Noto Sans Thai", "Noto Sans CJK SC", "Noto Color Emoji", "DejaVu Sans",
            "Symbola"};
}

std::vector<std::string> defaultTextFonts() {
    std::vector<std::string> out{"Inter"};
    for (auto& f : scriptFonts()) out.push_back(f);
    return out;
}

std::vector<std::string> defaultDisplayFonts() {
    std::vector<std::string> out{"Inter Display", "Inter"};
    for (auto& f : scriptFonts()) out.push_back(f);
    return out;
}

}  // namespace hallboard::platform
