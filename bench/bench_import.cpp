// Import speed: a generated frab schedule.xml of 900 events over 4 days in 9 rooms,
// with entity-escaped HTML abstracts and two speakers each, as real exports have.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "import/import.hpp"

using namespace hallboard;

namespace {

std::string frabXml(int days, int rooms, int perRoomDay) {
    std::string xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<schedule><version>bench</version><conference>"
                      "<acronym>bench</acronym><title>Benchmark Congress</title><time_zone_name>Europe/Berlin"
                      "</time_zone_name></conference>\n";
    int id = 1;
    for (int d = 0; d < days; ++d) {
        char date[16];
        std::snprintf(date, sizeof date, "2026-12-%02d", 27 + d);
        xml += "<day index=\"" + std::to_string(d + 1) + "\" date=\"" + date + "\" start=\"" + date +
               "T10:00:00+01:00\">\n";
        for (int r = 0; r < rooms; ++r) {
            xml += "<room name=\"Saal " + std::to_string(r + 1) + " / Halle Ä\">\n";
            for (int k = 0; k < perRoomDay; ++k, ++id) {
                char start[8];
                std::snprintf(start, sizeof start, "%02d:%02d", 10 + (k * 50) / 60, (k * 50) % 60);
                xml += "<event guid=\"00000000-0000-0000-0000-" + std::to_string(100000000000 + id) + "\" id=\"" +
                       std::to_string(id) + "\"><date>" + date + "T" + start + ":00+01:00</date><start>" + start +
                       "</start><duration>00:40</duration><room>Saal " + std::to_string(r + 1) +
                       "</room><title>Talk number " + std::to_string(id) +
                       ": Über Systeme &amp; Maschinen</title><subtitle/><track>Track " + std::to_string(id % 7) +
                       "</track><type>lecture</type><abstract>&lt;p&gt;An abstract with &amp;amp; entities and "
                       "escaped HTML, long enough to be realistic. Machine learning systems run on many machines "
                       "and this talk explains how they are scheduled, measured and debugged.&lt;/p&gt;&lt;p&gt;"
                       "A second paragraph.&lt;/p&gt;</abstract><description>Longer description text.</description>"
                       "<persons><person id=\"" +
                       std::to_string(id) + "\">Speaker " + std::to_string(id) + "</person><person id=\"" +
                       std::to_string(id + 100000) + "\">Co-Speaker " + std::to_string(id % 50) +
                       "</person></persons><links/></event>\n";
            }
            xml += "</room>\n";
        }
        xml += "</day>\n";
    }
    return xml + "</schedule>\n";
}

}  // namespace

int main() {
    std::string xml = frabXml(4, 9, 25);  // 900 events
    std::printf("Hallboard import benchmark: frab schedule.xml, 900 events, %.1f MB\n",
                static_cast<double>(xml.size()) / 1e6);
    import::Options options;
    options.referenceYear = 2026;
    double best = 1e9;
    std::size_t talks = 0;
    for (int i = 0; i < 5; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        import::Result r = import::importInputs({{ "bench.xml", xml }}, options);
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        best = std::min(best, ms);
        if (!r.program) {
            std::fprintf(stderr, "import failed\n");
            return 1;
        }
        talks = r.program->talks.size();
    }
    std::printf("  import (best of 5)          %8.1f ms for %zu talks   (target < 200 ms)\n", best, talks);

    // 16,000 events with one title: the ids "same-title-2" ... are made in O(n), not
    // O(n^2) (this took 34 s).
    std::string ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:bench\r\n";
    for (int i = 0; i < 16000; ++i) {
        char when[64];
        int day = 1 + i / 800, slot = i % 800;  // 20 days, 800 a day, each a minute apart
        std::snprintf(when, sizeof when, "DTSTART:202606%02dT%02d%02d00Z\r\nDTEND:202606%02dT%02d%02d00Z\r\n", day,
                      8 + slot / 60, slot % 60, day, 9 + slot / 60, slot % 60);
        ics += "BEGIN:VEVENT\r\nUID:bench-" + std::to_string(i) + "\r\nSUMMARY:Same title\r\n" + when +
               "LOCATION:Room " + std::to_string(i % 10) + "\r\nEND:VEVENT\r\n";
    }
    ics += "END:VCALENDAR\r\n";
    auto t0 = std::chrono::steady_clock::now();
    import::Result same = import::importInputs({{ "same.ics", ics }}, options);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("  16,000 iCal events, 1 title %8.1f ms for %zu talks   (target < 2000 ms)\n", ms,
                same.program ? same.program->talks.size() : 0);
    return talks == 900 && same.program ? 0 : 1;
}
