// See files.hpp.
#include "base/files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "base/text.hpp"

namespace hallboard {

namespace {

// The folder a path is in, and its name there: "a/b.json" -> "a", "b.json"; "b.json" -> ".".
std::pair<std::string, std::string> splitPath(const std::string& path) {
    std::size_t slash = path.find_last_of('/');
    if (slash == std::string::npos) return {".", path};
    if (slash == 0) return {"/", path.substr(1)};
    return {path.substr(0, slash), path.substr(slash + 1)};
}

std::string temporaryPrefix(const std::string& name) {
    return "." + name + ".hallboard-tmp-";
}

bool createFolders(const std::string& dir, std::string& error) {
    if (dir.empty() || dir == "." || dir == "/") return true;
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) return true;
        error = "cannot create the folder " + dir + ": " + errnoText(ENOTDIR);
        return false;
    }
    if (!createFolders(splitPath(dir).first, error)) return false;
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
        error = "cannot create the folder " + dir + ": " + errnoText(errno);
        return false;
    }
    return true;
}

}  // namespace

std::string errnoText(int error) {
    std::string text = systemMessage(error);
    if (const char* name = ::strerrorname_np(error)) text += std::string(" (") + name + ")";
    return text;
}

FileDescriptor& FileDescriptor::operator=(FileDescriptor&& other) noexcept {
    if (this != &other) {
        close();
        fd_ = other.release();
    }
    return *this;
}

FileDescriptor::~FileDescriptor() {
    close();
}

int FileDescriptor::close() {
    if (fd_ < 0) return 0;
    int fd = release();
    // Linux releases the descriptor whatever close() returns: never retried (EINTR).
    return ::close(fd) == 0 ? 0 : errno;
}

std::string absolutePath(const std::string& path) {
    if (path.empty()) return path;
    std::error_code ec;
    std::filesystem::path full = std::filesystem::absolute(path, ec);
    return ec ? path : full.lexically_normal().string();
}

FileDescriptor openFile(const std::string& path, int flags, mode_t mode) {
    return FileDescriptor(::open(path.c_str(), flags | O_CLOEXEC, mode));
}

BoundedRead readBounded(const std::string& path, std::size_t maxBytes, bool prefix) {
    BoundedRead result;
    // O_NONBLOCK: opening a FIFO with no writer, or a device, must not wait.
    FileDescriptor file = openFile(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (!file) {
        result.problem = BoundedRead::Problem::open;
        result.error = errno;
        return result;
    }
    struct stat st {};
    if (::fstat(file.get(), &st) != 0) {
        result.problem = BoundedRead::Problem::read;
        result.error = errno;
        return result;
    }
    if (!S_ISREG(st.st_mode)) {
        result.problem = BoundedRead::Problem::notRegular;
        result.mode = st.st_mode;
        return result;
    }
    const auto size = static_cast<std::uintmax_t>(std::max<off_t>(st.st_size, 0));
    if (!prefix && size > maxBytes) {
        result.problem = BoundedRead::Problem::tooLarge;
        result.size = size;
        return result;
    }
    // Read to the end, whatever fstat said (the file may be growing), never past the
    // limit: one byte more than it tells a file that grew too large.
    const std::size_t cap = prefix ? maxBytes : maxBytes + 1;
    std::string bytes;
    bytes.resize(static_cast<std::size_t>(std::min<std::uintmax_t>(size + 1, cap)));
    std::size_t got = 0;
    while (true) {
        if (got == bytes.size()) {
            if (bytes.size() >= cap) break;
            bytes.resize(std::min(cap, bytes.size() * 2 + 4096));
        }
        ssize_t n = ::read(file.get(), bytes.data() + got, bytes.size() - got);
        if (n < 0) {
            if (errno == EINTR) continue;
            result.problem = BoundedRead::Problem::read;
            result.error = errno;
            return result;
        }
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    if (!prefix && got > maxBytes) {
        result.problem = BoundedRead::Problem::tooLarge;
        result.size = maxBytes;
        result.sizeAtLeast = true;
        return result;
    }
    bytes.resize(got);
    result.bytes = std::move(bytes);
    return result;
}

bool appendDurably(const std::string& path, std::string_view bytes, std::string_view header, std::size_t maxSize,
                   std::string& error) {
    FileDescriptor file = openFile(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (!file) {
        error = "cannot open " + path + " to add to it: " + errnoText(errno);
        return false;
    }
    struct stat st {};
    if (::fstat(file.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
        error = "cannot add to " + path + ": not a regular file";
        return false;
    }
    std::string out;
    if (st.st_size == 0) out = header;
    out += bytes;
    if (static_cast<std::uintmax_t>(st.st_size) + out.size() > maxSize) {
        error = "not adding to " + path + ": it would grow past " + std::to_string(maxSize) + " bytes";
        return false;
    }
    for (std::size_t done = 0; done < out.size();) {
        ssize_t n = ::write(file.get(), out.data() + done, out.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error = "cannot add to " + path + ": " + errnoText(n < 0 ? errno : ENOSPC);
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fdatasync(file.get()) != 0) {
        error = "cannot sync " + path + " to the disk: " + errnoText(errno);
        return false;
    }
    if (int err = file.close(); err != 0) {
        error = "cannot close " + path + ": " + errnoText(err);
        return false;
    }
    // A new file's name survives a power cut once its folder is on the disk.
    if (st.st_size == 0) {
        FileDescriptor folder = openFile(splitPath(path).first, O_RDONLY | O_DIRECTORY);
        if (folder) ::fsync(folder.get());
    }
    return true;
}

bool writeDurably(const std::string& path, std::string_view bytes, std::string& error, DurableWrite options) {
    auto [dir, name] = splitPath(path);
    if (name.empty()) {
        error = "cannot write " + path + ": " + errnoText(EISDIR);
        return false;
    }
    if (options.createFolder && !createFolders(dir, error)) return false;
    // mkostemp: a name no other writer has (two processes, or a stale one of ours).
    std::string temp = dir + "/" + temporaryPrefix(name) + std::to_string(::getpid()) + "-XXXXXX";
    FileDescriptor file(::mkostemp(temp.data(), O_CLOEXEC));
    if (!file) {
        error = "cannot create a temporary file in " + dir + " to write " + path + ": " + errnoText(errno);
        return false;
    }
    auto fail = [&](const std::string& what, int err) {
        error = what + ": " + errnoText(err);
        file.close();
        ::unlink(temp.c_str());
        return false;
    };
    // The permissions asked for, whatever the umask (mkostemp makes 0600): a status is
    // read by the sync tool, another user.
    if (::fchmod(file.get(), options.mode) != 0) return fail("cannot set the permissions of " + temp, errno);
    std::size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(file.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail("cannot write " + temp, errno);
        if (n == 0) return fail("cannot write " + temp, ENOSPC);
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(file.get()) != 0) return fail("cannot sync " + temp + " to the disk", errno);
    if (int err = file.close(); err != 0) {
        error = "cannot close " + temp + ": " + errnoText(err);
        ::unlink(temp.c_str());
        return false;
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        int err = errno;
        ::unlink(temp.c_str());
        error = "cannot replace " + path + ": " + errnoText(err);
        return false;
    }
    // The rename itself survives a power cut only once the folder is on the disk.
    FileDescriptor folder = openFile(dir, O_RDONLY | O_DIRECTORY);
    int err = !folder ? errno : ::fsync(folder.get()) != 0 ? errno : 0;
    // EINVAL: a file system that cannot sync a folder (some FUSE ones): nothing to wait for.
    if (err != 0 && err != EINVAL) {
        error = path + " was replaced, but its folder " + dir +
                " could not be synced (the change may not survive a power cut): " + errnoText(err);
        return false;
    }
    return true;
}

std::vector<std::string> removeStaleTemporaries(const std::string& path, std::vector<std::string>* problems) {
    std::vector<std::string> removed;
    auto [dir, name] = splitPath(path);
    if (name.empty()) return removed;
    const std::string prefix = temporaryPrefix(name);
    const std::string mine = prefix + std::to_string(::getpid()) + "-";
    DIR* folder = ::opendir(dir.c_str());
    if (!folder) return removed;  // no folder: nothing was written there
    // Also the names the writers before this one used ("<name>.tmp-<pid>" for the last
    // good copy and `import`, ".<name>.tmp-<pid>" for a status): left by a power cut
    // before an upgrade.
    const std::string legacyStarts[] = {name + ".tmp-",
                                        "." + name + ".tmp-"};  // a lambda may not name a binding (clang 14)
    auto legacy = [&](std::string_view n) {
        for (const std::string& start : legacyStarts)
            if (n.size() > start.size() && n.substr(0, start.size()) == start &&
                n.find_first_not_of("0123456789", start.size()) == std::string_view::npos &&
                n.substr(start.size()) != std::to_string(::getpid()))
                return true;
        return false;
    };
    std::vector<std::string> stale;
    while (dirent* entry = ::readdir(folder)) {
        std::string_view n = entry->d_name;
        if ((n.substr(0, prefix.size()) == prefix && n.substr(0, mine.size()) != mine) || legacy(n))
            stale.emplace_back(n);
    }
    ::closedir(folder);
    std::sort(stale.begin(), stale.end());
    for (const std::string& n : stale) {
        std::string full = dir + "/" + n;
        if (::unlink(full.c_str()) == 0)
            removed.push_back(full);
        else if (errno != ENOENT && problems)
            problems->push_back("cannot remove " + full + ": " + errnoText(errno));
    }
    return removed;
}

}  // namespace hallboard
