// See cec.hpp.
#include "platform/cec.hpp"

#include <fcntl.h>
#include <linux/cec-funcs.h>
#include <linux/cec.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/files.hpp"
#include "kiosk/kiosk_config.hpp"
#include "base/text.hpp"

namespace hallboard::platform {

namespace {

class KernelCecAdapter : public CecAdapter {
public:
    explicit KernelCecAdapter(FileDescriptor fd) : fd_(std::move(fd)) {}
    int control(unsigned long request, void* argument) override {
        for (;;) {
            if (::ioctl(fd_.get(), request, argument) == 0) return 0;
            if (errno != EINTR) return errno;
        }
    }

private:
    FileDescriptor fd_;
};

// A transmit that did not reach the TV, in words.
std::string txFailure(const cec_msg& msg) {
    if ((msg.tx_status & CEC_TX_STATUS_NACK) != 0) return "no TV answered";
    if ((msg.tx_status & CEC_TX_STATUS_ARB_LOST) != 0) return "the bus was busy (arbitration lost)";
    if ((msg.tx_status & CEC_TX_STATUS_TIMEOUT) != 0) return "the adapter timed out";
    if ((msg.tx_status & CEC_TX_STATUS_ABORTED) != 0) return "the transmit was aborted (HDMI unplugged?)";
    return "the adapter reported an error (tx_status " + std::to_string(msg.tx_status) + ")";
}

std::string ioctlFailure(const char* what, int error) {
    switch (error) {
    case EBUSY: return std::string(what) + ": the adapter is busy (another program holds it)";
    case ENONET: return std::string(what) + ": no logical address (no TV connected?)";
    case ENODEV: return std::string(what) + ": the adapter is gone (unplugged?)";
    default: return std::string(what) + ": " + systemMessage(error);
    }
}

}  // namespace

std::unique_ptr<CecAdapter> openCecAdapter(const std::string& path, std::string& why) {
    // O_NONBLOCK for the open only (a FIFO named by mistake must not hang the kiosk),
    // then checked on the descriptor itself: a character device, and a CEC adapter.
    FileDescriptor fd = openFile(path, O_RDWR | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (!fd) {
        why = "cannot open " + path + ": " + systemMessage(errno);
        return nullptr;
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0 || !S_ISCHR(st.st_mode)) {
        why = path + " is not a character device";
        return nullptr;
    }
    int flags = ::fcntl(fd.get(), F_GETFL);
    if (flags < 0 || ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK) != 0) {
        why = "cannot use " + path + ": " + systemMessage(errno);
        return nullptr;
    }
    auto adapter = std::make_unique<KernelCecAdapter>(std::move(fd));
    cec_caps caps{};
    if (int error = adapter->control(CEC_ADAP_G_CAPS, &caps); error != 0) {
        why = path + " is not a CEC adapter (" + systemMessage(error) + ")";
        return nullptr;
    }
    if ((caps.capabilities & CEC_CAP_TRANSMIT) == 0) {
        why = path + " (" + std::string(caps.driver, strnlen(caps.driver, sizeof caps.driver)) + ") cannot transmit";
        return nullptr;
    }
    return adapter;
}

std::string CecLink::ready() {
    if (int error = adapter_.control(CEC_ADAP_G_PHYS_ADDR, &physical_); error != 0)
        return ioctlFailure("physical address", error);
    cec_log_addrs addrs{};
    if (int error = adapter_.control(CEC_ADAP_G_LOG_ADDRS, &addrs); error != 0)
        return ioctlFailure("logical addresses", error);
    if (addrs.num_log_addrs == 0) {
        // Nobody configured the adapter (a Pi's own under KMS is not): claimed as a
        // playback device, which the TV lists by this name.
        addrs = cec_log_addrs{};
        addrs.cec_version = CEC_OP_CEC_VERSION_1_4;
        addrs.vendor_id = CEC_VENDOR_ID_NONE;
        std::strncpy(addrs.osd_name, "Hallboard", sizeof addrs.osd_name - 1);
        addrs.num_log_addrs = 1;
        addrs.primary_device_type[0] = CEC_OP_PRIM_DEVTYPE_PLAYBACK;
        addrs.log_addr_type[0] = CEC_LOG_ADDR_TYPE_PLAYBACK;
        addrs.all_device_types[0] = CEC_OP_ALL_DEVTYPE_PLAYBACK;
        if (int error = adapter_.control(CEC_ADAP_S_LOG_ADDRS, &addrs); error != 0)
            return ioctlFailure("claiming a logical address", error);
    }
    logical_ = addrs.num_log_addrs > 0 ? addrs.log_addr[0] : CEC_LOG_ADDR_INVALID;
    if (logical_ == CEC_LOG_ADDR_INVALID)
        return physical_ == CEC_PHYS_ADDR_INVALID ? "no TV connected (the adapter has no physical address)"
                                                  : "no logical address could be claimed";
    return {};
}

std::string CecLink::send(const void* message) {
    cec_msg msg = *static_cast<const cec_msg*>(message);
    if (int error = adapter_.control(CEC_TRANSMIT, &msg); error != 0) return ioctlFailure("transmit", error);
    if ((msg.tx_status & CEC_TX_STATUS_OK) == 0) return txFailure(msg);
    return {};
}

CecOutcome CecLink::standby() {
    if (std::string why = ready(); !why.empty()) return {false, "standby: " + why};
    cec_msg msg{};
    cec_msg_init(&msg, logical_, CEC_LOG_ADDR_TV);
    cec_msg_standby(&msg);
    if (std::string why = send(&msg); !why.empty()) return {false, "standby: " + why};
    return {true, "standby sent, acked"};
}

CecOutcome CecLink::wake() {
    if (std::string why = ready(); !why.empty()) return {false, "wake: " + why};
    cec_msg msg{};
    cec_msg_init(&msg, logical_, CEC_LOG_ADDR_TV);
    cec_msg_image_view_on(&msg);
    if (std::string why = send(&msg); !why.empty()) return {false, "wake: " + why};
    // Then this input is the one shown (broadcast: nobody acknowledges it).
    cec_msg_init(&msg, logical_, CEC_LOG_ADDR_BROADCAST);
    cec_msg_active_source(&msg, physical_);
    if (std::string why = send(&msg); !why.empty()) return {true, "wake sent, acked; active source: " + why};
    return {true, "wake sent, acked"};
}

CecPanel::CecPanel(std::unique_ptr<CecAdapter> adapter, std::string path)
    : adapter_(std::move(adapter)), path_(std::move(path)), link_(*adapter_), worker_(&CecPanel::work, this) {}

CecPanel::~CecPanel() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wanted_.notify_all();
    worker_.join();
}

void CecPanel::set(bool on) {
    {
        std::lock_guard lock(mutex_);
        if (asked_ == on) return;
        asked_ = on;
    }
    wanted_.notify_all();
}

void CecPanel::work() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wanted_.wait(lock, [this] { return stop_ || asked_ != done_; });
        if (stop_) return;
        bool on = *asked_;
        done_ = on;
        lock.unlock();
        CecOutcome outcome = on ? link_.wake() : link_.standby();
        lock.lock();
        state_ = outcome.text;
    }
}

std::string CecPanel::state() const {
    std::lock_guard lock(mutex_);
    return state_;
}

std::optional<std::string> CecPanel::toLog() {
    std::lock_guard lock(mutex_);
    if (state_.empty() || state_ == logged_) return std::nullopt;
    logged_ = state_;
    return state_;
}

std::unique_ptr<CecPanel> startCec(const std::string& setting, std::ostream& log) {
    std::optional<std::string> path = cecDevicePath(setting);
    if (!path) return nullptr;
    std::string why;
    std::unique_ptr<CecAdapter> adapter = openCecAdapter(*path, why);
    if (!adapter) {
        log << "hallboard: HDMI-CEC off: " << why << "\n";
        return nullptr;
    }
    log << "hallboard: HDMI-CEC on " << *path << ": the TV goes to standby in blank quiet hours\n";
    return std::make_unique<CecPanel>(std::move(adapter), *path);
}

}  // namespace hallboard::platform
