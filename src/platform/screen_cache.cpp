// See screen_cache.hpp.
#include "platform/screen_cache.hpp"

#include <algorithm>
#include <cmath>

#include "kiosk/kiosk_config.hpp"

namespace hallboard::platform {

void ScreenCache::setDrawing(Uint32 format, bool persists) {
    format_ = format;
    persists_ = persists;
}

void ScreenCache::clear() {
    for (Layer& l : layers_) l = Layer{};
}

bool ScreenCache::usable(ImVec2 size, bool browsing) {
    // A screen past the limits (a fullscreen 8K display, a large wall) gets no cached
    // screens: two of them at 7680x4320 are 265 MB of the unit's 512 (#26.2).
    bool tooLarge = static_cast<double>(size.x) * static_cast<double>(size.y) > static_cast<double>(kMaxScreenPixels);
    if (tooLarge && !largeScreenLogged_) {
        largeScreenLogged_ = true;
        log_ << "hallboard: the screen is " << static_cast<int>(size.x) << "x" << static_cast<int>(size.y)
             << ", more than the " << kMaxScreenPixels
             << " pixels a kiosk caches within its memory; drawing every frame directly, without transitions\n";
    }
    if (tooLarge) clear();
    return supported_ && !browsing && !tooLarge;
}

ScreenKey ScreenCache::keyOf(const Frame& frame, std::optional<Rotation::Slot> slot) {
    ScreenKey key = frame.now;
    key.slot = slot;
    return key;
}

// The layer to draw `key` into: the least recently used one that is not the other side
// of this transition (`keep`), with a texture of the key's size. Null when none can be made.
ScreenCache::Layer* ScreenCache::targetFor(const ScreenKey& key, const Layer* keep) {
    Layer* target = nullptr;
    for (Layer& l : layers_)
        if (&l != keep && (!target || l.used < target->used)) target = &l;
    int w = key.width, h = key.height;
    if (!target->texture || target->width != w || target->height != h) {
        target->texture.reset();  // freed before the next is made: never three screens at once
        target->texture.reset(SDL_CreateTexture(renderer_, format_, SDL_TEXTUREACCESS_TARGET, w, h));
        if (!target->texture) return nullptr;
        target->width = w;
        target->height = h;
    }
    return target;
}

SDL_Texture* ScreenCache::screenTexture(const Frame& frame, std::optional<Rotation::Slot> slot, const Layer* keep) {
    ScreenKey key = keyOf(frame, slot);
    for (Layer& l : layers_)
        if (l.texture && l.drawn && l.key == key) {
            l.used = ++clock_;
            return l.texture.get();
        }
    Layer* target = targetFor(key, keep);
    if (!target) return nullptr;
    // Back to the screen however drawing ends (the renderer catches what pages throw;
    // this covers the rest): a target left set would send every later frame into the layer.
    struct RestoreTarget {
        SDL_Renderer* renderer;
        SDL_Texture* previous;
        ~RestoreTarget() { SDL_SetRenderTarget(renderer, previous); }
    } restore{renderer_, SDL_GetRenderTarget(renderer_)};
    SDL_SetRenderTarget(renderer_, target->texture.get());
    target->drawn = false;  // not a finished screen until drawn
    frame.draw(slot, &target->touchable);
    target->key = key;
    target->drawn = true;
    target->used = ++clock_;
    return target->texture.get();
}

Touchable ScreenCache::touchableOf(SDL_Texture* texture) const {
    for (const Layer& l : layers_)
        if (l.texture.get() == texture) return l.touchable;
    return {};
}

std::optional<Touchable> ScreenCache::show(const Frame& frame) {
    Touchable touchable;
    if (fadeOnScreen(frame, touchable)) return touchable;
    onScreen_.reset();  // set again below when the frame is a whole page or a composited fade
    const ui::Transition& transition = frame.transition;
    const Layer* keep = nullptr;
    SDL_Texture* before = nullptr;
    if (transition.moving()) {
        before = screenTexture(frame, transition.from, nullptr);
        for (const Layer& l : layers_)
            if (l.texture.get() == before) keep = &l;
    }
    SDL_Texture* after = screenTexture(frame, transition.to, keep);
    if (!after || (transition.moving() && !before)) {
        supported_ = false;  // no render targets here: the renderer draws every frame directly
        log_ << "hallboard: the renderer has no render targets; drawing transitions directly\n";
        return std::nullopt;
    }
    touchable = touchableOf(after);
    SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_NONE);
    SDL_SetTextureBlendMode(after, SDL_BLENDMODE_NONE);
    SDL_Rect all{0, 0, frame.now.width, frame.now.height};
    copy(after, all, all, frame);
    if (!before) {
        // Between transitions only the screen in view stays cached (8 MB at 1080p).
        for (Layer& l : layers_)
            if (l.texture.get() != after) l = Layer{};
        ScreenKey key = keyOf(frame, transition.to);
        onScreen_ = OnScreen{key, key, 1};
        return touchable;
    }
    composite(frame, before, after);
    return touchable;
}

// The page band of two cached screens during a transition, over the new screen copied
// whole: the old page fading out, or leaving to the left as the new one comes in.
void ScreenCache::composite(const Frame& frame, SDL_Texture* before, SDL_Texture* after) {
    const ui::Transition& transition = frame.transition;
    const ui::Rect& band = frame.band;
    if (transition.kind == TransitionKind::fade) {
        // The old screen over the new one, fading out: header and footer are the same in
        // both, so only the page changes.
        // Blended within the page band only: the rest is the same in both screens.
        SDL_Rect r{0, static_cast<int>(band.min.y), static_cast<int>(band.w()), static_cast<int>(band.h())};
        Uint8 alpha = static_cast<Uint8>(std::lround((1.0f - transition.progress) * 255.0f));
        SDL_SetTextureBlendMode(before, SDL_BLENDMODE_BLEND);
        SDL_SetTextureAlphaMod(before, alpha);
        copy(before, r, r, frame);
        SDL_SetTextureAlphaMod(before, 255);
        onScreen_ = OnScreen{keyOf(frame, transition.from), keyOf(frame, transition.to),
                             1.0f - static_cast<float>(alpha) / 255.0f};
        return;
    }
    // Slide: within the page band, the old page leaves to the left as the new comes in.
    int y = static_cast<int>(band.min.y), h = static_cast<int>(band.h()), w = static_cast<int>(band.w());
    int shift = transition.slideShift(static_cast<float>(w));
    SDL_SetTextureBlendMode(before, SDL_BLENDMODE_NONE);
    SDL_Rect oldSrc{shift, y, w - shift, h}, oldDst{0, y, w - shift, h};
    SDL_Rect newSrc{0, y, shift, h}, newDst{w - shift, y, shift, h};
    if (w - shift > 0) copy(before, oldSrc, oldDst, frame);
    if (shift > 0) copy(after, newSrc, newDst, frame);
}

// A fade on a screen whose pixels persist (SDL's software renderer on a window): the
// screen already holds the old page, or the fade so far, so each frame blends the new
// page's cached screen over it by the share still missing,
//     screen := screen + (new - screen) * (e - shown) / (1 - shown),
// which leaves old * (1 - e) + new * e on screen (to within rounding; the frame after
// the fade copies the new screen whole). One cached screen instead of two, and one blend
// of the page band a frame instead of a copy of the screen and a blend.
bool ScreenCache::fadeOnScreen(const Frame& frame, Touchable& touchable) {
    const ui::Transition& transition = frame.transition;
    if (!persists_ || !onScreen_ || transition.kind != TransitionKind::fade) return false;
    ScreenKey from = keyOf(frame, transition.from), to = keyOf(frame, transition.to);
    const OnScreen& shown = *onScreen_;
    float done = 0;
    if (shown.progress >= 1 && shown.to == from)
        done = 0;  // the old page, whole
    else if (shown.progress >= 1 && shown.to == to)
        done = 1;  // the fade is complete already
    else if (shown.from == from && shown.to == to)
        done = shown.progress;
    else
        return false;
    // The old page's cached screen is not needed: the screen has it. Free it first, so
    // that the new page's is the only one.
    for (Layer& l : layers_)
        if (!(l.drawn && l.key == to)) l = Layer{};
    SDL_Texture* after = screenTexture(frame, transition.to, nullptr);
    if (!after) return false;
    touchable = touchableOf(after);
    blendBand(frame, after, transition.progress, done);
    ++incrementalFades_;
    return true;
}

// One step of a fade on a persisting screen: the new page's screen `after` over what is
// shown (`done` of the way), the page band by the share still missing up to `e`.
void ScreenCache::blendBand(const Frame& frame, SDL_Texture* after, float e, float done) {
    const ui::Rect& band = frame.band;
    int w = frame.now.width, h = frame.now.height;
    int top = std::clamp(static_cast<int>(band.min.y), 0, h), bottom = std::clamp(static_cast<int>(band.max.y), top, h);
    // Outside the page band both screens are the same but for the clock: the new one's.
    SDL_SetTextureBlendMode(after, SDL_BLENDMODE_NONE);
    SDL_SetTextureAlphaMod(after, 255);
    SDL_Rect head{0, 0, w, top}, foot{0, bottom, w, h - bottom};
    if (head.h > 0) copy(after, head, head, frame);
    if (foot.h > 0) copy(after, foot, foot, frame);
    SDL_Rect r{0, top, w, bottom - top};
    float share = e >= 1 || done >= 1 ? 1.0f : std::max(0.0f, (e - done) / (1.0f - done));
    auto alpha = static_cast<Uint8>(std::clamp(std::lround(share * 255.0f), 0L, 255L));
    if (alpha == 255) {
        copy(after, r, r, frame);  // this screen's part of a wall
    } else if (alpha > 0 && r.h > 0) {
        SDL_SetTextureBlendMode(after, SDL_BLENDMODE_BLEND);
        SDL_SetTextureAlphaMod(after, alpha);
        copy(after, r, r, frame);  // this screen's part of a wall
        SDL_SetTextureAlphaMod(after, 255);
        SDL_SetTextureBlendMode(after, SDL_BLENDMODE_NONE);
    }
    // What is on screen now, with the share as it was rounded.
    float reached = alpha == 255 ? 1.0f : done + (1.0f - done) * static_cast<float>(alpha) / 255.0f;
    ScreenKey from = keyOf(frame, frame.transition.from), to = keyOf(frame, frame.transition.to);
    onScreen_ = reached >= 1 ? OnScreen{to, to, 1} : OnScreen{from, to, reached};
}

std::size_t ScreenCache::bytes() const {
    std::size_t total = 0;
    for (const Layer& l : layers_)
        if (l.texture) total += static_cast<std::size_t>(l.width) * static_cast<std::size_t>(l.height) * 4;
    return total;
}

}  // namespace hallboard::platform
