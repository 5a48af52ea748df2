// libFuzzer target: the kiosk configuration loader.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "kiosk/kiosk_config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)hallboard::parseKioskConfig(text, "fuzz.json", "/tmp");
    return 0;
}
