// See sdl_images.hpp.
#include "platform/sdl_images.hpp"

#include <filesystem>

#include <stb/stb_image.h>

namespace hallboard::platform {

void SdlImages::setBaseDir(std::string dir) {
    if (dir == baseDir_) return;
    baseDir_ = std::move(dir);
    cache_.clear();
}

std::optional<ui::Image> SdlImages::load(const std::string& path) {
    auto it = cache_.find(path);
    if (it == cache_.end()) {
        std::filesystem::path p(path);
        std::string full = p.is_absolute() ? path : (std::filesystem::path(baseDir_) / p).string();
        int w = 0, h = 0, n = 0;
        unsigned char* pixels = stbi_load(full.c_str(), &w, &h, &n, 4);
        std::optional<Entry> entry;
        if (!pixels) {
            log_ << "hallboard: image " << full << ": " << (stbi_failure_reason() ? stbi_failure_reason() : "unreadable")
                 << "; showing a placeholder\n";
        } else {
            SurfacePtr surface(SDL_CreateRGBSurfaceWithFormatFrom(pixels, w, h, 32, w * 4, SDL_PIXELFORMAT_RGBA32));
            TexturePtr texture(surface ? SDL_CreateTextureFromSurface(renderer_, surface.get()) : nullptr);
            surface.reset();
            stbi_image_free(pixels);
            if (texture) {
                SDL_SetTextureBlendMode(texture.get(), SDL_BLENDMODE_BLEND);
                entry = Entry{std::move(texture), w, h};
            } else {
                log_ << "hallboard: image " << full << ": " << SDL_GetError() << "\n";
            }
        }
        it = cache_.emplace(path, std::move(entry)).first;
    }
    if (!it->second) return std::nullopt;
    return ui::Image{it->second->texture.get(), it->second->width, it->second->height};
}

}  // namespace hallboard::platform
