// Photos and logos: decoded with stb_image, kept as textures, looked up by path
// (relative to the program file). A missing or broken file is reported once and then
// answered with "none", so the UI draws its placeholder.
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>

#include "platform/sdl_handles.hpp"
#include "ui/services.hpp"

namespace hallboard::platform {

class SdlImages : public ui::Images {
public:
    SdlImages(SDL_Renderer* renderer, std::string baseDir, std::ostream& log)
        : renderer_(renderer), baseDir_(std::move(baseDir)), log_(log) {}
    std::optional<ui::Image> load(const std::string& path) override;
    void setBaseDir(std::string dir);

private:
    struct Entry {
        TexturePtr texture;
        int width = 0, height = 0;
    };
    SDL_Renderer* renderer_;
    std::string baseDir_;
    std::ostream& log_;
    std::map<std::string, std::optional<Entry>> cache_;
};

}  // namespace hallboard::platform
