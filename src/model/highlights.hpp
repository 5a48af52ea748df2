// What matters now on the speakers and awards pages: not everyone in the program in
// program order, but the people about to speak, keynotes first, and the awards still to
// be presented. Pure functions of (program, instant); the pages iterate what they give.
#pragma once

#include <span>
#include <vector>

#include "model/program.hpp"

namespace hallboard {

struct SpeakerHighlight {
    Index person = 0;
    std::vector<Index> talks;  // their talks that are not over, by start: live or to come
    bool live = false;         // the first of them is on now
};

// Speakers of talks that are live at `now` or start before `now + ahead`, in sessions
// of `rooms` (empty: every room): keynote and invited sessions first, then by start
// time. Never a talk that is over, a cancelled talk, or a talk without a time.
std::vector<SpeakerHighlight> speakersNow(const Program& program, Instant now, Duration ahead,
                                          std::span<const Index> rooms = {});

// Every award (indices into program.awards): those whose talk is live or still to come
// first, by start, then the rest in program order.
std::vector<Index> awardsNow(const Program& program, Instant now);

}  // namespace hallboard
