// See text.hpp.
#include "base/text.hpp"

#include "base/files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>

#include <sys/stat.h>

namespace hallboard {

std::string slugify(std::string_view text) {
    std::string out;
    bool dash = false;
    for (char ch : text) {
        auto c = static_cast<unsigned char>(ch);
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80) {
            out += static_cast<char>(c);
            dash = false;
        } else if (c >= 'A' && c <= 'Z') {
            out += static_cast<char>(c - 'A' + 'a');
            dash = false;
        } else if (!out.empty() && !dash) {
            out += '-';
            dash = true;
        }
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out.empty() ? std::string("x") : out;
}

std::string UniqueIds::claim(const std::string& base) {
    ++probes_;
    if (used_.insert(base).second) return base;
    // Resume where the last duplicate of this base stopped. A suffix is skipped only when
    // some other base (or an id given as "x-3") took that very id, and each id can be
    // skipped so only once: the total stays linear.
    long long& n = nextSuffix_.try_emplace(base, 2).first->second;
    while (true) {
        std::string id = base + "-" + std::to_string(n++);
        ++probes_;
        if (used_.insert(id).second) return id;
    }
}

std::string_view trimView(std::string_view text) {
    auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; };
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    return text;
}

std::string trim(std::string_view text) {
    return std::string(trimView(text));
}

std::size_t inputLimit(InputKind kind) {
    constexpr std::size_t MiB = 1024 * 1024;
    switch (kind) {
    // A program: what the kiosk holds twice during a reload within the unit's memory
    // (#26.2, bench/bench_limits.cpp). An import input is read by the command line only.
    case InputKind::program: return 16 * MiB;
    case InputKind::import: return 64 * MiB;
    case InputKind::state: return 40 * MiB;    // a program, escaped, and the small files
    case InputKind::status: return 64 * 1024;  // kiosk/fleet.hpp: kStatusFileLimit
    case InputKind::config:
    case InputKind::overrides:
    case InputKind::script:
    default: return 1 * MiB;
    }
}

std::string_view inputKindName(InputKind kind) {
    switch (kind) {
    case InputKind::program: return "program";
    case InputKind::config: return "configuration";
    case InputKind::overrides: return "overrides file";
    case InputKind::import: return "import input";
    case InputKind::script: return "input script";
    case InputKind::state: return "last good copy";
    case InputKind::status: return "status file";
    default: return "file";
    }
}

std::string systemMessage(int error) {
    // strerrordesc_np (glibc 2.32) is strerror without the message catalogue.
    if (const char* m = ::strerrordesc_np(error)) return m;
    return "system error " + std::to_string(error);
}

namespace {

std::string sizeText(std::uintmax_t bytes) {
    constexpr double MiB = 1024.0 * 1024.0;
    char buf[48];
    if (static_cast<double>(bytes) >= MiB)
        std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / MiB);
    else
        std::snprintf(buf, sizeof buf, "%ju bytes", bytes);
    return buf;
}

std::string tooLarge(std::uintmax_t bytes, InputKind kind, bool atLeast) {
    std::string_view name = inputKindName(kind);
    const char* article = std::string_view("aeiou").find(name.front()) == std::string_view::npos ? " a " : " an ";
    return "the file is " + std::string(atLeast ? "over " : "") + sizeText(bytes) + ", more than the " +
           sizeText(inputLimit(kind)) + article + std::string(name) + " may have";
}

// errno from open(2) as a message an organiser can act on.
std::string openError(const std::string& path, int error, bool& missing) {
    switch (error) {
    case ENOENT: {
        struct stat st {};
        if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
            return "is a symbolic link to a file that does not exist";
        missing = true;
        return "file not found";
    }
    case ENOTDIR: return "file not found (a part of the path is not a directory)";
    case EACCES:
    case EPERM: return "cannot read the file: permission denied";
    case ELOOP: return "too many levels of symbolic links (a symbolic link loop?)";
    case ENAMETOOLONG: return "the file name is too long";
    default: {
        std::string m = systemMessage(error);
        if (!m.empty() && m[0] >= 'A' && m[0] <= 'Z') m[0] = static_cast<char>(m[0] - 'A' + 'a');
        return "cannot open the file: " + m;
    }
    }
}

std::string notRegular(mode_t mode) {
    if (S_ISDIR(mode)) return "is a directory, not a file";
    if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
    if (S_ISCHR(mode)) return "is a character device, not a regular file";
    if (S_ISBLK(mode)) return "is a block device, not a regular file";
    if (S_ISSOCK(mode)) return "is a socket, not a regular file";
    return "is not a regular file";
}

}  // namespace

FileRead readInputFile(const std::string& path, InputKind kind) {
    FileRead result;
    BoundedRead read = readBounded(path, inputLimit(kind));
    switch (read.problem) {
    case BoundedRead::Problem::none: break;
    case BoundedRead::Problem::open: result.error = openError(path, read.error, result.missing); return result;
    case BoundedRead::Problem::notRegular: result.error = notRegular(read.mode); return result;
    case BoundedRead::Problem::tooLarge: result.error = tooLarge(read.size, kind, read.sizeAtLeast); return result;
    case BoundedRead::Problem::read: result.error = "cannot read the file: " + systemMessage(read.error); return result;
    }
    if (std::string problem = encodingProblem(*read.bytes); !problem.empty()) {
        result.error = problem;
        return result;
    }
    result.text = std::move(read.bytes);
    return result;
}

std::optional<std::string> readWholeFile(const std::string& path, std::string& error, InputKind kind) {
    FileRead read = readInputFile(path, kind);
    if (!read.text) error = read.error;
    return std::move(read.text);
}

std::string encodingProblem(std::string_view text) {
    auto starts = [&](std::string_view bom) { return text.substr(0, bom.size()) == bom; };
    using namespace std::string_view_literals;
    if (starts("\x00\x00\xFE\xFF"sv) || starts("\xFF\xFE\x00\x00"sv))
        return "the file is UTF-32 (it starts with a UTF-32 byte order mark); save it as UTF-8";
    if (starts("\xFF\xFE"sv) || starts("\xFE\xFF"sv))
        return "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8";
    // UTF-16 without a mark: ASCII text has a zero in every other byte.
    std::string_view sample = text.substr(0, 4096);
    std::size_t zeros = 0;
    for (char c : sample) zeros += c == '\0';
    if (sample.size() >= 4 && zeros * 4 >= sample.size())
        return "the file looks like UTF-16 (" + std::to_string(zeros) + " of its first " +
               std::to_string(sample.size()) + " bytes are zero); save it as UTF-8";
    return {};
}

std::string excerpt(std::string_view text, std::size_t maxChars) {
    std::string out;
    std::size_t chars = 0, i = 0;
    while (i < text.size()) {
        if (chars == maxChars) {
            out += "\u2026";  // …
            break;
        }
        char32_t c = nextCodepoint(text, i);        // U+FFFD for a broken byte
        if (c < 0x20 || (c >= 0x7F && c < 0xA0)) {  // controls, also when spelled overlong
            static const char hex[] = "0123456789abcdef";
            if (c == '\n')
                out += "\\n";
            else if (c == '\r')
                out += "\\r";
            else if (c == '\t')
                out += "\\t";
            else
                out += std::string("\\x") + hex[(c >> 4) & 0xF] + hex[c & 0xF];
        } else if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)) {
            // Bidi embeddings, overrides and isolates: spelled out, or U+202E turns the
            // rest of the log line, the terminal's line or the problem line round.
            static const char hex[] = "0123456789abcdef";
            out += std::string("\\u") + hex[(c >> 12) & 0xF] + hex[(c >> 8) & 0xF] + hex[(c >> 4) & 0xF] + hex[c & 0xF];
        } else {
            appendUtf8(out, c);
        }
        ++chars;
    }
    return out;
}

int hexDigitValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

char32_t nextCodepoint(std::string_view s, std::size_t& i) {
    auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) {
        ++i;
        return 0xFFFD;
    }
    char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < n; ++k) {
        auto cont = static_cast<unsigned char>(s[i + k]);
        if ((cont & 0xC0) != 0x80) {
            ++i;
            return 0xFFFD;
        }
        cp = (cp << 6) | (cont & 0x3F);
    }
    i += n;
    return cp;
}

void appendUtf8(std::string& out, char32_t cp) {
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

namespace {

// Strict UTF-8: the code point at text[i] and its length, or 0 when the bytes there are
// not UTF-8 (overlong forms, surrogates, past U+10FFFF, cut short).
char32_t decodeStrict(std::string_view s, std::size_t i, std::size_t& length) {
    auto c = static_cast<unsigned char>(s[i]);
    length = 1;
    if (c < 0x80) return c;
    std::size_t n = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    char32_t cp = n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < n; ++k) {
        auto cont = static_cast<unsigned char>(s[i + k]);
        if ((cont & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (cont & 0x3F);
    }
    static constexpr char32_t kMin[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    length = n;
    return cp;
}

std::string codepointName(char32_t c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    return buf;
}

// Why a code point may not stay, or nullptr.
const char* unfit(char32_t c) {
    if (c == '\t' || c == '\n' || c == '\r') return nullptr;
    if (c == 0) return "NUL, a control character";
    if (c < 0x20 || c == 0x7F) return "a control character";
    if (c >= 0x80 && c <= 0x9F) return "a C1 control character";
    if ((c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE) return "a noncharacter";
    return nullptr;
}

}  // namespace

std::string TextCleaning::describe() const {
    std::size_t total = replaced + removed + closed;
    std::string out = first;
    if (total > 1) out += "; " + std::to_string(total - 1) + (total == 2 ? " more change" : " more changes");
    std::string what;
    if (replaced) what += std::to_string(replaced) + " replaced with U+FFFD";
    if (removed)
        what += std::string(what.empty() ? "" : ", ") + std::to_string(removed) + " bidi control" +
                (removed > 1 ? "s" : "") + " removed";
    if (closed)
        what += std::string(what.empty() ? "" : ", ") + std::to_string(closed) + " isolate" + (closed > 1 ? "s" : "") +
                " closed";
    return out + " (" + what + ")";
}

namespace {

// One pass of cleanText over `text`: a copy is started only at the first change.
class TextCleaner {
public:
    explicit TextCleaner(const std::string& text) : text_(text) {}

    // Reads the character at `i` that is not printable ASCII; returns its length.
    std::size_t clean(std::size_t i);
    // Ends isolates still open at the end of the text.
    void closeIsolates();
    bool copying() const { return copying_; }
    void append(char c) { out_ += c; }
    void countCharacter() { ++chars_; }

    TextCleaning result;
    std::string& out() { return out_; }

private:
    void note(const std::string& what) {
        if (result.first.empty()) result.first = what + " at character " + std::to_string(chars_ + 1);
    }
    void startCopy(std::size_t upTo) {
        if (copying_) return;
        out_.reserve(text_.size() + 8);
        out_.assign(text_, 0, upTo);
        copying_ = true;
    }

    const std::string& text_;
    std::string out_;
    bool copying_ = false;  // out_ holds text_[0, i) cleaned
    std::size_t chars_ = 0, depth_ = 0;
};

std::size_t TextCleaner::clean(std::size_t i) {
    auto byte = static_cast<unsigned char>(text_[i]);
    std::size_t length = 1;
    char32_t c = decodeStrict(text_, i, length);
    bool broken = byte >= 0x80 && c == 0;
    const char* why = broken ? nullptr : unfit(c);
    if (broken || why) {
        startCopy(i);
        if (broken) {
            char buf[48];
            std::snprintf(buf, sizeof buf, "the byte 0x%02X, which is not UTF-8,", byte);
            note(buf);
        } else {
            note(codepointName(c) + " (" + why + ")");
        }
        appendUtf8(out_, 0xFFFD);
        ++result.replaced;
    } else if (c >= 0x202A && c <= 0x202E) {  // LRE RLE PDF LRO RLO
        startCopy(i);
        note(codepointName(c) + " (a bidi embedding or override)");
        ++result.removed;
    } else if (c >= 0x2066 && c <= 0x2068) {  // LRI RLI FSI
        ++depth_;
        if (copying_) out_.append(text_, i, length);
    } else if (c == 0x2069) {  // PDI
        if (depth_ == 0) {
            startCopy(i);
            note(codepointName(c) + " (the end of a bidi isolate that was never started)");
            ++result.removed;
        } else {
            --depth_;
            if (copying_) out_.append(text_, i, length);
        }
    } else if (copying_) {
        out_.append(text_, i, length);
    }
    return length;
}

void TextCleaner::closeIsolates() {
    if (depth_ == 0) return;
    startCopy(text_.size());
    if (result.first.empty()) result.first = "a bidi isolate (U+2066-U+2068) that is never ended";
    result.closed += depth_;
    for (; depth_ > 0; --depth_) appendUtf8(out_, 0x2069);
}

}  // namespace

TextCleaning cleanText(std::string& text) {
    TextCleaner cleaner(text);
    for (std::size_t i = 0; i < text.size();) {
        auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte < 0x7F) {  // the common case: printable ASCII
            if (cleaner.copying()) cleaner.append(text[i]);
            ++i;
        } else {
            i += cleaner.clean(i);
        }
        cleaner.countCharacter();
    }
    cleaner.closeIsolates();
    if (cleaner.copying()) text = std::move(cleaner.out());
    return cleaner.result;
}

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && text.substr(0, prefix.size()) == prefix;
}

bool iequalsAscii(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

namespace {

bool rightToLeft(char32_t c) {
    return (c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF) ||
           (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF);
}

}  // namespace

std::string isolated(std::string_view data) {
    return "\u2068" + std::string(data) + "\u2069";
}

std::string isolate(std::string_view data) {
    for (std::size_t i = 0; i < data.size();) {
        if (static_cast<unsigned char>(data[i]) < 0x80) {
            ++i;
            continue;
        }
        if (rightToLeft(nextCodepoint(data, i))) return "\u2068" + std::string(data) + "\u2069";
    }
    return std::string(data);
}

}  // namespace hallboard
