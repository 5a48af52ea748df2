// Helpers for building small programs inline, next to the assertions that use them.
#pragma once

#include <algorithm>
#include <csignal>
#include <sys/resource.h>
#include <vector>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "model/overrides.hpp"
#include "model/program_json.hpp"

namespace hallboard::test {

// A directory of the test's own: made fresh by mkdtemp under $TMPDIR (never a fixed
// /tmp name two runs or two tests could share), removed with everything in it after.
class TempDir {
public:
    TempDir() {
        std::string name = (std::filesystem::temp_directory_path() / "hallboard-test-XXXXXX").string();
        if (!::mkdtemp(name.data())) throw std::runtime_error("cannot make a temporary directory in " + name);
        path = name;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string file(const std::string& name) const { return (path / name).string(); }

    std::filesystem::path path;
};

// A disk that fills up part way through a write, for as long as it lives: the process
// may write files of at most `bytes` bytes (RLIMIT_FSIZE; a write past it fails with
// EFBIG after the bytes that fit, as on a full card). SIGXFSZ is ignored meanwhile.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        ::getrlimit(RLIMIT_FSIZE, &old_);
        oldHandler_ = std::signal(SIGXFSZ, SIG_IGN);
        rlimit lower = old_;
        lower.rlim_cur = bytes;
        ::setrlimit(RLIMIT_FSIZE, &lower);
    }
    ~FileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &old_);
        std::signal(SIGXFSZ, oldHandler_);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit old_{};
    void (*oldHandler_)(int) = nullptr;
};

// The names in a folder, sorted.
// A room with this id and name and nothing else.
inline Room testRoom(const std::string& idAndName) {
    Room room;
    room.id = idAndName;
    room.name = idAndName;
    return room;
}

inline std::vector<std::string> namesIn(const std::filesystem::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// A complete program document: the header plus `body` (the rest of the top-level keys).
inline std::string programJson(const std::string& zone, const std::string& body,
                               const std::string& conferenceExtra = "") {
    std::string out = R"({"format": "hallboard-program", "version": 1,
        "conference": {"name": "Test Conference", "short_name": "TC", "time_zone": ")" +
                      zone + "\"";
    if (!conferenceExtra.empty()) out += ", " + conferenceExtra;
    out += "}";
    if (!body.empty()) out += ", " + body;
    return out + "}";
}

inline ProgramLoad load(const std::string& json) {
    return parseProgram(json, "test.json");
}

// Conference wall time -> instant.
inline Instant at(const Program& program, const std::string& wall) {
    return resolve(*parseTimestamp(wall), program.conference.zone);
}

inline Instant utc(const std::string& text) {
    return resolve(*parseTimestamp(text), TimeZone::utc());
}

// True when some diagnostic's place contains `where` and its message contains `text`.
inline bool hasDiagnostic(const ProgramLoad& load, Severity severity, const std::string& where,
                          const std::string& text) {
    return std::any_of(load.diagnostics.begin(), load.diagnostics.end(), [&](const Diagnostic& d) {
        return d.severity == severity && d.where.find(where) != std::string::npos &&
               d.message.find(text) != std::string::npos;
    });
}

inline bool hasDiagnostic(const std::vector<Diagnostic>& items, Severity severity, const std::string& where,
                          const std::string& text) {
    return std::any_of(items.begin(), items.end(), [&](const Diagnostic& d) {
        return d.severity == severity && d.where.find(where) != std::string::npos &&
               d.message.find(text) != std::string::npos;
    });
}

inline std::string allDiagnostics(const std::vector<Diagnostic>& items) {
    std::string out;
    for (const auto& d : items) out += format(d) + "\n";
    return out;
}

inline std::string allDiagnostics(const ProgramLoad& load) {
    return allDiagnostics(load.diagnostics);
}

// tests/fixtures/two-rooms.json: the Main Hall and Room B on 6 April 2021 (and a Thursday
// session), the program most model, browse and page tests start from.
inline Program twoRooms() {
    ProgramLoad load = loadProgramFile(std::string(HALLBOARD_FIXTURES) + "/two-rooms.json");
    INFO(allDiagnostics(load));
    REQUIRE(load.ok());
    return std::move(*load.program);
}

// Parses and applies the overrides document `json` to `p`; fails the test on any error.
inline void applyOk(Program& p, const std::string& json) {
    OverridesLoad load = parseOverrides(json, "overrides.json");
    INFO(allDiagnostics(load.diagnostics));
    REQUIRE(load.ok());
    std::vector<Diagnostic> diags;
    bool applied = applyOverrides(p, *load.overrides, "overrides.json", diags);
    INFO(allDiagnostics(diags));
    REQUIRE(applied);
}

}  // namespace hallboard::test
