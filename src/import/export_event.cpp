// See export_event.hpp.
#include "import/export_event.hpp"

#include <algorithm>
#include <filesystem>

#include "model/language.hpp"
#include "base/text.hpp"
#include "import/html_text.hpp"
#include "import/import_common.hpp"
#include "import/text_layout.hpp"

namespace hallboard::import {

std::string linkKind(const std::string& title, const std::string& url) {
    std::string t = foldName(title + " " + url);
    auto has = [&](std::string_view w) { return t.find(w) != std::string::npos; };
    if (has("arxiv.org")) return "arxiv";
    if (has("slide")) return "slides";
    if (has("video") || has("youtube") || has("media.ccc.de") || has("recording")) return "video";
    if (has("doi.org")) return "doi";
    if (has(".pdf")) return "pdf";
    if (has("paper")) return "paper";
    if (has("github") || has("gitlab") || has("code")) return "code";
    return "web";
}

namespace {

// "http://host...": a scheme and a host; "http://" alone (or "https:///path") is no link.
bool isHttp(std::string_view url) {
    auto hostAfter = [&](std::string_view p) {
        return url.size() > p.size() && iequalsAscii(url.substr(0, p.size()), p) && url[p.size()] != '/' &&
               url[p.size()] != '?' && url[p.size()] != '#';
    };
    return hostAfter("http://") || hostAfter("https://");
}

// The text before the first ":" when it is a URL scheme ("mailto", "javascript").
std::string_view schemeOf(std::string_view url) {
    for (std::size_t i = 0; i < url.size(); ++i) {
        char c = url[i];
        if (c == ':') return i > 0 ? url.substr(0, i) : std::string_view{};
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                  (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'));
        if (!ok) return {};
    }
    return {};
}

// Spaces an export leaves around a link: ASCII white space, and the Unicode spaces and
// invisible marks a copy from a web page or a word processor brings (U+00A0 no-break
// space, U+2000..U+200B, U+202F, U+205F, U+3000, U+FEFF).
bool isLinkSpace(char32_t c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v' || c == 0x85 || c == 0xA0 ||
           c == 0x1680 || (c >= 0x2000 && c <= 0x200B) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
           c == 0x3000 || c == 0xFEFF;
}

std::string trimLink(std::string_view raw) {
    std::size_t begin = 0;
    while (begin < raw.size()) {
        std::size_t next = begin;
        if (!isLinkSpace(nextCodepoint(raw, next))) break;
        begin = next;
    }
    std::size_t end = begin;
    for (std::size_t i = begin; i < raw.size();) {
        bool space = isLinkSpace(nextCodepoint(raw, i));
        if (!space) end = i;
    }
    return std::string(raw.substr(begin, end - begin));
}

}  // namespace

std::string absoluteLink(std::string_view raw, std::string_view base, std::string& why) {
    std::string url = trimLink(raw);
    if (url.empty()) {
        why = "empty";
        return {};
    }
    std::string encoded;
    for (char c : url) {
        auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7F) {
            why = "has control characters";
            return {};
        }
        if (c == ' ')
            encoded += "%20";
        else
            encoded += c;
    }
    if (isHttp(encoded)) return encoded;
    if (startsWith(encoded, "//")) return "https:" + encoded;  // scheme-relative
    if (std::string_view scheme = schemeOf(encoded); iequalsAscii(scheme, "http") || iequalsAscii(scheme, "https")) {
        why = "a web address without a host";
        return {};
    }
    if (!schemeOf(encoded).empty()) {
        why = "not a web address (" + std::string(schemeOf(encoded)) + ":)";
        return {};
    }
    std::string b = trim(base);
    if (!isHttp(b)) {
        why = "a relative path and the export names no base_url (pass --base-url)";
        return {};
    }
    std::size_t hostEnd = b.find('/', b.find("//") + 2);
    std::string origin = hostEnd == std::string::npos ? b : b.substr(0, hostEnd);
    if (encoded.front() == '/') return origin + encoded;
    std::string dir = hostEnd == std::string::npos ? b + "/" : b.substr(0, b.rfind('/') + 1);
    return dir + encoded;
}

SessionKind exportKind(const ExportEvent& e, const std::string& title) {
    SessionKind kind = kindFromLabel(e.type);
    bool presenters =
        std::any_of(e.persons.begin(), e.persons.end(), [](const ExportPerson& p) { return !trim(p.name).empty(); });
    // The event's own type decides. A track names a room's theme, not what an event is
    // (FOSDEM's "Social Web" devroom holds talks): it gives a kind only to an event with
    // no type and nobody presenting ("Lunch" in a "Breaks" track).
    if (kind == SessionKind::other && trim(e.type).empty() && !presenters) kind = kindFromLabel(e.track);
    if (kind == SessionKind::other || kind == SessionKind::oral) {
        // "Opening Ceremony" opens the event whoever speaks; but a title only makes a
        // pause ("Coffee break") of an event with nobody presenting: "eBPF: break
        // points" with its speaker is a talk.
        SessionKind fromTitle = kindFromLabel(title);
        if (isShortKind(fromTitle) && (!presenters || !isPause(fromTitle))) kind = fromTitle;
    }
    return kind;
}

std::optional<ParsedTime> frabStart(std::string_view timestamp, std::string_view startHhMm,
                                    std::optional<LocalDay> dayDate, std::optional<ParsedTime> dayStart,
                                    std::optional<Duration> dayChange) {
    if (auto t = parseTimestamp(trimView(timestamp))) return t;
    auto start = parseDuration(trimView(startHhMm));
    if (!start || !dayDate || *start >= std::chrono::hours{48}) return std::nullopt;
    ParsedTime out;
    out.local = LocalTime{dayDate->time_since_epoch() + *start};
    if (dayStart) {
        if (out.local < dayStart->local) out.local += date::days{1};
    } else if (dayChange && *start < *dayChange) {
        out.local += date::days{1};
    }
    return out;
}

EventSink::EventSink(ProgramBuilder& builder, Context& ctx, TimeZone zone, std::string baseUrl)
    : builder_(builder), ctx_(ctx), zone_(std::move(zone)), baseUrl_(std::move(baseUrl)) {
    if (!ctx_.options.baseUrl.empty()) baseUrl_ = ctx_.options.baseUrl;
}

std::vector<Link> EventSink::usableLinks(const std::vector<Link>& links, const std::string& where) {
    std::vector<Link> out;
    for (const Link& l : links) {
        std::string why;
        std::string url = absoluteLink(l.url, baseUrl_, why);
        if (url.empty()) {
            auto& [count, example] = linksLeftOut_[why];
            if (count++ == 0) example = import::quoted(shorten(trim(l.url), 80)) + " (" + where + ")";
            continue;
        }
        if (std::none_of(out.begin(), out.end(), [&](const Link& x) { return x.url == url; }))
            out.push_back({l.kind, url});
    }
    return out;
}

std::string EventSink::photoFor(const std::string& avatar) {
    std::string a = trim(avatar);
    if (a.empty()) return {};
    if (!isHttp(a) && !startsWith(a, "/")) return a;  // a path beside the program
    // A web address: the kiosk is offline. Use a copy in --photos DIR, by file name.
    std::string name = a.substr(0, a.find_first_of("?#"));
    name = name.substr(name.rfind('/') + 1);
    if (!ctx_.options.photosDir.empty() && !name.empty()) {
        std::error_code ec;
        std::filesystem::path p = std::filesystem::absolute(std::filesystem::path(ctx_.options.photosDir) / name, ec);
        if (!ec && std::filesystem::is_regular_file(p, ec)) return p.string();
    }
    if (webPhotos_++ == 0) webPhotoExample_ = shorten(a, 80);
    return {};
}

void EventSink::finish() {
    for (const auto& [why, entry] : linksLeftOut_)
        ctx_.report.note("", std::to_string(entry.first) + (entry.first == 1 ? " link" : " links") +
                                 " left out: " + why + "; e.g. " + entry.second);
    if (webPhotos_ > 0)
        ctx_.report.note("", std::to_string(webPhotos_) +
                                 (webPhotos_ == 1 ? " speaker photo is" : " speaker photos are") +
                                 " on the web (e.g. " + import::quoted(webPhotoExample_) +
                                 ") and the kiosk is offline: download them into a folder and pass --photos DIR"
                                 " (matched by file name); initials are shown meanwhile");
}

void buildEvents(std::vector<ExportEvent> events, const ZoneEvidence& evidence, const ExportFrame& frame,
                 ProgramBuilder& builder, Context& ctx) {
    TimeZone zone = evidence.decide(ctx);
    builder.program().conference.zone = zone;
    EventSink sink(builder, ctx, zone, frame.baseUrl);
    for (ExportEvent& e : events) sink.add(std::move(e));
    sink.finish();
    builder.orderRooms(frame.rooms);
}

void EventSink::leaveOut(const std::string& where, const std::string& why) {
    ctx_.report.warn(where, "left out: " + why);
    ctx_.summary.events += 1;
    ctx_.summary.leftOut += 1;
}

namespace {

// An event's end: its own when after its start, else start plus duration, a whole day
// for an all-day event, else an hour (with a warning).
Instant endOf(const ExportEvent& e, Instant start, Diagnostics& report) {
    if (e.end && *e.end > start) return *e.end;
    if (e.duration && e.duration->count() > 0) return start + *e.duration;
    if (e.allDay) return start + std::chrono::hours{24};
    report.warn(e.where, import::quoted(e.title) + " has no usable end or duration; assuming 60 min");
    return start + std::chrono::hours{1};
}

// The talk's text: subtitle, abstract and description (when it says more), as paragraphs.
std::string abstractOf(const ExportEvent& e) {
    std::vector<std::string> parts;
    if (!trim(e.subtitle).empty()) parts.push_back(trim(decodeEntities(e.subtitle)));
    std::string abstract = htmlToText(e.abstract);
    std::string description = htmlToText(e.description);
    if (!abstract.empty()) parts.push_back(abstract);
    if (!description.empty() && description != abstract) parts.push_back(description);
    return joinParagraphs(parts);
}

}  // namespace

void EventSink::add(ExportEvent e) {
    Diagnostics& report = ctx_.report;
    if (!e.start && e.startAt) e.start = resolve(*e.startAt, zone_);
    if (!e.end && e.endAt) e.end = resolve(*e.endAt, zone_);
    if (!e.start) {
        std::string year = yearProblem(e.dateText);
        leaveOut(e.where, import::quoted(shorten(trim(e.title), 80)) + " has no start time that can be read" +
                              (year.empty() ? "" : ": " + year));
        return;
    }
    if (!e.guid.empty() && !guids_.insert(e.guid).second)
        report.warn(e.where, "guid " + e.guid + " appears more than once; both events kept");
    else if (e.guid.empty() && !e.id.empty() && !ids_.insert(e.id).second)
        report.warn(e.where, "id " + e.id + " appears more than once; both events kept");

    Instant start = *e.start;
    Instant end = endOf(e, start, report);
    std::string title = trim(decodeEntities(e.title));
    if (title.empty()) report.warn(e.where, "event without a title; kept, shown as \"Untitled talk\"");
    Index session = addSession(e, title, {start, end});
    builder_.addTalk(talkOf(e, title), session);
    ctx_.summary.events += 1;
    ctx_.summary.kept += 1;
}

// The event's session: its kind, time, room (a named room, "(unnamed room)" for an
// empty name, none when the export gives none) and track.
Index EventSink::addSession(const ExportEvent& e, const std::string& title, TimeRange time) {
    Diagnostics& report = ctx_.report;
    Session session;
    session.title = title;
    session.kind = exportKind(e, title);
    if (session.kind == SessionKind::other && !e.type.empty() && typesNoted_.insert(e.type).second)
        report.note(e.where, "event type " + import::quoted(e.type) + " shown as a plain session");
    session.time = time;
    std::string room = trim(e.room);
    if (e.roomGiven && room.empty()) {
        room = kUnnamedRoom;
        report.warn(e.where, std::string("room with an empty name; shown as \"") + kUnnamedRoom + "\"");
    } else if (!e.roomGiven && !e.allDay) {
        report.warn(e.where, import::quoted(title) + " has no room; it shows in the agenda but on no room page");
    }
    if (!room.empty()) session.room = builder_.room(room);
    if (!trim(e.track).empty()) session.track = builder_.track(trim(e.track));
    session.change.cancelled = session.change.cancelledInProgram = e.cancelled;
    return builder_.addSession(std::move(session));
}

// The event's one talk: its text, speakers (with their bios and photos), links and language.
Talk EventSink::talkOf(const ExportEvent& e, const std::string& title) {
    Talk talk;
    talk.title = title;
    talk.guid = trim(e.guid);
    talk.abstract = abstractOf(e);
    for (const ExportPerson& p : e.persons) {
        std::string name = trim(decodeEntities(p.name));
        if (name.empty()) continue;
        Index person = builder_.person(name);
        Person& into = builder_.program().people[person];
        std::string bio = htmlToText(p.biography);
        if (!bio.empty() && into.bio.empty()) into.bio = bio;
        if (into.photo.empty()) into.photo = photoFor(p.avatar);
        if (std::find(talk.speakers.begin(), talk.speakers.end(), person) == talk.speakers.end())
            talk.speakers.push_back(person);
    }
    talk.links = usableLinks(e.links, e.where);
    talk.doNotRecord = e.doNotRecord;
    talk.doNotStream = e.doNotStream;
    if (std::string language = trim(e.language); !language.empty()) {
        if (auto tag = normalizeLanguageTag(language))
            talk.language = *tag;
        else
            ctx_.report.warn(e.where, "language " + import::quoted(language) + " is not a BCP 47 tag; left out");
    }
    return talk;
}

}  // namespace hallboard::import
