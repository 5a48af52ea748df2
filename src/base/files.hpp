// The one place Hallboard opens, reads and writes files by descriptor (no SDL):
//  - FileDescriptor closes what it owns on every way out (and says when close() fails);
//  - readBounded() reads a regular file up to a limit (a FIFO, a device or a directory is
//    refused without blocking: opened with O_NONBLOCK, checked with fstat() on the open
//    descriptor);
//  - writeDurably() is the one writer of every file the product writes (the last good
//    copy, `import -o`, a fleet status, screenshots' layouts): a temporary file in the
//    same folder, every byte written, fsync(), close() checked, rename() over the target,
//    fsync() of the folder; on any failure the temporary is removed and the old file is
//    left as it was. A power cut leaves the old file or the new one, never half of one,
//    and the new one is on the card once writeDurably() returned true.
//  - appendDurably() adds a line to a log the product keeps (proof of play): appended,
//    then fdatasync(); a power cut leaves at most its last line cut short.
//  - removeStaleTemporaries() removes what a power cut left of a writer's temporaries.
// Every failure names its errno in English ("No space left on device (ENOSPC)").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace hallboard {

// "No space left on device (ENOSPC)": errno's English message and its name.
std::string errnoText(int error);

class FileDescriptor {
public:
    FileDescriptor() = default;
    explicit FileDescriptor(int fd) : fd_(fd) {}
    FileDescriptor(FileDescriptor&& other) noexcept : fd_(other.release()) {}
    FileDescriptor& operator=(FileDescriptor&& other) noexcept;
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor();

    int get() const { return fd_; }
    explicit operator bool() const { return fd_ >= 0; }
    int release() {
        int fd = fd_;
        fd_ = -1;
        return fd;
    }
    // Closes now: 0, or the errno close() gave (a write-back error of NFS, a full disk).
    int close();

private:
    int fd_ = -1;
};

// `path` made absolute against the working folder and normalised ("a/../b.json" ->
// "/srv/b.json"); as given when it is empty or the working folder cannot be known.
// Whatever a kiosk keeps, watches or compares is a path of this kind: a kiosk restarted
// from another folder must find the same files.
std::string absolutePath(const std::string& path);

// open(2) with O_CLOEXEC added; an invalid descriptor with errno set on failure.
FileDescriptor openFile(const std::string& path, int flags, mode_t mode = 0);

struct BoundedRead {
    enum class Problem { none, open, notRegular, tooLarge, read };
    std::optional<std::string> bytes;  // the whole file, or its first `maxBytes` with `prefix`
    Problem problem = Problem::none;
    int error = 0;             // errno for open and read
    mode_t mode = 0;           // the file's type for notRegular
    std::uintmax_t size = 0;   // the size seen for tooLarge (at least this much)
    bool sizeAtLeast = false;  // the file grew past the limit while it was read
};

// A regular file's bytes, at most `maxBytes` of them: larger is `tooLarge` (its size
// from fstat, or "at least" when it grew while read), or with `prefix` the first
// `maxBytes` bytes (a header). Never blocks on a FIFO, never throws.
BoundedRead readBounded(const std::string& path, std::size_t maxBytes, bool prefix = false);

struct DurableWrite {
    mode_t mode = 0644;         // the new file's permissions, whatever the umask
    bool createFolder = false;  // create the target's folder (and its parents) first
};

// Replaces `path` with `bytes` as described above. False with `error` set ("cannot write
// /var/lib/hallboard/.last-good.json.hallboard-tmp-812-Xa81Zq: No space left on device
// (ENOSPC)") when the target was not replaced; the old file is then intact and no
// temporary is left. A folder that cannot be synced after the rename is an error too
// (the new file is in place but may not survive a power cut) and says so.
bool writeDurably(const std::string& path, std::string_view bytes, std::string& error, DurableWrite options = {});

// Appends `bytes` to the regular file `path` (made 0644 when missing, never through a
// symbolic link), `header` first when the file is empty, then fdatasync(): on the disk
// once it returns true. Refused (false, `error` set) when the file would grow past
// `maxSize` bytes, or is not a regular file. A power cut in the middle leaves at most a
// last line cut short (readers skip it); the lines before it are whole.
bool appendDurably(const std::string& path, std::string_view bytes, std::string_view header, std::size_t maxSize,
                   std::string& error);

// The temporaries writeDurably() makes for `path` are named ".<name>.hallboard-tmp-*"
// beside it: hidden, so that `hallboard fleet` and Syncthing's ignore patterns pass over
// them. A process that writes `path` alone (the kiosk its state and its status file,
// `import` its output) calls this at start: what a power cut left is removed (also the
// "<name>.tmp-<pid>" and ".<name>.tmp-<pid>" of earlier versions' writers). Returns the
// paths removed; `problems` gets a line for each that could not be.
std::vector<std::string> removeStaleTemporaries(const std::string& path, std::vector<std::string>* problems = nullptr);

}  // namespace hallboard
