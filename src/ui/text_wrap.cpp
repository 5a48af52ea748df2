// See text_wrap.hpp.
#include "ui/text_wrap.hpp"

#include <cstring>

namespace hallboard::ui {

namespace {

const std::string kEllipsis = "…";

bool space(char ch) {
    return ch == ' ' || ch == '\t';
}

std::string_view trimRight(std::string_view s) {
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

// The separator of the kiosk's lines and of organisers' titles: "Wi-Fi  ·  password".
const std::string_view kDot = "\xC2\xB7";

// A line that wraps after " ·" drops the dot: the line break separates instead.
std::string_view withoutTrailingDot(std::string_view s) {
    std::string_view t = trimRight(s);
    if (t.size() > kDot.size() && t.substr(t.size() - kDot.size()) == kDot && space(t[t.size() - kDot.size() - 1]))
        return trimRight(t.substr(0, t.size() - kDot.size()));
    return s;
}

// Letters only (any script's: bytes past ASCII count as letters), as opposed to a URL,
// a number or an identifier, which may be cut anywhere.
bool isWord(std::string_view s) {
    if (s.empty()) return false;
    for (char ch : s) {
        auto b = static_cast<unsigned char>(ch);
        if (b < 0x80 && !((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '\'')) return false;
    }
    return true;
}

// A URL, an address or an identifier: cut anywhere rather than shown in part.
bool linkLike(std::string_view s) {
    return s.find_first_of("/@=?&%#0123456789") != std::string_view::npos;
}

}  // namespace

std::string withEllipsis(std::string line, float width, const Measure& measure) {
    while (!line.empty() && (line.back() == ' ' || line.back() == ',' || line.back() == '.')) line.pop_back();
    std::vector<std::size_t> clusters = graphemeBoundaries(line);
    while (!line.empty() && measure(line + kEllipsis) > width) {
        clusters.pop_back();  // the end of the line
        line.erase(clusters.empty() ? 0 : clusters.back());
        std::size_t trimmed = trimRight(line).size();
        while (!clusters.empty() && clusters.back() > trimmed) clusters.pop_back();
        line.erase(trimmed);
        if (clusters.empty() || clusters.back() != line.size()) clusters.push_back(line.size());
    }
    return line + kEllipsis;
}

namespace {

// One wrapText call: the lines so far, the direction of the paragraph they are from, and
// whether the lines are full (`stopped`: no more go in).
struct Wrapper {
    float width;
    const Measure& measure;
    int maxLines;
    Wrapped out;
    Direction direction = Direction::ltr;
    bool stopped = false;

    bool full() const { return maxLines > 0 && static_cast<int>(out.lines.size()) >= maxLines; }
    // Adds a line; false (the text truncated) when the lines are full.
    bool push(std::string_view l) {
        if (full()) {
            out.truncated = true;
            return false;
        }
        out.lines.emplace_back(trimRight(l));
        out.directions.push_back(direction);
        return true;
    }
    void paragraph(std::string_view paragraph);
    std::size_t widePiece(std::string_view paragraph, std::size_t lineStart, std::size_t at);
};

// One piece, [lineStart, at) of `paragraph`, wider than a whole line. A name of parts
// ("Assembly:Freiwurst") breaks after a part's separator; what is left, when it still
// does not fit, is cut between grapheme clusters if it is a URL or an identifier, and
// shown whole up to "…" if it is a word: a word is never broken inside ("Assembly:Freiwurs"
// over "t"). Returns where the next line starts.
std::size_t Wrapper::widePiece(std::string_view paragraph, std::size_t lineStart, std::size_t at) {
    std::string_view piece = paragraph.substr(lineStart, at - lineStart);
    std::size_t from = 0;
    while (!stopped && measure(trimRight(piece.substr(from))) > width) {
        std::size_t cut = 0;
        for (std::size_t i = from; i + 1 < piece.size(); ++i)
            if (std::strchr(":/._@\\", piece[i]) && measure(piece.substr(from, i + 1 - from)) <= width) cut = i + 1;
        if (cut == 0) break;
        stopped = !push(piece.substr(from, cut - from));
        from = cut;
    }
    if (stopped) return at;
    std::string_view rest = piece.substr(from);
    // Judged by the whole run between spaces: the line breaker splits a URL
    // after "/" into pieces that are words.
    std::size_t tokenStart = lineStart, tokenEnd = at;
    while (tokenStart > 0 && !space(paragraph[tokenStart - 1])) --tokenStart;
    while (tokenEnd < paragraph.size() && !space(paragraph[tokenEnd])) ++tokenEnd;
    bool link = linkLike(paragraph.substr(tokenStart, tokenEnd - tokenStart));
    if (measure(trimRight(rest)) > width && !link && isWord(trimRight(rest))) {
        std::string whole(trimRight(rest));
        stopped = !push(withEllipsis(whole, width, measure));
        return at;
    }
    std::vector<std::size_t> clusters = graphemeBoundaries(piece);
    std::size_t last = from;
    for (std::size_t j = 1; j < clusters.size() && !stopped; ++j) {
        if (clusters[j] <= from) continue;
        if (measure(piece.substr(from, clusters[j] - from)) <= width || last == from) {
            last = clusters[j];
            continue;
        }
        stopped = !push(piece.substr(from, last - from));
        from = last;
        last = clusters[j];
    }
    return lineStart + from;
}

// A paragraph's lines: each ends at the last break opportunity that fits.
void Wrapper::paragraph(std::string_view paragraph) {
    std::vector<LineBreak> breaks = lineBreaks(paragraph);
    std::size_t lineStart = 0, fit = 0;  // the line so far: [lineStart, fit)
    auto fits = [&](std::size_t to) {
        return measure(trimRight(paragraph.substr(lineStart, to - lineStart))) <= width;
    };
    for (std::size_t k = 0; k < breaks.size() && !stopped;) {
        std::size_t at = breaks[k].at;
        if (fits(at)) {
            fit = at;
            if (breaks[k].mandatory) {
                stopped = !push(paragraph.substr(lineStart, fit - lineStart));
                lineStart = fit;
            }
            ++k;
            continue;
        }
        if (fit > lineStart) {  // the line ends at the last opportunity that fitted
            stopped = !push(withoutTrailingDot(paragraph.substr(lineStart, fit - lineStart)));
            lineStart = fit;
            // Nor does the next line start with the separator.
            if (paragraph.substr(lineStart, kDot.size()) == kDot &&
                (lineStart + kDot.size() == paragraph.size() || space(paragraph[lineStart + kDot.size()]))) {
                lineStart += kDot.size();
                while (lineStart < paragraph.size() && space(paragraph[lineStart])) ++lineStart;
                fit = std::max(fit, lineStart);
                while (k < breaks.size() && breaks[k].at < lineStart) ++k;
            }
            continue;  // the same opportunity again, on the next line
        }
        lineStart = widePiece(paragraph, lineStart, at);
        fit = at;
        ++k;
    }
    if (!stopped && fit > lineStart) stopped = !push(paragraph.substr(lineStart, fit - lineStart));
}

}  // namespace

Wrapped wrapText(std::string_view text, float width, const Measure& measure, int maxLines) {
    Wrapper w{width, measure, maxLines, {}};
    std::size_t start = 0;
    while (start <= text.size() && !w.stopped) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view paragraph = text.substr(start, end - start);
        start = end + 1;
        if (paragraph.find_first_not_of(" \t\r") == std::string_view::npos) {
            // A blank line between paragraphs: one empty line, never two in a row.
            w.direction = Direction::ltr;
            if (!w.out.lines.empty() && !w.out.lines.back().empty() && start <= text.size()) w.stopped = !w.push("");
            if (end == text.size()) break;
            continue;
        }
        while (!paragraph.empty() && paragraph.back() == '\r') paragraph.remove_suffix(1);
        std::size_t lead = paragraph.find_first_not_of(" \t");
        paragraph.remove_prefix(lead);
        w.direction = paragraphDirection(paragraph);
        w.paragraph(paragraph);
        if (end == text.size()) break;
    }
    Wrapped& out = w.out;
    while (!out.lines.empty() && out.lines.back().empty()) {
        out.lines.pop_back();
        out.directions.pop_back();
    }
    if (out.truncated && !out.lines.empty()) out.lines.back() = withEllipsis(out.lines.back(), width, measure);
    return std::move(out);
}

std::string initials(std::string_view name) {
    std::vector<std::string_view> words;
    std::size_t pos = 0;
    while (pos < name.size()) {
        std::size_t space = name.find(' ', pos);
        if (space == std::string_view::npos) space = name.size();
        std::string_view w = name.substr(pos, space - pos);
        // Skip "Dr.", "(Emma)" and similar so the initials are of the name itself.
        if (!w.empty() && w.front() != '(' && w != "Dr." && w != "Prof.") words.push_back(w);
        pos = space + 1;
    }
    std::string out;
    if (words.empty()) return "?";
    // A whole grapheme cluster of each: "क्षत्रिय" starts with क्ष, not a bare क.
    auto first = [](std::string_view w) { return std::string(w.substr(0, graphemeBoundaries(w)[1])); };
    out += first(words.front());
    if (words.size() > 1) out += first(words.back());
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

}  // namespace hallboard::ui
