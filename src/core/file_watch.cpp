// See file_watch.hpp.
#include "core/file_watch.hpp"

namespace hallboard {

FileWatcher::FileWatcher(std::string path, std::chrono::milliseconds settle) : path_(std::move(path)), settle_(settle) {
    reported_ = read();
}

FileWatcher::Stamp FileWatcher::read() const {
    Stamp s;
    std::error_code ec;
    auto status = std::filesystem::status(path_, ec);
    if (ec || !std::filesystem::is_regular_file(status)) return s;
    s.exists = true;
    s.size = std::filesystem::file_size(path_, ec);
    if (ec) s.size = 0;
    s.time = std::filesystem::last_write_time(path_, ec);
    return s;
}

void FileWatcher::rebase() {
    reported_ = read();
    hasPending_ = false;
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
