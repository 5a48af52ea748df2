// `hallboard fleet DIR`: the fleet at a glance from its status files (kiosk/fleet.hpp).
#include <cmath>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "cli/commands.hpp"
#include "kiosk/fleet.hpp"
#include "kiosk/play_log.hpp"
#include "base/json_reader.hpp"
#include "base/sha256.hpp"
#include "base/text.hpp"

namespace hallboard::cli {

namespace {

// "1:02:03" for a total of seconds.
std::string hoursMinutes(double seconds) {
    auto s = static_cast<long long>(seconds + 0.5);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    return buf;
}

// Proof of play: the plays files' totals, one line each, or JSON.
int plays(const FleetCommandOptions& options, std::ostream& out, std::ostream& err) {
    std::error_code ec;
    if (!std::filesystem::is_directory(options.dir, ec)) {
        err << "hallboard fleet: " << options.dir << ": no such folder\n";
        return 2;  // a usage error, as for the status report
    }
    PlaysFolder folder = readPlaysFolder(options.dir);
    for (const std::string& p : folder.problems) err << "hallboard fleet: " << p << "\n";
    if (options.json) {
        Json list = Json::array();
        for (const PlayTotal& t : folder.totals)
            list.push_back({{"day", t.day},
                            {"kiosk", t.kiosk},
                            {"page", t.page},
                            {"title", t.title},
                            {"plays", t.plays},
                            {"seconds", std::round(t.seconds * 10) / 10}});
        out << Json{{"plays", list}}.dump(1, ' ', false, Json::error_handler_t::replace) << "\n";
        return 0;
    }
    if (folder.totals.empty()) {
        out << "No plays in " << options.dir << " (kiosks write them beside their status: \"fleet\": "
            << "{\"status_dir\"})\n";
        return 0;
    }
    // Columns as wide as their widest entry.
    std::vector<std::pair<std::string, std::string>> rows;
    std::size_t kioskW = 6, whatW = 4;
    for (const PlayTotal& t : folder.totals) {
        rows.emplace_back(excerpt(t.kiosk, 40), excerpt(t.page + (t.title.empty() ? "" : " \"" + t.title + "\""), 80));
        kioskW = std::max(kioskW, rows.back().first.size());
        whatW = std::max(whatW, rows.back().second.size());
    }
    auto pad = [](std::string text, std::size_t width) {
        return text + std::string(width - std::min(width, text.size()) + 2, ' ');
    };
    out << "day         " << pad("screen", kioskW) << pad("page", whatW) << "seconds (h:mm:ss)  plays\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const PlayTotal& t = folder.totals[i];
        std::string secs =
            std::to_string(static_cast<long long>(t.seconds + 0.5)) + " (" + hoursMinutes(t.seconds) + ")";
        out << t.day << "  " << pad(rows[i].first, kioskW) << pad(rows[i].second, whatW) << pad(secs, 17) << t.plays
            << "\n";
    }
    return 0;
}

}  // namespace

int fleet(const FleetCommandOptions& options, std::ostream& out, std::ostream& err) {
    if (options.plays) return plays(options, out, err);
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
