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

#include "core/program.hpp"

namespace hallboard::browse {

struct QrCode {
    int size = 0;                      // modules per side, without the quiet zone
    std::vector<std::uint8_t> dark;    // size * size, row by row: 1 = dark
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

// The talk's best link, else its calendar entry, else nothing (a paper with no link and
// no time slot).
std::optional<TakeAway> takeAway(const Program& program, const Talk& talk);

// The talk as an iCalendar VEVENT in a VCALENDAR, times in UTC, CRLF line ends.
std::string calendarEntry(const Program& program, const Talk& talk);

}  // namespace hallboard::browse
