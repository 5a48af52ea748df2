// See announcements.hpp.
#include "model/announcements.hpp"

#include <algorithm>

#include "base/text.hpp"

namespace hallboard {

namespace {

// The entries being read: in `zone`, from `fileName`; `ok` until an error.
struct Reading {
    const TimeZone& zone;
    const std::string& fileName;
    std::vector<Diagnostic>& diagnostics;
    bool ok = true;
};

// A wall time of the entry, resolved; an error (and nothing) when it is no time.
std::optional<Instant> instantOf(const std::string& text, const std::string& where, Reading& r) {
    const TimeZone& zone = r.zone;
    const std::string& fileName = r.fileName;
    std::vector<Diagnostic>& diagnostics = r.diagnostics;
    if (text.empty()) return std::nullopt;
    std::string year = yearProblem(text);
    auto parsed = year.empty() ? parseTimestamp(text) : std::nullopt;
    if (!parsed) {
        diagnostics.push_back({Severity::error, fileName, where,
                               year.empty() ? "expected a time like \"2021-04-06T12:00\" (conference time), found \"" +
                                                  excerpt(text) + "\""
                                            : year});
        r.ok = false;
        return std::nullopt;
    }
    return resolve(*parsed, zone);
}

}  // namespace

std::optional<std::vector<Announcement>> resolveAnnouncements(const std::vector<AnnouncementEntry>& entries,
                                                              const TimeZone& zone, const std::string& fileName,
                                                              std::vector<Diagnostic>& diagnostics) {
    std::vector<Announcement> out;
    Reading reading{zone, fileName, diagnostics};
    bool& ok = reading.ok;
    for (const AnnouncementEntry& e : entries) {
        Announcement a{e.title, e.text, e.urgent, {}, {}};
        a.from = instantOf(e.from, e.where + "/from", reading);
        a.until = instantOf(e.until, e.where + "/until", reading);
        if (a.from && a.until && *a.until <= *a.from) {
            diagnostics.push_back(
                {Severity::error, fileName, e.where + "/until",
                 "\"until\" (" + e.until + ") is not after \"from\" (" + e.from + "): it would never show"});
            ok = false;
        }
        out.push_back(std::move(a));
    }
    if (!ok) return std::nullopt;
    return out;
}

std::vector<const Announcement*> activeAnnouncements(const std::vector<Announcement>& all, Instant t) {
    std::vector<const Announcement*> out;
    for (const Announcement& a : all)
        if (a.activeAt(t)) out.push_back(&a);
    std::stable_partition(out.begin(), out.end(), [](const Announcement* a) { return a->urgent; });
    return out;
}

std::optional<Instant> nextAnnouncementChange(const std::vector<Announcement>& all, Instant t) {
    std::optional<Instant> next;
    auto consider = [&](const std::optional<Instant>& edge) {
        if (edge && *edge > t && (!next || *edge < *next)) next = edge;
    };
    for (const Announcement& a : all) {
        consider(a.from);
        consider(a.until);
    }
    return next;
}

}  // namespace hallboard
