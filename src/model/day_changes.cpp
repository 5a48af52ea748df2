// See day_changes.hpp.
#include "model/day_changes.hpp"

#include <algorithm>
#include <tuple>

namespace hallboard {

std::vector<ChangedItem> changesOn(const Program& program, LocalDay day) {
    std::vector<ChangedItem> out;
    const Conference& conference = program.conference;
    for (Index s = 0; s < program.sessions.size(); ++s) {
        const Session& session = program.sessions[s];
        Instant planned = session.time.start - session.change.late;
        if (conferenceDayOf(conference, planned) != day) continue;
        if (session.change.any()) out.push_back({s, std::nullopt, planned});
        // A talk's change is its own (a session's "late" moves its talks without marking
        // them): a talk cancelled inside a session running late is a second line.
        for (Index t : session.talks) {
            const Talk& talk = program.talks[t];
            if (talk.change.any()) out.push_back({s, t, talk.slot.start - talk.change.late - session.change.late});
        }
    }
    auto key = [&](const ChangedItem& c) {
        Index room = program.sessions[c.session].room.value_or(static_cast<Index>(program.rooms.size()));
        return std::make_tuple(c.planned, room, c.session, c.talk.value_or(0));
    };
    std::stable_sort(out.begin(), out.end(),
                     [&](const ChangedItem& a, const ChangedItem& b) { return key(a) < key(b); });
    return out;
}

}  // namespace hallboard
