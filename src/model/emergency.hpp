// The emergency takeover (#31.1): an `emergency` object in the overrides file replaces
// whatever every kiosk shows (the rotation, browsing, slides, quiet hours) until it is
// taken out of the file or its `until` passes:
//
//   { "emergency": { "title": "Fire alarm", "text": "Leave the building now.",
//                    "kind": "evacuate", "from": "2021-04-06T10:00", "drill": true } }
//
// `kind` is "evacuate" (each screen shows the way to its nearest exit), "shelter" or
// "notice". An emergency is never dropped because of a mistake in it: every problem (an
// unknown kind, a time that is no time, a field of the wrong type, text too long) is an
// error in the diagnostics, and the takeover still shows, with what could be read (an
// unknown kind shows as "notice", a broken time leaves that end open, a long text is cut).
// Documented in docs/overrides.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostics.hpp"
#include "base/json_reader.hpp"
#include "base/time.hpp"

namespace hallboard {

enum class EmergencyKind { evacuate, shelter, notice };
std::string_view toString(EmergencyKind kind);  // "evacuate", "shelter", "notice"

inline constexpr std::size_t kMaxEmergencyTitle = 120, kMaxEmergencyText = 600;

// As written in the file (overrides.cpp reads it), already checked field by field.
struct EmergencyEntry {
    std::string where = "/emergency";
    std::string title, text;
    EmergencyKind kind = EmergencyKind::notice;
    bool drill = false;
    std::string from, until;  // conference wall time, or with an offset; empty: open
};

// Resolved in the conference's zone.
struct Emergency {
    std::string title, text;
    EmergencyKind kind = EmergencyKind::notice;
    bool drill = false;
    std::optional<Instant> from, until;
    bool activeAt(Instant t) const { return (!from || *from <= t) && (!until || t < *until); }
    bool operator==(const Emergency&) const = default;
};

// Reads the `emergency` value of an overrides file. Never throws and never gives up: each
// problem is an error added to `diagnostics` (file, JSON path, reason, and that the
// takeover shows all the same). Null JSON: none. Anything that is not an object still
// gives an emergency (a notice with no words of its own): someone meant one.
std::optional<EmergencyEntry> readEmergency(const Json& value, const std::string& fileName,
                                            std::vector<Diagnostic>& diagnostics);

// Resolves the times in the conference's zone. A time that is no time, or an `until`
// not after `from`, is an error and leaves that end open: the takeover shows rather than
// not. Never empty.
Emergency resolveEmergency(const EmergencyEntry& entry, const TimeZone& zone, const std::string& fileName,
                           std::vector<Diagnostic>& diagnostics);

// The emergency shown at `t`: `emergency` when it is set and active then, else null.
const Emergency* activeEmergency(const std::optional<Emergency>& emergency, Instant t);

// The next instant after `t` at which it starts or ends: the kiosk wakes then.
std::optional<Instant> nextEmergencyChange(const std::optional<Emergency>& emergency, Instant t);

}  // namespace hallboard
