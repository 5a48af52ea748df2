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

std::vector<std::string> assetCandidates(const std::string& name) {
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    out.push_back((fs::path("assets") / name).string());
    if (char* base = SDL_GetBasePath()) {
        fs::path bin(base);
        SDL_free(base);
        out.push_back((bin / ".." / "assets" / name).lexically_normal().string());
        out.push_back((bin / ".." / "share" / "hallboard" / "assets" / name).lexically_normal().string());
    }
    out.push_back((fs::path("/usr/share/hallboard/assets") / name).string());
    return out;
}

std::string assetPath(const std::string& name) {
    std::error_code ec;
    for (const auto& c : assetCandidates(name))
        if (std::filesystem::is_regular_file(c, ec)) return c;
    return {};
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

std::string namedConfigNote(const ConfigChoice& choice) {
    if (choice.namedBy.empty()) return {};
    return "hallboard: the configuration " + choice.path + " is named by " + choice.namedBy +
           ": it is used as named, never the bundled demo configuration in its place";
}

std::string stateDir(const std::string& given) {
    if (!given.empty()) return given;
    auto env = [](const char* name) -> std::string {
        const char* v = std::getenv(name);
        return v ? std::string(v) : std::string();
    };
    if (auto dir = env("HALLBOARD_STATE_DIR"); !dir.empty()) return dir;
    if (auto dir = env("STATE_DIRECTORY"); !dir.empty()) return dir.substr(0, dir.find(':'));  // systemd: a list
    if (auto dir = env("XDG_STATE_HOME"); !dir.empty()) return dir + "/hallboard";
    if (auto home = env("HOME"); !home.empty()) return home + "/.local/state/hallboard";
    return {};
}

std::string localeDir() {
    namespace fs = std::filesystem;
    std::vector<fs::path> candidates;
    if (char* base = SDL_GetBasePath()) {
        fs::path bin(base);
        SDL_free(base);
        candidates.push_back(bin / "locale");
        candidates.push_back(bin / ".." / "locale");
        candidates.push_back(bin / ".." / "share" / "locale");
    }
    candidates.emplace_back("/usr/local/share/locale");
    candidates.emplace_back("/usr/share/locale");
    std::error_code ec;
    for (const auto& dir : candidates)
        if (fs::is_regular_file(dir / "de" / "LC_MESSAGES" / "hallboard.mo", ec))
            return dir.lexically_normal().string();
    return {};
}

}  // namespace hallboard::platform
