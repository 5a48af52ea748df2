// Slides: an image (a sponsor, a photo, the lunch menu) or a text (Wi-Fi, code of
// conduct) between the header and the footer, shown only inside the slide's window
// (kiosk/slides.hpp). An image is scaled to fit any screen, whole ("contain") or filling
// the page around its focus ("cover"); a text is set as large as the page holds, never
// below the reading floor. A slide whose image the platform refused (missing, not a
// PNG or JPEG, too large, broken) has no screens, so the rotation leaves it out; the
// platform logs why once.
#include <algorithm>
#include <cmath>

#include "ui/pages.hpp"

namespace hallboard::ui {

namespace {

// Ink that reads on the slide's background: the theme's text colour when it does, else
// white or near-black, whichever contrasts more.
ImU32 inkOn(ImU32 background, const Theme& t) {
    if (contrastRatio(t.text, background) >= 4.5) return t.text;
    ImU32 light = IM_COL32(255, 255, 255, 255), dark = IM_COL32(18, 18, 24, 255);
    return contrastRatio(light, background) >= contrastRatio(dark, background) ? light : dark;
}

ImU32 backgroundOf(const SlideConfig& s, const Theme& t) {
    return s.background ? toImU32(*s.background) : t.surface;
}

// Title and text set as large as the area holds: from twice the subtitle size down to
// body size, the first that fits; at body size the text is cut with "…" if it must be.
void drawText(const SlideConfig& s, Canvas& c, Rect area, ImU32 ink) {
    const Theme& t = c.t();
    for (float scale : {2.0f, 1.75f, 1.5f, 1.3f, 1.15f, 1.0f, 0.0f}) {
        bool last = scale == 0.0f;
        float bodyPx = last ? t.body : std::round(t.subtitle * scale);
        float titlePx = std::round(std::max(bodyPx * 1.45f, t.title));
        TextStyle title{Face::display, titlePx, Weight::bold, ink};
        title.leading = 1.15f;
        TextStyle body{Face::text, bodyPx, Weight::regular, ink};
        body.leading = 1.3f;
        float gap = s.title.empty() || s.text.empty() ? 0 : std::round(bodyPx * 0.8f);
        TextBlock tb =
            s.title.empty() ? TextBlock{} : layout(c, s.title, title, area.w(), last ? area.h() * 0.4f : FLT_MAX);
        TextBlock bb = s.text.empty() ? TextBlock{}
                                      : layout(c, s.text, body, area.w(), last ? area.h() - tb.height - gap : FLT_MAX);
        float total = tb.height + gap + bb.height;
        if (!last && (total > area.h() || tb.truncated || bb.truncated)) continue;
        // Centred on the page when short; from the top when it fills it.
        float y = area.min.y + std::max(0.0f, std::round((area.h() - total) * 0.4f));
        if (!s.title.empty()) drawBlock(c, tb, title, {ImVec2{area.min.x, y}, area.w(), FLT_MAX, Align::center});
        y += tb.height + gap;
        if (!s.text.empty()) drawBlock(c, bb, body, {ImVec2{area.min.x, y}, area.w(), FLT_MAX, Align::center});
        return;
    }
}

// An image slide's caption (title and text on one or two lines at subtitle size, under
// the picture) and the box left for the picture.
struct ImageLayout {
    Rect picture;
    TextBlock caption;
    TextStyle style;
    float pad = 0;  // between the caption and the box's edges
};

ImageLayout imageLayout(const SlideConfig& s, Canvas& c, Rect area, ImU32 ink) {
    const Theme& t = c.t();
    ImageLayout l;
    l.style = TextStyle{Face::text, t.subtitle, Weight::bold, ink, 2};
    std::string caption = s.title.empty() ? s.text : (s.text.empty() ? s.title : s.title + "  ·  " + s.text);
    if (!caption.empty()) {
        // Inside the slide's box, clear of its rounded edge and sides.
        l.pad = std::round(t.gapL());
        l.caption = layout(c, caption, l.style, area.w() - 2 * l.pad);
        area.max.y -= l.caption.height + l.pad + t.gapL();
    }
    l.picture = area;
    return l;
}

void drawImage(const SlideConfig& s, Canvas& c, Rect page, ImU32 ink) {
    const Theme& t = c.t();
    ImageLayout l = imageLayout(s, c, page, ink);
    if (!l.caption.lines.empty())
        drawBlock(c, l.caption, l.style,
                  {ImVec2{page.min.x + l.pad, page.max.y - l.pad - l.caption.height}, page.w() - 2 * l.pad, FLT_MAX,
                   Align::center});
    Rect area = l.picture;
    if (!c.images || area.w() < 1 || area.h() < 1) return;
    if (auto refused = c.images->refused(s.image)) {
        // Only when asked for this slide (a screenshot): the rotation leaves it out.
        TextStyle style{Face::text, t.body, Weight::regular, ink, 3};
        text(c, trf(tr("This slide’s picture cannot be shown: %s"), refused->c_str()), style,
             {ImVec2{area.min.x, area.min.y + area.h() * 0.4f}, area.w(), FLT_MAX, Align::center});
        return;
    }
    ImVec2 box{area.w(), area.h()};
    auto img = c.images->load(s.image, box);
    if (!img) return;  // still being decoded: the background for a moment
    SlidePlacement p = placeSlideImage({img->width, img->height}, {box.x, box.y}, s.fit, s.focus);
    ImVec2 a{std::round(area.min.x + static_cast<float>(p.x)), std::round(area.min.y + static_cast<float>(p.y))};
    ImVec2 b{std::round(a.x + static_cast<float>(p.w)), std::round(a.y + static_cast<float>(p.h))};
    c.list->AddImage(img->texture, a, b, ImVec2{static_cast<float>(p.u0), static_cast<float>(p.v0)},
                     ImVec2{static_cast<float>(p.u1), static_cast<float>(p.v1)}, c.col(IM_COL32_WHITE));
}

}  // namespace

namespace {
// The box a slide's picture is asked for in: the same for the check, the prefetch and
// the drawing, so that it is decoded once.
ImVec2 pictureBox(const SlideConfig& s, Canvas& c) {
    Rect box = imageLayout(s, c, contentRect(c), c.t().text).picture;
    return ImVec2{box.w(), box.h()};
}
// Slides (kiosk/slides.hpp): one screen inside the slide's window, none outside it or
// when the platform refused its picture.
bool slideShownNow(const KioskView& view, const PageConfig& page) {
    return page.slide && slideShownAt(*page.slide, view.p().conference.zone, view.now);
}

int slideScreens(const KioskView& view, const PageConfig& page, Canvas& c) {
    if (!slideShownNow(view, page)) return 0;
    const SlideConfig& s = *page.slide;
    if (s.isText() || !c.images) return 1;
    if (c.images->refused(s.image)) return 0;
    // Looked at now, so that a refused picture is known (and the slide left out) before
    // its turn comes; checked, not kept: a full-screen picture held all day between its
    // turns cost 8 MB at 1080p. The page before the slide asks for it (prefetchSlide).
    ImVec2 box = pictureBox(s, c);
    if (box.x >= 1 && box.y >= 1) c.images->check(s.image, box);
    return 1;
}

void prefetchSlide(const KioskView& view, const PageConfig& page, Canvas& c) {
    if (!slideShownNow(view, page) || page.slide->isText() || !c.images) return;
    ImVec2 box = pictureBox(*page.slide, c);
    if (box.x >= 1 && box.y >= 1) (void)c.images->load(page.slide->image, box);
}

void drawSlide(const KioskView&, const PageConfig& page, int, Canvas& c) {
    if (!page.slide) return;
    const SlideConfig& s = *page.slide;
    const Theme& t = c.t();
    Rect area = contentRect(c);
    ImU32 background = backgroundOf(s, t);
    bool fills = !s.isText() && s.fit == SlideFit::cover;
    fillRect(c, area.min, area.max, background, fills ? 0 : t.radius);
    ImU32 ink = inkOn(background, t);
    if (s.isText()) {
        float pad = std::round(t.gap * 1.5f);
        drawText(s, c, Rect{ImVec2{area.min.x + pad, area.min.y + pad}, ImVec2{area.max.x - pad, area.max.y - pad}},
                 ink);
        return;
    }
    drawImage(s, c, area, ink);
}

std::string describeSlidePage(const KioskView&, const PageConfig& page, int, Canvas&) {
    return page.slide ? describeSlide(*page.slide) : std::string("nothing");
}

}  // namespace

const PageType slidePage{slideScreens, drawSlide, describeSlidePage, prefetchSlide};

}  // namespace hallboard::ui
