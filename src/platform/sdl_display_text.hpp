// Display type through SDL_ttf (HarfBuzz shaping): each line is split into runs by the
// first font of the chain that has the character, rendered white once, kept as a
// texture and tinted when drawn. Bounded caches: a static screen costs nothing to
// redraw, and memory stays flat over days.
#pragma once

#include <list>
#include <set>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "platform/font_catalog.hpp"
#include "platform/sdl_handles.hpp"
#include "ui/services.hpp"

namespace hallboard::platform {

class SdlDisplayText : public ui::DisplayText {
public:
    // The budget holds the lines of several screens (one 1080p screen uses about half a
    // megabyte); older lines are rendered again when they come back.
    SdlDisplayText(SDL_Renderer* renderer, FontChain regular, FontChain bold, std::size_t textureBudgetBytes);

    float measure(std::string_view line, float px, ui::Weight weight) override;
    void draw(ImDrawList* list, ImVec2 pos, std::string_view line, float px, ui::Weight weight, ImU32 color) override;

    std::size_t textureBytes() const { return textureBytes_; }
    // Call after the frame is rendered: textures evicted during it are freed now, not
    // while the frame's draw list still points at them.
    void endFrame();
    void clear();  // after the program changes, or on low memory

private:
    struct Run {
        std::size_t face;
        std::string text;
    };
    struct Line {
        TexturePtr texture;
        int width = 0, height = 0;
        std::list<std::string>::iterator lru;
    };

    static int quantize(float px);
    TTF_Font* font(std::size_t face, bool bold, int px);
    std::vector<Run> runs(std::string_view line, bool bold, int px);
    Line* render(std::string_view line, int px, bool bold);
    std::string key(std::string_view line, int px, bool bold) const;

    SDL_Renderer* renderer_;
    FontChain regular_, bold_;
    std::map<std::tuple<std::size_t, bool, int>, FontPtr> fonts_;
    std::set<std::tuple<std::size_t, bool, int>> fontsUsed_;  // this frame
    std::unordered_map<std::string, float> widths_;
    std::unordered_map<std::string, Line> lines_;
    std::list<std::string> lru_;  // most recent first
    std::vector<TexturePtr> retired_;
    std::size_t textureBytes_ = 0, budget_;
};

}  // namespace hallboard::platform
