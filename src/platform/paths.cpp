// See paths.hpp.
#include "platform/paths.hpp"

#include <cstdlib>
#include <filesystem>

#include <SDL.h>

namespace hallboard::platform {

std::vector<std::string> configCandidates() {
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    out.emplace_back("config/kiosk.json");
    // The machine's own configuration before any default that came with the program.
    out.emplace_back("/etc/hallboard/kiosk.json");
    if (char* base = SDL_GetBasePath()) {
        fs::path bin(base);
        SDL_free(base);
        out.push_back((bin / ".." / "config" / "kiosk.json").lexically_normal().string());
        out.push_back((bin / ".." / "share" / "hallboard" / "config" / "kiosk.json").lexically_normal().string());
    }
    out.emplace_back("/usr/share/hallboard/config/kiosk.json");
    return out;
}

std::string defaultConfigPath() {
    auto candidates = configCandidates();
    std::error_code ec;
    for (const auto& c : candidates)
        if (std::filesystem::is_regular_file(c, ec)) return c;
    return candidates.front();
}

ConfigChoice chooseConfig(const std::string& option) {
    if (!option.empty()) return {option, "--config"};
    if (const char* env = std::getenv("HALLBOARD_CONFIG"); env && *env) return {env, "HALLBOARD_CONFIG"};
    return {defaultConfigPath(), ""};
}

std::string cannotStart(const ConfigChoice& choice) {
    std::string line = "hallboard: cannot start: fix the errors above (the configuration " + choice.path;
    if (!choice.namedBy.empty())
        line += ", named by " + choice.namedBy + "; the bundled demo configuration is not used in its place";
    return line + ")";
}

}  // namespace hallboard::platform
