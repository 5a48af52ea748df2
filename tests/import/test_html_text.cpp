#include <catch2/catch.hpp>

#include "import/html_text.hpp"

using namespace hallboard::import;

TEST_CASE("entities decode to UTF-8") {
    CHECK(decodeEntities("Fish &amp; Chips") == "Fish & Chips");
    CHECK(decodeEntities("M&uuml;nchen &#228; &#xE4; &#x1F600;") == "München ä ä 😀");
    CHECK(decodeEntities("&ndash;&hellip;&rsquo;") == "–…’");
    CHECK(decodeEntities("AT&T and &unknown; stay") == "AT&T and &unknown; stay");
    CHECK(decodeEntities("&#xD800;") == "\xEF\xBF\xBD");       // a lone surrogate becomes U+FFFD
    CHECK(decodeEntities("&#x100000041;") == "\xEF\xBF\xBD");  // too big for Unicode, not "A" after narrowing
}

TEST_CASE("HTML becomes plain text with paragraphs") {
    CHECK(htmlToText("<p>One</p><p>Two <b>bold</b></p>") == "One\n\nTwo bold");
    CHECK(htmlToText("Line<br>break<br/>again") == "Line\nbreak\nagain");
    CHECK(htmlToText("<ul><li>a</li><li>b</li></ul>") == "• a\n• b");
    CHECK(htmlToText("<p>Source line\nends are spaces</p>") == "Source line ends are spaces");
}

TEST_CASE("entity-escaped HTML is unescaped, then read as HTML") {
    CHECK(htmlToText("&lt;p&gt;Hello &amp;amp; welcome&lt;/p&gt;&lt;p&gt;Bye&lt;/p&gt;") == "Hello & welcome\n\nBye");
}

TEST_CASE("plain text keeps its paragraphs, loses CRLF and extra blank lines") {
    CHECK(htmlToText("First\r\nline\r\n\r\n\r\n\r\nSecond  paragraph ") == "First\nline\n\nSecond paragraph");
    CHECK(htmlToText("Grüße 👋 東京 — a < b") == "Grüße 👋 東京 — a < b");
}
