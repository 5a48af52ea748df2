// See program.hpp.
#include "model/program.hpp"

#include "base/i18n.hpp"
#include "base/text.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <cstdio>

namespace hallboard {

namespace {

struct KindName {
    SessionKind kind;
    std::string_view key;
};

constexpr std::array<KindName, 12> kKinds{{
    {SessionKind::keynote, "keynote"},
    {SessionKind::invited, "invited"},
    {SessionKind::oral, "oral"},
    {SessionKind::poster, "poster"},
    {SessionKind::workshop, "workshop"},
    {SessionKind::tutorial, "tutorial"},
    {SessionKind::panel, "panel"},
    {SessionKind::break_, "break"},
    {SessionKind::social, "social"},
    {SessionKind::opening, "opening"},
    {SessionKind::closing, "closing"},
    {SessionKind::other, "other"},
}};

}  // namespace

std::optional<Color> Color::parse(std::string_view hex) {
    if (hex.empty() || hex[0] != '#') return std::nullopt;
    hex.remove_prefix(1);
    int digits[6];
    if (hex.size() == 3) {
        for (int i = 0; i < 3; ++i) digits[2 * i] = digits[2 * i + 1] = hexDigitValue(hex[static_cast<std::size_t>(i)]);
    } else if (hex.size() == 6) {
        for (int i = 0; i < 6; ++i) digits[i] = hexDigitValue(hex[static_cast<std::size_t>(i)]);
    } else {
        return std::nullopt;
    }
    for (int d : digits)
        if (d < 0) return std::nullopt;
    return Color{static_cast<std::uint8_t>(digits[0] * 16 + digits[1]),
                 static_cast<std::uint8_t>(digits[2] * 16 + digits[3]),
                 static_cast<std::uint8_t>(digits[4] * 16 + digits[5])};
}

std::string Color::hex() const {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
    return buf;
}

std::string_view toString(SessionKind kind) {
    for (const auto& k : kKinds)
        if (k.kind == kind) return k.key;
    return "other";
}

std::optional<SessionKind> parseSessionKind(std::string_view text) {
    for (const auto& k : kKinds)
        if (k.key == text) return k.kind;
    return std::nullopt;
}

bool isPause(SessionKind kind) {
    return kind == SessionKind::break_ || kind == SessionKind::social;
}

const std::string& Program::displayName() const {
    return conference.shortName.empty() ? conference.name : conference.shortName;
}

LocalDay conferenceDayOf(const Conference& conference, Instant t) {
    return date::floor<date::days>(conference.zone.toLocal(t) - conference.dayChange);
}

namespace {

std::string joinNames(const std::vector<std::string_view>& names, std::size_t maxNames) {
    std::string out;
    std::size_t shown = (maxNames == 0 || names.size() <= maxNames) ? names.size() : maxNames;
    for (std::size_t i = 0; i < shown; ++i) {
        if (i > 0) out += ", ";
        out += names[i];
    }
    if (shown < names.size()) out += " et al.";
    return out;
}

}  // namespace

std::string peopleLine(const Program& program, const std::vector<Index>& people, std::size_t maxNames) {
    std::vector<std::string_view> names;
    for (Index p : people) names.push_back(program.people[p].name);
    return joinNames(names, maxNames);
}

std::string authorLine(const Program& program, const Talk& talk, std::size_t maxNames) {
    if (!talk.speakers.empty()) return peopleLine(program, talk.speakers, maxNames);
    std::vector<std::string_view> names(talk.authors.begin(), talk.authors.end());
    return joinNames(names, maxNames);
}

std::optional<Index> effectiveTrack(const Program& program, const Talk& talk) {
    if (talk.track) return talk.track;
    if (talk.session) return program.sessions[*talk.session].track;
    return std::nullopt;
}

void assignTalkSlots(Program& program) {
    for (Session& session : program.sessions) {
        const auto& order = session.talks;
        std::size_t i = 0;
        Instant cursor = session.time.start;
        while (i < order.size()) {
            Talk& talk = program.talks[order[i]];
            if (talk.hasOwnSlot) {
                cursor = talk.slot.end;
                ++i;
                continue;
            }
            // A run of talks without their own times shares the gap up to the next timed one.
            std::size_t runEnd = i;
            while (runEnd < order.size() && !program.talks[order[runEnd]].hasOwnSlot) ++runEnd;
            Instant gapEnd = runEnd < order.size() ? program.talks[order[runEnd]].slot.start : session.time.end;
            if (gapEnd < cursor) gapEnd = cursor;
            auto n = static_cast<long long>(runEnd - i);
            Duration gap = gapEnd - cursor;
            for (long long k = 0; k < n; ++k) {
                // Boundaries on whole minutes so a shared slot reads "09:50", not "09:46:40".
                auto boundary = [&](long long j) {
                    if (j == n) return gapEnd;
                    auto offset = std::chrono::floor<std::chrono::minutes>(gap * j / n);
                    return cursor + std::chrono::duration_cast<Duration>(offset);
                };
                Talk& t = program.talks[order[i + static_cast<std::size_t>(k)]];
                t.slot = {boundary(k), boundary(k + 1)};
            }
            cursor = gapEnd;
            i = runEnd;
        }
    }
}

}  // namespace hallboard

namespace hallboard {

std::string roomShortName(const Program& program, Index room) {
    const Room& r = program.rooms.at(room);
    if (!r.shortName.empty()) return r.shortName;
    // The prefix: up to a separator (":" or " - ") with a name after it.
    for (std::string_view sep : {std::string_view(":"), std::string_view(" - "), std::string_view(" / ")}) {
        auto at = r.name.find(sep);
        if (at == std::string::npos || at == 0) continue;
        std::string rest = trim(r.name.substr(at + sep.size()));
        if (rest.empty()) continue;
        std::string_view prefix = std::string_view(r.name).substr(0, at + sep.size());
        for (std::size_t i = 0; i < program.rooms.size(); ++i)
            if (i != room && std::string_view(program.rooms[i].name).substr(0, prefix.size()) == prefix) return rest;
    }
    return r.name;
}

void reorderRooms(Program& program, const std::vector<Index>& order) {
    std::vector<Index> newIndex(program.rooms.size(), 0);
    std::vector<Room> rooms;
    rooms.reserve(order.size());
    for (Index old : order) {
        newIndex.at(old) = static_cast<Index>(rooms.size());
        rooms.push_back(std::move(program.rooms[old]));
    }
    if (rooms.size() != program.rooms.size()) throw std::logic_error("reorderRooms: not a permutation");
    program.rooms = std::move(rooms);
    for (Session& s : program.sessions)
        if (s.room) s.room = newIndex[*s.room];
    for (Award& a : program.awards)
        if (a.room) a.room = newIndex[*a.room];
}

std::vector<Index> roomsBySize(const Program& program, const std::vector<Index>& last) {
    std::vector<std::size_t> uses(program.rooms.size(), 0);
    for (const Session& s : program.sessions)
        if (s.room && *s.room < uses.size()) uses[*s.room] += 1 + s.talks.size();
    std::vector<Index> order(program.rooms.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<Index>(i);
    auto atEnd = [&](Index r) { return std::find(last.begin(), last.end(), r) != last.end(); };
    std::stable_sort(order.begin(), order.end(), [&](Index a, Index b) {
        if (atEnd(a) != atEnd(b)) return atEnd(b);
        const auto &ca = program.rooms[a].capacity, &cb = program.rooms[b].capacity;
        if (ca.has_value() != cb.has_value()) return ca.has_value();
        if (ca && *ca != *cb) return *ca > *cb;
        return uses[a] > uses[b];
    });
    return order;
}

std::string webAddressProblem(std::string_view url, std::size_t max) {
    if (url.size() > max)
        return std::to_string(url.size()) + " bytes, more than the " + std::to_string(max) + " allowed";
    std::string_view rest;
    for (std::string_view scheme : {"http://", "https://"})
        if (url.size() > scheme.size() && iequalsAscii(url.substr(0, scheme.size()), scheme))
            rest = url.substr(scheme.size());
    if (rest.empty() || rest.front() == '/' || rest.front() == '?' || rest.front() == '#')
        return "expected an http:// or https:// address with a host";
    for (unsigned char ch : url)
        if (ch <= 0x20 || ch == 0x7f || ch == '\\') return "a space, a control character or a backslash in the address";
    return {};
}

}  // namespace hallboard
