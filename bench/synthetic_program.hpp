// A deterministic synthetic conference for benchmarks and scale tests: `talks` talks in
// `rooms` rooms over `days` days, five talks a session, realistic abstract lengths.
#pragma once

#include <cstdint>

#include "model/program.hpp"

namespace hallboard::bench {

struct SyntheticSpec {
    int talks = 10000;
    int rooms = 50;
    int days = 5;
    std::uint32_t seed = 1;
    const char* zone = "Europe/Berlin";
    int firstYear = 2026, firstMonth = 6, firstDay = 8;
};

Program syntheticProgram(const SyntheticSpec& spec);

}  // namespace hallboard::bench
