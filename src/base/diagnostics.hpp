// Messages about input files that an organiser can act on: which file, where in it
// (a line and column, a JSON path, an event id) and what is wrong.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace hallboard {

// note: a guess an importer made ("year 2021 from Tue 6 Apr"); warning: something odd
// that was handled; error: the input cannot be used.
enum class Severity { note, warning, error };

struct Diagnostic {
    Severity severity = Severity::warning;
    std::string file;   // as given by the user
    std::string where;  // "line 12, column 5", "/sessions/3/start", "event 10386"
    std::string message;
};

// Where a check that reads one file reports: its problems, named as in `file`, are
// added to `items`.
struct ReportTo {
    std::string file;
    std::vector<Diagnostic>& items;
    void add(Severity severity, std::string where, std::string message) const {
        items.push_back({severity, file, std::move(where), std::move(message)});
    }
};

// "data/program.json: /sessions/3/start: error: expected a time like 2021-04-06T09:30"
// One line of valid UTF-8: bad bytes become U+FFFD, control characters are escaped,
// and a message longer than kMaxMessageChars characters is cut with "…".
std::string format(const Diagnostic& d);
inline constexpr std::size_t kMaxMessageChars = 1000;

// What a log gets of a load's diagnostics: each one's line (format) when there are at
// most `limit`; else the first `limit` and one summary line that counts them all by
// severity and by kind ("10000 warnings in all, 9950 not shown; by kind: 10000 ×
// unknown key "…" ignored; run `hallboard check` for every line"). A program with
// 10,000 warnings must not write 10,000 lines to the journal at every reload (journald
// drops lines past its rate limit, the error among them).
inline constexpr std::size_t kLoggedDiagnostics = 50;
std::vector<std::string> logLines(const std::vector<Diagnostic>& diagnostics, std::size_t limit = kLoggedDiagnostics);
// A diagnostic's kind for counting: its message with quoted text as "…" and numbers
// as N ("unknown key \"…\" ignored", "expected a whole number from N to N").
std::string diagnosticKind(const Diagnostic& d);

class Diagnostics {
public:
    explicit Diagnostics(std::string file = {}) : file_(std::move(file)) {}

    void note(std::string where, std::string message);
    void warn(std::string where, std::string message);
    void error(std::string where, std::string message);
    void add(Diagnostic d) { items_.push_back(std::move(d)); }

    const std::string& file() const { return file_; }
    const std::vector<Diagnostic>& items() const { return items_; }
    std::size_t count(Severity s) const;

private:
    std::string file_;
    std::vector<Diagnostic> items_;
};

// Thrown while loading when the input cannot be understood at all. Caught at the load
// boundary and turned into a Diagnostic; never escapes to the UI.
class InputError : public std::runtime_error {
public:
    InputError(std::string where, const std::string& message) : std::runtime_error(message), where_(std::move(where)) {}
    const std::string& where() const { return where_; }

private:
    std::string where_;
};

}  // namespace hallboard
