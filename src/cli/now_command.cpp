// `hallboard now PROGRAM.json [--at TIME] [--room ROOM]`: the conference day and, per
// room, what is live and what is next, as plain text. For SSH sessions and tests.
#include <chrono>
#include <ostream>

#include "cli/commands.hpp"
#include "base/text.hpp"
#include "model/overrides.hpp"
#include "model/program_json.hpp"
#include "model/scheduler.hpp"
#include "model/wording.hpp"

namespace hallboard::cli {

namespace {

std::string span(const TimeZone& zone, const TimeRange& r) {
    return formatClock(zone, r.start) + "-" + formatClock(zone, r.end);
}

// "11:10", or "Wed 7 Apr 11:10" when the start is on another day than `now`.
std::string whenFrom(const Scheduler& scheduler, Instant now, Instant t) {
    const Conference& c = scheduler.program().conference;
    if (conferenceDayOf(c, t) == scheduler.today(now)) return formatClock(c.zone, t);
    return formatShortDate(localDay(c.zone, t)) + " " + formatClock(c.zone, t);
}

void printDay(const Scheduler& scheduler, Instant now, std::ostream& out) {
    const Program& program = scheduler.program();
    const TimeZone& zone = program.conference.zone;
    DayStatus day = scheduler.dayAt(now);
    out << program.displayName() << " - " << formatLongDate(localDay(zone, now)) << ", " << formatClock(zone, now)
        << " " << zone.abbreviation(now) << " (" << zone.name() << ")\n";
    switch (day.phase) {
    case Phase::empty: out << "The program has no sessions.\n"; break;
    case Phase::before:
        out << "The conference starts in " << formatDuration(day.untilStart) << " ("
            << formatLongDate(localDay(zone, *scheduler.firstStart())) << ", "
            << formatClock(zone, *scheduler.firstStart()) << ").\n";
        break;
    case Phase::during: out << "Day " << day.number << " of " << day.count << "\n"; break;
    case Phase::between:
        out << "No sessions today.";
        if (day.nextDay) out << " The conference continues on " << formatLongDate(*day.nextDay) << ".";
        out << "\n";
        break;
    case Phase::after: out << "The conference is over. Thank you, and see you next year.\n"; break;
    }
}

void printRoom(const Scheduler& scheduler, const RoomStatus& status, Instant now, std::ostream& out) {
    const Program& program = scheduler.program();
    const TimeZone& zone = program.conference.zone;
    out << "\n" << program.rooms[status.room].name << "\n";
    if (status.live) {
        const Session& s = program.sessions[*status.live];
        out << "  now   " << span(zone, s.time) << "  " << displayName(s.kind);
        if (!s.title.empty()) out << ": " << s.title;
        if (std::string change = changeLine(program, s, status.room); !change.empty()) out << "  [" << change << "]";
        out << "  (" << formatDuration(now - s.time.start) << " in, " << formatDuration(status.remaining) << " left)\n";
        if (status.liveTalk) {
            const Talk& t = program.talks[*status.liveTalk];
            out << "        talk " << span(zone, t.slot) << "  " << headline(t);
            if (std::string change = changeLine(t); !change.empty()) out << "  [" << change << "]";
            out << "\n";
            std::string who = authorLine(program, t, 3);
            if (!who.empty()) out << "                          " << who << "\n";
        }
        if (status.nextTalk) {
            const Talk& t = program.talks[*status.nextTalk];
            out << "        then " << formatClock(zone, t.slot.start) << "        " << headline(t) << "\n";
        }
    } else {
        out << "  now   nothing on\n";
    }
    if (status.away) {
        const Session& s = program.sessions[*status.away];
        out << "  note  " << whenFrom(scheduler, now, s.time.start) << "  " << sessionTitle(s) << ": "
            << changeLine(program, s, status.room) << "\n";
    }
    if (status.next) {
        const Session& s = program.sessions[*status.next];
        out << "  next  " << whenFrom(scheduler, now, s.time.start) << "  " << sessionTitle(s) << "  (in "
            << formatDuration(status.untilNext) << ")";
        if (std::string change = changeLine(program, s, status.room); !change.empty()) out << "  [" << change << "]";
        out << "\n";
    } else {
        out << "  next  no more sessions in this room\n";
    }
}

}  // namespace

int now(const NowOptions& options, std::ostream& out, std::ostream& err) {
    ProgramLoad load = loadProgramFile(options.program);
    for (const Diagnostic& d : load.diagnostics)
        if (d.severity == Severity::error) err << format(d) << "\n";
    if (!load.ok()) return 1;
    if (!options.overrides.empty() && !applyOverridesFile(*load.program, options.overrides, err)) return 1;
    const Program& program = *load.program;

    Instant at = std::chrono::time_point_cast<Duration>(std::chrono::system_clock::now());
    if (!options.at.empty() && options.at != "now") {
        auto parsed = parseAt(options.at, program.conference.zone);
        if (std::string year = yearProblem(options.at); !parsed && !year.empty()) {
            err << "--at: " << year << "\n";
            return 2;
        }
        if (!parsed) {
            err << "--at: expected a time like 2021-04-06T09:45 (conference time) or 2021-04-06T16:45Z, found \""
                << excerpt(options.at) << "\"\n";
            return 2;
        }
        at = *parsed;
    }

    std::vector<Index> rooms;
    for (const std::string& name : options.rooms) {
        auto room = findRoom(program, name);
        if (!room) {
            err << "--room: no room \"" << name << "\" in " << options.program << "; rooms are:";
            for (const Room& r : program.rooms) err << " \"" << r.id << "\"";
            err << "\n";
            return 2;
        }
        rooms.push_back(*room);
    }

    Scheduler scheduler(program);
    printDay(scheduler, at, out);
    Phase phase = scheduler.dayAt(at).phase;
    if (phase == Phase::during || phase == Phase::between || !options.rooms.empty())
        for (const RoomStatus& status : scheduler.roomsAt(at, rooms)) printRoom(scheduler, status, at, out);
    return 0;
}

}  // namespace hallboard::cli
