// The frame of touch browsing (bar, idle notice) and the pieces every browse screen
// uses: buttons, steppers, scrolling lists, highlighted text, talk rows.
#include <algorithm>
#include <cmath>

#include "browse/search.hpp"
#include "kiosk/kiosk_loop.hpp"
#include "base/text.hpp"
#include "ui/browse_screens.hpp"
#include "ui/pages.hpp"
#include "model/wording.hpp"

namespace hallboard::ui {

namespace browse_ui {

float thumb(const Theme& t) {
    return std::round(std::max(72.0f * t.unit, 48.0f));
}

void Ctx::target(Rect r, const Action& action, bool isFocusable, bool inList) {
    touchTarget(c, r, action, isFocusable, inList);
}

bool Ctx::pressed(const Action& action) const {
    return browser.pressed() && *browser.pressed() == action;
}

void button(Ctx& x, Rect r, std::string_view label, const Action& action, const ButtonLook& look) {
    const Theme& t = x.t();
    const ButtonStyle style = look.style;
    const float px = look.px;
    x.target(r, action, look.focusable);
    bool down = x.pressed(action);
    ImU32 fill = style == ButtonStyle::selected ? t.accent
                 : style == ButtonStyle::quiet  ? t.background
                                                : t.surfaceRaised;
    if (down) fill = mix(fill, t.text, 0.25f);
    float rounding = std::min(r.h() * 0.5f, t.radius);
    fillRect(x.c, r.min, r.max, fill, rounding);
    TextStyle st{
        Face::display, px > 0 ? px : t.body, Weight::bold, style == ButtonStyle::selected ? t.onAccent : t.text, 1,
        t.small};
    TextBlock block = layout(x.c, label, st, r.w() - t.gapL());
    drawBlock(x.c, block, st,
              {ImVec2{r.min.x + (r.w() - block.width) * 0.5f, r.min.y + (r.h() - block.height) * 0.5f}});
}

namespace {
TextStyle stepperStyle(const Theme& t) {
    return TextStyle{Face::text, t.body, Weight::bold, t.text, 1, t.small};
}
}  // namespace

bool stepperLabelFits(Ctx& x, float w, float h, std::string_view label) {
    const Theme& t = x.t();
    return !layout(x.c, label, stepperStyle(t), w - 2 * h - t.gap).truncated;
}

void stepper(Ctx& x, Rect r, std::string_view label, const Steps& steps) {
    const Theme& t = x.t();
    float side = r.h();
    Rect left{r.min, ImVec2{r.min.x + side, r.max.y}};
    Rect right{ImVec2{r.max.x - side, r.min.y}, r.max};
    // One quiet band behind value and arrows, so neighbouring steppers read as groups.
    fillRect(x.c, r.min, r.max, t.surface, t.radius * 0.6f);
    if (steps.canPrevious) button(x, left, "‹", steps.previous, {ButtonStyle::plain, t.title});
    if (steps.canNext) button(x, right, "›", steps.next, {ButtonStyle::plain, t.title});
    TextStyle st = stepperStyle(t);
    TextBlock block = layout(x.c, label, st, r.w() - 2 * side - t.gap);
    drawBlock(x.c, block, st,
              {ImVec2{r.min.x + (r.w() - block.width) * 0.5f, r.min.y + (r.h() - block.height) * 0.5f}});
}

float paragraph(Ctx& x, const ListAt& at, const std::string& text, const TextStyle& style, float spacing) {
    const List& list = at.list;
    const float contentY = at.y;
    if (text.empty()) return contentY;
    TextBlock b = layout(x.c, text, style, list.area.w());
    if (list.visible(contentY, b.height)) drawBlock(x.c, b, style, {ImVec2{list.area.min.x, list.top() + contentY}});
    return contentY + b.height + spacing;
}

List beginList(Ctx& x, Rect area) {
    List l;
    l.area = area;
    l.area.max.y = std::max(l.area.max.y, l.area.min.y);  // never a negative clip: no room is an empty list
    l.scroll = x.browser.scroll();
    x.c.list->PushClipRect(area.min, area.max, true);
    return l;
}

void endList(Ctx& x, const List& l, float contentHeight, std::optional<float> nowAt) {
    x.c.list->PopClipRect();
    if (x.c.facts) {
        x.c.facts->listTop = l.area.min.y;
        x.c.facts->listHeight = l.area.h();
        x.c.facts->contentHeight = contentHeight;
        x.c.facts->nowAt = nowAt;
        // Within reach (theme.hpp): the list may be pulled down until its first row is in
        // the rows a visitor reaches, a row's height above its own bottom at most.
        const Theme& t = x.t();
        if (t.reach)
            x.c.facts->reachSlack = std::clamp(x.c.origin.y + t.reachTop - l.area.min.y, 0.0f,
                                               std::max(0.0f, l.area.h() - talkRowHeight(t)));
    }
    // A thin scroll bar when there is more than fits: where you are, how much there is.
    if (contentHeight > l.area.h() + 1) {
        const Theme& t = x.t();
        float w = std::max(3.0f, 6.0f * t.unit);
        float trackX = l.area.max.x + t.gap * 0.35f;
        float h = std::max(t.body * 2, l.area.h() * l.area.h() / contentHeight);
        float f = std::clamp(l.scroll / (contentHeight - l.area.h()), 0.0f, 1.0f);
        float y = l.area.min.y + f * (l.area.h() - h);
        fillRect(x.c, ImVec2{trackX, l.area.min.y}, ImVec2{trackX + w, l.area.max.y}, t.track, w * 0.5f);
        fillRect(x.c, ImVec2{trackX, y}, ImVec2{trackX + w, y + h}, t.muted, w * 0.5f);
    }
}

float highlighted(Canvas& c, std::string_view s, const TextStyle& style, const TextBox& box, std::string_view query) {
    const ImVec2 pos = box.pos;
    const float width = box.width, maxHeight = box.maxHeight;
    if (s.empty() || width <= 0) return 0;
    TextBlock block = layout(c, s, style, width, maxHeight);
    if (!query.empty()) {
        // A tint every text colour stays readable on, and an accent line under it
        // that stands out however faint the tint has to be.
        ImU32 mark = c.t().highlight;
        float underline = std::max(2.0f, 3.0f * c.t().unit);
        float y = pos.y;
        for (std::size_t i = 0; i < block.lines.size(); ++i) {
            const std::string& line = block.lines[i];
            // Where the match is drawn, from the engine (a right-to-left line runs from the
            // right; a match may cross a change of direction and come in pieces).
            Direction dir = i < block.directions.size() ? block.directions[i] : paragraphDirection(line);
            float lineX = pos.x;
            if (dir == Direction::rtl) lineX += block.width - measure(c, line, style.face, block.px, style.weight);
            std::vector<std::pair<float, float>> marks;
            for (auto [a, b] : browse::matchRanges(line, query)) {
                auto pieces =
                    c.engine
                        ? c.engine->spans(line, a, b, {block.px, style.weight, style.face}, dir)
                        : std::vector<std::pair<float, float>>{
                              {measure(c, std::string_view(line).substr(0, a), style.face, block.px, style.weight),
                               measure(c, std::string_view(line).substr(0, b), style.face, block.px, style.weight)}};
                marks.insert(marks.end(), pieces.begin(), pieces.end());
            }
            for (auto [s0, s1] : marks) {
                float x0 = lineX + s0, x1 = lineX + s1;
                float top = y + (block.lineHeight - block.px) * 0.5f - block.px * 0.08f;
                fillRect(c, ImVec2{x0 - 2, top}, ImVec2{x1 + 2, top + block.px * 1.22f}, mark, block.px * 0.2f);
                fillRect(c, ImVec2{x0, top + block.px * 1.22f - underline}, ImVec2{x1, top + block.px * 1.22f},
                         c.t().accent);
            }
            y += block.lineHeight;
        }
    }
    drawBlock(c, block, style, {pos});
    return block.height;
}

std::string whenText(const KioskView& view, const TimeRange& range) {
    if (range.contains(view.now)) return tr("Live now");
    if (range.end <= view.now) return tr("Ended");
    Duration until = range.start - view.now;
    if (until < std::chrono::hours{12})
        return dayAndTime(view, range.start) + "  ·  " + trf(tr("in %s"), localDuration(until, true).c_str());
    return dayAndTime(view, range.start);
}

float talkRowHeight(const Theme& t) {
    return std::max(thumb(t), std::round(t.body * 1.3f + t.small * 1.35f * 2 + t.gap * 0.9f));
}

std::string snippet(std::string_view text, std::string_view query, std::size_t before, std::size_t after) {
    auto ranges = browse::matchRanges(text, query);
    if (ranges.empty()) return std::string(text.substr(0, std::min(text.size(), before + after)));
    std::size_t start = ranges[0].first > before ? ranges[0].first - before : 0;
    while (start > 0 && start < ranges[0].first && text[start - 1] != ' ') ++start;  // from a word start
    std::size_t end = std::min(text.size(), ranges[0].first + after);
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;  // whole characters
    std::string out = start > 0 ? "… " : "";
    for (char ch : text.substr(start, end - start)) out += ch == '\n' ? ' ' : ch;
    if (end < text.size()) out += " …";
    return out;
}

void talkRow(Ctx& x, const ListAt& place, Index ti, std::string_view query, browse::Field best) {
    const List& list = place.list;
    const float contentY = place.y;
    const Theme& t = x.t();
    const Program& p = x.p();
    const Talk& talk = p.talks[ti];
    float h = talkRowHeight(t);
    Rect row{ImVec2{list.area.min.x, list.top() + contentY},
             ImVec2{list.area.max.x, list.top() + contentY + h - t.gapXs()}};
    Action open{Action::Kind::talk, ti};
    x.target(row, open, true, true);
    if (!list.visible(contentY, h)) return;
    fillRect(x.c, row.min, row.max, x.pressed(open) ? t.surfaceRaised : t.surface, t.radius * 0.6f);
    float pad = t.gapL();
    float timeW = measure(x.c, localClockSample(), Face::text, t.body, Weight::bold) + t.gap;
    ImVec2 at{row.min.x + pad, row.min.y + t.gapS()};
    bool live = talk.session && talk.slot.contains(x.view.now) && !talk.change.cancelled;
    if (talk.session) {
        TextStyle time{Face::text, t.body, Weight::bold, live ? t.live : t.muted, 1};
        text(x.c, shortTime(x.view, talk.slot.start), time, {at, timeW});
    }
    float tx = at.x + timeW, tw = row.max.x - pad - tx;
    TextStyle title{Face::text, t.body, Weight::bold, talk.change.cancelled ? t.muted : t.text, 1};
    float y = at.y + highlighted(x.c, titleOrOpening(talk), title, {ImVec2{tx, at.y}, tw}, query);
    TextStyle small{Face::text, t.small, Weight::regular, t.muted, 1};
    // Names cut to "… et al." where they would be cut mid-name; a search that found a
    // person keeps them all, the match among them.
    std::string who = best == browse::Field::people && !query.empty() ? authorLine(p, talk, 6)
                                                                      : fittedAuthorLine(x.c, p, talk, 6, {small, tw});
    if (!who.empty()) y += highlighted(x.c, who, small, {ImVec2{tx, y}, tw}, query);
    std::string where;
    if (best == browse::Field::abstract && !query.empty()) {
        TextStyle words{Face::text, t.small, Weight::regular, t.text, 1};
        highlighted(x.c, snippet(talk.abstract, query), words, {ImVec2{tx, y}, tw}, query);
        return;
    }
    if (std::string change = changeLine(talk); !change.empty()) {
        changeNote(x.c, change, ImVec2{tx, y}, tw, t.small);
        return;
    }
    if (talk.session) {
        const Session& s = p.sessions[*talk.session];
        where = live ? tr("Live now") : dayAndTime(x.view, talk.slot.start);
        if (s.room) where += "  ·  " + isolate(p.rooms[*s.room].name);
        where += "  ·  " + isolate(sessionTitle(s));
    } else {
        where = tr("Accepted paper, not in the schedule");
    }
    TextStyle whereStyle{Face::text, t.small, Weight::regular, live ? t.live : t.muted, 1};
    highlighted(x.c, where, whereStyle, {ImVec2{tx, y}, tw}, query);
}

namespace {

// The bar: back (and, with speech, "read aloud" beside it), the three parts, large
// text, the time and home. Two rows when one does not fit (portrait). Measured before it is drawn: the reach layout
// sets it at the bottom.
struct Bar {
    float h = 0, px = 0;
    float backW = 0, largeW = 0, clockW = 0, homeW = 0;  // homeW: large text, clock and home together
    float speakW = 0;                                    // "read aloud" and its gap; 0: no speech
    std::string back, clock;
    bool oneRow = true;
    bool tabs = true;  // false: the tabs give way to the keyboard (layOutFrame)
    float height() const { return oneRow || !tabs ? h : 2 * h; }
};

const char* const kTabs[] = {N_("Schedule"), N_("Speakers"), N_("Search")};

float barButtonWidth(Ctx& x, const Bar& b, std::string_view label) {
    const Theme& t = x.t();
    return std::max(b.h * 1.4f, measure(x.c, label, Face::display, b.px, Weight::bold) + t.gap * 1.6f);
}

Bar measureBar(Ctx& x, Rect area) {
    const Theme& t = x.t();
    Bar b;
    b.h = thumb(t);
    b.px = t.body;
    b.back = trf(tr("‹  %s"), tr("Back"));
    b.backW = barButtonWidth(x, b, b.back);
    if (x.view.config && x.view.config->accessibility.speech)
        b.speakW = barButtonWidth(x, b, tr("Read aloud")) + t.gapS();
    b.largeW = barButtonWidth(x, b, kLargeTextLabel);
    // The time, beside Home: a visitor browsing still wants to know it.
    b.clock = localClock(x.p().conference.zone, x.view.now);
    b.clockW = measure(x.c, b.clock, Face::display, t.subtitle, Weight::bold) + t.gap;
    b.homeW = barButtonWidth(x, b, tr("Home")) + b.clockW + b.largeW + t.gapS();
    float tabsW = 0;
    for (const char* tab : kTabs) tabsW += barButtonWidth(x, b, tr(tab)) + t.gapS();
    b.oneRow = b.backW + b.speakW + b.homeW + tabsW + t.gap * 2 <= area.w();
    return b;
}

// Tabs share the space they have, centred when they are narrower.
void drawTabs(Ctx& x, const Bar& b, float tx, float tw, float ty) {
    const Theme& t = x.t();
    using K = Action::Kind;
    K kinds[] = {K::schedule, K::people, K::search};
    browse::View views[] = {browse::View::schedule, browse::View::people, browse::View::search};
    // The part the visitor is in (browser.hpp): search while typing over the schedule.
    browse::View part = x.browser.part();
    float widest = 0;
    for (const char* tab : kTabs) widest = std::max(widest, barButtonWidth(x, b, tr(tab)));
    float each = std::min(tw / 3.0f, widest + t.gap);
    float start = tx + (tw - each * 3) * 0.5f;
    for (int i = 0; i < 3; ++i) {
        Rect r{ImVec2{start + each * static_cast<float>(i) + t.gapXxs(), ty},
               ImVec2{start + each * static_cast<float>(i + 1) - t.gapXxs(), ty + b.h}};
        Action a{kinds[i], kinds[i] == K::schedule ? todayIndex(x.view) : 0};
        button(x, r, tr(kTabs[i]), a, part == views[i] ? ButtonStyle::selected : ButtonStyle::plain);
    }
}

// Draws the bar with its top at `y`; on two rows the tabs are the row nearer the list
// (under the buttons at the top, over them at the bottom).
void drawBar(Ctx& x, const Bar& b, Rect area, float y) {
    const Theme& t = x.t();
    using K = Action::Kind;
    float gap = t.gapS();
    float buttonsY = b.oneRow || !b.tabs || !t.reach ? y : y + b.h + gap;
    button(x, Rect{ImVec2{area.min.x, buttonsY}, ImVec2{area.min.x + b.backW, buttonsY + b.h}}, b.back,
           Action{K::back});
    if (b.speakW > 0)
        button(
            x,
            Rect{ImVec2{area.min.x + b.backW + gap, buttonsY}, ImVec2{area.min.x + b.backW + b.speakW, buttonsY + b.h}},
            tr("Read aloud"), Action{K::speak});
    float lx = area.max.x - b.homeW;
    button(x, Rect{ImVec2{lx, buttonsY}, ImVec2{lx + b.largeW, buttonsY + b.h}}, kLargeTextLabel, Action{K::largeText},
           x.browser.largeText() ? ButtonStyle::selected : ButtonStyle::plain);
    float cx = lx + b.largeW + gap;
    TextStyle clockStyle{Face::display, t.subtitle, Weight::bold, t.muted, 1};
    text(x.c, b.clock, clockStyle, {ImVec2{cx, buttonsY + (b.h - t.subtitle * kLeading) * 0.5f}, b.clockW});
    button(x, Rect{ImVec2{cx + b.clockW, buttonsY}, ImVec2{area.max.x, buttonsY + b.h}}, tr("Home"), Action{K::home});
    if (!b.tabs) return;
    if (b.oneRow)
        drawTabs(x, b, area.min.x + b.backW + b.speakW + t.gap,
                 area.max.x - b.homeW - t.gap - (area.min.x + b.backW + b.speakW + t.gap), y);
    else
        drawTabs(x, b, area.min.x, area.w(), t.reach ? y : y + b.h + gap);
}

float barHeight(const Theme& t, const Bar& b) {
    return b.oneRow || !b.tabs ? b.h : 2 * b.h + t.gapS();
}

// The countdown over the last kIdleWarningSeconds of a visit. The screen keeps a strip
// of its own for it at the bottom the whole visit, shown or not: when the screen moved
// up to make room, the keyboard lost its digit row 10 s before the end and a tap on the
// Q the visitor saw typed 1.
struct IdleNotice {
    TextStyle style;
    TextBlock block;
    float w = 0, h = 0;
    bool shown = false;
};

IdleNotice idleNotice(Ctx& x) {
    const Theme& t = x.t();
    double left = x.view.browse.idleLeft;
    IdleNotice n{TextStyle{Face::text, t.body, Weight::bold, t.onAccent, 1, t.small}, {}};
    n.shown = left <= kIdleWarningSeconds;
    // The strip's height is the notice's at its widest count, so it never grows.
    int seconds = n.shown ? static_cast<int>(std::ceil(left)) : static_cast<int>(kIdleWarningSeconds);
    std::string note = trf(tr("Back to the overview in %d s  ·  touch to stay"), seconds);
    float width = x.c.size.x - 2 * t.margin;
    n.block = layout(x.c, note, n.style, width);
    TextBlock widest = layout(x.c, trf(tr("Back to the overview in %d s  ·  touch to stay"), 88), n.style, width);
    n.w = n.block.width + t.gap * 2;
    n.h = std::max(n.block.height, widest.height) + t.gap;
    return n;
}

// Centred in its strip, whose top is `top`. Not a target: a touch on it only keeps the
// visit (any input does), it never reaches a key or a row under it.
void drawIdleNotice(Ctx& x, const IdleNotice& n, float top) {
    const Theme& t = x.t();
    ImVec2 min{x.c.origin.x + (x.c.size.x - n.w) * 0.5f, top};
    fillRect(x.c, min, ImVec2{min.x + n.w, min.y + n.h}, t.accent, n.h * 0.5f);
    drawBlock(x.c, n.block, n.style, {ImVec2{min.x + t.gap, min.y + t.gapM()}});
    if (x.c.facts) x.c.facts->idleNotice = browse::Target{min.x, min.y, min.x + n.w, min.y + n.h, {}};
}

// The keyboard focus: a ring around the focused target, in the text's colour (7:1 and
// more on the background: the theme's contrast) outside a band of the background, so
// that it stands out on a button, a row and the page alike; 3 mm wide on the panel (at
// least 4 px), seen from the reading distance. Drawn once every target of the frame is
// known, around the one the browser's focus names in reading order (browse::readingOrder).
void drawFocusRing(Ctx& x) {
    Canvas& c = x.c;
    if (!c.targets || x.browser.focus() < 0) return;
    auto order = browse::readingOrder(*c.targets, c.facts ? c.facts->listTop : 0.0f, x.browser.rightToLeft());
    auto focus = static_cast<std::size_t>(x.browser.focus());
    if (focus >= order.size()) return;
    const browse::Target& tg = (*c.targets)[order[focus]];
    const Theme& t = c.t();
    double perMm = t.reading.pixelsPerMm;
    float w = std::round(std::max(4.0f, perMm > 0 ? static_cast<float>(3.0 * perMm) : 6.0f * t.unit));
    Rect target{ImVec2{tg.x0, tg.y0}, ImVec2{tg.x1, tg.y1}};
    Rect box{ImVec2{tg.x0 - w, tg.y0 - w}, ImVec2{tg.x1 + w, tg.y1 + w}};
    bool clip = tg.inList && c.facts;
    if (clip)
        c.list->PushClipRect(ImVec2{c.origin.x, c.facts->listTop},
                             ImVec2{c.origin.x + c.size.x, c.facts->listTop + c.facts->listHeight}, true);
    float rounding = std::min(t.radius, target.h() * 0.5f) + w;
    float half = w * 0.5f;
    c.list->AddRect(ImVec2{box.min.x + half * 0.5f, box.min.y + half * 0.5f},
                    ImVec2{box.max.x - half * 0.5f, box.max.y - half * 0.5f}, c.col(t.text), rounding, 0, half);
    c.list->AddRect(ImVec2{box.min.x + half * 1.5f, box.min.y + half * 1.5f},
                    ImVec2{box.max.x - half * 1.5f, box.max.y - half * 1.5f}, c.col(t.background), rounding - half, 0,
                    half);
    if (clip) c.list->PopClipRect();
    if (c.record) c.record->focus = FocusRing{box, w, target, t.text, t.background};
}

}  // namespace

}  // namespace browse_ui

std::size_t todayIndex(const KioskView& view) {
    const auto& days = view.s().days();
    if (days.empty()) return 0;
    LocalDay today = view.s().today(view.now);
    auto it = std::lower_bound(days.begin(), days.end(), today);
    if (it == days.end()) return days.size() - 1;
    return static_cast<std::size_t>(it - days.begin());
}

namespace browse_ui {
namespace {

// Where the bar and the screen's own controls go, and the rest for the screen.
// Everything a visitor touches is near the top, or with the reach layout (ui/theme.hpp)
// at the bottom of the rows a visitor reaches: the bar lowest, the screen's own controls
// (filters, the search field and keyboard) right over it, the list above them all.
Rect layOutFrame(Ctx& x, Rect all) {
    const Theme& t = x.t();
    Bar bar = measureBar(x, all);
    // Typing where the field and the keys do not fit under a bar of two rows (large text
    // on the 7-inch 800x480 panel: the field was drawn over the keys' top row), the tabs
    // give way while the keyboard is up; Hide brings them back.
    bool typing = x.browser.here().view == browse::View::search && x.browser.keyboardShown();
    if (!bar.oneRow && typing && all.h() - barHeight(t, bar) - t.gapXl() < searchTypingHeight(x, all.w() - t.gapL()))
        bar.tabs = false;
    float barH = barHeight(t, bar);
    if (!t.reach) {
        drawBar(x, bar, all, all.min.y);
        return Rect{ImVec2{all.min.x, all.min.y + barH + t.gapXl()}, ImVec2{all.max.x - t.gapL(), all.max.y}};
    }
    // As low as the band goes, never under the screen's own edge (nor the countdown's
    // strip); never so high that the screen above has no room.
    float bottom = std::min(all.max.y, x.c.origin.y + t.reachBottom);
    if (t.reachBottom <= t.reachTop) bottom = all.max.y;  // the panel hangs above the band: as low as it goes
    bottom = std::max(bottom, all.min.y + (all.h()) * 0.5f + barH);
    float top = bottom - barH;
    drawBar(x, bar, all, top);
    return Rect{all.min, ImVec2{all.max.x - t.gapL(), top - t.gapXl()}};
}

}  // namespace
}  // namespace browse_ui

void drawBrowse(const KioskView& view, Canvas& c) {
    using namespace browse_ui;
    const browse::Browser& browser = *view.browse.browser;
    // A gentle return: in its last moments the visit fades into the background, and
    // the rotation comes back on a calm screen rather than with a jump.
    float before = c.alpha;
    c.alpha *= std::clamp(static_cast<float>(view.browse.idleLeft / kFadeOutSeconds), 0.0f, 1.0f);
    struct Restore {
        Canvas& c;
        float alpha;
        ~Restore() { c.alpha = alpha; }
    } restore{c, before};
    Ctx x{view, c, browser};
    const Theme& t = c.t();
    if (c.facts) {
        *c.facts = browse::FrameFacts{};
        c.facts->days = std::max<std::size_t>(1, view.s().days().size());
    }
    float m = t.margin * 0.6f;
    Rect all{ImVec2{c.origin.x + m, c.origin.y + m * 0.8f},
             ImVec2{c.origin.x + c.size.x - m, c.origin.y + c.size.y - m * 0.8f}};
    // The countdown never covers a target (drawn over the keyboard, a touch on it "to
    // stay" typed a space) and never moves one: its strip is kept the whole visit.
    IdleNotice notice = idleNotice(x);
    all.max.y -= notice.h + t.gapM();
    Rect area = layOutFrame(x, all);
    const browse::Place& here = browser.here();
    switch (here.view) {
    case browse::View::rotation:
    case browse::View::schedule: drawSchedule(x, area); break;
    case browse::View::session: drawSession(x, area, static_cast<Index>(here.item)); break;
    case browse::View::talk: drawTalk(x, area, static_cast<Index>(here.item)); break;
    case browse::View::people: drawPeople(x, area); break;
    case browse::View::person: drawPerson(x, area, here.item); break;
    case browse::View::search: drawSearch(x, area); break;
    case browse::View::room: drawRoom(x, area, static_cast<Index>(here.item)); break;
    }
    if (notice.shown) drawIdleNotice(x, notice, all.max.y + t.gapM());
    drawFocusRing(x);
}

}  // namespace hallboard::ui
