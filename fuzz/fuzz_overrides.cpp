// libFuzzer target: the overrides file, applied to a small two-room program, then the
// scheduler's questions asked of the result (shifted, cancelled and moved sessions).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "model/overrides.hpp"
#include "model/program_json.hpp"
#include "model/scheduler.hpp"
#include "model/wording.hpp"

namespace {

const hallboard::Program& baseProgram() {
    static const hallboard::Program program = [] {
        auto load = hallboard::parseProgram(R"({"format": "hallboard-program", "version": 1,
          "conference": {"name": "Fuzz", "time_zone": "Europe/Berlin"},
          "rooms": [{"id": "a", "name": "Hall A"}, {"id": "b", "name": "Hall B"}],
          "sessions": [
            {"id": "s1", "title": "One", "start": "2026-06-08T09:00", "end": "2026-06-08T10:30", "room": "a",
             "talks": [{"id": "t1", "title": "First"}, {"id": "t2", "title": "Second"}]},
            {"id": "s2", "title": "Two", "start": "2026-06-08T10:00", "end": "2026-06-08T11:00", "room": "b"},
            {"id": "s3", "kind": "break", "start": "2026-06-08T10:30", "end": "2026-06-08T11:00", "room": "a"}]})",
                                            "fuzz-program.json");
        return std::move(*load.program);
    }();
    return program;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hallboard;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    OverridesLoad load = parseOverrides(text, "fuzz.json");
    if (!load.ok()) return 0;
    Program program = baseProgram();
    std::vector<Diagnostic> diags;
    if (!applyOverrides(program, *load.overrides, "fuzz.json", diags)) return 0;
    Scheduler scheduler(program);
    Instant t = *scheduler.firstStart() - std::chrono::hours{1};
    for (int i = 0; i < 16; ++i, t += std::chrono::minutes{15}) {
        for (const RoomStatus& r : scheduler.roomsAt(t))
            if (r.away) (void)changeLine(program, program.sessions[*r.away], r.room);
        (void)scheduler.liveOrStartingBefore(t, t + std::chrono::hours{3});
    }
    for (const Talk& talk : program.talks) (void)changeLine(talk);
    return 0;
}
