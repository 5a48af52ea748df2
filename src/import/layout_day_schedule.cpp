// Reads a conference site's day schedule copied as text:
//
//   Oral: Session 1: Search and Devices Tue 6 Apr 09:30 a.m.     <- session heading
//   ModularNAS: Towards Modularized ...                           <- paper title
//   Yunfeng Lin, Guilin Li, ...                                   <- authors
//   Automated neural architecture search ...                      <- abstract paragraph(s)
//
// Also: an untimed "Invited Talk: NAME" heading followed by the talk title, its abstract
// and the speaker's bio; a "·"-separated names line under a heading (chairs or hosts);
// papers whose title line is missing. Headings give a start but no end: a session ends
// where the next begins, and the last gets the typical length of its kind.
#include <algorithm>

#include "base/text.hpp"
#include "import/builder.hpp"
#include "import/import_common.hpp"
#include "import/scan.hpp"
#include "import/text_layout.hpp"
#include "model/wording.hpp"

namespace hallboard::import {

namespace {

struct ParsedTalk {
    std::size_t line = 0;
    std::string title;
    std::vector<std::string> authors;
    std::vector<std::string> abstract;  // paragraphs
    bool titleMissing = false;
};

struct ParsedSession {
    std::size_t line = 0;
    std::string title;
    SessionKind kind = SessionKind::other;
    std::optional<LocalTime> start;
    std::vector<std::string> chairs;
    std::string speaker;  // "Invited Talk: William Dally"
    std::vector<std::string> description;
    std::vector<std::string> bio;
    std::size_t bioLine = 0;
    std::vector<ParsedTalk> talks;
};

bool looksLikeBio(const std::string& paragraph, const std::string& speaker) {
    if (speaker.empty()) return false;
    std::string first, second;
    std::size_t space = paragraph.find(' ');
    if (space == std::string::npos) return false;
    first = paragraph.substr(0, space);
    std::size_t space2 = paragraph.find(' ', space + 1);
    second = paragraph.substr(space + 1, space2 == std::string::npos ? std::string::npos : space2 - space - 1);
    static const char* const verbs[] = {"is", "was", "has", "leads", "received", "joined", "works", "holds"};
    static const char* const notNames[] = {"This", "The", "We", "Our", "It", "In", "These", "That", "A", "An"};
    bool verb = std::any_of(std::begin(verbs), std::end(verbs), [&](const char* v) { return second == v; });
    bool name = !first.empty() && first[0] >= 'A' && first[0] <= 'Z' &&
                std::none_of(std::begin(notNames), std::end(notNames), [&](const char* n) { return first == n; });
    if (verb && name) return true;
    if (speaker.find(first) != std::string::npos) return true;  // "Dally is ..."
    auto count = [&](std::string_view w) {
        std::size_t n = 0;
        for (std::size_t p = paragraph.find(w); p != std::string::npos; p = paragraph.find(w, p + 1)) ++n;
        return n;
    };
    return count(" He ") + count(" She ") + count(" his ") + count(" her ") >= 2;
}

std::string where(std::size_t line) {
    return "line " + std::to_string(line);
}

// The heading patterns. Each comment gives the regular expression the scanner stands
// for, matched against the whole line.

// ^Schedule(\s+(Mon|Tue|Wed|Thu|Fri|Sat|Sun))+\s*$: the site's day tabs.
bool isNavigation(std::string_view line) {
    scan::Cursor c(line);
    if (!c.literal("Schedule")) return false;
    int days = 0;
    while (true) {
        std::size_t save = c.pos();
        if (c.spaces() && c.weekdayAbbreviation() >= 0) {
            ++days;
            continue;
        }
        c.seek(save);
        break;
    }
    return days > 0 && c.spacesToEnd();
}

struct TimedHeading {
    std::string_view label, date, time;
};

// ^(.*?)\s+((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\.?,?\s+\d{1,2}\s+[A-Z][a-z]+\.?)\s+
//   (\d{1,2}:\d{2}\s*(?:[aApP]\.?\s?[mM]\.?)?)\s*$
// "Oral: Session 1: Search and Devices Tue 6 Apr 09:30 a.m.". The label is the shortest
// that works, so the date is tried after each run of white space from the left; the
// label cannot hold a line break.
std::optional<TimedHeading> timedHeading(std::string_view line) {
    std::size_t lastStart = std::min(line.find_first_of("\r\n"), line.size());
    for (std::size_t a = 0; a < line.size() && a <= lastStart; ++a) {
        if (!scan::isSpace(line[a]) || (a > 0 && scan::isSpace(line[a - 1]))) continue;
        scan::Cursor c(line, a);
        c.skipSpaces();
        std::size_t dateFrom = c.pos();
        if (!scan::weekdayDate(c)) continue;
        std::string_view date = c.since(dateFrom);
        if (!c.spaces()) continue;
        std::size_t timeFrom = c.pos();
        auto timeEnd = scan::timeToEnd(c, false);
        if (!timeEnd) continue;
        return TimedHeading{line.substr(0, a), date, line.substr(timeFrom, *timeEnd - timeFrom)};
    }
    return std::nullopt;
}

struct UntimedHeading {
    std::string_view label, rest;
};

// ^(Invited Talk|Invited Speaker|Keynote|Keynote Talk|Oral|Orals|Poster|Posters|Tutorial|
//   Workshop|Panel|Spotlight|Spotlights):\s+(.+)$   ignoring case
std::optional<UntimedHeading> untimedHeading(std::string_view line) {
    std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    std::string_view label = line.substr(0, colon);
    if (!scan::isOneOfNoCase(label, {"invited talk", "invited speaker", "keynote", "keynote talk", "oral", "orals",
                                     "poster", "posters", "tutorial", "workshop", "panel", "spotlight", "spotlights"}))
        return std::nullopt;
    scan::Cursor c(line, colon + 1);
    auto rest = scan::spacesThenRest(c, 1);
    if (!rest) return std::nullopt;
    return UntimedHeading{label, *rest};
}

// A one-line paragraph "Oral: Session 1 ... Tue 6 Apr 09:30 a.m." as a session with its
// start; nothing when the heading's date or time cannot be read.
std::optional<ParsedSession> timedSession(const Paragraph& p, YearResolver& years, Diagnostics& report) {
    std::optional<TimedHeading> timed = timedHeading(p.lines[0]);
    if (!timed) return std::nullopt;
    auto dm = parseDayMonth(timed->date);
    auto minutes = parseClockTime(timed->time);
    if (!dm || !minutes) return std::nullopt;
    ParsedSession s;
    s.line = p.line;
    auto [label, title] = splitKindLabel(std::string(timed->label));
    s.kind = kindFromLabel(label.empty() ? title : label);
    s.title = title;
    int year = years.resolve(*dm, where(p.line), report);
    LocalDay day{date::year{year} / dm->month / dm->day};
    s.start = LocalTime{day.time_since_epoch() + std::chrono::minutes{*minutes}};
    return s;
}

// A one-line paragraph "Invited Talk: William Dally" as a session without a time: the
// rest names its speaker (an invited talk or keynote) or is its title.
std::optional<ParsedSession> untimedSession(const Paragraph& p, Diagnostics& report) {
    std::optional<UntimedHeading> untimed = untimedHeading(p.lines[0]);
    if (!untimed) return std::nullopt;
    ParsedSession s;
    s.line = p.line;
    s.kind = kindFromLabel(std::string(untimed->label));
    std::string rest = trim(untimed->rest);
    if ((s.kind == SessionKind::invited || s.kind == SessionKind::keynote) && looksLikeNameList(rest) &&
        splitNames(rest).size() == 1) {
        s.speaker = rest;
        report.note(where(p.line), "\"" + rest + "\" read as the speaker of the " + std::string(displayName(s.kind)) +
                                       "; the talk title follows");
    } else {
        s.title = rest;
    }
    report.warn(where(p.line), "session heading without a time; its time is worked out from its neighbours");
    return s;
}

// A paragraph under a session heading: a talk's title and names lines, the session's
// chairs, an invited talk's title, a paper without its title line, or prose (the
// session's description, a talk's abstract or the invited speaker's bio).
void readSessionParagraph(const Paragraph& p, ParsedSession& s) {
    const std::string& first = p.lines[0];
    bool invited = !s.speaker.empty();
    // Title line, names line. (A short title such as "Tiny Models" looks like a name
    // too, so only the second line decides.)
    if (p.lines.size() == 2 && looksLikeNameList(p.lines[1])) {
        s.talks.push_back({p.line, p.lines[0], splitNames(p.lines[1]), {}, false});
        return;
    }
    if (p.lines.size() == 1 && s.talks.empty() && first.find("·") != std::string::npos && looksLikeNameList(first)) {
        s.chairs = splitNames(first);
        return;
    }
    if (p.lines.size() == 1 && invited && s.talks.empty() && first.size() < 200 && first.back() != '.') {
        s.talks.push_back({p.line, first, {}, {}, false});
        return;
    }
    if (p.lines.size() == 1 && !invited && looksLikeNameList(first) &&
        (s.talks.empty() || !s.talks.back().abstract.empty())) {
        ParsedTalk t{p.line, {}, splitNames(first), {}, true};
        s.talks.push_back(std::move(t));
        return;
    }
    std::string prose = p.joined();
    if (s.talks.empty()) {
        s.description.push_back(prose);
    } else if (invited && (!s.bio.empty() || (!s.talks.back().abstract.empty() && looksLikeBio(prose, s.speaker)))) {
        if (s.bio.empty()) s.bioLine = p.line;
        s.bio.push_back(prose);
    } else {
        s.talks.back().abstract.push_back(prose);
    }
}

// Every session of the page with its talks, as written.
std::vector<ParsedSession> readSessions(const std::string& text, YearResolver& years, Diagnostics& report) {
    std::vector<ParsedSession> sessions;
    for (const Paragraph& p : splitParagraphs(text)) {
        const std::string& first = p.lines[0];
        if (p.lines.size() == 1 && isNavigation(first)) {
            report.note(where(p.line), "page navigation \"" + first + "\" skipped");
            continue;
        }
        std::optional<ParsedSession> heading;
        if (p.lines.size() == 1) heading = timedSession(p, years, report);
        if (!heading && p.lines.size() == 1) heading = untimedSession(p, report);
        if (heading) {
            sessions.push_back(std::move(*heading));
            continue;
        }
        if (sessions.empty()) {
            report.warn(where(p.line),
                        "text before the first session heading left out: \"" + shorten(first, 60) + "\"");
            continue;
        }
        readSessionParagraph(p, sessions.back());
    }
    return sessions;
}

struct SessionTimes {
    std::vector<std::optional<LocalTime>> starts, ends;
};

// Times: untimed sessions share the time between their timed neighbours; every
// session ends where the next begins (the last is left to buildSessions).
SessionTimes placeSessions(const std::vector<ParsedSession>& sessions) {
    SessionTimes times;
    auto& [starts, ends] = times;
    for (const auto& s : sessions) starts.push_back(s.start);
    ends.assign(sessions.size(), std::nullopt);
    for (std::size_t i = 0; i < sessions.size(); ++i) {
        if (starts[i]) continue;
        std::size_t runEnd = i;
        while (runEnd < sessions.size() && !starts[runEnd]) ++runEnd;
        if (i == 0 && runEnd < sessions.size()) {
            // Untimed sessions opening the day end where the first timed one starts.
            LocalTime cursor = *starts[runEnd];
            for (std::size_t k = runEnd; k-- > 0;) {
                ends[k] = cursor;
                cursor -= typicalLength(sessions[k].kind, {});
                starts[k] = cursor;
            }
            i = runEnd - 1;
            continue;
        }
        if (runEnd == sessions.size()) {
            if (i == 0) break;  // nothing timed at all
            // Untimed sessions closing the day follow the last timed one.
            LocalTime cursor = *starts[i - 1] + typicalLength(sessions[i - 1].kind, {});
            ends[i - 1] = cursor;
            for (std::size_t k = i; k < runEnd; ++k) {
                starts[k] = cursor;
                cursor += typicalLength(sessions[k].kind, {});
                ends[k] = cursor;
            }
            break;
        }
        LocalTime from = *starts[i - 1], to = *starts[runEnd];
        auto gap = std::chrono::duration_cast<std::chrono::minutes>(to - from);
        auto n = static_cast<std::chrono::minutes::rep>(runEnd - i);
        // A short opening or break before the untimed run keeps its usual length.
        auto firstShare =
            isShortKind(sessions[i - 1].kind) ? std::min(std::chrono::minutes{15}, gap / (n + 1)) : gap / (n + 1);
        LocalTime cursor = from + firstShare;
        ends[i - 1] = cursor;
        auto each = (to - cursor) / n;
        for (std::size_t k = i; k < runEnd; ++k) {
            starts[k] = std::chrono::floor<std::chrono::minutes>(cursor);
            cursor += each;
        }
        i = runEnd - 1;
    }
    return times;
}

// What the day's oral sessions last, start to next start: the typical length of the
// last session when it is an oral one.
std::vector<std::chrono::minutes> oralLengths(const std::vector<ParsedSession>& sessions, const SessionTimes& times) {
    const auto& starts = times.starts;
    std::vector<std::chrono::minutes> lengths;
    for (std::size_t i = 0; i + 1 < sessions.size(); ++i)
        if (starts[i] && starts[i + 1] && sessions[i].kind == SessionKind::oral)
            lengths.push_back(std::chrono::duration_cast<std::chrono::minutes>(*starts[i + 1] - *starts[i]));
    return lengths;
}

// A session's talks, in order, each presented by the invited speaker if there is one.
void addTalks(const ParsedSession& s, std::optional<Index> speaker, Index session, ProgramBuilder& builder,
              Context& ctx) {
    Diagnostics& report = ctx.report;
    for (const ParsedTalk& t : s.talks) {
        Talk talk;
        talk.title = t.title;
        talk.authors = dedupeNames(t.authors, where(t.line), report);
        talk.abstract = joinParagraphs(t.abstract);
        if (speaker) talk.speakers.push_back(*speaker);
        if (t.titleMissing)
            report.warn(where(t.line), "paper without a title line (authors " + shorten(joinNames(t.authors), 50) +
                                           "); kept, shown as \"" + headline(talk) + "\"");
        if (!t.abstract.empty() && endsWithEllipsis(t.abstract.back()))
            report.warn(where(t.line), "the abstract of \"" + headline(talk) + "\" is cut short in the input");
        if (t.abstract.empty()) report.warn(where(t.line), quoted(headline(talk)) + " has no abstract");
        builder.addTalk(std::move(talk), session);
        ctx.summary.events += 1;
        ctx.summary.kept += 1;
    }
}

// One placed session into the program, with its chairs, its speaker's bio and its talks.
void addSession(const ParsedSession& s, TimeRange time, Index room, ProgramBuilder& builder, Context& ctx) {
    Session session;
    session.kind = s.kind;
    session.title = s.title;
    if (session.title.empty() && !s.talks.empty()) session.title = s.talks.front().title;
    session.description = joinParagraphs(s.description);
    session.time = time;
    session.room = room;
    for (const auto& name : s.chairs) session.chairs.push_back(builder.person(name));
    Index index = builder.addSession(std::move(session));
    ctx.summary.events += 1;
    ctx.summary.kept += 1;

    std::optional<Index> speaker;
    if (!s.speaker.empty()) {
        speaker = builder.person(s.speaker);
        if (!s.bio.empty()) {
            builder.program().people[*speaker].bio = joinParagraphs(s.bio);
            ctx.report.note(where(s.bioLine), "read as the bio of " + s.speaker);
        }
    }
    addTalks(s, speaker, index, builder, ctx);
}

// Every session into one room in `zone`: a session left without a time is left out, the
// last of the day gets the typical length of its kind.
void buildSessions(const std::vector<ParsedSession>& sessions, SessionTimes times, TimeZone zone,
                   ProgramBuilder& builder, Context& ctx) {
    Diagnostics& report = ctx.report;
    auto& [starts, ends] = times;
    std::vector<std::chrono::minutes> orals = oralLengths(sessions, times);
    Index room = builder.room(ctx.options.room.empty() ? std::string("Main room") : ctx.options.room);
    if (ctx.options.room.empty() && !sessions.empty())
        report.note("", "the schedule names no rooms; all sessions are in one room, \"Main room\" (use --room NAME)");
    bool sharedSlotsNoted = false;
    for (std::size_t i = 0; i < sessions.size(); ++i) {
        const ParsedSession& s = sessions[i];
        if (!starts[i]) {
            report.warn(where(s.line), "session \"" + (s.title.empty() ? s.speaker : s.title) +
                                           "\" has no time and the day has no timed session; left out with its " +
                                           std::to_string(s.talks.size()) + " talks");
            ctx.summary.events += 1 + s.talks.size();
            ctx.summary.leftOut += 1 + s.talks.size();
            continue;
        }
        if (!ends[i] && i + 1 < sessions.size() && starts[i + 1] && *starts[i + 1] > *starts[i])
            ends[i] = starts[i + 1];
        if (!ends[i]) {
            std::chrono::minutes length = typicalLength(s.kind, orals);
            ends[i] = *starts[i] + length;
            report.note(where(s.line), "last session of the day has no end; given " + formatDuration(length) +
                                           ", the typical length of its kind");
        }
        if (!s.start)
            report.note(where(s.line), "session placed at " + date::format("%H:%M", *starts[i]) + "-" +
                                           date::format("%H:%M", *ends[i]) + " between its neighbours");
        addSession(s, {zone.fromLocal(*starts[i]), zone.fromLocal(*ends[i])}, room, builder, ctx);
        if (s.talks.size() > 1 && !sharedSlotsNoted) {
            report.note(where(s.line), "talks have no times of their own; they share their session's time in order");
            sharedSlotsNoted = true;
        }
    }
}

}  // namespace

void readDaySchedule(const std::string& text, ProgramBuilder& builder, Context& ctx) {
    YearResolver years(ctx.options, text);
    std::vector<ParsedSession> sessions = readSessions(text, years, ctx.report);
    const std::optional<std::string> noZone;
    TimeZone zone = chooseZone(ctx, noZone, "", !sessions.empty());
    builder.program().conference.zone = zone;
    buildSessions(sessions, placeSessions(sessions), zone, builder, ctx);
}

}  // namespace hallboard::import
