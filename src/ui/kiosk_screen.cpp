// See kiosk_screen.hpp.
#include "ui/kiosk_screen.hpp"

#include <cmath>

#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

void drawSlot(const KioskView& view, const Rotation::Slot& slot, Canvas& c) {
    auto kind = shownKind(view, slot.page);
    if (!kind) return;
    drawPage(*kind, view, view.config->rotation[slot.page], slot.subpage, c);
}

float ease(double t) {
    auto x = static_cast<float>(t);
    return x * x * (3 - 2 * x);  // smoothstep: gentle start and end
}

}  // namespace

std::optional<PageKind> shownKind(const KioskView& view, std::size_t index) {
    if (index >= view.config->rotation.size()) return std::nullopt;
    return pageForPhase(view.config->rotation[index].kind, view.s().dayAt(view.now).phase);
}

int screensFor(const KioskView& view, std::size_t index, Canvas& canvas) {
    auto kind = shownKind(view, index);
    if (!kind) return 0;
    return screenCount(*kind, view, view.config->rotation[index], canvas);
}

void drawScreen(const KioskView& view, const Rotation::Frame& frame, Canvas& c) {
    const Theme& t = c.t();
    c.list->AddRectFilled(c.origin, ImVec2{c.origin.x + c.size.x, c.origin.y + c.size.y}, t.background);
    if (!frame.current) {
        drawWelcome(view, c);
        return;
    }
    ChromeInfo info;
    info.pages = view.config->rotation.size();
    info.current = frame.current->page;
    info.screen = frame.current->subpage;
    info.screens = screensFor(view, frame.current->page, c);
    drawChrome(view, c, info);

    Rect content = contentRect(c);
    // Pages may draw a little outside their content (a title above it): clip to the
    // area between header rule and footer instead.
    ImVec2 clipMin{c.origin.x, content.min.y - t.gap * 0.5f}, clipMax{c.origin.x + c.size.x, content.max.y + t.gap * 0.5f};
    c.list->PushClipRect(clipMin, clipMax, true);
    TransitionKind kind = view.config->transition;
    if (!frame.previous || kind == TransitionKind::none) {
        drawSlot(view, *frame.current, c);
    } else if (kind == TransitionKind::fade) {
        float e = ease(frame.transition);
        Canvas before = c;
        before.alpha = c.alpha * (1 - e);
        drawSlot(view, *frame.previous, before);
        Canvas after = c;
        after.alpha = c.alpha * e;
        drawSlot(view, *frame.current, after);
    } else {
        float e = ease(frame.transition);
        Canvas before = c;
        before.origin.x = std::round(c.origin.x - e * c.size.x);
        drawSlot(view, *frame.previous, before);
        Canvas after = c;
        after.origin.x = std::round(c.origin.x + (1 - e) * c.size.x);
        drawSlot(view, *frame.current, after);
    }
    c.list->PopClipRect();
}

}  // namespace hallboard::ui
