// Today's changes (#31.3): every session and talk of a conference day that the overrides
// file changed (cancelled, moved, running late or early, or given a note), in the order
// they were planned, for the changes page. Facts only; the words are model/wording.hpp's
// changeLine.
#pragma once

#include <optional>
#include <vector>

#include "model/program.hpp"

namespace hallboard {

struct ChangedItem {
    Index session = 0;          // the session changed, or the session of the talk changed
    std::optional<Index> talk;  // set: a talk's own change (cancelled, late, a note)
    Instant planned;            // when it was to start (before any "late"), for the order and the "was" time
};

// Sessions of `day` with a change, and talks with a change of their own (a talk running
// late moves the talks after it in its session: each is listed). Ordered by planned
// start, then room, then session and talk order.
std::vector<ChangedItem> changesOn(const Program& program, LocalDay day);

}  // namespace hallboard
