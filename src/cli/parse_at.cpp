// See commands.hpp.
#include "cli/commands.hpp"

namespace hallboard::cli {

std::optional<Instant> parseAt(const std::string& text, const TimeZone& zone) {
    auto parsed = parseTimestamp(text);
    if (!parsed) return std::nullopt;
    return resolve(*parsed, zone);
}

}  // namespace hallboard::cli
