// See image_file.hpp.
#include "platform/image_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <stb/stb_image.h>
#include <stb/stb_image_resize.h>

#include "core/text.hpp"

namespace hallboard::platform {

namespace {

struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

std::string megabytes(std::size_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MB"; }

}  // namespace

std::optional<std::string> readBoundedFile(const std::string& path, std::size_t maxBytes, std::string& error) {
    // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for
    // one; fstat then refuses it, as every other file that is not a regular file.
    Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
    if (f.fd < 0) {
        error = systemMessage(errno);
        return std::nullopt;
    }
    struct stat st {};
    if (::fstat(f.fd, &st) != 0) {
        error = systemMessage(errno);
        return std::nullopt;
    }
    if (!S_ISREG(st.st_mode)) {
        error = S_ISDIR(st.st_mode) ? "a directory, not a file" : "not a regular file (a FIFO, socket or device)";
        return std::nullopt;
    }
    if (st.st_size < 0 || static_cast<unsigned long long>(st.st_size) > maxBytes) {
        error = "the file is " + megabytes(static_cast<std::size_t>(st.st_size)) + ", more than the " + megabytes(maxBytes) +
                " allowed";
        return std::nullopt;
    }
    std::string out;
    out.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    // At most the size fstat gave: a file that grows while read is cut there, never
    // read without end.
    while (got < out.size()) {
        ssize_t n = ::read(f.fd, out.data() + got, out.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            error = systemMessage(errno);
            return std::nullopt;
        }
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    out.resize(got);
    return out;
}

std::optional<ImageHeader> checkImageHeader(std::string_view bytes, const ImageLimits& limits, std::string& error) {
    ImageHeader h;
    static constexpr unsigned char kPng[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    static constexpr unsigned char kJpeg[3] = {0xFF, 0xD8, 0xFF};
    if (bytes.size() >= 8 && std::memcmp(bytes.data(), kPng, 8) == 0) {
        h.format = "PNG";
    } else if (bytes.size() >= 3 && std::memcmp(bytes.data(), kJpeg, 3) == 0) {
        h.format = "JPEG";
    } else {
        error = bytes.empty() ? "the file is empty" : "not a PNG or JPEG image";
        return std::nullopt;
    }
    if (bytes.size() > static_cast<std::size_t>(INT32_MAX)) {
        error = "the file is too large";
        return std::nullopt;
    }
    int comp = 0;
    if (!stbi_info_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), static_cast<int>(bytes.size()), &h.width,
                               &h.height, &comp)) {
        error = std::string("a broken ") + h.format + " header";
        if (const char* why = stbi_failure_reason()) error += std::string(" (") + why + ")";
        return std::nullopt;
    }
    std::string dims = std::to_string(h.width) + " x " + std::to_string(h.height) + " pixels";
    if (h.width < 1 || h.height < 1) {
        error = dims + ": an empty picture";
        return std::nullopt;
    }
    if (h.width > limits.maxSide || h.height > limits.maxSide) {
        error = dims + ": a side is above " + std::to_string(limits.maxSide);
        return std::nullopt;
    }
    if (static_cast<long long>(h.width) * h.height > limits.maxPixels) {
        error = dims + ": more than " + std::to_string(limits.maxPixels / 1000000) + " megapixels";
        return std::nullopt;
    }
    return h;
}

void coverSize(int width, int height, int boxWidth, int boxHeight, int maxSide, int& outWidth, int& outHeight) {
    double w = std::max(1, width), h = std::max(1, height);
    double scale = std::max(std::max(0, boxWidth) / w, std::max(0, boxHeight) / h);
    if (scale <= 0 || scale > 1) scale = 1;
    if (maxSide > 0) scale = std::min(scale, std::min(maxSide / w, maxSide / h));
    outWidth = std::clamp(static_cast<int>(std::ceil(w * scale - 1e-6)), 1, static_cast<int>(w));
    outHeight = std::clamp(static_cast<int>(std::ceil(h * scale - 1e-6)), 1, static_cast<int>(h));
}

std::optional<DecodedImage> decodeImageFile(const std::string& path, int boxWidth, int boxHeight, int maxTextureSide,
                                            const ImageLimits& limits, std::string& error) {
    auto bytes = readBoundedFile(path, limits.maxFileBytes, error);
    if (!bytes) return std::nullopt;
    auto header = checkImageHeader(*bytes, limits, error);
    if (!header) return std::nullopt;
    int w = 0, h = 0, n = 0;
    stbi_uc* pixels = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes->data()), static_cast<int>(bytes->size()),
                                            &w, &h, &n, 4);
    bytes.reset();
    if (!pixels) {
        error = std::string("cannot decode the ") + header->format;
        if (const char* why = stbi_failure_reason()) error += std::string(" (") + why + ")";
        return std::nullopt;
    }
    std::unique_ptr<stbi_uc, void (*)(void*)> owned(pixels, stbi_image_free);
    if (w != header->width || h != header->height) {  // stb read a header other than it reported
        error = "the decoded size differs from the header's";
        return std::nullopt;
    }
    DecodedImage out;
    coverSize(w, h, boxWidth, boxHeight, maxTextureSide, out.width, out.height);
    out.rgba.resize(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height) * 4);
    if (out.width == w && out.height == h) {
        std::memcpy(out.rgba.data(), pixels, out.rgba.size());
    } else if (!stbir_resize_uint8_srgb(pixels, w, h, 0, out.rgba.data(), out.width, out.height, 0, 4, 3, 0)) {
        error = "cannot scale the picture down";
        return std::nullopt;
    }
    return out;
}

std::optional<std::pair<int, int>> imageSize(const std::string& path) {
    std::string error;
    ImageLimits limits;
    auto bytes = readBoundedFile(path, limits.maxFileBytes, error);
    if (!bytes) return std::nullopt;
    auto header = checkImageHeader(*bytes, limits, error);
    if (!header) return std::nullopt;
    return std::pair{header->width, header->height};
}

std::string imageProblem(const std::string& path) {
    std::string error;
    if (!decodeImageFile(path, 64, 64, 0, ImageLimits{}, error)) return error.empty() ? "cannot be read" : error;
    return {};
}

}  // namespace hallboard::platform
