// Announcements: what visitors need to know today (Wi-Fi, lunch moved, the overflow room
// for the keynote), written by organisers in the overrides file next to the changes and
// live like them:
//
//   { "changes": [...],
//     "announcements": [
//       { "title": "Keynote overflow", "text": "Hall B shows the keynote on the big screen.",
//         "urgent": true, "from": "2021-04-06T08:00", "until": "2021-04-06T09:30" } ] }
//
// An announcement shows, inside its time window, as a banner on every page (urgent ones
// first) and on the announcements page of the rotation. Times are conference wall time.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/diagnostics.hpp"
#include "base/time.hpp"

namespace hallboard {

inline constexpr std::size_t kMaxAnnouncements = 50;
inline constexpr std::size_t kMaxAnnouncementTitle = 120, kMaxAnnouncementText = 600;

// As written in the file (overrides.hpp reads it).
struct AnnouncementEntry {
    std::string where;  // "/announcements/1", for messages
    std::string title, text;
    bool urgent = false;
    std::string from, until;  // conference wall time, or with an offset; empty: open
};

// Resolved in the conference's zone.
struct Announcement {
    std::string title, text;
    bool urgent = false;
    std::optional<Instant> from, until;
    bool activeAt(Instant t) const { return (!from || *from <= t) && (!until || t < *until); }
};

// Checks each entry's window (a time that is no time, `until` not after `from`); adds
// errors naming the file and entry. Empty optional when any entry is wrong.
std::optional<std::vector<Announcement>> resolveAnnouncements(const std::vector<AnnouncementEntry>& entries,
                                                              const TimeZone& zone, const std::string& fileName,
                                                              std::vector<Diagnostic>& diagnostics);

// Those shown at `t`: urgent first, then in the file's order.
std::vector<const Announcement*> activeAnnouncements(const std::vector<Announcement>& all, Instant t);

// The next instant after `t` at which an announcement appears or goes: the kiosk wakes.
std::optional<Instant> nextAnnouncementChange(const std::vector<Announcement>& all, Instant t);

}  // namespace hallboard
