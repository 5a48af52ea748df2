// The model's sentences for visitors, in one place (#29.2): a session kind's name, a
// stand-in title, what changed on the day, a step of the way and a floor in words. Each
// is made in the language of the moment (base/i18n.hpp): the kiosk sets it once per
// session swap, before it indexes or draws (kiosk/kiosk_session.hpp useSessionLanguage),
// never while drawing. The model's queries (program.hpp, overrides.hpp, venue.hpp) hold
// facts only; the import, browse and ui layers ask here for words.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/program.hpp"
#include "model/venue.hpp"

namespace hallboard {

// "Invited talk", "Break", "Session".
std::string_view displayName(SessionKind kind);

// The session's title, or its kind ("Break") when it has none.
std::string sessionTitle(const Session& session);

// The title, or when a talk has none, an honest stand-in that invents nothing:
// "Untitled paper by Lin et al.", "arXiv:2009.00748", "Untitled paper".
std::string headline(const Talk& talk);

// For visitors: "Cancelled · speaker ill", "Moved to Hall B", "Running 10 min late".
// Empty when nothing changed.
// `shownIn`: the room whose sign shows it; a session moved there reads "Moved here from Room A".
std::string changeLine(const Program& program, const Session& session, std::optional<Index> shownIn = {});
std::string changeLine(const Talk& talk);

// A step in words, for the room page: "Walk about 30 m", "Take the stairs up to First
// floor", "Take the lift down to Basement", and the last walk "About 20 m to Main room"
// (floor names are names: "Level 2", "Mezzanine", no article). Distances are rounded to
// 5 m (10 m beyond 100 m): a visitor counts no metres.
std::string stepText(const Venue& venue, const RouteStep& step, bool last, std::string_view roomName);

// "this floor", "upstairs", "downstairs", "2 floors up", "3 floors down".
std::string floorWord(int levels);

// What a page shows beside a room: "2 min · upstairs", "here".
std::string directionsLabel(const RoomDirections& directions);

}  // namespace hallboard
