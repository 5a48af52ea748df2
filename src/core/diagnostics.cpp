// See diagnostics.hpp.
#include "core/diagnostics.hpp"

#include <algorithm>

#include "core/text.hpp"

namespace hallboard {

std::string format(const Diagnostic& d) {
    // Whatever a reader put in a message, the line stays one line of clean UTF-8 and of
    // bounded length: a 200 MB broken file never makes a 200 MB log line or badge.
    std::string out = d.file.empty() ? std::string("<input>") : excerpt(d.file, 400);
    if (!d.where.empty()) out += ": " + excerpt(d.where, 200);
    out += d.severity == Severity::error ? ": error: " : d.severity == Severity::warning ? ": warning: " : ": note: ";
    out += excerpt(d.message, kMaxMessageChars);
    return out;
}

void Diagnostics::note(std::string where, std::string message) {
    items_.push_back({Severity::note, file_, std::move(where), std::move(message)});
}

void Diagnostics::warn(std::string where, std::string message) {
    items_.push_back({Severity::warning, file_, std::move(where), std::move(message)});
}

void Diagnostics::error(std::string where, std::string message) {
    items_.push_back({Severity::error, file_, std::move(where), std::move(message)});
}

std::size_t Diagnostics::count(Severity s) const {
    return static_cast<std::size_t>(
        std::count_if(items_.begin(), items_.end(), [s](const Diagnostic& d) { return d.severity == s; }));
}

}  // namespace hallboard
