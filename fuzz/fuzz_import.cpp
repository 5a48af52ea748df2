// libFuzzer target: every importer. The first byte picks the reader, the rest is the
// input: the byte's value modulo 10 indexes kFormatNames ("auto" is detection by
// content). tools/fuzz.sh reads this table to give each seed the byte of its format, so
// keep one quoted name per entry, in this order (crash inputs saved so far rely on it).
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>

#include "model/program_json.hpp"
#include "import/import.hpp"

using namespace hallboard;

namespace {

constexpr const char* kFormatNames[] = {
    "auto",   "day-schedule", "paper-list", "session-page", "arxiv",
    "awards", "frab-xml",     "voc-json",   "ical",         "hallboard",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    import::Options options;
    options.format = import::parseFormat(kFormatNames[data[0] % std::size(kFormatNames)]).value();
    options.referenceYear = 2026;
    std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    import::Result r = import::importInputs({{ "fuzz", text }}, options);
    if (r.program) (void)serializeProgram(*r.program);
    return 0;
}
