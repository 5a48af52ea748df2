// What a visitor takes home from a talk's page with their phone, with no network at the
// kiosk: a QR code of the talk's link (paper, arXiv, PDF...), or, for a talk without
// one, a QR code of the talk as a calendar entry (iCalendar), which phone cameras offer
// to add to the calendar. QR codes come from libqrencode (Debian's libqrencode-dev):
// error correction and masking are easy to get subtly wrong by hand.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/program.hpp"

namespace hallboard::browse {

struct QrCode {
    int size = 0;                    // modules per side, without the quiet zone
    std::vector<std::uint8_t> dark;  // size * size, row by row: 1 = dark
    bool at(int x, int y) const { return dark[static_cast<std::size_t>(y * size + x)] != 0; }
};

// Medium error correction (scratches and glare on a screen). Empty optional when the
// text does not fit a QR code.
std::optional<QrCode> makeQrCode(std::string_view text);

struct TakeAway {
    enum class Kind { link, calendar };
    Kind kind = Kind::link;
    std::string payload;  // what the QR code holds
    std::string label;    // "Paper (arXiv)", "Add to your calendar"
};

// The talk's best link a QR code may carry (see qrLink), else its calendar entry, else
// nothing (a paper with no such link and no time slot). A link that is not allowed is
// passed over as if the talk did not have it.
std::optional<TakeAway> takeAway(const Program& program, const Talk& talk);

// What a QR code may carry, whatever the program file says: an absolute http:// or
// https:// URL with a host (ASCII, no user name) and no spaces, control characters
// (C0, DEL, C1), backslashes, line or paragraph separators or bidirectional controls.
// Characters beyond ASCII after the host are percent-encoded as UTF-8. Anything else
// (javascript:, data:, WIFI:, SMSTO:, tel:, mailto:, a relative link, CR/LF inside a
// URL, invalid UTF-8) is refused: empty optional.
std::optional<std::string> qrLink(std::string_view url);

// The one check before a payload becomes a QR code: a link qrLink accepts unchanged, or
// one of Hallboard's own calendar entries (calendarEntry's shape: CRLF lines, no other
// control characters).
bool qrPayloadAllowed(const TakeAway& away);

// The talk as an iCalendar VEVENT in a VCALENDAR, times in UTC, CRLF line ends.
std::string calendarEntry(const Program& program, const Talk& talk);

}  // namespace hallboard::browse
