// See text_wrap.hpp.
#include "ui/text_wrap.hpp"

namespace hallboard::ui {

namespace {

const std::string kEllipsis = "…";

// Cuts `line` so that line + "…" fits; keeps whole characters.
std::string withEllipsis(std::string line, float width, const Measure& measure) {
    while (!line.empty() && (line.back() == ' ' || line.back() == ',' || line.back() == '.')) line.pop_back();
    while (!line.empty() && measure(line + kEllipsis) > width) {
        std::size_t cut = line.size() - 1;
        while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
        line.erase(cut);
        while (!line.empty() && line.back() == ' ') line.pop_back();
    }
    return line + kEllipsis;
}

}  // namespace

std::size_t utf8Length(std::string_view text, std::size_t i) {
    auto c = static_cast<unsigned char>(text[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    return i + n <= text.size() ? n : 1;
}

Wrapped wrapText(std::string_view text, float width, const Measure& measure, int maxLines) {
    Wrapped out;
    auto full = [&] { return maxLines > 0 && static_cast<int>(out.lines.size()) >= maxLines; };
    std::string line;
    auto push = [&](std::string l) {
        if (full()) {
            out.truncated = true;
            return false;
        }
        out.lines.push_back(std::move(l));
        return true;
    };

    std::size_t start = 0;
    bool stopped = false;
    while (start <= text.size() && !stopped) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view paragraph = text.substr(start, end - start);
        start = end + 1;
        if (paragraph.find_first_not_of(' ') == std::string_view::npos) {
            // A blank line between paragraphs: one empty line, never two in a row.
            if (!out.lines.empty() && !out.lines.back().empty() && start <= text.size()) stopped = !push("");
            if (end == text.size()) break;
            continue;
        }
        line.clear();
        std::size_t pos = 0;
        while (pos < paragraph.size() && !stopped) {
            std::size_t space = paragraph.find(' ', pos);
            if (space == std::string_view::npos) space = paragraph.size();
            std::string_view word = paragraph.substr(pos, space - pos);
            pos = space + 1;
            if (word.empty()) continue;
            std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
            if (measure(candidate) <= width) {
                line = std::move(candidate);
                continue;
            }
            if (!line.empty()) {
                if (!push(line)) {
                    stopped = true;
                    break;
                }
                line.clear();
            }
            if (measure(word) <= width) {
                line = std::string(word);
                continue;
            }
            // Wider than a line: break between characters.
            for (std::size_t i = 0; i < word.size();) {
                std::size_t n = utf8Length(word, i);
                std::string next = line + std::string(word.substr(i, n));
                if (!line.empty() && measure(next) > width) {
                    if (!push(line)) {
                        stopped = true;
                        break;
                    }
                    line = std::string(word.substr(i, n));
                } else {
                    line = std::move(next);
                }
                i += n;
            }
        }
        if (!stopped && !line.empty() && !push(line)) stopped = true;
        if (end == text.size()) break;
    }
    while (!out.lines.empty() && out.lines.back().empty()) out.lines.pop_back();
    if (out.truncated && !out.lines.empty()) out.lines.back() = withEllipsis(out.lines.back(), width, measure);
    return out;
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
    out += std::string(words.front().substr(0, utf8Length(words.front(), 0)));
    if (words.size() > 1) out += std::string(words.back().substr(0, utf8Length(words.back(), 0)));
    for (char& c : out)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return out;
}

}  // namespace hallboard::ui
