// A room that is full, or filling up (the overrides file's `rooms`, model/overrides.hpp),
// and where else to go: the talks of the same slot in rooms that are not full, nearest
// first. Pure functions of the program, its scheduler, an instant and the venue.
#pragma once

#include <optional>
#include <vector>

#include "model/program.hpp"
#include "model/scheduler.hpp"
#include "model/venue.hpp"

namespace hallboard {

// Somewhere else to go: a session on in another room (the talk on in it, if any), and
// the walk there from this kiosk when there is a venue.
struct Alternative {
    Index room = 0;
    Index session = 0;
    std::optional<Index> talk;   // the talk on at the instant; a session still to start: its first
    std::optional<int> minutes;  // walking minutes from this kiosk (Wayfinding); none without a venue
    bool filling = false;        // that room is filling up too
};

// Whether the room is full or filling up (not open).
bool crowded(const Program& program, Index room);

// The slot a full room's visitors were after at `now`: the session on there, else the
// next one today; none when the room has nothing more.
std::optional<TimeRange> slotOf(const Scheduler& scheduler, Index room, Instant now);

// The sessions in other rooms that are live at `now` or start before the slot of `room`
// ends, one a room (the one on now, else the first to start), in rooms that are not
// full, no breaks or cancelled ones. Nearest first by walking minutes (`wayfinding`;
// rooms it cannot reach after those it can), then the earlier start, then the program's
// room order. At most `max`.
std::vector<Alternative> alternativesTo(const Scheduler& scheduler, Index room, Instant now,
                                        const Wayfinding* wayfinding, std::size_t max = 4);

}  // namespace hallboard
