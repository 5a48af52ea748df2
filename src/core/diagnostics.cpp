// See diagnostics.hpp.
#include "core/diagnostics.hpp"

#include <algorithm>

namespace hallboard {

std::string format(const Diagnostic& d) {
    std::string out = d.file.empty() ? std::string("<input>") : d.file;
    if (!d.where.empty()) out += ": " + d.where;
    out += d.severity == Severity::error ? ": error: " : d.severity == Severity::warning ? ": warning: " : ": note: ";
    out += d.message;
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
