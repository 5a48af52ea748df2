// See diagnostics.hpp.
#include "base/diagnostics.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "base/text.hpp"

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

std::string diagnosticKind(const Diagnostic& d) {
    std::string kind;
    const std::string& m = d.message;
    for (std::size_t i = 0; i < m.size() && kind.size() < 120;) {
        char c = m[i];
        if (c == '"') {  // a quotation: what was quoted does not make a kind
            std::size_t end = m.find('"', i + 1);
            kind += "\"\u2026\"";
            i = end == std::string::npos ? m.size() : end + 1;
        } else if (c >= '0' && c <= '9') {
            kind += 'N';
            while (i < m.size() && ((m[i] >= '0' && m[i] <= '9') || m[i] == '.' || m[i] == ',')) ++i;
        } else if (c == 'U' && i + 2 < m.size() && m[i + 1] == '+') {  // U+0000: the kind is "U+…"
            kind += "U+\u2026";
            i += 2;
            while (i < m.size() && std::isxdigit(static_cast<unsigned char>(m[i]))) ++i;
        } else {
            kind += c;
            ++i;
        }
    }
    return excerpt(kind, 100);
}

std::vector<std::string> logLines(const std::vector<Diagnostic>& diagnostics, std::size_t limit) {
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < diagnostics.size() && i < limit; ++i) lines.push_back(format(diagnostics[i]));
    if (diagnostics.size() <= limit) return lines;
    std::size_t counts[3] = {0, 0, 0};
    std::map<std::string, std::size_t> kinds;
    for (const Diagnostic& d : diagnostics) {
        ++counts[static_cast<int>(d.severity)];
        ++kinds[std::string(d.severity == Severity::error     ? "error: "
                            : d.severity == Severity::warning ? ""
                                                              : "note: ") +
                diagnosticKind(d)];
    }
    std::vector<std::pair<std::size_t, std::string>> order;
    for (auto& [kind, n] : kinds) order.emplace_back(n, kind);
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::string line = "hallboard: " + std::to_string(diagnostics.size()) + " messages in all (";
    const char* names[3] = {"notes", "warnings", "errors"};
    bool first = true;
    for (int s : {2, 1, 0})
        if (counts[s]) {
            line += std::string(first ? "" : ", ") + std::to_string(counts[s]) + " " + names[s];
            first = false;
        }
    line += "), the first " + std::to_string(limit) + " above; by kind: ";
    constexpr std::size_t kKinds = 10;
    for (std::size_t i = 0; i < order.size() && i < kKinds; ++i)
        line += (i ? "; " : "") + std::to_string(order[i].first) + " \u00d7 " + order[i].second;
    if (order.size() > kKinds) line += "; " + std::to_string(order.size() - kKinds) + " other kinds";
    line += ". `hallboard check` lists every one";
    lines.push_back(std::move(line));
    return lines;
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
