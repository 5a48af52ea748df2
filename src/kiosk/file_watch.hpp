// Notices that a file changed and has since stopped changing. Copies and rsync runs
// write a file in several steps; reading it halfway gives a truncated program. A change
// is reported once the file's size and time have stayed the same for `settle`.
// Polling stat() every second or two costs nothing and works on every file system.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

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

// Tells at once when a file in the watched folders was renamed into place or closed after
// writing (Linux inotify), so the kiosk need not wait for its next look or for the change
// to settle: the emergency takeover must be on screen within a second of the rename
// (kiosk/live_reload.hpp takeEmergency).
// Where inotify cannot be had, fd() is -1 and FileWatcher's polling does it all.
class DirectoryNotifier {
public:
    DirectoryNotifier();
    ~DirectoryNotifier();
    DirectoryNotifier(const DirectoryNotifier&) = delete;
    DirectoryNotifier& operator=(const DirectoryNotifier&) = delete;

    // Watches the folders of these files (again: the previous folders are dropped).
    void watch(const std::vector<std::string>& files);
    // Readable when something happened: for the loop's sleep to wake on (-1: none).
    int fd() const { return fd_; }
    // Reads what happened: the names (file names within the watched folders) renamed into
    // place or closed after writing since the last call. Never blocks.
    std::vector<std::string> completed();

private:
    int fd_ = -1;
    std::vector<int> watches_;
    std::vector<std::string> folders_;
};

}  // namespace hallboard
