// See play_log.hpp.
#include "kiosk/play_log.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <tuple>

#include "base/files.hpp"
#include "base/text.hpp"
#include "kiosk/fleet.hpp"

namespace hallboard {

namespace fs = std::filesystem;

std::optional<Play> PlayLog::update(const Shown& shown, Steady now, Instant wall) {
    if (current_ && *current_ == shown) return std::nullopt;
    std::optional<Play> ended = finish(now);
    current_ = shown;
    since_ = now;
    start_ = wall;
    return ended;
}

std::optional<Play> PlayLog::finish(Steady now) {
    if (!current_) return std::nullopt;
    Play play{start_, std::chrono::duration<double>(now - since_).count(), *current_};
    current_.reset();
    return play;
}

namespace {

constexpr std::string_view kPlaysInfix = ".plays-";
constexpr std::string_view kPlaysSuffix = ".csv";

// A field as CSV: cleaned of what no line may hold, quoted where it must be, and never
// read as a formula by a spreadsheet.
std::string csvField(std::string text) {
    cleanText(text);
    for (char& c : text)
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (text.size() > 300) text = excerpt(text, 200);
    if (!text.empty() && (text[0] == '=' || text[0] == '+' || text[0] == '-' || text[0] == '@')) text.insert(0, "'");
    if (text.find_first_of(",\"") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// One line's fields (RFC 4180: quoted fields with "" for a quote); none when it is broken.
std::optional<std::vector<std::string>> csvFields(std::string_view line) {
    std::vector<std::string> fields(1);
    bool quoted = false, wasQuoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quoted) {
            if (c != '"')
                fields.back() += c;
            else if (i + 1 < line.size() && line[i + 1] == '"')
                fields.back() += line[++i];
            else
                quoted = false;
        } else if (c == '"' && fields.back().empty() && !wasQuoted) {
            quoted = wasQuoted = true;
        } else if (c == ',') {
            fields.emplace_back();
            wasQuoted = false;
        } else {
            fields.back() += c;
        }
    }
    if (quoted) return std::nullopt;
    return fields;
}

std::optional<PlayRow> playOf(std::string_view line) {
    auto fields = csvFields(line);
    if (!fields || fields->size() != 6) return std::nullopt;
    const auto& f = *fields;
    auto parsed = parseTimestamp(f[0]);
    if (!parsed || f[0].empty() || f[0].back() != 'Z') return std::nullopt;
    PlayRow row;
    row.kiosk = f[2];
    row.play.start = resolve(*parsed, TimeZone::utc());
    char* end = nullptr;
    row.play.seconds = std::strtod(f[1].c_str(), &end);
    if (f[1].empty() || *end != '\0' || !std::isfinite(row.play.seconds) || row.play.seconds < 0 ||
        row.play.seconds > 86400 * 2)
        return std::nullopt;
    row.play.shown.page = f[3];
    long screen = std::strtol(f[4].c_str(), &end, 10);
    if (f[4].empty() || *end != '\0' || screen < 0 || screen > 100000) return std::nullopt;
    row.play.shown.screen = static_cast<int>(screen);
    row.play.shown.title = f[5];
    if (row.kiosk.empty() || row.play.shown.page.empty()) return std::nullopt;
    return row;
}

}  // namespace

std::string playsFileName(std::string_view kiosk, LocalDay day) {
    return sanitizedName(kiosk) + std::string(kPlaysInfix) + formatDate(day) + std::string(kPlaysSuffix);
}

std::optional<LocalDay> playsFileDay(std::string_view name) {
    if (name.empty() || name.front() == '.' || name.size() < kPlaysSuffix.size() + 10 ||
        name.substr(name.size() - kPlaysSuffix.size()) != kPlaysSuffix)
        return std::nullopt;
    std::string_view stem = name.substr(0, name.size() - kPlaysSuffix.size());
    if (stem.size() < kPlaysInfix.size() + 10 ||
        stem.substr(stem.size() - 10 - kPlaysInfix.size(), kPlaysInfix.size()) != kPlaysInfix)
        return std::nullopt;
    return parseDate(stem.substr(stem.size() - 10));
}

std::string playCsvLine(const Play& play, std::string_view kiosk) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", std::max(play.seconds, 0.0));
    return utcText(play.start) + "," + seconds + "," + csvField(std::string(kiosk)) + "," + csvField(play.shown.page) +
           "," + std::to_string(play.shown.screen) + "," + csvField(play.shown.title) + "\n";
}

PlaysRead parsePlays(std::string_view csv) {
    PlaysRead read;
    std::size_t at = 0;
    bool first = true;
    while (at < csv.size()) {
        std::size_t end = csv.find('\n', at);
        bool whole = end != std::string_view::npos;
        std::string_view line = csv.substr(at, whole ? end - at : std::string_view::npos);
        at = whole ? end + 1 : csv.size();
        if (first && line == kPlaysHeader.substr(0, kPlaysHeader.size() - 1)) {
            first = false;
            continue;
        }
        first = false;
        if (line.empty()) continue;
        auto row = whole ? playOf(line) : std::nullopt;  // a line without its end was cut short
        if (row)
            read.rows.push_back(std::move(*row));
        else
            ++read.skipped;
    }
    return read;
}

namespace {

std::string readProblem(const BoundedRead& file) {
    switch (file.problem) {
    case BoundedRead::Problem::notRegular: return "not a regular file, not read";
    case BoundedRead::Problem::tooLarge: return "larger than a day's plays can be, not read";
    default: return "cannot be read: " + errnoText(file.error);
    }
}

void addTotals(const std::string& day, const PlaysRead& read,
               std::map<std::tuple<std::string, std::string, std::string, std::string>, PlayTotal>& totals) {
    for (const PlayRow& r : read.rows) {
        auto key = std::make_tuple(day, r.kiosk, r.play.shown.page, r.play.shown.title);
        PlayTotal& t = totals[key];
        t.day = day;
        t.kiosk = r.kiosk;
        t.page = r.play.shown.page;
        t.title = r.play.shown.title;
        t.seconds += r.play.seconds;
        ++t.plays;
    }
}

}  // namespace

PlaysFolder readPlaysFolder(const std::string& dir) {
    PlaysFolder out;
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    if (ec) {
        out.problems.push_back(dir + ": cannot be read: " + errnoText(ec.value()));
        return out;
    }
    std::vector<std::pair<std::string, LocalDay>> files;
    for (std::size_t seen = 0; !ec && it != end && seen < kFleetMaxFiles; it.increment(ec), ++seen) {
        std::string name = it->path().filename().string();
        if (auto day = playsFileDay(name)) files.emplace_back(name, *day);
    }
    std::sort(files.begin(), files.end());
    std::map<std::tuple<std::string, std::string, std::string, std::string>, PlayTotal> totals;
    for (const auto& [name, day] : files) {
        BoundedRead file = readBounded((fs::path(dir) / name).string(), kPlaysFileLimit);
        if (!file.bytes) {
            out.problems.push_back(name + ": " + readProblem(file));
            continue;
        }
        PlaysRead read = parsePlays(*file.bytes);
        if (read.skipped > 0)
            out.problems.push_back(name + ": " + std::to_string(read.skipped) + " line" +
                                   (read.skipped == 1 ? " is" : "s are") +
                                   " no play (cut short by a power cut, or edited) and not counted");
        addTotals(formatDate(day), read, totals);
    }
    for (auto& [key, total] : totals) out.totals.push_back(std::move(total));
    return out;
}

void PlayRecorder::setFolder(std::string dir, std::string kiosk) {
    dir_ = std::move(dir);
    kiosk_ = std::move(kiosk);
}

void PlayRecorder::update(const Shown& shown, Steady now, Instant wall, const TimeZone& zone) {
    if (dir_.empty()) return;
    if (auto ended = plays_.update(shown, now, wall)) write(*ended, zone);
}

void PlayRecorder::finish(Steady now, const TimeZone& zone) {
    if (dir_.empty()) return;
    if (auto ended = plays_.finish(now)) write(*ended, zone);
}

void PlayRecorder::write(const Play& play, const TimeZone& zone) {
    std::string path = (fs::path(dir_) / playsFileName(kiosk_, localDay(zone, play.start))).string();
    std::string error;
    if (appendDurably(path, playCsvLine(play, kiosk_), kPlaysHeader, kPlaysFileLimit, error)) {
        lastError_.clear();
        return;
    }
    if (error != lastError_) log_ << "hallboard: proof of play: " << error << "\n";
    lastError_ = error;
}

}  // namespace hallboard
