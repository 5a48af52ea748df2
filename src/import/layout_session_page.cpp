// Reads one session's page copied as text:
//
//   Hardware Efficient ML                           <- session title
//   Exhibit Hall A                                  <- room
//   Moderator: Yingyan Lin                          <- chair
//   Tue 30 Aug 2:15 p.m. PDT — 3:30 p.m. PDT        <- session window
//   Tue 30 Aug. 14:15 - 14:33 PDT                   <- a talk slot, then title, authors, abstract
#include <algorithm>

#include "base/text.hpp"
#include "import/builder.hpp"
#include "import/import_common.hpp"
#include "import/scan.hpp"
#include "import/text_layout.hpp"
#include "model/wording.hpp"

namespace hallboard::import {

namespace {

struct Range {
    DayMonth day;
    int startMinutes = 0, endMinutes = 0;
    std::string zone;  // abbreviation, may be empty
};

// "Tue 30 Aug. 14:15 - 14:33 PDT", "Tue 30 Aug 2:15 p.m. PDT — 3:30 p.m. PDT"
std::optional<Range> parseRange(std::string_view line) {
    Range r;
    std::size_t pos = 0, used = 0;
    auto dm = parseDayMonth(line, &used);
    if (!dm) return std::nullopt;
    r.day = *dm;
    pos = used;
    auto start = parseClockTime(line.substr(pos), &used);
    if (!start) return std::nullopt;
    pos += used;
    auto readZone = [&](std::string& out) {
        while (pos < line.size() && line[pos] == ' ') ++pos;
        std::size_t begin = pos;
        while (pos < line.size() && line[pos] >= 'A' && line[pos] <= 'Z') ++pos;
        if (pos - begin >= 2)
            out = std::string(line.substr(begin, pos - begin));
        else
            pos = begin;
    };
    readZone(r.zone);
    while (pos < line.size() && line[pos] == ' ') ++pos;
    for (std::string_view dash : {"—", "–", "-", "to"}) {
        if (line.substr(pos, dash.size()) == dash) {
            pos += dash.size();
            break;
        }
    }
    auto end = parseClockTime(line.substr(pos), &used);
    if (!end) return std::nullopt;
    pos += used;
    std::string endZone;
    readZone(endZone);
    if (r.zone.empty()) r.zone = endZone;
    while (pos < line.size() && line[pos] == ' ') ++pos;
    if (pos != line.size()) return std::nullopt;
    r.startMinutes = *start;
    r.endMinutes = *end;
    return r;
}

// ^(Moderator|Moderators|Chair|Chairs|Session Chair|Host)s?:\s*(.+)$   ignoring case: the
// names after the label.
std::optional<std::string_view> chairNames(std::string_view line) {
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    if (!scan::isOneOfNoCase(line.substr(0, colon), {"moderator", "moderators", "moderatorss", "chair", "chairs",
                                                     "chairss", "session chair", "session chairs", "host", "hosts"}))
        return std::nullopt;
    scan::Cursor c(line, colon + 1);
    return scan::spacesThenRest(c, 0);
}

struct SlotTalk {
    std::size_t line = 0;
    Range range;
    std::vector<std::string> paragraphs;  // title, authors, abstract...
};

// What the page says, as written.
struct SessionPage {
    std::string title, room;
    std::size_t titleLine = 0;
    std::vector<std::string> chairs;
    std::optional<Range> window;
    std::size_t windowLine = 0;
    std::vector<SlotTalk> talks;
};

// Before the first slot: the chairs, the title, the room; then each slot's lines.
SessionPage readPage(const std::string& text, Diagnostics& report) {
    SessionPage page;
    for (const Paragraph& p : splitParagraphs(text)) {
        for (std::size_t i = 0; i < p.lines.size(); ++i) {
            const std::string& line = p.lines[i];
            std::size_t lineNo = p.line + i;
            if (auto range = parseRange(line)) {
                page.talks.push_back({lineNo, *range, {}});
                continue;
            }
            if (page.talks.empty()) {
                if (auto names = chairNames(line)) {
                    for (auto& n : splitNames(*names)) page.chairs.push_back(n);
                } else if (page.title.empty()) {
                    page.title = line;
                    page.titleLine = lineNo;
                } else if (page.room.empty() && line.size() < 80 && line.back() != '.') {
                    page.room = line;
                } else {
                    report.note("line " + std::to_string(lineNo), "\"" + shorten(line, 60) + "\" skipped");
                }
                continue;
            }
            // Inside a slot: the title, the names, then abstract paragraphs.
            auto& paras = page.talks.back().paragraphs;
            if (i == 0 || paras.empty())
                paras.push_back(line);
            else
                paras.back() += " " + line;
        }
    }
    return page;
}

// A first range that contains every later one is the session's window: a talk slot
// cannot contain the other talks. Without one, the session spans its talks.
void findWindow(SessionPage& page, Diagnostics& report) {
    auto& talks = page.talks;
    if (talks.size() < 2) return;
    const Range& first = talks.front().range;
    bool containsAll = std::all_of(talks.begin() + 1, talks.end(), [&](const SlotTalk& t) {
        return t.range.day.day == first.day.day && t.range.startMinutes >= first.startMinutes &&
               t.range.endMinutes <= first.endMinutes;
    });
    if (!containsAll) return;
    page.window = talks.front().range;
    page.windowLine = talks.front().line;
    for (const auto& para : talks.front().paragraphs)
        report.note("line " + std::to_string(page.windowLine + 1), "\"" + shorten(para, 60) + "\" skipped");
    talks.erase(talks.begin());
}

// The zone: the window's abbreviation (else the first slot's), or what chooseZone says.
TimeZone pageZone(const SessionPage& page, Context& ctx) {
    const auto& window = page.window;
    std::string zoneAbbreviation = window ? window->zone : (page.talks.empty() ? "" : page.talks.front().range.zone);
    std::optional<std::string> zoneName;
    if (!zoneAbbreviation.empty()) {
        zoneName = zoneForAbbreviation(zoneAbbreviation);
        if (zoneName)
            ctx.report.note(window ? "line " + std::to_string(page.windowLine) : "",
                            zoneAbbreviation + " read as " + *zoneName);
        else
            ctx.report.warn("", "unknown zone abbreviation \"" + zoneAbbreviation + "\"");
    }
    return chooseZone(ctx, zoneName, "", window || !page.talks.empty());
}

// A range's day and minutes as an instant: the year worked out, in the page's zone.
struct PageClock {
    YearResolver& years;
    TimeZone zone;
    Diagnostics& report;

    Instant at(const Range& r, int minutes, std::size_t line) const {
        int year = years.resolve(r.day, "line " + std::to_string(line), report);
        LocalDay day{date::year{year} / r.day.month / r.day.day};
        return zone.fromLocal(LocalTime{day.time_since_epoch() + std::chrono::minutes{minutes}});
    }
};

// The session, timed by its window or else by its talks; nothing when it has no times.
std::optional<Index> addPageSession(SessionPage& page, const PageClock& clock, ProgramBuilder& builder, Context& ctx) {
    Diagnostics& report = ctx.report;
    const auto& window = page.window;
    const auto& talks = page.talks;
    if (page.title.empty()) {
        report.warn("", "no session title found");
        page.title = "Session";
    }
    Session session;
    session.title = page.title;
    session.kind = kindFromLabel(page.title) == SessionKind::other ? SessionKind::oral : kindFromLabel(page.title);
    if (window) {
        session.time = {clock.at(*window, window->startMinutes, page.windowLine),
                        clock.at(*window, window->endMinutes, page.windowLine)};
    } else if (!talks.empty()) {
        session.time = {clock.at(talks.front().range, talks.front().range.startMinutes, talks.front().line),
                        clock.at(talks.back().range, talks.back().range.endMinutes, talks.back().line)};
        report.note("line " + std::to_string(page.titleLine), "no session window; the session spans its talks");
    } else {
        report.warn("line " + std::to_string(page.titleLine), "session \"" + page.title + "\" has no times; left out");
        ctx.summary.events += 1;
        ctx.summary.leftOut += 1;
        return std::nullopt;
    }
    if (!page.room.empty() || !ctx.options.room.empty())
        session.room = builder.room(page.room.empty() ? ctx.options.room : page.room);
    for (const auto& c : page.chairs) session.chairs.push_back(builder.person(c));
    Index index = builder.addSession(std::move(session));
    ctx.summary.events += 1;
    ctx.summary.kept += 1;
    return index;
}

// One slot's talk: title, then names. A short title ("Runtime Tricks") looks like a
// name too, so the names line after it decides; a first line of names alone means no title.
void addSlotTalk(const SlotTalk& s, const PageClock& clock, Index session, ProgramBuilder& builder, Context& ctx) {
    Diagnostics& report = ctx.report;
    Talk talk;
    std::string where = "line " + std::to_string(s.line);
    const auto& paras = s.paragraphs;
    std::size_t k = 0;
    if (paras.size() >= 2 && looksLikeNameList(paras[1])) {
        talk.title = paras[0];
        talk.authors = dedupeNames(splitNames(paras[1]), where, report);
        k = 2;
    } else if (!paras.empty() && looksLikeNameList(paras[0]) && splitNames(paras[0]).size() > 1) {
        talk.authors = dedupeNames(splitNames(paras[0]), where, report);
        k = 1;
    } else if (!paras.empty()) {
        talk.title = paras[0];
        k = 1;
    }
    std::vector<std::string> abstract(s.paragraphs.begin() + static_cast<std::ptrdiff_t>(k), s.paragraphs.end());
    talk.abstract = joinParagraphs(abstract);
    talk.slot = {clock.at(s.range, s.range.startMinutes, s.line), clock.at(s.range, s.range.endMinutes, s.line)};
    talk.hasOwnSlot = true;
    if (talk.title.empty()) report.warn(where, "talk without a title; shown as \"" + headline(talk) + "\"");
    if (!abstract.empty() && endsWithEllipsis(abstract.back()))
        report.warn(where, "the abstract of \"" + headline(talk) + "\" is cut short in the input");
    builder.addTalk(std::move(talk), session);
    ctx.summary.events += 1;
    ctx.summary.kept += 1;
}

}  // namespace

void readSessionPage(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    YearResolver years(ctx.options, text);
    SessionPage page = readPage(text, ctx.report);
    findWindow(page, ctx.report);
    TimeZone zone = pageZone(page, ctx);
    builder.program().conference.zone = zone;
    PageClock clock{years, zone, ctx.report};
    std::optional<Index> session = addPageSession(page, clock, builder, ctx);
    if (!session) return;
    for (const SlotTalk& s : page.talks) addSlotTalk(s, clock, *session, builder, ctx);
}

}  // namespace hallboard::import
