// libFuzzer target: every importer. The first byte picks the format (or detection by
// content), the rest is the input.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/program_json.hpp"
#include "import/import.hpp"

using namespace hallboard;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static const import::Format formats[] = {
        import::Format::automatic,   import::Format::daySchedule, import::Format::paperList, import::Format::sessionPage,
        import::Format::arxivListing, import::Format::awardPage,  import::Format::frabXml,   import::Format::vocJson,
        import::Format::ical,        import::Format::hallboard,
    };
    import::Options options;
    options.format = formats[data[0] % (sizeof formats / sizeof formats[0])];
    options.referenceYear = 2026;
    std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    import::Result r = import::importInputs({{"fuzz", text}}, options);
    if (r.program) (void)serializeProgram(*r.program);
    return 0;
}
