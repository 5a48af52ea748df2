// See speech_text.hpp.
#include "browse/speech_text.hpp"

#include <chrono>

#include "base/i18n.hpp"
#include "base/text.hpp"
#include "model/wording.hpp"

namespace hallboard::browse {

namespace {

// The code point starting at `s[i]` and its length in bytes (1 for a broken byte).
std::pair<char32_t, std::size_t> codePointAt(std::string_view s, std::size_t i) {
    auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
    if (i + n > s.size()) return {0xFFFD, 1};
    char32_t cp = n == 1 ? b : b & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
        auto c = static_cast<unsigned char>(s[i + k]);
        if ((c & 0xC0) != 0x80) return {0xFFFD, 1};
        cp = (cp << 6) | (c & 0x3F);
    }
    return {cp, n};
}

bool bidiControl(char32_t cp) {
    return cp == 0x200E || cp == 0x200F || cp == 0x061C || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

// "A. B. C." from the parts that are not empty, each ending with one full stop.
std::string sentences(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& part : parts) {
        std::string s = spokenText(part);
        if (s.empty()) continue;
        if (!out.empty()) out += ' ';
        out += s;
        char last = s.back();
        if (last != '.' && last != '!' && last != '?' && last != ':') out += '.';
    }
    return out;
}

std::string roomName(const Program& p, std::optional<Index> room) {
    return room && *room < p.rooms.size() ? p.rooms[*room].name : std::string();
}

std::string whenSpoken(const Program& p, const TimeRange& range) {
    const TimeZone& zone = p.conference.zone;
    return localLongDate(localDay(zone, range.start)) + ", " +
           trf(tr("%s to %s"), localClock(zone, range.start).c_str(), localClock(zone, range.end).c_str());
}

// Live, ended, or how soon; empty for a cancelled talk (its change line says so).
std::string statusSpoken(const Talk& talk, const Session& s, Instant now) {
    if (talk.change.cancelled || s.change.cancelled) return tr("Cancelled");
    if (talk.slot.contains(now)) return tr("Live now");
    if (talk.slot.end <= now) return tr("Ended");
    if (Duration until = talk.slot.start - now; until < std::chrono::hours{12})
        return trf(tr("Starts in %s"), localDuration(until, true).c_str());
    return {};
}

// The way from this kiosk to `room`, step by step, as the room's page writes it;
// empty without directions to it.
std::string waySpeech(const SpeechSource& src, std::optional<Index> room) {
    if (!src.wayfinding || !room || !src.program) return {};
    const RoomDirections* d = src.wayfinding->to(*room, src.stepFree);
    if (!d && src.stepFree && src.wayfinding->to(*room))
        return tr("No step-free way from here: please ask a volunteer");
    if (!d) return {};
    const Venue& v = src.wayfinding->venue;
    std::vector<RouteStep> steps = routeSteps(v, d->route);
    if (steps.empty()) return tr("The room is here");
    std::string out =
        trf(trn("The way there, %d minute:", "The way there, %d minutes:", static_cast<unsigned long>(d->minutes)),
            d->minutes);
    std::string name = roomName(*src.program, room);
    for (std::size_t i = 0; i < steps.size(); ++i)
        out += " " + sentences({stepText(v, steps[i], i + 1 == steps.size(), name)});
    return out;
}

}  // namespace

std::string spokenText(std::string_view shown) {
    std::string out;
    out.reserve(shown.size());
    for (std::size_t i = 0; i < shown.size();) {
        auto [cp, n] = codePointAt(shown, i);
        std::string_view piece = shown.substr(i, n);
        i += n;
        if (bidiControl(cp)) continue;
        if (cp == 0xFFFD && n == 1) continue;  // a broken byte says nothing
        if (cp == 0x00B7 || cp == 0x2022) {    // "·", "•": a pause
            while (!out.empty() && out.back() == ' ') out.pop_back();
            out += ",";
            piece = " ";
        } else if (cp == 0x2013 || cp == 0x2014) {  // "–" between times
            piece = " - ";
        } else if (cp < 0x20 || cp == 0x7F) {
            piece = " ";
        }
        for (char ch : piece) {
            if (ch == ' ' && (out.empty() || out.back() == ' ')) continue;
            out += ch;
        }
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::string talkSpeech(const SpeechSource& src, Index ti) {
    if (!src.program || ti >= src.program->talks.size()) return {};
    const Program& p = *src.program;
    const Talk& talk = p.talks[ti];
    std::vector<std::string> parts{headline(talk)};
    std::optional<Index> room;
    if (talk.session && *talk.session < p.sessions.size()) {
        const Session& s = p.sessions[*talk.session];
        room = s.room;
        parts.push_back(whenSpoken(p, talk.slot));
        parts.push_back(statusSpoken(talk, s, src.now));
        if (room) parts.push_back(trf(tr("Room: %s"), roomName(p, room).c_str()));
    } else {
        parts.push_back(tr("Accepted paper, not in the schedule"));
    }
    if (std::string who = authorLine(p, talk); !who.empty()) parts.push_back(trf(tr("With %s"), who.c_str()));
    parts.push_back(waySpeech(src, room));
    return sentences(parts);
}

std::string searchSpeech(std::string_view query, std::size_t hits) {
    if (query.empty()) return tr("Search: type a title, a name or a room.");
    auto n = static_cast<unsigned long>(hits);
    return sentences({trf(trn("%lu talk found for %s", "%lu talks found for %s", n), n, std::string(query).c_str())});
}

std::string idleSpeech(int seconds) {
    auto n = static_cast<unsigned long>(std::max(seconds, 0));
    return sentences({trf(trn("Back to the overview in %d second", "Back to the overview in %d seconds", n), seconds),
                      tr("Touch the screen or press a key to stay")});
}

namespace {

std::string sessionSpeech(const SpeechSource& src, Index si) {
    const Program& p = *src.program;
    if (si >= p.sessions.size()) return {};
    const Session& s = p.sessions[si];
    std::size_t n = s.talks.size();
    std::vector<std::string> parts{sessionTitle(s), whenSpoken(p, s.time)};
    if (s.change.cancelled) parts.push_back(tr("Cancelled"));
    if (s.room) parts.push_back(trf(tr("Room: %s"), roomName(p, s.room).c_str()));
    if (n > 0) parts.push_back(trf(trn("%zu talk", "%zu talks", static_cast<unsigned long>(n)), n));
    parts.push_back(waySpeech(src, s.room));
    return sentences(parts);
}

std::string scheduleSpeech(const SpeechSource& src, std::size_t day) {
    if (!src.scheduler || day >= src.scheduler->days().size()) return sentences({tr("Schedule")});
    return sentences({trf(tr("Schedule for %s"), localLongDate(src.scheduler->days()[day]).c_str())});
}

std::string personSpeech(const SpeechSource& src, std::size_t entry) {
    if (!src.directory || entry >= src.directory->size()) return {};
    const DirectoryEntry& e = (*src.directory)[entry];
    std::vector<std::string> parts{e.name};
    for (Index t : e.talks)
        if (t < src.program->talks.size()) parts.push_back(headline(src.program->talks[t]));
    return sentences(parts);
}

}  // namespace

std::string placeSpeech(const SpeechSource& source, const Browser& browser, std::size_t searchHits) {
    SpeechSource src = source;
    src.stepFree = src.stepFree || browser.stepFreeWay();
    if (!src.program) return {};
    const Place& here = browser.here();
    switch (here.view) {
    case View::rotation: return sentences({tr("Touch the screen or press Enter to browse the program")});
    case View::schedule: return scheduleSpeech(src, browser.day());
    case View::session: return sessionSpeech(src, static_cast<Index>(here.item));
    case View::talk: return talkSpeech(src, static_cast<Index>(here.item));
    case View::people: {
        auto n = static_cast<unsigned long>(src.directory ? src.directory->size() : 0);
        return sentences({trf(trn("Speakers: %lu person", "Speakers: %lu people", n), n)});
    }
    case View::person: return personSpeech(src, here.item);
    case View::search: return searchSpeech(browser.query(), searchHits);
    case View::room: {
        auto room = static_cast<Index>(here.item);
        if (room >= src.program->rooms.size()) return {};
        return sentences({src.program->rooms[room].name, waySpeech(src, room)});
    }
    }
    return {};
}

}  // namespace hallboard::browse
