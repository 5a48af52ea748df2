// Photos and logos decoded off the render thread: one background thread takes requests
// from a bounded queue, reads, checks and decodes each (image_file.hpp) and leaves the
// pixels for the render thread to collect and turn into textures. The render thread never
// waits for a file or a decoder. No SDL: `onReady` tells the owner that results wait
// (the kiosk wakes its loop with an SDL event).
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "platform/image_file.hpp"

namespace hallboard::platform {

class ImageDecoder {
public:
    struct Request {
        std::string key;   // the caller's name for the result
        std::string path;  // the file
        int boxWidth = 0, boxHeight = 0, maxTextureSide = 0;
    };
    struct Result {
        std::string key, path;
        std::optional<DecodedImage> image;
        std::string error;  // why there is no image
    };

    explicit ImageDecoder(ImageLimits limits = {}, std::size_t maxQueued = 16, std::function<void()> onReady = {});
    ~ImageDecoder();
    ImageDecoder(const ImageDecoder&) = delete;
    ImageDecoder& operator=(const ImageDecoder&) = delete;

    // False when the queue is full: ask again later (the next frame does).
    bool request(Request r);
    // Everything decoded (or refused) since the last call.
    std::vector<Result> take();
    // Waits until no request is queued or being decoded, at most `timeout`. True when idle.
    bool waitIdle(std::chrono::milliseconds timeout);
    // Drops queued requests (not the one being decoded; its result is still delivered).
    void cancelQueued();

private:
    void run();

    ImageLimits limits_;
    std::size_t maxQueued_;
    std::function<void()> onReady_;
    std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::deque<Request> queue_;
    std::vector<Result> results_;
    bool busy_ = false;
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace hallboard::platform
