// `hallboard fleet DIR`: the fleet at a glance from its status files (kiosk/fleet.hpp).
#include <ostream>

#include "cli/commands.hpp"
#include "kiosk/fleet.hpp"
#include "base/sha256.hpp"
#include "base/text.hpp"

namespace hallboard::cli {

int fleet(const FleetCommandOptions& options, std::ostream& out, std::ostream& err) {
    FleetOptions judged;
    judged.staleAfter = Duration{static_cast<long long>(options.staleAfterSeconds)};
    if (!options.program.empty()) {
        // The bytes, as the kiosks hash them: no parsing, so a program that a kiosk
        // would refuse is still the one to compare with.
        FileRead read = readInputFile(options.program, InputKind::program);
        if (!read.text) {
            err << "hallboard fleet: --program " << options.program << ": " << read.error << "\n";
            return 2;
        }
        judged.programSha256 = sha256Hex(*read.text);
        judged.programFrom = "--program " + options.program;
    }
    std::vector<std::string> notes;
    std::string error;
    auto entries = readStatusDir(options.dir, notes, error);
    if (!entries) {
        err << "hallboard fleet: " << error << "\n";
        return 2;
    }
    Instant now = options.now ? *options.now : std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now());
    FleetReport report = assessFleet(std::move(*entries), now, judged);
    report.dir = options.dir;
    report.notes.insert(report.notes.begin(), notes.begin(), notes.end());
    out << (options.json ? fleetJson(report) : fleetText(report));
    return report.allWell() ? 0 : 1;
}

}  // namespace hallboard::cli
