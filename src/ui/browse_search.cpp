// Search: the field, the results (every word marked where it matched), and an
// on-screen keyboard, since a kiosk has no other. A physical keyboard types into the
// same field.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "ui/browse_screens.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui::browse_ui {

namespace {

using K = Action::Kind;

constexpr std::size_t kShown = 200;  // results listed; more: type another word

using KeyRows = std::vector<std::vector<std::string>>;

// The keyboard's rows in the language's layout (QWERTZ, AZERTY, QWERTY; base/i18n.hpp),
// the digits over them when `digits`: each row's letters, then the language's own letters
// that end it there. `extra` keeps the language's own letters no row ends in.
KeyRows keyRows(const std::string& language, bool digits, std::vector<std::string>& extra) {
    KeyRows rows;
    auto letters = [](const std::string& row) {
        std::vector<std::string> keys;
        for (char ch : row) keys.emplace_back(1, ch);
        return keys;
    };
    if (digits) rows.push_back(letters("1234567890"));
    extra = keyboardLetters(language);
    std::vector<std::vector<std::string>> ends = keyboardRowEnds(language);
    std::vector<std::string> letterRows = keyboardRows(language);
    for (std::size_t r = 0; r < letterRows.size(); ++r) {
        rows.push_back(letters(letterRows[r]));
        if (r >= ends.size()) continue;
        for (const std::string& letter : ends[r]) {
            rows.back().push_back(letter);
            extra.erase(std::remove(extra.begin(), extra.end(), letter), extra.end());
        }
    }
    return rows;
}

// A row's width in keys: the last row starts a key in and ends in the erase key (a key
// and a half).
float keysWide(const KeyRows& rows, std::size_t r) {
    return static_cast<float>(rows[r].size()) + (r + 1 == rows.size() ? 2.5f : 0.0f);
}

float columnsOf(const KeyRows& rows) {
    float widest = 10;
    for (std::size_t r = 0; r < rows.size(); ++r) widest = std::max(widest, keysWide(rows, r));
    return std::ceil(widest);
}

// A screen too short for the digits is too short for a row of accents too (French,
// Spanish): they end the letter rows instead, in order and evenly, while the keys stay a
// thumb wide. At 800x480 that row had left no whole search result.
void spreadAccents(KeyRows& rows, std::vector<std::string>& extra, float areaW, float key, float gap) {
    auto spread = rows;
    float total = static_cast<float>(extra.size());
    for (std::size_t r = 0; r < rows.size(); ++r) total += keysWide(rows, r);
    float even = std::ceil(total / static_cast<float>(rows.size()));
    std::size_t next = 0;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        float wide = keysWide(rows, r);
        while (next < extra.size() && (wide + 1 <= even || r + 1 == rows.size())) {
            rows[r].push_back(extra[next++]);
            wide += 1;
        }
    }
    float cols = columnsOf(rows);
    float width = std::min(areaW, (key * 1.25f + gap) * cols);
    if ((width - gap * (cols - 1)) / cols >= key)
        extra.clear();
    else
        rows = std::move(spread);
}

std::string keyLabel(const std::string& letter) {
    if (letter.size() == 1)
        return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(letter[0]))));
    return letter == "ß" ? letter : localUpper(letter);  // "SS" is two keys' worth
}

// Where the keys go: the keyboard's left edge and width, a key's width and height, the
// gap between keys.
struct KeyGrid {
    float left, kbW, keyW, key, gap;
};

// The letter rows from `y`, the last ending in the erase key. Returns the y under them.
float drawLetterRows(Ctx& x, const KeyRows& rows, const KeyGrid& g, float y) {
    const Theme& t = x.t();
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows[r];
        float rowW = static_cast<float>(row.size()) * (g.keyW + g.gap) - g.gap;
        bool last = r + 1 == rows.size();
        float kx = g.left + (g.kbW - rowW) * 0.5f;
        // The last row starts a key in, as on a keyboard, and the erase key takes the rest
        // (at least a key and a half).
        if (last) kx = std::min(g.left + (g.keyW + g.gap) * 1.0f, g.left + g.kbW - rowW - g.gap - g.keyW * 1.5f);
        for (const std::string& letter : row) {
            button(x, Rect{ImVec2{kx, y}, ImVec2{kx + g.keyW, y + g.key}}, keyLabel(letter),
                   Action{K::typeText, 0, letter}, {ButtonStyle::plain, t.subtitle, false});
            kx += g.keyW + g.gap;
        }
        if (last) {
            float bw = g.left + g.kbW - kx;
            button(x, Rect{ImVec2{kx, y}, ImVec2{kx + bw, y + g.key}}, "⌫", Action{K::erase},
                   {ButtonStyle::plain, t.subtitle, false});
        }
        y += g.key + g.gap;
    }
    return y;
}

// The rest of the language's own letters (base/i18n.hpp) on a row of their own at `y`,
// above the space bar.
void drawExtraRow(Ctx& x, const std::vector<std::string>& extra, const KeyGrid& g, float cols, float y) {
    const Theme& t = x.t();
    float n = std::max(static_cast<float>(extra.size()), cols);
    float w = (g.kbW - g.gap * (n - 1)) / n;
    float kx = g.left + (g.kbW - static_cast<float>(extra.size()) * (w + g.gap) + g.gap) * 0.5f;
    for (const std::string& letter : extra) {
        button(x, Rect{ImVec2{kx, y}, ImVec2{kx + w, y + g.key}}, keyLabel(letter), Action{K::typeText, 0, letter},
               {ButtonStyle::plain, t.subtitle, false});
        kx += w + g.gap;
    }
}

float keyGap(const Theme& t) {
    return std::max(4.0f, t.gapXs());
}

// The smallest a key may be: a thumb; with large text, the thumb of normal text.
float smallestKey(const Theme& t) {
    if (!t.large) return thumb(t);
    return std::round(std::max(72.0f * t.unit / static_cast<float>(kLargeText), 48.0f));
}

// The keyboard's rows for an area `width` wide and `height` high (the digits where it
// is tall enough); `extra` the language's own letters on a row of their own.
KeyRows rowsFor(Ctx& x, float width, float height, std::vector<std::string>& extra) {
    const Theme& t = x.t();
    bool digits = height > thumb(t) * 12;
    std::string language = x.view.config ? x.view.config->language : std::string();
    KeyRows rows = keyRows(language, digits, extra);
    if (!digits && !extra.empty() && rows.size() >= 3) spreadAccents(rows, extra, width, thumb(t), keyGap(t));
    return rows;
}

float rowCountOf(const KeyRows& rows, const std::vector<std::string>& extra) {
    return static_cast<float>(rows.size() + (extra.empty() ? 0 : 1) + 1);  // and hide, space, clear
}

// Returns the keyboard's height.
float drawKeyboard(Ctx& x, Rect area) {
    const Theme& t = x.t();
    float key = thumb(t);
    std::vector<std::string> extra;
    KeyRows rows = rowsFor(x, area.w(), area.h(), extra);
    float gap = keyGap(t);
    // Every row inside its area: large text's keys (a thumb and a half) are made as tall as
    // the area holds, never below the thumb of normal text. On the 7-inch 800x480 panel
    // they had pushed the top row over the search field.
    if (t.large) {
        float rowCount = rowCountOf(rows, extra);
        float fit = std::floor((area.h() - gap * 2 - gap * (rowCount - 1)) / rowCount);
        key = std::max(smallestKey(t), std::min(key, fit));
    }
    auto cols = columnsOf(rows);
    float kbW = std::min(area.w(), (key * 1.25f + gap) * cols);
    float keyW = (kbW - gap * (cols - 1)) / cols;
    std::size_t extraRows = extra.empty() ? 0 : 1;
    float rowsH = static_cast<float>(rows.size() + extraRows + 1) * (key + gap) - gap;
    float top = area.max.y - rowsH;
    float left = area.min.x + (area.w() - kbW) * 0.5f;
    fillRect(x.c, ImVec2{area.min.x, top - gap * 2}, ImVec2{area.max.x, area.max.y + gap}, t.surface, t.radius);
    KeyGrid g{left, kbW, keyW, key, gap};
    float y = drawLetterRows(x, rows, g, top);
    if (!extra.empty()) {
        drawExtraRow(x, extra, g, cols, y);
        y += key + gap;
    }
    // Bottom row: hide, space, clear.
    float side = (keyW + gap) * 2.5f - gap;
    button(x, Rect{ImVec2{left, y}, ImVec2{left + side, y + key}}, tr("Hide"), Action{K::keyboard},
           {ButtonStyle::plain, 0, false});
    button(x, Rect{ImVec2{left + side + gap, y}, ImVec2{left + kbW - side - gap, y + key}}, tr("Space"),
           Action{K::typeText, 0, " "}, {ButtonStyle::plain, 0, false});
    button(x, Rect{ImVec2{left + kbW - side, y}, ImVec2{left + kbW, y + key}}, tr("Clear"), Action{K::clear},
           {ButtonStyle::plain, 0, false});
    return rowsH + gap * 2;
}

}  // namespace

float searchTypingHeight(Ctx& x, float width) {
    const Theme& t = x.t();
    std::vector<std::string> extra;
    KeyRows rows = rowsFor(x, width, 0, extra);
    float gap = keyGap(t);
    return thumb(t) + rowCountOf(rows, extra) * (smallestKey(t) + gap) - gap + gap * 2;
}

namespace {

// What the field says of the results: how many, and whether that sits in the field.
struct Found {
    std::size_t count = 0;
    std::string text;
    float w = 0;  // its width in the field; 0: not in the field
};

// The field, with its top at `top`, and the keyboard's toggle beside it when the keyboard is
// hidden.
Found drawField(Ctx& x, Rect area, float top) {
    const Theme& t = x.t();
    const std::string& query = x.browser.query();
    float h = thumb(t);
    float toggleW =
        x.browser.keyboardShown()
            ? 0.0f
            : std::max(h * 2.2f, measure(x.c, tr("Keyboard"), Face::text, t.body, Weight::bold) + t.gap * 1.6f);
    Rect field{ImVec2{area.min.x, top}, ImVec2{area.max.x - (toggleW > 0 ? toggleW + t.gapM() : 0), top + h}};
    fillRect(x.c, field.min, field.max, t.surfaceRaised, t.radius * 0.6f);
    x.c.list->AddRect(field.min, field.max, x.c.col(t.accent), t.radius * 0.6f, 0, std::max(2.0f, 3 * t.unit));
    const auto* hits = x.view.browse.hits;
    Found f;
    f.count = hits && !query.empty() ? hits->size() : 0;
    // With results, how many sits at the field's right end, so the results start right
    // under it (at 800x480 with the keyboard up, every line counts).
    TextStyle countStyle{Face::text, t.body, Weight::regular, t.muted, 1};
    f.text = f.count == 0       ? std::string()
             : f.count > kShown ? trf(tr("%zu talks · first %zu"), f.count, kShown)
                                : trf(trn("%zu talk", "%zu talks", f.count), f.count);
    f.w = f.text.empty() ? 0.0f : measure(x.c, f.text, Face::text, t.body, Weight::regular);
    if (f.w > field.w() * 0.4f) f.w = 0;  // no room: the query comes first
    if (f.w > 0)
        text(x.c, f.text, countStyle,
             {ImVec2{field.max.x - t.gap - f.w, field.min.y + (h - t.body * kLeading) * 0.5f}, f.w + 2});
    TextStyle input{Face::text, t.subtitle, Weight::regular, query.empty() ? t.muted : t.text, 1, t.body};
    std::string shown = query.empty() ? tr("Search titles, people, rooms, abstracts") : query;
    float textW = field.w() - t.gap * 2 - (f.w > 0 ? f.w + t.gap : 0);
    TextBlock b = layout(x.c, shown, input, textW);
    ImVec2 at{field.min.x + t.gap, field.min.y + (h - b.height) * 0.5f};
    drawBlock(x.c, b, input, {at});
    if (!query.empty()) {  // a caret after the text
        float cx = at.x + b.width + 3 * t.unit;
        fillRect(x.c, ImVec2{cx, field.min.y + h * 0.2f},
                 ImVec2{cx + std::max(2.0f, 3 * t.unit), field.max.y - h * 0.2f}, t.accent);
    }
    if (toggleW > 0)
        button(x, Rect{ImVec2{area.max.x - toggleW, top}, ImVec2{area.max.x, top + h}}, tr("Keyboard"),
               Action{K::keyboard});
    return f;
}

// What a search without a count in the field says: how to search, nothing found, or the
// count on a line of its own.
TextBlock statusLine(Ctx& x, const Found& f, float width, TextStyle& style) {
    const Theme& t = x.t();
    const std::string& query = x.browser.query();
    style = TextStyle{Face::text, t.small, Weight::regular, t.muted, 2};
    std::string line = query.empty()
                           ? tr("Type a title, a name, a room or a word from an abstract; accents do not matter.")
                       : f.count == 0 ? trf(tr("Nothing matches “%s”. Fewer letters find more."), query.c_str())
                                      : f.text;
    return layout(x.c, line, style, width);
}

}  // namespace

// The field, the results under it and the keyboard at the bottom; within reach
// (theme.hpp) the field over the keyboard, the results above both.
void drawSearch(Ctx& x, Rect area) {
    const Theme& t = x.t();
    float h = thumb(t);
    float kbH = 0;
    if (x.browser.keyboardShown()) {
        Rect keys{ImVec2{area.min.x, area.min.y + h}, area.max};
        // Within reach, the digits only when the band holds them too.
        if (t.reach) keys.min.y = std::max(keys.min.y, x.c.origin.y + t.reachTop + h + t.gap);
        kbH = drawKeyboard(x, keys);
    }
    float fieldTop = t.reach ? area.max.y - kbH - (kbH > 0 ? t.gapM() : 0.0f) - h : area.min.y;
    Found found = drawField(x, area, fieldTop);
    float listTop = area.min.y + h + t.gapM(), listBottom = area.max.y - kbH - t.gapM();
    if (t.reach) listTop = area.min.y, listBottom = fieldTop - t.gapM();
    if (found.count == 0 || found.w == 0) {
        TextStyle style;
        TextBlock status = statusLine(x, found, area.w(), style);
        float y = t.reach ? listBottom - status.height : listTop;
        // Only between the field and the keys: with large text on a short screen the help
        // had been drawn under the keys' top row (the field's own words say what to type).
        if (status.height > listBottom - listTop) status = TextBlock{};
        drawBlock(x.c, status, style, {ImVec2{area.min.x, y}});
        if (t.reach)
            listBottom = y - t.gapS();
        else
            listTop += status.height + t.gapS();
    }
    List list = beginList(x, Rect{ImVec2{area.min.x, listTop}, ImVec2{area.max.x, listBottom}});
    float cy = 0;
    const auto* hits = x.view.browse.hits;
    for (std::size_t i = 0; i < found.count && i < kShown; ++i) {
        talkRow(x, {list, cy}, (*hits)[i].talk, x.browser.query(), (*hits)[i].best);
        cy += talkRowHeight(t);
    }
    endList(x, list, cy);
}

}  // namespace hallboard::ui::browse_ui
