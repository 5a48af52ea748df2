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
        if (pos - begin >= 2) out = std::string(line.substr(begin, pos - begin));
        else pos = begin;
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
    if (!scan::isOneOfNoCase(line.substr(0, colon), {"moderator", "moderators", "moderatorss", "chair", "chairs", "chairss",
                                                     "session chair", "session chairs", "host", "hosts"}))
        return std::nullopt;
    scan::Cursor c(line, colon + 1);
    return scan::spacesThenRest(c, 0);
}

struct SlotTalk {
    std::size_t line = 0;
    Range range;
    std::vector<std::string> paragraphs;  // title, authors, abstract...
};

}  // namespace

void readSessionPage(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    Diagnostics& report = ctx.report;
    YearResolver years(ctx.options, text);

    std::string title, room;
    std::size_t titleLine = 0;
    std::vector<std::string> chairs;
    std::optional<Range> window;
    std::size_t windowLine = 0;
    std::vector<SlotTalk> talks;

    for (const Paragraph& p : splitParagraphs(text)) {
        for (std::size_t i = 0; i < p.lines.size(); ++i) {
            const std::string& line = p.lines[i];
            std::size_t lineNo = p.line + i;
            if (auto range = parseRange(line)) {
                talks.push_back({lineNo, *range, {}});
                continue;
            }
            if (talks.empty()) {
                if (auto names = chairNames(line)) {
                    for (auto& n : splitNames(*names)) chairs.push_back(n);
                } else if (title.empty()) {
                    title = line;
                    titleLine = lineNo;
                } else if (room.empty() && line.size() < 80 && line.back() != '.') {
                    room = line;
                } else {
                    report.note("line " + std::to_string(lineNo), "\"" + shorten(line, 60) + "\" skipped");
                }
                continue;
            }
            // Inside a slot: the title, the names, then abstract paragraphs.
            auto& paras = talks.back().paragraphs;
            if (i == 0 || paras.empty()) paras.push_back(line);
            else paras.back() += " " + line;
        }
    }

    // A first range that contains every later one is the session's window: a talk slot
    // cannot contain the other talks. Without one, the session spans its talks.
    if (talks.size() >= 2) {
        const Range& first = talks.front().range;
        bool containsAll = std::all_of(talks.begin() + 1, talks.end(), [&](const SlotTalk& t) {
            return t.range.day.day == first.day.day && t.range.startMinutes >= first.startMinutes &&
                   t.range.endMinutes <= first.endMinutes;
        });
        if (containsAll) {
            window = talks.front().range;
            windowLine = talks.front().line;
            for (const auto& para : talks.front().paragraphs)
                report.note("line " + std::to_string(windowLine + 1), "\"" + shorten(para, 60) + "\" skipped");
            talks.erase(talks.begin());
        }
    }
    std::string zoneAbbreviation = window ? window->zone : (talks.empty() ? "" : talks.front().range.zone);
    std::optional<std::string> zoneName;
    if (!zoneAbbreviation.empty()) {
        zoneName = zoneForAbbreviation(zoneAbbreviation);
        if (zoneName)
            report.note(window ? "line " + std::to_string(windowLine) : "", zoneAbbreviation + " read as " + *zoneName);
        else
            report.warn("", "unknown zone abbreviation \"" + zoneAbbreviation + "\"");
    }
    TimeZone zone = chooseZone(ctx, zoneName, "", window || !talks.empty());
    builder.program().conference.zone = zone;

    auto instant = [&](const Range& r, int minutes, std::size_t line) {
        int year = years.resolve(r.day, "line " + std::to_string(line), report);
        LocalDay day{date::year{year} / r.day.month / r.day.day};
        return zone.fromLocal(LocalTime{day.time_since_epoch() + std::chrono::minutes{minutes}});
    };

    if (title.empty()) {
        report.warn("", "no session title found");
        title = "Session";
    }
    Session session;
    session.title = title;
    session.kind = kindFromLabel(title) == SessionKind::other ? SessionKind::oral : kindFromLabel(title);
    if (window) {
        session.time = {instant(*window, window->startMinutes, windowLine), instant(*window, window->endMinutes, windowLine)};
    } else if (!talks.empty()) {
        session.time = {instant(talks.front().range, talks.front().range.startMinutes, talks.front().line),
                        instant(talks.back().range, talks.back().range.endMinutes, talks.back().line)};
        report.note("line " + std::to_string(titleLine), "no session window; the session spans its talks");
    } else {
        report.warn("line " + std::to_string(titleLine), "session \"" + title + "\" has no times; left out");
        ctx.summary.events += 1;
        ctx.summary.leftOut += 1;
        return;
    }
    if (!room.empty() || !ctx.options.room.empty()) session.room = builder.room(room.empty() ? ctx.options.room : room);
    for (const auto& c : chairs) session.chairs.push_back(builder.person(c));
    Index index = builder.addSession(std::move(session));
    ctx.summary.events += 1;
    ctx.summary.kept += 1;

    for (SlotTalk& s : talks) {
        Talk talk;
        std::string where = "line " + std::to_string(s.line);
        // Title, then names. A short title ("Runtime Tricks") looks like a name too, so the
        // names line after it decides; a first line of names alone means no title.
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
        talk.slot = {instant(s.range, s.range.startMinutes, s.line), instant(s.range, s.range.endMinutes, s.line)};
        talk.hasOwnSlot = true;
        if (talk.title.empty()) report.warn(where, "talk without a title; shown as \"" + headline(talk) + "\"");
        if (!abstract.empty() && endsWithEllipsis(abstract.back()))
            report.warn(where, "the abstract of \"" + headline(talk) + "\" is cut short in the input");
        builder.addTalk(std::move(talk), index);
        ctx.summary.events += 1;
        ctx.summary.kept += 1;
    }
}

}  // namespace hallboard::import
