// libFuzzer target: the program loader, then what the kiosk does with what it loaded.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "model/program_json.hpp"
#include "model/scheduler.hpp"
#include "model/wording.hpp"

using namespace hallboard;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    ProgramLoad load = parseProgram(text, "fuzz.json");
    if (!load.ok()) return 0;
    const Program& p = *load.program;
    (void)serializeProgram(p);
    Scheduler s(p);
    if (auto first = s.firstStart()) {
        for (Instant t : {*first, *first + std::chrono::hours{1}, *s.lastEnd()}) {
            (void)s.roomsAt(t);
            (void)s.dayAt(t);
            (void)s.liveOrStartingBefore(t, t + std::chrono::hours{3});
            (void)s.nextChange(t);
        }
    }
    for (const Talk& t : p.talks) (void)headline(t);
    return 0;
}
