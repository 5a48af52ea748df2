// Notices that a file changed and has since stopped changing. Copies and rsync runs
// write a file in several steps; reading it halfway gives a truncated program. A change
// is reported once the file's size and time have stayed the same for `settle`.
// Polling stat() every second or two costs nothing and works on every file system.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>

namespace hallboard {

class FileWatcher {
public:
    using Steady = std::chrono::steady_clock::time_point;

    explicit FileWatcher(std::string path, std::chrono::milliseconds settle = std::chrono::milliseconds{600});

    const std::string& path() const { return path_; }
    // True once for each change that has settled (including the file disappearing).
    bool poll(Steady now);

private:
    struct Stamp {
        bool exists = false;
        std::uintmax_t inode = 0;  // an atomic replace (rename) changes it even when
                                   // rsync -a keeps the old size and modification time
        std::uintmax_t size = 0;
        std::filesystem::file_time_type time{};
        bool operator==(const Stamp&) const = default;
    };
    Stamp read() const;

    std::string path_;
    std::chrono::milliseconds settle_;
    Stamp reported_;
    Stamp pending_;
    Steady pendingSince_{};
    bool hasPending_ = false;
};

}  // namespace hallboard
