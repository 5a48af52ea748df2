// See sdl_display_text.hpp.
#include "platform/sdl_display_text.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "core/text.hpp"

namespace hallboard::platform {


SdlDisplayText::SdlDisplayText(SDL_Renderer* renderer, FontChain regular, FontChain bold, std::size_t budget)
    : renderer_(renderer), regular_(std::move(regular)), bold_(std::move(bold)), budget_(budget) {}

int SdlDisplayText::quantize(float px) {
    // Few distinct sizes keep few fonts open; the steps are below what the eye notices.
    int p = static_cast<int>(std::lround(px));
    if (p < 8) return 8;
    if (p < 48) return p;
    if (p < 120) return p / 2 * 2;
    return p / 4 * 4;
}

TTF_Font* SdlDisplayText::font(std::size_t face, bool bold, int px) {
    auto k = std::make_tuple(face, bold, px);
    fontsUsed_.insert(k);
    if (auto it = fonts_.find(k); it != fonts_.end()) return it->second.get();
    const FontChain& chain = bold ? bold_ : regular_;
    if (face >= chain.faces.size()) return nullptr;
    FontPtr f(TTF_OpenFontIndex(chain.faces[face].file.c_str(), px, chain.faces[face].index));
    if (!f) {
        std::cerr << "hallboard: font " << chain.faces[face].file << ": " << TTF_GetError() << "\n";
        fonts_[k] = nullptr;
        return nullptr;
    }
    TTF_SetFontHinting(f.get(), TTF_HINTING_LIGHT);
    TTF_Font* raw = f.get();
    fonts_[k] = std::move(f);
    return raw;
}

std::vector<SdlDisplayText::Run> SdlDisplayText::runs(std::string_view line, bool bold, int px) {
    const FontChain& chain = bold ? bold_ : regular_;
    std::vector<Run> out;
    std::size_t i = 0;
    while (i < line.size()) {
        std::size_t start = i;
        char32_t cp = nextCodepoint(line, i);
        std::size_t chosen = 0;
        // Spaces and joiners stay with the run they are in.
        bool neutral = cp == ' ' || cp == 0x200D || cp == 0xFE0F;
        if (!neutral || out.empty()) {
            for (std::size_t f = 0; f < chain.faces.size(); ++f) {
                TTF_Font* font = this->font(f, bold, px);
                if (font && TTF_GlyphIsProvided32(font, cp)) {
                    chosen = f;
                    break;
                }
            }
        } else {
            chosen = out.back().face;
        }
        if (out.empty() || out.back().face != chosen) out.push_back({chosen, {}});
        out.back().text.append(line.substr(start, i - start));
    }
    return out;
}

std::string SdlDisplayText::key(std::string_view line, int px, bool bold) const {
    std::string k(line);
    k += '\x1f';
    k += std::to_string(px);
    k += bold ? 'b' : 'r';
    return k;
}

float SdlDisplayText::measure(std::string_view line, float px, ui::Weight weight) {
    int q = quantize(px);
    bool bold = weight == ui::Weight::bold;
    std::string k = key(line, q, bold);
    if (auto it = widths_.find(k); it != widths_.end()) return it->second;
    int total = 0;
    for (const Run& r : runs(line, bold, q)) {
        int w = 0, h = 0;
        if (TTF_Font* f = font(r.face, bold, q)) TTF_SizeUTF8(f, r.text.c_str(), &w, &h);
        total += w;
    }
    if (widths_.size() > 4096) widths_.clear();  // a bound, not a policy: one frame refills it
    auto width = static_cast<float>(total);
    widths_[k] = width;
    return width;
}

SdlDisplayText::Line* SdlDisplayText::render(std::string_view line, int px, bool bold) {
    std::string k = key(line, px, bold);
    if (auto it = lines_.find(k); it != lines_.end()) {
        lru_.splice(lru_.begin(), lru_, it->second.lru);
        return &it->second;
    }
    auto parts = runs(line, bold, px);
    // Render each run white, align them on a common baseline, join into one surface.
    std::vector<SurfacePtr> surfaces;
    int width = 0, ascent = 0, descent = 0;
    std::vector<int> ascents;
    for (const Run& r : parts) {
        TTF_Font* f = font(r.face, bold, px);
        if (!f || r.text.empty()) {
            surfaces.emplace_back(nullptr);
            ascents.push_back(0);
            continue;
        }
        SurfacePtr s(TTF_RenderUTF8_Blended(f, r.text.c_str(), SDL_Color{255, 255, 255, 255}));
        ascents.push_back(TTF_FontAscent(f));
        ascent = std::max(ascent, TTF_FontAscent(f));
        descent = std::max(descent, -TTF_FontDescent(f));
        if (s) width += s->w;
        surfaces.push_back(std::move(s));
    }
    int height = std::max(1, ascent + descent);
    width = std::max(1, width);
    SurfacePtr joined(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888));
    if (!joined) return nullptr;
    SDL_FillRect(joined.get(), nullptr, SDL_MapRGBA(joined->format, 255, 255, 255, 0));
    int x = 0;
    for (std::size_t i = 0; i < surfaces.size(); ++i) {
        if (!surfaces[i]) continue;
        SDL_SetSurfaceBlendMode(surfaces[i].get(), SDL_BLENDMODE_NONE);
        SDL_Rect dst{x, ascent - ascents[i], surfaces[i]->w, surfaces[i]->h};
        SDL_BlitSurface(surfaces[i].get(), nullptr, joined.get(), &dst);
        x += surfaces[i]->w;
    }
    TexturePtr texture(SDL_CreateTextureFromSurface(renderer_, joined.get()));
    if (!texture) return nullptr;
    SDL_SetTextureBlendMode(texture.get(), SDL_BLENDMODE_BLEND);

    std::size_t bytes = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4;
    // Evict the least recently drawn lines to stay within the budget.
    while (textureBytes_ + bytes > budget_ && !lru_.empty()) {
        auto victim = lines_.find(lru_.back());
        if (victim != lines_.end()) {
            textureBytes_ -= static_cast<std::size_t>(victim->second.width) * static_cast<std::size_t>(victim->second.height) * 4;
            retired_.push_back(std::move(victim->second.texture));
            lines_.erase(victim);
        }
        lru_.pop_back();
    }
    lru_.push_front(k);
    Line entry{std::move(texture), width, height, lru_.begin()};
    textureBytes_ += bytes;
    return &(lines_[k] = std::move(entry));
}

void SdlDisplayText::draw(ImDrawList* list, ImVec2 pos, std::string_view line, float px, ui::Weight weight, ImU32 color) {
    if (line.empty() || ((color >> IM_COL32_A_SHIFT) & 0xFF) == 0) return;
    int q = quantize(px);
    Line* l = render(line, q, weight == ui::Weight::bold);
    if (!l) return;
    // The texture is slightly taller than px (ascent + descent): centre it on the em box.
    float top = pos.y - (static_cast<float>(l->height) - static_cast<float>(q)) * 0.5f;
    list->AddImage(l->texture.get(), ImVec2{pos.x, top},
                   ImVec2{pos.x + static_cast<float>(l->width), top + static_cast<float>(l->height)}, ImVec2{0, 0},
                   ImVec2{1, 1}, color);
}

void SdlDisplayText::endFrame() {
    retired_.clear();
    // Shrink-to-fit asks for many sizes over a day; each open font keeps its own glyph
    // cache. Past a few dozen, close those this frame did not use.
    constexpr std::size_t kOpenFonts = 24;
    if (fonts_.size() > kOpenFonts)
        for (auto it = fonts_.begin(); it != fonts_.end();)
            it = fontsUsed_.count(it->first) ? std::next(it) : fonts_.erase(it);
    fontsUsed_.clear();
}

void SdlDisplayText::clear() {
    for (auto& [k, l] : lines_) retired_.push_back(std::move(l.texture));
    lines_.clear();
    lru_.clear();
    widths_.clear();
    textureBytes_ = 0;
}

}  // namespace hallboard::platform
