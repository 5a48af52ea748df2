// Shared pieces of the pages: phase mapping, room selection, time phrases, the table of
// page types, paging.
#include <algorithm>
#include <cctype>

#include "model/language.hpp"
#include "model/paper_name.hpp"
#include "model/wording.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui {

std::vector<Index> pageRooms(const KioskView& view, const PageConfig& page) {
    std::vector<Index> rooms;
    for (const auto& name : page.rooms)
        if (auto r = findRoom(view.p(), name)) rooms.push_back(*r);
    if (!rooms.empty()) return rooms;
    if (!view.rooms.empty()) return view.rooms;
    for (Index r = 0; r < view.p().rooms.size(); ++r) rooms.push_back(r);
    return rooms;
}

namespace {

// The rooms of a page as a filter for the core's queries: empty when the page shows
// every room (so that sessions without a room count too).
std::vector<Index> roomFilter(const KioskView& view, const PageConfig& page) {
    std::vector<Index> rooms = pageRooms(view, page);
    if (rooms.size() == view.p().rooms.size() && page.rooms.empty() && view.rooms.empty()) rooms.clear();
    return rooms;
}

}  // namespace

std::vector<SpeakerHighlight> speakerSelection(const KioskView& view, const PageConfig& page) {
    return speakersNow(view.p(), view.now, page.ahead, roomFilter(view, page));
}

std::vector<Index> awardSelection(const KioskView& view) {
    return awardsNow(view.p(), view.now);
}

std::optional<PageKind> pageForPhase(PageKind configured, Phase phase) {
    switch (configured) {
    case PageKind::nowNext:
        if (phase == Phase::before) return PageKind::countdown;
        if (phase == Phase::after) return PageKind::closing;
        if (phase == Phase::empty) return std::nullopt;
        return PageKind::nowNext;
    case PageKind::rooms:  // the board says what is on; before and after, nothing is
        return phase == Phase::during || phase == Phase::between ? std::optional(PageKind::rooms) : std::nullopt;
    case PageKind::upcoming:
        return phase == Phase::after || phase == Phase::empty ? std::nullopt : std::optional(PageKind::upcoming);
    case PageKind::countdown: return phase == Phase::before ? std::optional(PageKind::countdown) : std::nullopt;
    case PageKind::closing: return phase == Phase::after ? std::optional(PageKind::closing) : std::nullopt;
    case PageKind::changes:  // a day's changes: on conference days only
        return phase == Phase::during || phase == Phase::between ? std::optional(PageKind::changes) : std::nullopt;
    case PageKind::awards:
    case PageKind::speakers:
    default: return configured;
    }
}

namespace {

int noScreens(const KioskView&, const PageConfig&, Canvas&) {
    return 0;
}
void drawNothing(const KioskView&, const PageConfig&, int, Canvas&) {}
std::string describeNothing(const KioskView&, const PageConfig&, int, Canvas&) {
    return {};
}
constexpr PageType kNoPage{noScreens, drawNothing, describeNothing};

constexpr std::pair<PageKind, const PageType*> kPageTypes[] = {
    {PageKind::nowNext, &nowNextPage}, {PageKind::upcoming, &upcomingPage},
    {PageKind::awards, &awardsPage},   {PageKind::speakers, &speakersPage},
    {PageKind::rooms, &roomsPage},     {PageKind::announcements, &announcementsPage},
    {PageKind::slide, &slidePage},     {PageKind::countdown, &countdownPage},
    {PageKind::closing, &closingPage}, {PageKind::changes, &changesPage},
    {PageKind::timer, &timerPage},
};

}  // namespace

const PageType& pageType(PageKind kind) {
    for (const auto& [k, type] : kPageTypes)
        if (k == kind) return *type;
    return kNoPage;
}

std::string describeScreen(PageKind kind, const KioskView& view, const PageConfig& page, int screen, Canvas& canvas) {
    return pageType(kind).describe(view, page, screen, canvas);
}

int Paging::screens() const {
    std::size_t n = std::max<std::size_t>(per, 1);
    return static_cast<int>((items + n - 1) / n);
}

std::pair<std::size_t, std::size_t> Paging::range(int screen) const {
    std::size_t n = std::max<std::size_t>(per, 1);
    if (screen < 0 || static_cast<std::size_t>(screen) >= (items + n - 1) / n) return {items, items};
    std::size_t first = static_cast<std::size_t>(screen) * n;
    return {first, std::min(items, first + n)};
}

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

std::string sessionLabel(const Session& s) {
    return localUpper(displayName(s.kind));
}

std::string shortTime(const KioskView& view, Instant t) {
    return localClock(view.p().conference.zone, t);
}

std::string dayAndTime(const KioskView& view, Instant t) {
    const Conference& c = view.p().conference;
    if (conferenceDayOf(c, t) == view.s().today(view.now)) return localClock(c.zone, t);
    return localShortDate(localDay(c.zone, t)) + ", " + localClock(c.zone, t);
}

std::string nameFromAbstract(const Talk& talk) {
    return talk.title.empty() ? systemNameFromAbstract(talk.abstract) : std::string();
}

std::string fittedAuthorLine(Canvas& c, const Program& program, const Talk& talk, std::size_t maxNames,
                             const Fit& fit) {
    for (std::size_t n = std::max<std::size_t>(maxNames, 1); n > 1; --n) {
        std::string line = authorLine(program, talk, n);
        if (!layout(c, line, fit.style, fit.width, fit.maxHeight).truncated) return line;
    }
    return authorLine(program, talk, 1);
}

std::string titleOrOpening(const Talk& talk, std::size_t maxChars) {
    if (!talk.title.empty() || talk.abstract.empty()) return headline(talk);
    std::string opening = talk.abstract.substr(0, talk.abstract.find('\n'));
    if (opening.size() > maxChars) {
        std::size_t cut = opening.rfind(' ', maxChars);
        opening = opening.substr(0, cut == std::string::npos ? maxChars : cut) + "…";
    }
    std::string name = nameFromAbstract(talk);
    return (name.empty() ? "" : name + "  ·  ") + trf(tr("“%s”"), opening.c_str());  // the language's quotes
}

void touchTarget(Canvas& c, Rect r, browse::Action action, bool focusable, bool inList) {
    if (!c.targets) return;
    browse::Target tg;
    tg.x0 = r.min.x;
    tg.y0 = r.min.y;
    tg.x1 = r.max.x;
    tg.y1 = r.max.y;
    tg.action = std::move(action);
    tg.focusable = focusable;
    tg.inList = inList;
    c.targets->push_back(std::move(tg));
}

std::optional<std::size_t> directoryEntry(const KioskView& view, const std::string& name) {
    if (!view.browse.directory) return std::nullopt;
    return browse::findEntry(*view.browse.directory, name);
}

float changeNote(Canvas& c, const std::string& change, ImVec2 pos, float width, float px) {
    if (change.empty()) return 0;
    TextStyle style{Face::text, px, Weight::bold, c.t().alert, 1};
    return text(c, change, style, {pos, width});
}

std::string badgeText(const std::string& tag) {
    std::string upper = tag;
    for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return upper;
}

std::string languageBadge(const Program& program, const std::string& tag) {
    if (tag.empty() || programLanguages(program).size() < 2) return {};
    return badgeText(tag);
}

std::string languageLabel(const Program& program, const std::string& tag, bool endonym) {
    if (tag.empty() || programLanguages(program).size() < 2) return {};
    return languageText(tag, endonym);
}

std::string languageText(const std::string& tag, bool endonym) {
    if (tag.empty()) return {};
    LanguageName name = languageName(tag, currentLanguage());
    if (!name.known) return badgeText(tag);
    if (!endonym || name.endonym.empty()) return name.name;
    // A name with brackets of its own ("French (Canada)") takes the endonym after a dot,
    // not in brackets again: "French (Canada) · Français".
    if (name.name.find('(') != std::string::npos || name.name.find("（") != std::string::npos)
        return name.name + "  ·  " + isolate(name.endonym);
    // TRANSLATORS: a language's name and, in brackets, its name in its own words: "German (Deutsch)".
    return trf(tr("%s (%s)"), name.name.c_str(), isolate(name.endonym).c_str());
}

std::string withLanguage(Canvas& c, const Program& program, const std::string& tag, std::string line, const Fit& fit) {
    std::string name = languageLabel(program, tag);
    if (name.empty()) return line;
    std::string dot = line.empty() ? "" : "  ·  ";
    if (measure(c, line + dot + name, fit.style.face, fit.style.px, fit.style.weight) <= fit.width)
        return line + dot + name;
    return line + dot + languageBadge(program, tag);
}

ImU32 trackColor(const Theme& t, const Program& program, Index track) {
    if (track < program.tracks.size() && program.tracks[track].color) return toImU32(*program.tracks[track].color);
    return t.track;
}

float trackChip(Canvas& c, const Program& program, std::optional<Index> track, const TextBox& box, float px) {
    const ImVec2 pos = box.pos;
    const float maxWidth = box.width;
    if (!track || *track >= program.tracks.size() || maxWidth < px * 3) return 0;
    const Theme& t = c.t();
    ImU32 fill = trackColor(t, program, *track);
    ImU32 light = IM_COL32(255, 255, 255, 255), dark = IM_COL32(18, 18, 24, 255);
    ImU32 ink = contrastRatio(light, fill) >= contrastRatio(dark, fill) ? light : dark;
    // A long track name is cut (with "…") to the room there is, the chip's padding kept.
    TextStyle style;
    style.px = px;
    style.maxLines = 1;
    float pad = 2 * std::round(px * 0.55f);
    TextBlock fit = layout(c, program.tracks[*track].name, style, maxWidth - pad);
    if (fit.lines.empty()) return 0;
    std::string name = fit.lines[0];
    return chip(c, pos, name, {fill, ink}, px);
}

std::string untilText(Duration d) {
    if (d.count() <= 0) return tr("now");
    return trf(tr("in %s"), localDuration(d, true).c_str());
}

std::string roomLabel(Canvas& c, const Program& program, Index room, const Fit& fit) {
    const std::string& name = program.rooms.at(room).name;
    if (!layout(c, name, fit.style, fit.width, fit.maxHeight).truncated) return name;
    std::string shorter = roomShortName(program, room);
    return shorter;
}

}  // namespace hallboard::ui
