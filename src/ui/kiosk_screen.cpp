// See kiosk_screen.hpp.
#include "ui/kiosk_screen.hpp"

#include "ui/emergency.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <set>

#include "kiosk/rotation_plan.hpp"
#include "ui/browse_screens.hpp"
#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

// What the layout record stamps on the runs that follow.
void stamp(Canvas& c, std::string_view page, int screen) {
    if (!c.record) return;
    c.record->page = std::string(page);
    c.record->screen = screen;
}

void drawSlot(const KioskView& view, const Rotation::Slot& slot, Canvas& c) {
    auto kind = shownKind(view, slot.page);
    if (!kind) return;
    stamp(c, toString(*kind), slot.subpage);
    if (view.pageFault) view.pageFault();
    pageType(*kind).draw(view, view.config->rotation[slot.page], slot.subpage, c);
}

}  // namespace

Rect pageBand(const Canvas& c) {
    Rect content = contentRect(c);
    float g = c.t().gap * 0.5f;
    return Rect{ImVec2{c.origin.x, content.min.y - g}, ImVec2{c.origin.x + c.size.x, content.max.y + g}};
}

std::optional<PageKind> shownKind(const KioskView& view, std::size_t index) {
    if (index >= view.config->rotation.size()) return std::nullopt;
    return pageForPhase(view.config->rotation[index].kind, view.s().dayAt(view.now).phase);
}

// The banner's height on page `index`: none on the announcements page, which shows them
// all in full.
float bannerOn(const KioskView& view, std::size_t index, Canvas& canvas) {
    return shownKind(view, index) == PageKind::announcements ? 0.0f : bannerHeight(view, canvas);
}

int screensFor(const KioskView& view, std::size_t index, Canvas& canvas) {
    auto kind = shownKind(view, index);
    if (!kind) return 0;
    canvas.banner = bannerOn(view, index, canvas);
    return pageType(*kind).screens(view, view.config->rotation[index], canvas);
}

void prefetchPictures(const KioskView& view, std::size_t index, Canvas& canvas) {
    if (!view.config) return;
    auto kind = shownKind(view, index);
    if (!kind || !pageType(*kind).prefetch) return;
    canvas.banner = bannerOn(view, index, canvas);
    pageType(*kind).prefetch(view, view.config->rotation[index], canvas);
}

std::vector<int> planScreens(const KioskView& view, Canvas& canvas) {
    std::vector<int> screens;
    const auto& rotation = view.config->rotation;
    for (std::size_t i = 0; i < rotation.size(); ++i) screens.push_back(screensFor(view, i, canvas));
    // The rooms board repeats now & next when that shows all of the board's rooms on one
    // screen (a few rooms, a door sign): left out then, so the cards are not followed by
    // the same rooms in rows.
    for (std::size_t b = 0; b < rotation.size(); ++b) {
        if (screens[b] == 0 || shownKind(view, b) != PageKind::rooms) continue;
        canvas.banner = bannerOn(view, b, canvas);
        std::set<Index> board;
        for (int sc = 0; sc < screens[b]; ++sc)
            for (Index r : boardRoomsOn(view, rotation[b], sc, canvas)) board.insert(r);
        for (std::size_t n = 0; n < rotation.size(); ++n) {
            if (screens[n] != 1 || shownKind(view, n) != PageKind::nowNext) continue;
            canvas.banner = bannerOn(view, n, canvas);
            std::vector<Index> cards = nowNextRoomsOn(view, rotation[n], 0, canvas);
            if (std::all_of(board.begin(), board.end(),
                            [&](Index r) { return std::find(cards.begin(), cards.end(), r) != cards.end(); })) {
                screens[b] = 0;
                break;
            }
        }
    }
    return screens;
}

namespace {

// The rotation: a touch anywhere opens the schedule where the conference is now; pages
// add their own targets on top (a talk, a speaker).
void openScheduleOnTouch(const KioskView& view, Canvas& c) {
    if (!c.targets || !view.browse.browser) return;
    browse::Action open{browse::Action::Kind::schedule, todayIndex(view)};
    c.targets->push_back(browse::Target{0, 0, c.origin.x + c.size.x + 16, c.origin.y + c.size.y + 16, open});
    if (c.facts) c.facts->enter = open;
}

// The header's and footer's page dots and screen counter for the page shown.
ChromeInfo chromeInfo(const KioskView& view, const Rotation::Slot& current, Canvas& c) {
    ChromeInfo info;
    info.pages = view.config->rotation.size();
    info.current = current.page;
    info.screen = current.subpage;
    std::size_t page = current.page;
    info.screens = view.screens && page < view.screens->size() ? (*view.screens)[page] : screensFor(view, page, c);
    // The counter tells the cycle's share, never "1 / 218": a page a cycle shows only
    // max_screens of counts those (upcoming: "1 / 2", its nearest screens every cycle);
    // one that goes on through its screens from cycle to cycle (speakers, awards) has no
    // counter, as no visitor waits for the 218th.
    if (int cap = maxScreensOf(view.config->rotation[page]); cap > 0 && info.screens > cap) {
        auto kind = shownKind(view, page);
        bool continues = kind == PageKind::speakers || kind == PageKind::awards;
        info.screens = continues || info.screen >= cap ? 1 : cap;
    }
    return info;
}

// The page, or the two pages mid-transition (transitionOf): fading, the new page's
// alpha rising as the old one's falls; or sliding, the old page leaving to the left as
// the new one comes in at its right edge.
void drawPages(const KioskView& view, const Rotation::Frame& frame, Canvas& c) {
    Transition t = transitionOf(view, frame);
    if (!t.moving()) {
        drawSlot(view, *t.to, c);
        return;
    }
    Canvas before = c;
    Canvas after = c;
    if (t.kind == TransitionKind::fade) {
        before.alpha = c.alpha * (1 - t.progress);
        after.alpha = c.alpha * t.progress;
    } else {
        auto shift = static_cast<float>(t.slideShift(c.size.x));
        before.origin.x = c.origin.x - shift;
        after.origin.x = c.origin.x + c.size.x - shift;
    }
    drawSlot(view, *t.from, before);
    drawSlot(view, *t.to, after);
}

}  // namespace

void drawScreen(const KioskView& view, const Rotation::Frame& frame, Canvas& c) {
    if (view.emergency) {  // over everything: browsing, the rotation, slides
        drawEmergency(view, c);
        return;
    }
    if (view.browse.browser && view.browse.browser->browsing()) {
        if (view.pageFault) view.pageFault();
        stamp(c, "browse", 0);
        drawBrowse(view, c);
        return;
    }
    openScheduleOnTouch(view, c);
    // No full-screen background quad: the renderer clears to the background colour, which
    // is a memset in software where a quad is two million blended pixels.
    if (!frame.current) {
        stamp(c, "welcome", 0);
        drawWelcome(view, c);
        return;
    }
    ChromeInfo info = chromeInfo(view, *frame.current, c);
    c.banner = bannerOn(view, frame.current->page, c);
    stamp(c, "chrome", 0);
    drawChrome(view, c, info);

    // Pages may draw a little outside their content (a title above it): clip to the
    // band between header rule and footer instead.
    Rect band = pageBand(c);
    c.list->PushClipRect(band.min, band.max, true);
    drawPages(view, frame, c);
    c.list->PopClipRect();
    if (view.dim > 0.0f)
        c.list->AddRectFilled(ImVec2{0, 0}, ImVec2{c.origin.x + c.size.x + 8, c.origin.y + c.size.y + 8},
                              IM_COL32(0, 0, 0, static_cast<int>(view.dim * 255.0f)));
}

void drawFallback(const KioskView& view, Canvas& c) noexcept {
    try {
        const Theme& t = c.t();
        ImFont* font = c.fonts && !c.fonts->sizes.empty() ? c.fonts->sizes.back().second : nullptr;
        float px = c.fonts && !c.fonts->sizes.empty() ? c.fonts->sizes.back().first : 32.0f;
        if (!font) font = ImGui::GetFont();
        std::string name = view.program ? view.program->displayName() : std::string();
        std::string clock;
        try {
            if (view.program) clock = localClock(view.program->conference.zone, view.now);
        } catch (...) {}
        if (clock.empty()) {  // no zone to show it in: UTC, said so
            auto minutes = std::chrono::floor<std::chrono::minutes>(view.now).time_since_epoch().count();
            long long m = ((minutes % 1440) + 1440) % 1440;
            char buf[16];
            std::snprintf(buf, sizeof buf, "%02lld:%02lld UTC", m / 60, m % 60);
            clock = buf;
        }
        auto centred = [&](const std::string& s, float size, float y, ImU32 color) {
            if (s.empty()) return;
            ImVec2 sz = font->CalcTextSizeA(size, c.size.x * 0.9f, c.size.x * 0.9f, s.c_str());
            ImVec2 pos{std::round(c.origin.x + (c.size.x - sz.x) * 0.5f), std::round(c.origin.y + y)};
            c.list->AddText(font, size, pos, c.col(color), s.c_str(), nullptr, c.size.x * 0.9f);
        };
        float clockPx = std::round(px * 2.5f), namePx = std::round(px * 1.25f);
        centred(clock, clockPx, c.size.y * 0.5f - clockPx, t.text);
        centred(name, namePx, c.size.y * 0.5f + namePx * 0.5f, t.muted);
    } catch (...) {
        // The background the renderer cleared to stays: a colour, never black.
    }
}

}  // namespace hallboard::ui
