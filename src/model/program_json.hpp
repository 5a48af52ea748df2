// Reading and writing the `hallboard-program` JSON format (version 1), documented in
// docs/program-format.md with its schema in data/hallboard-program.schema.json.
//
// Loading never throws: it returns the program (if it could be understood) and every
// diagnostic with file, place and reason. Warnings keep the program usable; an error
// means there is no program and the caller keeps whatever it showed before.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostics.hpp"
#include "model/program.hpp"

namespace hallboard {

struct ProgramLoad {
    std::optional<Program> program;
    std::vector<Diagnostic> diagnostics;
    std::string sha256;  // of the text read (base/sha256.hpp), for the fleet status

    bool ok() const { return program.has_value(); }
    std::size_t warnings() const;
    std::size_t errors() const;
};

// The most talks, sessions and people a program may have (#26.2). With the file size
// limit (inputLimit(InputKind::program)) they keep the largest program the kiosk accepts,
// loaded and reloaded (two copies at once), well inside the unit's MemoryMax=512M:
// bench/bench_limits.cpp measures it. A program past one is refused with the reason.
extern const std::size_t kMaxTalks, kMaxSessions, kMaxPeople;

// `fileName` is only used in messages. `baseDir` resolves relative photo and logo
// paths for the missing-file check; empty skips that check.
ProgramLoad parseProgram(std::string_view text, const std::string& fileName, const std::string& baseDir = {});

// Reads the file, then parses it. An unreadable, empty or truncated file is an error.
ProgramLoad loadProgramFile(const std::string& path);

// Pretty-printed, stable key order, times as wall-clock times in the conference zone.
std::string serializeProgram(const Program& program);

// Every text of a program built in memory (an import's result, before it is merged)
// through cleanText (base/text.hpp), with a warning naming the field as a JSON path of
// the program format ("/talks/12/title") and what was found: at most kTextWarnings of
// them, then a count. A program read from JSON was cleaned by the reader already.
void cleanProgramText(Program& program, Diagnostics& diags);

// Checks the meaning of a program that parsed (references, overlaps, slots, days) and
// adds warnings. Run by parseProgram; importers call it on what they built.
void checkProgram(const Program& program, Diagnostics& diags);

}  // namespace hallboard
