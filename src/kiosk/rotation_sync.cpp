// See rotation_sync.hpp.
#include "kiosk/rotation_sync.hpp"

namespace hallboard {

namespace {

std::chrono::milliseconds lengthOf(const Cycle& cycle) {
    std::chrono::milliseconds total{0};
    for (const auto& s : cycle.steps) total += s.duration;
    return total;
}

}  // namespace

std::optional<SyncedStep> syncedStep(const std::vector<PlanPage>& pages, const std::vector<int>& screens,
                                     const CycleLimits& limits, WallTime now, std::optional<SyncHint>* hint) {
    const WallTime hourStart = std::chrono::floor<std::chrono::hours>(now);
    const WallTime hourEnd = hourStart + std::chrono::hours{1};
    WallTime t = hourStart;
    Cursors cursors;
    if (hint && *hint && (*hint)->screens == screens && (*hint)->cycleStart >= hourStart &&
        (*hint)->cycleStart <= now) {
        t = (*hint)->cycleStart;
        cursors = (*hint)->from;
    }
    // A cycle lasts at least one step of at least a few hundred milliseconds (pages show
    // 2 s at least): an hour holds a bounded number of them.
    for (int guard = 0; guard < 200000; ++guard) {
        Cycle cycle = planCycle(pages, screens, cursors, limits);
        std::chrono::milliseconds length = lengthOf(cycle);
        if (cycle.steps.empty() || length.count() <= 0) return std::nullopt;
        if (t + length > now) {
            if (hint) *hint = SyncHint{t, cursors, screens};
            WallTime stepStart = t;
            for (std::size_t i = 0; i < cycle.steps.size(); ++i) {
                WallTime stepEnd = stepStart + cycle.steps[i].duration;
                if (stepEnd > now || i + 1 == cycle.steps.size())
                    return SyncedStep{std::move(cycle), i, stepStart, std::min(stepEnd, hourEnd)};
                stepStart = stepEnd;
            }
        }
        t += length;
        cursors = cycle.next;
    }
    return std::nullopt;
}

}  // namespace hallboard
