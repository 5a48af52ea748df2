// See sdl_images.hpp.
#include "platform/sdl_images.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace hallboard::platform {

Uint32 imagesReadyEvent() {
    static const Uint32 type = SDL_RegisterEvents(1);
    return type;
}

SdlImages::SdlImages(SDL_Renderer* renderer, std::string baseDir, std::ostream& log, std::function<void()> onReady,
                     ImagePolicy policy)
    : renderer_(renderer), baseDir_(std::move(baseDir)), log_(log), budget_(policy.budget),
      decoder_(policy.limits, 16, std::move(onReady)) {
    SDL_RendererInfo info{};
    if (renderer_ && SDL_GetRendererInfo(renderer_, &info) == 0) {
        int w = info.max_texture_width, h = info.max_texture_height;
        maxTextureSide_ = w > 0 && h > 0 ? std::min(w, h) : std::max(w, h);
    }
}

void SdlImages::setBaseDir(std::string dir) {
    if (dir == baseDir_) return;
    baseDir_ = std::move(dir);
    forget();
}

void SdlImages::forget() {
    decoder_.cancelQueued();
    for (auto it = cache_.begin(); it != cache_.end();) {
        // Pictures being decoded stay as placeholders; their results are dropped below.
        bytes_ -= it->second.bytes;
        it = cache_.erase(it);
    }
    refused_.clear();
    checked_.clear();
    ++epoch_;  // a decode started before is not taken for one asked after
    ++generation_;
}

std::string SdlImages::resolve(const std::string& path) const {
    std::filesystem::path p(path);
    return p.is_absolute() ? path : (std::filesystem::path(baseDir_) / p).lexically_normal().string();
}

std::optional<std::string> SdlImages::refused(const std::string& path) const {
    if (path.empty()) return std::nullopt;
    auto it = refused_.find(resolve(path));
    if (it == refused_.end()) return std::nullopt;
    return it->second;
}

std::size_t SdlImages::pending() const {
    return static_cast<std::size_t>(
        std::count_if(cache_.begin(), cache_.end(), [](const auto& e) { return !e.second.ready; }));
}

namespace {
// Sizes in steps of 16 pixels: a layout that moves by a pixel does not decode again.
int step(float v) {
    return v > 0 ? (static_cast<int>(std::ceil(std::min(v, 16384.0f) / 16.0f)) * 16) : 0;
}
}  // namespace

std::string SdlImages::keyOf(const std::string& file, ImVec2 drawnSize) const {
    return file + "@" + std::to_string(step(drawnSize.x)) + "x" + std::to_string(step(drawnSize.y)) + "#" +
           std::to_string(epoch_);
}

std::optional<ui::Image> SdlImages::load(const std::string& path, ImVec2 drawnSize) {
    if (path.empty()) return std::nullopt;
    std::string file = resolve(path);
    if (refused_.count(file)) return std::nullopt;
    std::string key = keyOf(file, drawnSize);
    if (auto it = cache_.find(key); it != cache_.end()) {
        it->second.checkOnly = false;                // a check under way becomes the picture
        if (!it->second.ready) return std::nullopt;  // still decoding: initials for now
        it->second.used = frame_;
        it->second.usedAt = frameAt_;
        return ui::Image{it->second.texture.get(), it->second.width, it->second.height};
    }
    request(key, file, drawnSize, false);
    return std::nullopt;
}

void SdlImages::check(const std::string& path, ImVec2 drawnSize) {
    if (path.empty()) return;
    std::string file = resolve(path);
    if (refused_.count(file) || checked_.count(file)) return;
    std::string key = keyOf(file, drawnSize);
    if (!cache_.count(key)) request(key, file, drawnSize, true);  // else being decoded, or shown
}

void SdlImages::request(const std::string& key, const std::string& file, ImVec2 drawnSize, bool checkOnly) {
    evict(0, 1);
    if (cache_.size() >= budget_.entries) return;  // everything is in use this frame
    if (!decoder_.request({key, file, step(drawnSize.x), step(drawnSize.y), maxTextureSide_}))
        return;  // queue full: next frame
    Entry& e = cache_[key];
    e.checkOnly = checkOnly;
    e.used = frame_;
    e.usedAt = frameAt_;
}

void SdlImages::evict(std::size_t bytesNeeded, std::size_t entriesNeeded) {
    while (bytes_ + bytesNeeded > budget_.textureBytes || cache_.size() + entriesNeeded > budget_.entries) {
        // The least recently drawn texture not drawn in this frame.
        auto victim = cache_.end();
        for (auto it = cache_.begin(); it != cache_.end(); ++it)
            if (it->second.ready && it->second.used < frame_ &&
                (victim == cache_.end() || it->second.used < victim->second.used))
                victim = it;
        if (victim == cache_.end()) return;
        bytes_ -= victim->second.bytes;
        cache_.erase(victim);
    }
}

void SdlImages::evictIdle(std::chrono::steady_clock::time_point now) {
    for (auto it = cache_.begin(); it != cache_.end();) {
        const Entry& e = it->second;
        if (e.ready && e.bytes >= budget_.largeBytes && e.used < frame_ && now - e.usedAt >= budget_.largeIdle) {
            bytes_ -= e.bytes;
            it = cache_.erase(it);
        } else {
            ++it;
        }
    }
}

bool SdlImages::collect(std::chrono::steady_clock::time_point now) {
    ++frame_;
    frameAt_ = now;
    bool arrived = false;
    for (ImageDecoder::Result& r : decoder_.take()) {
        auto it = cache_.find(r.key);
        if (it == cache_.end() || it->second.ready) continue;  // forgotten meanwhile (a new program)
        if (it->second.checkOnly && r.image) {                 // fine: known, and nothing kept
            checked_.insert(r.path);
            cache_.erase(it);
            continue;
        }
        std::string error = r.error;
        TexturePtr texture;
        if (r.image) {
            texture.reset(SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, r.image->width,
                                            r.image->height));
            if (texture && SDL_UpdateTexture(texture.get(), nullptr, r.image->rgba.data(), r.image->width * 4) != 0)
                texture.reset();
            if (!texture) error = std::string("cannot make a texture: ") + SDL_GetError();
        }
        if (!texture) {
            cache_.erase(it);
            if (refused_.emplace(r.path, error).second)
                log_ << "hallboard: image " << r.path << ": " << error
                     << "; not shown (a photo shows initials, a map a plain floor, a slide leaves the rotation)\n";
            continue;
        }
        SDL_SetTextureBlendMode(texture.get(), SDL_BLENDMODE_BLEND);
        std::size_t bytes = r.image->rgba.size();
        it->second.ready = true;
        it->second.texture = std::move(texture);
        it->second.width = r.image->width;
        it->second.height = r.image->height;
        it->second.bytes = bytes;
        it->second.usedAt = now;  // asked for ahead of its page (prefetch): its minute starts here
        bytes_ += bytes;
        arrived = true;
    }
    evictIdle(now);
    evict(0, 0);
    if (arrived) ++generation_;
    return arrived;
}

bool SdlImages::settle(std::chrono::milliseconds timeout) {
    decoder_.waitIdle(timeout);
    return collect();
}

}  // namespace hallboard::platform
