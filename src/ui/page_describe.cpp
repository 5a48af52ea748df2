// What a screen of a page shows, in a few words, for `hallboard rotation`: from the same
// selections and layouts the pages draw with, so the words cannot drift from the picture.
#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

// "Room 1, Room 2, Room 3", or "Room 1, Room 2 … Room 8 (8 rooms)" for many.
std::string roomNames(const Program& p, const std::vector<Index>& rooms) {
    if (rooms.empty()) return "no rooms";
    std::string out;
    if (rooms.size() <= 4) {
        for (Index r : rooms) out += (out.empty() ? "" : ", ") + p.rooms[r].name;
        return out;
    }
    return p.rooms[rooms[0]].name + ", " + p.rooms[rooms[1]].name + " … " + p.rooms[rooms.back()].name + " (" +
           std::to_string(rooms.size()) + " rooms)";
}

// "09:30 to 11:10: 3 sessions (1 live)".
std::string sessionSpan(const KioskView& view, const std::vector<Index>& sessions) {
    if (sessions.empty()) return "nothing";
    const Program& p = view.p();
    int live = 0;
    for (Index s : sessions) live += p.sessions[s].time.contains(view.now);
    std::string out = dayAndTime(view, p.sessions[sessions.front()].time.start);
    Instant last = p.sessions[sessions.back()].time.start;
    if (last != p.sessions[sessions.front()].time.start) out += " to " + dayAndTime(view, last);
    out += ": " + std::to_string(sessions.size()) + (sessions.size() == 1 ? " session" : " sessions");
    if (live > 0) out += " (" + std::to_string(live) + " live)";
    return out;
}

// "William Dally: on now, until 09:30" or "Ada Lovelace: 11:10, in 25 min".
std::string speaker(const KioskView& view, const SpeakerHighlight& h) {
    const Program& p = view.p();
    std::string out = p.people[h.person].name;
    if (h.talks.empty()) return out;
    const Talk& talk = p.talks[h.talks.front()];
    if (h.live) return out + ": on now, until " + shortTime(view, talk.slot.end);
    return out + ": " + dayAndTime(view, talk.slot.start) + ", " + untilText(talk.slot.start - view.now);
}

std::string awards(const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    const Program& p = view.p();
    std::vector<Index> order = awardSelection(view);
    auto per = static_cast<std::size_t>(awardsPerScreen(page, c));
    std::string out;
    for (std::size_t i = static_cast<std::size_t>(screen) * per; i < order.size() && i < (static_cast<std::size_t>(screen) + 1) * per; ++i) {
        const Award& a = p.awards[order[i]];
        out += (out.empty() ? "" : " | ") + a.name + ": " + titleOrOpening(p.talks[a.talk], 60);
    }
    return out.empty() ? "nothing" : out;
}

}  // namespace

std::string describeScreen(PageKind kind, const KioskView& view, const PageConfig& page, int screen, Canvas& c) {
    switch (kind) {
        case PageKind::nowNext: return roomNames(view.p(), nowNextRoomsOn(view, page, screen, c));
        case PageKind::rooms: return roomNames(view.p(), boardRoomsOn(view, page, screen, c));
        case PageKind::upcoming: return sessionSpan(view, upcomingOn(view, page, screen, c));
        case PageKind::speakers: {
            auto list = speakerSelection(view, page);
            auto screens = speakerScreens(view, list, c);
            if (screen < 0 || static_cast<std::size_t>(screen) >= screens.size()) return "nothing";
            std::string out;
            for (std::size_t i : screens[static_cast<std::size_t>(screen)])
                out += (out.empty() ? "" : "; ") + speaker(view, list[i]);
            return out;
        }
        case PageKind::awards: return screen < 0 ? "nothing" : awards(view, page, screen, c);
        case PageKind::countdown: {
            auto first = view.s().firstStart();
            return first ? "the countdown to " + dayAndTime(view, *first) : "the countdown";
        }
        case PageKind::closing: return "the closing page";
        case PageKind::announcements: return describeAnnouncements(view, page, screen, c);
        case PageKind::slide: return describeSlidePage(view, page);
    }
    return {};
}

}  // namespace hallboard::ui
