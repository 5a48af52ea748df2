// Photos and logos from the program, read and decoded defensively: a photo is whatever
// file an organiser (or anyone who can write the program) names. Before stb_image decodes
// anything, the file must be a regular file of bounded size (opened without blocking, so
// a FIFO cannot wedge the decoder), a PNG or a JPEG by its signature, and its header must
// promise bounded dimensions. The decoded picture is then scaled down to the size it is
// drawn at, so a texture never holds more pixels than the screen shows. No SDL: the
// decoder thread (image_decoder.hpp) and the tests use this directly.
#pragma once

#include <cstddef>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hallboard::platform {

struct ImageLimits {
    std::size_t maxFileBytes = 16u << 20;  // a 12-megapixel JPEG is about 5 MB
    int maxSide = 4096;                    // each of width and height, in pixels
    long long maxPixels = 4096LL * 3072;   // 12.6 megapixels: 50 MB decoded, briefly
};

// The whole file, or empty with `error` set: not a regular file (a directory, a FIFO, a
// device), larger than `maxBytes`, unreadable.
std::optional<std::string> readBoundedFile(const std::string& path, std::size_t maxBytes, std::string& error);

struct ImageHeader {
    const char* format = "";  // "PNG" or "JPEG"
    int width = 0, height = 0;
};

// The format and dimensions from the header alone, or empty with `error` saying why
// the picture is refused: not a PNG or JPEG, a broken header, a side of 0 or above
// limits.maxSide, more than limits.maxPixels.
std::optional<ImageHeader> checkImageHeader(std::string_view bytes, const ImageLimits& limits, std::string& error);

struct DecodedImage {
    int width = 0, height = 0;
    std::vector<unsigned char> rgba;  // width * height * 4, straight alpha
};

// Pixels across and down.
using ImageSize = std::array<int, 2>;

// The size to keep for a picture of `size` drawn to cover `box` (the picture may be
// cropped to the box, as avatars are): scaled down to just cover the box, never up, and
// within `maxSide` (a texture limit; 0: none). A box of 0 in one direction is decided by
// the other.
ImageSize coverSize(ImageSize size, ImageSize box, int maxSide);

// Reads, checks and decodes `path`, scaled down to cover `box` (see coverSize).
std::optional<DecodedImage> decodeImageFile(const std::string& path, ImageSize box, int maxTextureSide,
                                            const ImageLimits& limits, std::string& error);

// Why the picture at `path` cannot be shown (empty: it can), as the kiosk would find:
// read, checked and decoded to a small size. For `hallboard check`.
std::string imageProblem(const std::string& path);
// The picture's width and height from its checked header; empty when it cannot be read.
std::optional<std::pair<int, int>> imageSize(const std::string& path);

}  // namespace hallboard::platform
