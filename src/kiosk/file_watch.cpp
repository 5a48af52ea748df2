// See file_watch.hpp.
#include "kiosk/file_watch.hpp"

#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>

namespace hallboard {

FileWatcher::FileWatcher(std::string path, std::chrono::milliseconds settle) : path_(std::move(path)), settle_(settle) {
    reported_ = read();
}

FileWatcher::Stamp FileWatcher::read() const {
    Stamp s;
    struct stat st {};
    if (::stat(path_.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return s;
    s.exists = true;
    s.inode = static_cast<std::uintmax_t>(st.st_ino);
    s.size = static_cast<std::uintmax_t>(st.st_size);
    std::error_code ec;
    s.time = std::filesystem::last_write_time(path_, ec);
    return s;
}

bool FileWatcher::poll(Steady now) {
    Stamp current = read();
    if (current == reported_) {
        hasPending_ = false;  // changed and changed back: nothing to report
        return false;
    }
    if (!hasPending_ || !(current == pending_)) {
        pending_ = current;
        pendingSince_ = now;
        hasPending_ = true;
        return false;
    }
    if (now - pendingSince_ < settle_) return false;
    reported_ = current;
    hasPending_ = false;
    return true;
}

DirectoryNotifier::DirectoryNotifier() : fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {}

DirectoryNotifier::~DirectoryNotifier() {
    if (fd_ >= 0) ::close(fd_);
}

void DirectoryNotifier::watch(const std::vector<std::string>& files) {
    if (fd_ < 0) return;
    std::vector<std::string> folders;
    for (const std::string& file : files) {
        if (file.empty()) continue;
        std::string folder = std::filesystem::path(file).parent_path().string();
        if (folder.empty()) folder = ".";
        if (std::find(folders.begin(), folders.end(), folder) == folders.end()) folders.push_back(folder);
    }
    if (folders == folders_) return;
    for (int w : watches_) ::inotify_rm_watch(fd_, w);
    watches_.clear();
    for (const std::string& folder : folders) {
        int w = ::inotify_add_watch(fd_, folder.c_str(), IN_MOVED_TO | IN_CLOSE_WRITE | IN_ONLYDIR);
        if (w >= 0) watches_.push_back(w);  // a folder that cannot be watched is polled as before
    }
    folders_ = std::move(folders);
}

std::vector<std::string> DirectoryNotifier::completed() {
    std::vector<std::string> names;
    if (fd_ < 0) return names;
    alignas(inotify_event) char buffer[4096];
    for (;;) {
        ssize_t n = ::read(fd_, buffer, sizeof buffer);
        if (n <= 0) break;
        for (ssize_t at = 0; at + static_cast<ssize_t>(sizeof(inotify_event)) <= n;) {
            inotify_event event;
            std::memcpy(&event, buffer + at, sizeof event);
            const char* name = buffer + at + sizeof(inotify_event);
            if (event.len > 0 && names.size() < 256) names.emplace_back(name, ::strnlen(name, event.len));
            at += static_cast<ssize_t>(sizeof(inotify_event) + event.len);
        }
    }
    return names;
}

}  // namespace hallboard
