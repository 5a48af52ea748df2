// See image_file.hpp.
#include "platform/image_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <sys/stat.h>

#include <stb/stb_image.h>
#include <stb/stb_image_resize.h>

#include "base/files.hpp"
#include "base/text.hpp"

namespace hallboard::platform {

namespace {

std::string megabytes(std::size_t bytes) {
    return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MB";
}

}  // namespace

std::optional<std::string> readBoundedFile(const std::string& path, std::size_t maxBytes, std::string& error) {
    BoundedRead read = readBounded(path, maxBytes);
    switch (read.problem) {
    case BoundedRead::Problem::none: return std::move(read.bytes);
    case BoundedRead::Problem::open:
    case BoundedRead::Problem::read: error = systemMessage(read.error); break;
    case BoundedRead::Problem::notRegular:
        error = S_ISDIR(read.mode) ? "a directory, not a file" : "not a regular file (a FIFO, socket or device)";
        break;
    case BoundedRead::Problem::tooLarge:
        error = "the file is " + std::string(read.sizeAtLeast ? "over " : "") + megabytes(read.size) +
                ", more than the " + megabytes(maxBytes) + " allowed";
        break;
    }
    return std::nullopt;
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

ImageSize coverSize(ImageSize size, ImageSize box, int maxSide) {
    double w = std::max(1, size[0]), h = std::max(1, size[1]);
    double scale = std::max(std::max(0, box[0]) / w, std::max(0, box[1]) / h);
    if (scale <= 0 || scale > 1) scale = 1;
    if (maxSide > 0) scale = std::min(scale, std::min(maxSide / w, maxSide / h));
    return {std::clamp(static_cast<int>(std::ceil(w * scale - 1e-6)), 1, static_cast<int>(w)),
            std::clamp(static_cast<int>(std::ceil(h * scale - 1e-6)), 1, static_cast<int>(h))};
}

std::optional<DecodedImage> decodeImageFile(const std::string& path, ImageSize box, int maxTextureSide,
                                            const ImageLimits& limits, std::string& error) {
    auto bytes = readBoundedFile(path, limits.maxFileBytes, error);
    if (!bytes) return std::nullopt;
    auto header = checkImageHeader(*bytes, limits, error);
    if (!header) return std::nullopt;
    int w = 0, h = 0, n = 0;
    stbi_uc* pixels = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes->data()),
                                            static_cast<int>(bytes->size()), &w, &h, &n, 4);
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
    const ImageSize kept = coverSize({w, h}, box, maxTextureSide);
    out.width = kept[0];
    out.height = kept[1];
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
    if (!decodeImageFile(path, {64, 64}, 0, ImageLimits{}, error)) return error.empty() ? "cannot be read" : error;
    return {};
}

}  // namespace hallboard::platform
