// Builds a Program piece by piece for importers: rooms, people and tracks found or made
// by name, unique ids made from titles, and an event count for the import report.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

#include "base/diagnostics.hpp"
#include "model/program.hpp"
#include "base/text.hpp"
#include "import/import.hpp"

namespace hallboard::import {

// The room an export's event sits in when its room's name is empty.
inline constexpr const char* kUnnamedRoom = "(unnamed room)";

class ProgramBuilder {
public:
    ProgramBuilder() = default;

    Program& program() { return program_; }
    const Program& program() const { return program_; }

    Index room(const std::string& name);
    std::optional<Index> findRoom(const std::string& name) const;
    Index person(const std::string& name, const std::string& affiliation = {});
    Index track(const std::string& name, std::optional<Color> color = std::nullopt);

    Index addSession(Session session);
    // `session` empty: an unscheduled talk. Appended to the session's running order.
    Index addTalk(Talk talk, std::optional<Index> session);
    Index addAward(Award award);

    using IdSet = UniqueIds;  // see base/text.hpp

    // An id from `text` ("ModularNAS: Towards..." -> "modularnas-towards-..."), unique
    // within `ids`: the base, else base-2, base-3, ...
    static std::string uniqueId(const std::string& text, const std::string& fallback, IdSet& ids);

    // What an export says of its rooms' order: `names` first in that order (rooms the
    // program does not have skipped), the others after them; `meaningful`: the others
    // keep the order they came in, else they go by size (capacity, then sessions).
    // "(unnamed room)" goes last either way.
    struct RoomOrder {
        std::vector<std::string> names;
        bool meaningful = true;
    };
    void orderRooms(const RoomOrder& order);

    Program finish();

private:
    Program program_;
    std::map<std::string, Index> rooms_, people_, tracks_;  // by folded name
    IdSet roomIds_, personIds_, trackIds_, sessionIds_, talkIds_, awardIds_;
};

// Per-input context handed to each format's reader.
struct Context {
    const Options& options;
    Diagnostics& report;
    InputSummary& summary;
};

// Readers: each fills `builder` from one input. They report, never throw on odd
// content; an InputError means the input cannot be understood at all.
void readDaySchedule(const std::string& text, ProgramBuilder& builder, Context& ctx);
void readPaperList(const std::string& text, ProgramBuilder& builder, Context& ctx);
void readSessionPage(const std::string& text, ProgramBuilder& builder, Context& ctx);
void readArxivListing(const std::string& text, ProgramBuilder& builder, Context& ctx);
void readAwardPage(const std::string& text, ProgramBuilder& builder, Context& ctx);
void readFrabXml(const std::string& text, ProgramBuilder& builder, Context& ctx);
void readVocJson(const std::string& text, ProgramBuilder& builder, Context& ctx);
void readICalendar(const std::string& text, ProgramBuilder& builder, Context& ctx);

// Merges `source` into `target`: rooms, people, tracks by name; talks by guid (a frab
// guid is the UID of the same event in its .ics), else by title, else by abstract when a
// title is missing; sessions by title, start and room, or as the session their talks
// merged into. Returns how many talks of `source` merged into earlier ones.
std::size_t mergeProgram(ProgramBuilder& target, const Program& source, Diagnostics& report);

}  // namespace hallboard::import
