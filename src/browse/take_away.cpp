// See take_away.hpp.
#include "browse/take_away.hpp"

#include <qrencode.h>

#include <array>
#include <cctype>
#include <memory>

#include <date/date.h>

#include "base/i18n.hpp"
#include "base/text.hpp"
#include "model/wording.hpp"

namespace hallboard::browse {

namespace {

// Which links visitors want most: the paper itself first.
constexpr std::array<std::string_view, 8> kPreference = {"paper", "arxiv", "pdf",    "doi",
                                                         "web",   "code",  "slides", "video"};

std::string linkLabel(const std::string& kind) {
    if (kind == "paper") return N_("The paper");
    if (kind == "arxiv") return N_("The paper on arXiv");
    if (kind == "pdf") return N_("The paper (PDF)");
    if (kind == "doi") return N_("The paper (DOI)");
    if (kind == "code") return N_("The code");
    if (kind == "slides") return N_("The slides");
    if (kind == "video") return N_("The video");
    return N_("More about this talk");
}

std::string utcStamp(Instant t) {
    return date::format("%Y%m%dT%H%M%SZ", date::floor<std::chrono::seconds>(t));
}

// iCalendar TEXT: backslash, comma, semicolon and newlines escaped, other control
// characters dropped (a title cannot add lines to the entry); at most `max` bytes,
// cut between characters.
std::string icalText(std::string_view text, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t start = i;
        nextCodepoint(text, i);
        std::string_view ch = text.substr(start, i - start);
        std::string piece;
        if (ch == "\\" || ch == "," || ch == ";")
            piece = "\\" + std::string(ch);
        else if (ch == "\n")
            piece = "\\n";
        else if (ch.size() == 1 && (static_cast<unsigned char>(ch[0]) < 0x20 || ch[0] == 0x7F))
            piece = "";  // CR, tab...
        else
            piece = std::string(ch);
        if (out.size() + piece.size() > max) break;
        out += piece;
    }
    return out;
}

bool forbiddenInLink(char32_t cp) {
    return cp <= 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == '\\' || cp == 0xFFFD ||  // U+FFFD: invalid UTF-8
           cp == 0x200E || cp == 0x200F || (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
           cp == 0xFEFF || cp > 0x10FFFF;
}

bool startsWithNoCase(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
    return true;
}

}  // namespace

std::optional<std::string> qrLink(std::string_view url) {
    constexpr std::size_t kMaxLink = 1024;  // a QR code a phone reads from a metre away holds far less
    if (url.empty() || url.size() > kMaxLink) return std::nullopt;
    std::size_t schemeEnd = 0;
    if (startsWithNoCase(url, "https://"))
        schemeEnd = 8;
    else if (startsWithNoCase(url, "http://"))
        schemeEnd = 7;
    else
        return std::nullopt;
    std::size_t hostEnd = url.find_first_of("/?#", schemeEnd);
    if (hostEnd == std::string_view::npos) hostEnd = url.size();
    std::string_view host = url.substr(schemeEnd, hostEnd - schemeEnd);
    // A host, in ASCII (an internationalised one comes punycoded), with no user name:
    // "https://trusted.example@elsewhere.example" is not what it looks like.
    if (host.empty() || host.find('@') != std::string_view::npos || host.front() == ':' || host.front() == '.')
        return std::nullopt;
    for (char ch : host) {
        auto b = static_cast<unsigned char>(ch);
        if (b <= 0x20 || b >= 0x7F || ch == '\\') return std::nullopt;
    }
    std::string out(url.substr(0, hostEnd));
    for (std::size_t i = hostEnd; i < url.size();) {
        std::size_t start = i;
        char32_t cp = nextCodepoint(url, i);
        if (forbiddenInLink(cp)) return std::nullopt;
        if (cp < 0x80) {
            out += static_cast<char>(cp);
            continue;
        }
        static constexpr char kHex[] = "0123456789ABCDEF";
        for (std::size_t k = start; k < i; ++k) {
            auto b = static_cast<unsigned char>(url[k]);
            out += '%';
            out += kHex[b >> 4];
            out += kHex[b & 0xF];
        }
    }
    return out;
}

bool qrPayloadAllowed(const TakeAway& away) {
    if (away.kind == TakeAway::Kind::link) {
        auto link = qrLink(away.payload);
        return link && *link == away.payload;
    }
    std::string_view p = away.payload;
    if (p.substr(0, 17) != "BEGIN:VCALENDAR\r\n" || p.size() < 17 + 15 ||
        p.substr(p.size() - 15) != "END:VCALENDAR\r\n")
        return false;
    for (std::size_t i = 0; i < p.size(); ++i) {
        auto b = static_cast<unsigned char>(p[i]);
        if (b == '\r' && i + 1 < p.size() && p[i + 1] == '\n') {
            ++i;
            continue;
        }
        if (b < 0x20 || b == 0x7F) return false;
    }
    return true;
}

std::optional<QrCode> makeQrCode(std::string_view text) {
    if (text.empty()) return std::nullopt;
    std::string data(text);
    std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
        QRcode_encodeData(static_cast<int>(data.size()), reinterpret_cast<const unsigned char*>(data.data()), 0,
                          QR_ECLEVEL_M),
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
            if (link.kind == kind)
                if (auto url = qrLink(link.url)) return TakeAway{TakeAway::Kind::link, *url, linkLabel(link.kind)};
    for (const Link& link : talk.links)
        if (auto url = qrLink(link.url)) return TakeAway{TakeAway::Kind::link, *url, linkLabel(link.kind)};
    if (talk.session) {
        TakeAway away{TakeAway::Kind::calendar, calendarEntry(program, talk), "Add it to your calendar"};
        if (qrPayloadAllowed(away)) return away;
    }
    return std::nullopt;
}

}  // namespace hallboard::browse
