// See synthetic_program.hpp.
#include "synthetic_program.hpp"

#include <array>
#include <random>
#include <string>

namespace hallboard::bench {

namespace {

constexpr std::array<const char*, 24> kWords{
    "sparse",    "tensor",      "compiler",  "training",  "inference", "pipeline", "scheduling", "memory",
    "quantized", "accelerator", "federated", "graph",     "kernel",    "latency",  "throughput", "distributed",
    "Gonçalves", "Müller",      "systems",   "efficient", "learning",  "hardware", "edge",       "benchmark"};

std::string words(std::mt19937& rng, int count) {
    std::uniform_int_distribution<std::size_t> pick(0, kWords.size() - 1);
    std::string out;
    for (int i = 0; i < count; ++i) {
        if (i) out += ' ';
        out += kWords[pick(rng)];
    }
    return out;
}

}  // namespace

Program syntheticProgram(const SyntheticSpec& spec) {
    constexpr int kTalksPerSession = 5;
    constexpr int kTalkMinutes = 20;
    std::mt19937 rng(spec.seed);
    Program p;
    p.conference.name = "Synthetic Systems Conference";
    p.conference.shortName = "SynthConf";
    p.conference.venue = "Convention Centre";
    p.conference.zone = TimeZone::locate(spec.zone);

    for (int r = 0; r < spec.rooms; ++r) {
        Room room;
        room.id = "room-" + std::to_string(r + 1);
        room.name = "Room " + std::to_string(r + 1);
        p.rooms.push_back(std::move(room));
    }
    for (int t = 0; t < 8; ++t)
        p.tracks.push_back({"track-" + std::to_string(t + 1), "Track " + std::to_string(t + 1),
                            Color{static_cast<std::uint8_t>(30 * t), 120, static_cast<std::uint8_t>(200 - 20 * t)}});

    const int sessionsTotal = (spec.talks + kTalksPerSession - 1) / kTalksPerSession;
    const int perRoomDay = (sessionsTotal + spec.rooms * spec.days - 1) / (spec.rooms * spec.days);
    LocalDay first{date::year{spec.firstYear} / spec.firstMonth / spec.firstDay};
    int talksLeft = spec.talks;
    for (int d = 0; d < spec.days && talksLeft > 0; ++d) {
        for (int r = 0; r < spec.rooms && talksLeft > 0; ++r) {
            for (int k = 0; k < perRoomDay && talksLeft > 0; ++k) {
                Session s;
                auto index = static_cast<Index>(p.sessions.size());
                s.id = "s" + std::to_string(index + 1);
                s.title = "Session on " + words(rng, 2);
                s.kind = SessionKind::oral;
                s.room = static_cast<Index>(r);
                s.track = static_cast<Index>(index % p.tracks.size());
                LocalTime start{(first + date::days{d}).time_since_epoch() + std::chrono::hours{8} +
                                std::chrono::minutes{k * (kTalksPerSession * kTalkMinutes + 10)}};
                s.time.start = p.conference.zone.fromLocal(start);
                s.time.end = s.time.start + std::chrono::minutes{kTalksPerSession * kTalkMinutes};
                p.sessions.push_back(s);
                for (int t = 0; t < kTalksPerSession && talksLeft > 0; ++t, --talksLeft) {
                    Talk talk;
                    talk.id = "t" + std::to_string(p.talks.size() + 1);
                    talk.title = "Towards " + words(rng, 6);
                    talk.authors = {words(rng, 2), words(rng, 2), words(rng, 2)};
                    talk.abstract = words(rng, 120);
                    talk.session = index;
                    p.sessions.back().talks.push_back(static_cast<Index>(p.talks.size()));
                    p.talks.push_back(std::move(talk));
                }
            }
        }
    }
    assignTalkSlots(p);
    return p;
}

}  // namespace hallboard::bench
