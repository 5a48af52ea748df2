// Photos and logos as textures, looked up by path (relative to the program file) and the
// size they are drawn at. The render thread never reads or decodes a file: a picture
// not seen before is handed to a background decoder (image_decoder.hpp), which checks it
// before decoding (regular file, size, PNG or JPEG, dimensions) and scales it down to
// the size it is drawn at. Until it is ready, and for good when it is refused, `load`
// answers "none" and the page draws initials (or no logo); a refused file is reported
// once, with its path and the reason. Textures stay within a byte budget, the least
// recently drawn going first; a large one (a slide, a floor map) not drawn for a
// minute goes anyway: in SDL's software renderer a texture is the kiosk's own memory,
// and a full-screen slide is 8 MB at 1080p, 32 MB at 4K.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>

#include "platform/image_decoder.hpp"
#include "platform/sdl_handles.hpp"
#include "ui/services.hpp"

namespace hallboard::platform {

// The SDL event the decoder pushes when pictures are ready (registered once).
Uint32 imagesReadyEvent();

struct ImageBudget {
    std::size_t textureBytes = 32u << 20;
    std::size_t entries = 256;           // textures and pictures being decoded
    std::size_t largeBytes = 1u << 20;   // a texture this big or bigger ...
    std::chrono::seconds largeIdle{60};  // ... goes when not drawn for this long
};

// What a picture may be (each file's checks) and what the pictures may take together.
struct ImagePolicy {
    ImageLimits limits = {};
    ImageBudget budget = {};
};

class SdlImages : public ui::Images {
public:
    using Budget = ImageBudget;
    // `onReady` runs on the decoder thread when results wait for collect().
    SdlImages(SDL_Renderer* renderer, std::string baseDir, std::ostream& log, std::function<void()> onReady = {},
              ImagePolicy policy = {});
    std::optional<ui::Image> load(const std::string& path, ImVec2 drawnSize) override;
    std::optional<std::string> refused(const std::string& path) const override;
    // Decodes the picture in the background to know it can be shown, and keeps no texture.
    void check(const std::string& path, ImVec2 drawnSize) override;
    // How many pictures have been refused since the last forget(): a change re-plans the
    // rotation (a slide whose picture is refused leaves it).
    std::size_t refusedCount() const { return refused_.size(); }
    void setBaseDir(std::string dir);
    // A new program: every picture is looked at afresh (a photo replaced, a bad one fixed).
    void forget();
    // At the start of a frame, on the render thread: turns decoded pictures into textures
    // and keeps within the budget (never dropping one drawn in the frame before; no draw
    // list refers to those any more). True when a picture became ready: cached screens
    // that showed initials are out of date.
    bool collect() { return collect(std::chrono::steady_clock::now()); }
    bool collect(std::chrono::steady_clock::time_point now);
    // Headless screenshots: waits (at most `timeout`) for pictures asked for, then collects.
    bool settle(std::chrono::milliseconds timeout);
    // Changes whenever collect() makes a texture.
    unsigned long long generation() const { return generation_; }
    std::size_t textureBytes() const { return bytes_; }
    std::size_t pending() const;

private:
    struct Entry {
        bool ready = false;      // false: being decoded
        bool checkOnly = false;  // check(): the pixels are dropped when they arrive
        TexturePtr texture;
        int width = 0, height = 0;
        std::size_t bytes = 0;
        unsigned long long used = 0;
        std::chrono::steady_clock::time_point usedAt{};
    };
    std::string resolve(const std::string& path) const;
    std::string keyOf(const std::string& file, ImVec2 drawnSize) const;
    void evict(std::size_t bytesNeeded, std::size_t entriesNeeded);
    void evictIdle(std::chrono::steady_clock::time_point now);
    // Hands a picture to the decoder and holds its place (a check's pixels are dropped).
    void request(const std::string& key, const std::string& file, ImVec2 drawnSize, bool checkOnly);

    SDL_Renderer* renderer_;
    std::string baseDir_;
    std::ostream& log_;
    Budget budget_;
    int maxTextureSide_ = 0;
    std::map<std::string, Entry> cache_;          // key: file "@" width "x" height "#" epoch
    std::map<std::string, std::string> refused_;  // file -> reason, reported once
    std::set<std::string> checked_;               // files check() found fine
    unsigned long long frame_ = 1, generation_ = 0, epoch_ = 0;
    std::chrono::steady_clock::time_point frameAt_ = std::chrono::steady_clock::now();  // the last collect()'s
    std::size_t bytes_ = 0;
    ImageDecoder decoder_;  // last: its thread stops before the rest goes
};

}  // namespace hallboard::platform
