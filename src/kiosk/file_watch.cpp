// See file_watch.hpp.
#include "kiosk/file_watch.hpp"

#include <sys/stat.h>

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

}  // namespace hallboard
