// The rotation's screens cached as textures, and the transitions composited from them.
// A whole screen (one page, no transition) is drawn once into a texture; a transition
// composites two of them instead of drawing two pages every frame: in software that is
// a copy and an alpha blit instead of rasterising two screens of geometry. What the
// transition is comes from ui::transitionOf, as for the pages drawn directly.
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <vector>

#include <SDL.h>
#include <imgui.h>

#include "browse/browser.hpp"
#include "kiosk/rotation.hpp"
#include "platform/sdl_handles.hpp"
#include "platform/wall_tiling.hpp"
#include "ui/canvas.hpp"
#include "ui/transition.hpp"

namespace hallboard::platform {

// What a frame put on screen that a visitor can touch.
struct Touchable {
    std::vector<browse::Target> targets;
    browse::FrameFacts facts;
};

// What a cached screen shows: one page's screen at one minute, program, size and set of
// pictures.
struct ScreenKey {
    std::optional<Rotation::Slot> slot;
    long long minute = -1;  // or the second, on a page counting seconds (KioskView::seconds)
    const void* program = nullptr;
    int width = 0, height = 0;
    unsigned long long images = 0;  // the pictures it was drawn with (SdlImages::generation)
    bool operator==(const ScreenKey&) const = default;
};

class ScreenCache {
public:
    // Draws the screen of one page (no transition) into the renderer's current target,
    // noting what a visitor can touch on it.
    using DrawScreen = std::function<void(std::optional<Rotation::Slot> slot, Touchable* touchable)>;
    // One frame of the rotation, to be shown from cached screens.
    struct Frame {
        ScreenKey now;              // the moment and size; the slot is the cache's to fill
        ui::Transition transition;  // what the frame shows
        ui::Rect band;              // the page band (ui::pageBand), where pages differ; during a transition
        ImVec2 screen;              // this screen's pixels (a wall's tile)
        DrawScreen draw;
    };

    ScreenCache(SDL_Renderer* renderer, const WallTiling& tiling, std::ostream& log)
        : renderer_(renderer), tiling_(tiling), log_(log) {}
    // How screens are held: in `format` (the screen's own where SDL draws in software: a
    // copy is a memcpy), and whether the screen keeps its pixels from frame to frame
    // (SDL's software renderer on a window: a fade builds on what is shown).
    void setDrawing(Uint32 format, bool persists);
    // Whether this frame may use cached screens: not while browsing, not past the pixel
    // limit (said once; the cached screens dropped), not without render targets.
    bool usable(ImVec2 size, bool browsing);
    // The frame shown from cached screens, and what it has to touch. Nothing when the
    // renderer turns out to have no render targets (said once; not usable from then on):
    // the caller draws the frame directly.
    std::optional<Touchable> show(const Frame& frame);
    // Every cached screen dropped (another wall).
    void clear();
    // The screen's pixels hold something else now (a frame drawn directly, the fallback,
    // a new turned picture): a fade cannot build on them.
    void forgetShown() { onScreen_.reset(); }

private:
    friend class KioskRenderer;  // statistics(): what tests and benchmarks measure

    // What the screen's pixels hold where they persist from frame to frame: `to` blended
    // over `from` by `progress` (1: `to`).
    struct OnScreen {
        ScreenKey from, to;
        float progress = 1;
    };
    struct Layer {
        TexturePtr texture;
        bool drawn = false;  // a finished screen (not one whose drawing stopped half way)
        ScreenKey key;
        int width = 0, height = 0;  // of the texture
        unsigned long long used = 0;
        Touchable touchable;
    };
    static ScreenKey keyOf(const Frame& frame, std::optional<Rotation::Slot> slot);
    SDL_Texture* screenTexture(const Frame& frame, std::optional<Rotation::Slot> slot, const Layer* keep);
    Layer* targetFor(const ScreenKey& key, const Layer* keep);
    Touchable touchableOf(SDL_Texture* texture) const;
    bool fadeOnScreen(const Frame& frame, Touchable& touchable);
    void blendBand(const Frame& frame, SDL_Texture* after, float share, float done);
    void composite(const Frame& frame, SDL_Texture* before, SDL_Texture* after);
    void copy(SDL_Texture* texture, SDL_Rect src, SDL_Rect dst, const Frame& frame) const {
        tiling_.copyPart(texture, src, dst, frame.screen);
    }
    std::size_t bytes() const;

    SDL_Renderer* renderer_;
    const WallTiling& tiling_;
    std::ostream& log_;
    Layer layers_[2];
    unsigned long long clock_ = 0;
    bool supported_ = true;
    bool largeScreenLogged_ = false;            // a screen past kMaxScreenPixels said once: no cached screens
    Uint32 format_ = SDL_PIXELFORMAT_ARGB8888;  // the screen's own where it is software: a copy is a memcpy
    bool persists_ = false;
    std::optional<OnScreen> onScreen_;
    unsigned long long incrementalFades_ = 0;
};

}  // namespace hallboard::platform
