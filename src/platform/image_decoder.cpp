// See image_decoder.hpp.
#include "platform/image_decoder.hpp"

#include <utility>

namespace hallboard::platform {

ImageDecoder::ImageDecoder(ImageLimits limits, std::size_t maxQueued, std::function<void()> onReady)
    : limits_(limits), maxQueued_(maxQueued), onReady_(std::move(onReady)), thread_([this] { run(); }) {}

ImageDecoder::~ImageDecoder() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
        queue_.clear();
    }
    wake_.notify_all();
    thread_.join();  // after at most the decode in progress (bounded by the limits)
}

bool ImageDecoder::request(Request r) {
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() >= maxQueued_) return false;
        queue_.push_back(std::move(r));
    }
    wake_.notify_one();
    return true;
}

std::vector<ImageDecoder::Result> ImageDecoder::take() {
    std::lock_guard lock(mutex_);
    return std::exchange(results_, {});
}

bool ImageDecoder::waitIdle(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return idle_.wait_for(lock, timeout, [&] { return queue_.empty() && !busy_; });
}

void ImageDecoder::cancelQueued() {
    std::lock_guard lock(mutex_);
    queue_.clear();
    if (!busy_) idle_.notify_all();
}

void ImageDecoder::run() {
    std::unique_lock lock(mutex_);
    while (true) {
        wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
        if (stop_) return;
        Request r = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
        lock.unlock();
        Result result{r.key, r.path, std::nullopt, {}};
        try {
            result.image = decodeImageFile(r.path, {r.boxWidth, r.boxHeight}, r.maxTextureSide, limits_, result.error);
        } catch (const std::exception& e) {  // out of memory: one picture fails, not the kiosk
            result.image.reset();
            result.error = e.what();
        }
        lock.lock();
        results_.push_back(std::move(result));
        busy_ = false;
        bool idle = queue_.empty();
        lock.unlock();
        if (onReady_) onReady_();
        if (idle) idle_.notify_all();
        lock.lock();
    }
}

}  // namespace hallboard::platform
