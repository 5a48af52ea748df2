// The event of schedule exports (frab, pretalx, C3VOC, iCalendar): one talk in one room
// at one time. Each becomes a session holding that one talk.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/program.hpp"
#include "import/builder.hpp"

namespace hallboard::import {

struct ExportPerson {
    std::string name;
    std::string biography;
};

struct ExportEvent {
    std::string where;  // "event 10386 (line 40)"
    std::string id, guid;
    std::string title, subtitle, type, track, room, language;
    std::string abstract, description;  // may hold HTML
    std::optional<Instant> start;
    std::optional<Duration> duration;
    std::optional<Instant> end;
    bool allDay = false;
    bool roomGiven = false;  // the input has a room field, possibly with an empty name
    std::vector<ExportPerson> persons;
    std::vector<Link> links;
};

// Adds events to a builder, reporting once per oddity kind (unknown types, duplicate
// guids) and counting every event in the summary.
class EventSink {
public:
    EventSink(ProgramBuilder& builder, Context& ctx) : builder_(builder), ctx_(ctx) {}
    void add(ExportEvent event);
    void leaveOut(const std::string& where, const std::string& why);

private:
    ProgramBuilder& builder_;
    Context& ctx_;
    std::set<std::string> guids_, ids_;
    std::set<std::string> typesNoted_;
};

// "slides", "video", "paper" from a link's title or address; "web" otherwise.
std::string linkKind(const std::string& title, const std::string& url);

// A fixed-offset zone for exports that give offsets but no zone name: +01:00 is
// "Etc/GMT-1" (POSIX signs are inverted). Empty when the offset has minutes.
std::optional<std::string> zoneForOffset(Duration offset);

}  // namespace hallboard::import
