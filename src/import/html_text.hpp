// Abstracts in real exports carry HTML, often entity-escaped ("&lt;p&gt;"), and CRLF
// line ends. These turn them into plain text with paragraphs separated by blank lines.
#pragma once

#include <string>
#include <string_view>

namespace hallboard::import {

// "&amp;" -> "&", "&#228;" / "&#xE4;" / "&auml;" -> "ä". Unknown entities stay as written.
std::string decodeEntities(std::string_view text);

// Plain text from text that may hold HTML: block tags become paragraph breaks, <br> a
// line break, <li> a "• " line; other tags are dropped; entities decoded; whitespace
// tidied. Text without tags only gets its entities decoded and line ends normalised.
std::string htmlToText(std::string_view text);

}  // namespace hallboard::import
