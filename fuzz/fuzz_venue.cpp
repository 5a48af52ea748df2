// libFuzzer target: the venue file reader and the routes over what it reads
// (model/venue.hpp), against a small program with three rooms.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "model/program_json.hpp"
#include "model/venue.hpp"

namespace {

const hallboard::Program& program() {
    static const hallboard::Program p = [] {
        auto load = hallboard::parseProgram(R"({"format": "hallboard-program", "version": 1,
            "conference": {"name": "Fuzz", "time_zone": "UTC"},
            "rooms": [{"id": "a", "name": "Hall A"}, {"id": "b", "name": "Hall B"}, {"id": "main-room", "name": "Main room"}]})",
                                            "program.json");
        return load.program ? std::move(*load.program) : hallboard::Program{};
    }();
    return p;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    hallboard::VenueLoad load = hallboard::parseVenue(text, "fuzz.json", "/nonexistent", program());
    if (!load.venue || load.venue->points.empty()) return 0;
    // Directions from the first point, facing north-east, both ways of walking.
    for (bool stepFree : {false, true}) {
        std::vector<hallboard::Diagnostic> diags;
        (void)hallboard::planWayfinding(*load.venue, program(), {load.venue->points.front().id, 45}, stepFree,
                                        {"k.json", diags});
    }
    return 0;
}
