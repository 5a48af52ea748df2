// SHA-256 of a file's contents, as 64 lowercase hex digits: what a kiosk reports for the
// program and configuration it shows, so a fleet can be checked for old copies
// (kiosk/fleet.hpp). Nettle (Debian's nettle-dev) does the hashing.
#pragma once

#include <string>
#include <string_view>

namespace hallboard {

std::string sha256Hex(std::string_view bytes);

}  // namespace hallboard
