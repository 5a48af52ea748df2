// HDMI-CEC through the kernel's CEC API (platform/cec.hpp), against a fake adapter behind
// the same ioctl seam: what goes on the bus, the logical address claimed when nobody has,
// and the words for each outcome. The real adapter is tested in the virtual Pi (vivid).
#include <linux/cec.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <fstream>
#include <thread>
#include <vector>

#include "kiosk/kiosk_config.hpp"
#include "platform/cec.hpp"

using namespace hallboard;
using namespace hallboard::platform;

namespace {

// One adapter on a bus: a TV that acknowledges (or not), messages kept as bytes.
struct FakeBus : CecAdapter {
    bool tv = true;         // a TV answers at logical address 0
    int transmitError = 0;  // errno of CEC_TRANSMIT (EBUSY: another program holds it)
    std::uint16_t physical = 0x1000;
    std::uint8_t configured = 0;  // logical addresses already claimed (0: none)
    int claims = 0;
    cec_log_addrs claimed{};
    std::vector<std::vector<std::uint8_t>> sent;
    std::mutex mutex;  // the kiosk's CEC thread transmits while the test reads
    std::size_t messages() {
        std::lock_guard lock(mutex);
        return sent.size();
    }

    int control(unsigned long request, void* argument) override {
        if (request == CEC_ADAP_G_PHYS_ADDR) {
            *static_cast<std::uint16_t*>(argument) = physical;
        } else if (request == CEC_ADAP_G_LOG_ADDRS) {
            auto* a = static_cast<cec_log_addrs*>(argument);
            *a = cec_log_addrs{};
            if (configured) {
                a->num_log_addrs = 1;
                a->log_addr[0] = configured;
            }
        } else if (request == CEC_ADAP_S_LOG_ADDRS) {
            auto* a = static_cast<cec_log_addrs*>(argument);
            ++claims;  // checked by the test's own thread (Catch2's checks are not thread-safe)
            claimed = *a;
            configured = physical == CEC_PHYS_ADDR_INVALID ? CEC_LOG_ADDR_INVALID : 4;  // Playback 1
            a->log_addr[0] = configured;
        } else if (request == CEC_TRANSMIT) {
            std::lock_guard lock(mutex);
            if (transmitError) return transmitError;
            auto* m = static_cast<cec_msg*>(argument);
            sent.emplace_back(m->msg, m->msg + m->len);
            bool broadcast = (m->msg[0] & 0x0f) == 0x0f;
            m->tx_status = broadcast || tv ? CEC_TX_STATUS_OK : (CEC_TX_STATUS_NACK | CEC_TX_STATUS_MAX_RETRIES);
        } else {
            return ENOTTY;
        }
        return 0;
    }
};

}  // namespace

TEST_CASE("CEC standby goes to the TV from a playback address claimed when the adapter has none") {
    FakeBus bus;
    CecLink link(bus);
    CecOutcome out = link.standby();
    CHECK(out.acked);
    CHECK(out.text == "standby sent, acked");
    CHECK(bus.claims == 1);
    CHECK(bus.claimed.num_log_addrs == 1);
    CHECK(bus.claimed.log_addr_type[0] == CEC_LOG_ADDR_TYPE_PLAYBACK);
    CHECK(std::string(bus.claimed.osd_name) == "Hallboard");
    REQUIRE(bus.sent.size() == 1);
    CHECK(bus.sent[0] == std::vector<std::uint8_t>{0x40, 0x36});  // Playback 1 -> TV: <Standby>
    link.standby();
    CHECK(bus.claims == 1);  // claimed once: the adapter keeps it
}

TEST_CASE("CEC wake is Image View On to the TV, then Active Source with the physical address to all") {
    FakeBus bus;
    bus.configured = 8;  // another program claimed Playback 2 already: used as it is
    CecLink link(bus);
    CecOutcome out = link.wake();
    CHECK(out.acked);
    CHECK(out.text == "wake sent, acked");
    CHECK(bus.claims == 0);
    REQUIRE(bus.sent.size() == 2);
    CHECK(bus.sent[0] == std::vector<std::uint8_t>{0x80, 0x04});
    CHECK(bus.sent[1] == std::vector<std::uint8_t>{0x8f, 0x82, 0x10, 0x00});
}

TEST_CASE("CEC says when no TV answers, the adapter is busy, or nothing is connected") {
    FakeBus bus;
    bus.tv = false;
    CecLink link(bus);
    CecOutcome out = link.standby();
    CHECK_FALSE(out.acked);
    CHECK(out.text == "standby: no TV answered");
    out = link.wake();
    CHECK(out.text == "wake: no TV answered");
    CHECK(bus.sent.size() == 2);  // no Active Source after an unanswered Image View On

    FakeBus busy;
    busy.transmitError = EBUSY;
    CHECK(CecLink(busy).standby().text == "standby: transmit: the adapter is busy (another program holds it)");

    FakeBus unplugged;
    unplugged.physical = CEC_PHYS_ADDR_INVALID;
    CecOutcome none = CecLink(unplugged).standby();
    CHECK_FALSE(none.acked);
    CHECK(none.text == "standby: no TV connected (the adapter has no physical address)");
    CHECK(unplugged.sent.empty());
}

TEST_CASE("The kiosk's CEC thread wakes the TV at start, then sends only changes, each outcome logged once") {
    auto bus = std::make_unique<FakeBus>();
    FakeBus* seen = bus.get();
    CecPanel panel(std::move(bus), "/dev/fake-cec");
    // Until the outcome is `state` (at most 2 s), then a moment for anything more to be sent.
    auto settle = [&](const std::string& state) {
        for (int i = 0; i < 400 && panel.state() != state; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds{5});
        std::this_thread::sleep_for(std::chrono::milliseconds{50});
    };
    CHECK(panel.state().empty());
    CHECK_FALSE(panel.toLog());
    // At start the TV may be in standby (a kiosk stopped in quiet hours): woken.
    panel.set(true);
    panel.set(true);
    settle("wake sent, acked");
    CHECK(seen->messages() == 2);
    CHECK(panel.state() == "wake sent, acked");
    CHECK(panel.toLog() == std::optional<std::string>("wake sent, acked"));
    CHECK_FALSE(panel.toLog());
    panel.set(false);
    panel.set(false);
    settle("standby sent, acked");
    CHECK(seen->messages() == 3);
    CHECK(panel.state() == "standby sent, acked");
    CHECK(panel.toLog() == std::optional<std::string>("standby sent, acked"));
}

TEST_CASE("display.cec names a character device that answers as a CEC adapter, or nothing") {
    CHECK_FALSE(cecDevicePath("off"));
    CHECK(cecDevicePath("/dev/cec7") == std::optional<std::string>("/dev/cec7"));
    std::string why;
    CHECK_FALSE(openCecAdapter("/nonexistent/cec0", why));
    CHECK_THAT(why, Catch::Contains("cannot open /nonexistent/cec0"));
    // A regular file, a FIFO (opened without hanging) and a character device that is not
    // an adapter are refused with the reason.
    auto dir = std::filesystem::temp_directory_path() / ("hallboard-cec-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::string file = (dir / "file").string(), fifo = (dir / "fifo").string();
    { std::ofstream(file) << "x"; }
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_FALSE(openCecAdapter(file, why));
    CHECK(why == file + " is not a character device");
    CHECK_FALSE(openCecAdapter(fifo, why));
    CHECK(why == fifo + " is not a character device");
    CHECK_FALSE(openCecAdapter("/dev/null", why));
    CHECK_THAT(why, Catch::StartsWith("/dev/null is not a CEC adapter"));
    std::filesystem::remove_all(dir);
}
