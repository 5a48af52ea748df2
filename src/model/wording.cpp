// See wording.hpp.
#include "model/wording.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "base/i18n.hpp"
#include "base/text.hpp"

namespace hallboard {

namespace {

// 3 m -> 5, 32 m -> 30, 148 m -> 150: what a visitor can picture.
long roundedMetres(double metres) {
    double step = metres > 100 ? 10 : 5;
    return std::max(static_cast<long>(step),
                    static_cast<long>(std::lround(std::min(metres, 1e6) / step) * static_cast<long>(step)));
}

std::string lateText(Duration late) {
    if (late < Duration{}) return trf(tr("Starting %s early"), localDuration(-late).c_str());
    return trf(tr("Running %s late"), localDuration(late).c_str());
}

}  // namespace

std::string_view displayName(SessionKind kind) {
    switch (kind) {
    case SessionKind::keynote: return tr("Keynote");
    case SessionKind::invited: return tr("Invited talk");
    case SessionKind::oral: return tr("Oral session");
    case SessionKind::poster: return tr("Posters");
    case SessionKind::workshop: return tr("Workshop");
    case SessionKind::tutorial: return tr("Tutorial");
    case SessionKind::panel: return tr("Panel");
    case SessionKind::break_: return tr("Break");
    case SessionKind::social: return tr("Social");
    case SessionKind::opening: return tr("Opening");
    case SessionKind::closing: return tr("Closing");
    case SessionKind::other: break;
    }
    return tr("Session");
}

std::string sessionTitle(const Session& session) {
    return session.title.empty() ? std::string(displayName(session.kind)) : session.title;
}

std::string headline(const Talk& talk) {
    if (!talk.title.empty()) return talk.title;
    if (!talk.authors.empty()) {
        if (talk.authors.size() > 1) return trf(tr("Untitled paper by %s et al."), talk.authors.front().c_str());
        return trf(tr("Untitled paper by %s"), talk.authors.front().c_str());
    }
    for (const Link& link : talk.links)
        if (link.kind == "arxiv") {
            auto slash = link.url.find_last_of('/');
            return "arXiv:" + (slash == std::string::npos ? link.url : link.url.substr(slash + 1));
        }
    return talk.session ? tr("Untitled talk") : tr("Untitled paper");
}

namespace {

// Where a cancellation comes from when the program itself says so (not the overrides).
std::string inTheProgram() {
    // TRANSLATORS: after "Cancelled": the published program itself says so (the export's status), not the organisers'
    // changes of the day.
    return tr("in the program");
}

}  // namespace

std::string changeLine(const Program& program, const Session& session, std::optional<Index> shownIn) {
    const DayChange& c = session.change;
    std::vector<std::string> parts;
    if (c.cancelled) {
        parts.push_back(tr("Cancelled"));
        if (c.cancelledInProgram) parts.push_back(inTheProgram());
    } else {
        if (c.movedFrom && session.room && shownIn == session.room)
            parts.push_back(trf(tr("Moved here from %s"), isolate(program.rooms[*c.movedFrom].name).c_str()));
        else if (c.movedFrom && session.room)
            parts.push_back(trf(tr("Moved to %s"), isolate(program.rooms[*session.room].name).c_str()));
        if (c.late != Duration{}) parts.push_back(lateText(c.late));
    }
    if (!c.note.empty()) parts.push_back(c.note);
    std::string out;
    for (const auto& part : parts) out += (out.empty() ? "" : " · ") + part;
    return out;
}

std::string changeLine(const Talk& talk) {
    const DayChange& c = talk.change;
    std::string out;
    if (c.cancelled)
        out = c.cancelledInProgram ? std::string(tr("Cancelled")) + " · " + inTheProgram() : tr("Cancelled");
    else if (c.late != Duration{})
        out = lateText(c.late);
    if (!c.note.empty()) out += (out.empty() ? "" : " · ") + c.note;
    return out;
}

std::string stepText(const Venue& venue, const RouteStep& step, bool last, std::string_view roomName) {
    const std::string& floor = step.floor < venue.floors.size() ? venue.floors[step.floor].name : std::string();
    std::string room = isolate(roomName);  // an Arabic name keeps "m" and the number out of its run
    switch (step.kind) {
    case LinkKind::walk:
        return last ? trf(tr("About %ld m to %s"), roundedMetres(step.metres), room.c_str())
                    : trf(tr("Walk about %ld m"), roundedMetres(step.metres));
    case LinkKind::stairs:
        if (step.levels == 0) return tr("Take the steps");
        return trf(step.levels > 0 ? tr("Take the stairs up to %s") : tr("Take the stairs down to %s"), floor.c_str());
    case LinkKind::lift:
        return trf(step.levels >= 0 ? tr("Take the lift up to %s") : tr("Take the lift down to %s"), floor.c_str());
    }
    return {};
}

std::string floorWord(int levels) {
    if (levels == 0) return tr("this floor");
    if (levels == 1) return tr("upstairs");
    if (levels == -1) return tr("downstairs");
    auto n = static_cast<unsigned long>(std::abs(levels));
    return trf(levels > 0 ? trn("%d floor up", "%d floors up", n) : trn("%d floor down", "%d floors down", n),
               std::abs(levels));
}

std::string directionsLabel(const RoomDirections& directions) {
    if (!directions.arrow) return tr("here");
    // The floor word in the language of the moment, not of the load (base/i18n.hpp).
    return trf(tr("%d min · %s"), directions.minutes, floorWord(directions.route.levels).c_str());
}

}  // namespace hallboard
