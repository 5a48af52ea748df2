// See take_away.hpp.
#include "browse/take_away.hpp"

#include <qrencode.h>

#include <array>
#include <memory>

#include <date/date.h>

#include "core/text.hpp"

namespace hallboard::browse {

namespace {

// Which links visitors want most: the paper itself first.
constexpr std::array<std::string_view, 8> kPreference = {"paper", "arxiv", "pdf", "doi", "web", "code", "slides", "video"};

std::string linkLabel(const std::string& kind) {
    if (kind == "paper") return "The paper";
    if (kind == "arxiv") return "The paper on arXiv";
    if (kind == "pdf") return "The paper (PDF)";
    if (kind == "doi") return "The paper (DOI)";
    if (kind == "code") return "The code";
    if (kind == "slides") return "The slides";
    if (kind == "video") return "The video";
    return "More about this talk";
}

std::string utcStamp(Instant t) { return date::format("%Y%m%dT%H%M%SZ", date::floor<std::chrono::seconds>(t)); }

// iCalendar TEXT: backslash, comma, semicolon and newlines escaped; at most `max` bytes,
// cut between characters.
std::string icalText(std::string_view text, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t start = i;
        nextCodepoint(text, i);
        std::string_view ch = text.substr(start, i - start);
        std::string piece;
        if (ch == "\\" || ch == "," || ch == ";") piece = "\\" + std::string(ch);
        else if (ch == "\n") piece = "\\n";
        else if (ch != "\r") piece = std::string(ch);
        if (out.size() + piece.size() > max) break;
        out += piece;
    }
    return out;
}

}  // namespace

std::optional<QrCode> makeQrCode(std::string_view text) {
    if (text.empty()) return std::nullopt;
    std::string data(text);
    std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
        QRcode_encodeData(static_cast<int>(data.size()), reinterpret_cast<const unsigned char*>(data.data()), 0, QR_ECLEVEL_M),
        &QRcode_free);
    if (!code) return std::nullopt;
    QrCode qr;
    qr.size = code->width;
    qr.dark.resize(static_cast<std::size_t>(qr.size * qr.size));
    for (std::size_t i = 0; i < qr.dark.size(); ++i) qr.dark[i] = code->data[i] & 1;
    return qr;
}

std::string calendarEntry(const Program& program, const Talk& talk) {
    const Conference& c = program.conference;
    std::string location;
    if (talk.session) {
        const Session& s = program.sessions[*talk.session];
        if (s.room) location = program.rooms[*s.room].name;
    }
    if (!c.venue.empty()) location += (location.empty() ? "" : ", ") + c.venue;
    std::string summary = headline(talk);
    if (!program.displayName().empty()) summary += " (" + program.displayName() + ")";
    std::string out = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Hallboard//EN\r\nBEGIN:VEVENT\r\n";
    out += "UID:" + icalText(talk.id.empty() ? slugify(headline(talk)) : talk.id, 80) + "@hallboard\r\n";
    out += "DTSTAMP:" + utcStamp(talk.slot.start) + "\r\n";
    out += "DTSTART:" + utcStamp(talk.slot.start) + "\r\n";
    out += "DTEND:" + utcStamp(talk.slot.end) + "\r\n";
    // Long lines would have to be folded; short fields keep the QR code small and easy
    // to scan from a metre away.
    out += "SUMMARY:" + icalText(summary, 60) + "\r\n";
    if (!location.empty()) out += "LOCATION:" + icalText(location, 50) + "\r\n";
    out += "END:VEVENT\r\nEND:VCALENDAR\r\n";
    return out;
}

std::optional<TakeAway> takeAway(const Program& program, const Talk& talk) {
    for (std::string_view kind : kPreference)
        for (const Link& link : talk.links)
            if (link.kind == kind && !link.url.empty()) return TakeAway{TakeAway::Kind::link, link.url, linkLabel(link.kind)};
    for (const Link& link : talk.links)
        if (!link.url.empty()) return TakeAway{TakeAway::Kind::link, link.url, linkLabel(link.kind)};
    if (talk.session) return TakeAway{TakeAway::Kind::calendar, calendarEntry(program, talk), "Add it to your calendar"};
    return std::nullopt;
}

}  // namespace hallboard::browse
