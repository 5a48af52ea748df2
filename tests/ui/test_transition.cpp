// Transitions are decided once (ui::transitionOf) and shown two ways: composited from
// cached screens by the renderer, and drawn directly here, two pages on one canvas. These
// check the decision and that the direct drawing follows it to the pixel.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include <imgui.h>

#include "base/text.hpp"
#include "support.hpp"
#include "ui/kiosk_screen.hpp"
#include "ui/transition.hpp"
#include "ui/ui_scenes.hpp"

using namespace hallboard;

namespace {

// The two-rooms day at `wall` (tests/ui/ui_scenes.hpp).
struct Scene : uitest::Scene {
    explicit Scene(const std::string& wall) : uitest::Scene(uitest::fixture(), Instant{}) {
        view.now = test::at(program, wall);
    }
};

// Every text run of one frame drawn directly on a canvas of `size` (a null ImGui frame).
std::vector<ui::TextRun> runsOf(const Scene& scene, const Rotation::Frame& frame, ImVec2 size) {
    uitest::TestCanvas tc(scene, size);
    ui::drawScreen(scene.view, frame, tc.c);
    return tc.record.runs;
}

// How far the runs of `page` in `moved` lie right of the same runs drawn alone: one
// offset for the whole page (nullopt when no run matches, or when they disagree).
std::optional<float> offsetOf(const std::vector<ui::TextRun>& moved, const std::vector<ui::TextRun>& alone,
                              const std::string& page) {
    std::set<float> offsets;
    for (const ui::TextRun& m : moved) {
        if (m.page != page) continue;
        for (const ui::TextRun& a : alone)
            if (a.page == page && a.text == m.text && a.box.min.y == m.box.min.y) {
                offsets.insert(m.box.min.x - a.box.min.x);
                break;
            }
    }
    if (offsets.size() != 1) return std::nullopt;
    return *offsets.begin();
}

Rotation::Frame pageFrame(std::size_t page) {
    Rotation::Frame f;
    f.current = Rotation::Slot{page, 0};
    return f;
}

}  // namespace

TEST_CASE("a transition is decided once: kind, pages and eased progress from the frame and the configuration") {
    Scene scene("2021-04-06T09:45");
    Rotation::Frame f = pageFrame(1);
    f.transition = 0.25;
    ui::Transition alone = ui::transitionOf(scene.view, f);  // no page before: the page alone
    CHECK_FALSE(alone.moving());
    CHECK(alone.to == f.current);
    CHECK_FALSE(alone.from);
    CHECK(alone.progress == 1.0f);

    f.previous = Rotation::Slot{0, 0};
    scene.config.transition = TransitionKind::fade;
    ui::Transition fade = ui::transitionOf(scene.view, f);
    CHECK(fade.kind == TransitionKind::fade);
    CHECK(fade.from == f.previous);
    CHECK(fade.to == f.current);
    CHECK(fade.progress == Approx(0.15625f));  // smoothstep(0.25): a gentle start
    f.transition = 0.75;
    CHECK(ui::transitionOf(scene.view, f).progress == Approx(0.84375f));

    scene.config.transition = TransitionKind::slide;
    CHECK(ui::transitionOf(scene.view, f).kind == TransitionKind::slide);
    scene.config.transition = TransitionKind::none;  // switched off: the new page at once
    ui::Transition off = ui::transitionOf(scene.view, f);
    CHECK_FALSE(off.moving());
    CHECK_FALSE(off.from);
    CHECK(off.to == f.current);

    // The slide's offset: the progress share of the band, rounded half away from zero.
    ui::Transition half;
    half.kind = TransitionKind::slide;
    half.progress = 0.5f;
    CHECK(half.slideShift(801) == 401);
    CHECK(half.slideShift(800) == 400);
    half.progress = 0;
    CHECK(half.slideShift(801) == 0);
    half.progress = 1;
    CHECK(half.slideShift(801) == 801);
}

TEST_CASE("a slide drawn directly moves both pages by the one shift: the new page starts where the old one ends") {
    // At 801 pixels and half way the shift is 400.5, rounded: the old page's right edge
    // and the new page's left edge must be the same column. Drawn directly, the two once
    // rounded apart (401 left, 401 right: a column of background between them, where the
    // composited slide has none).
    Scene scene("2021-04-06T09:45");
    scene.config.transition = TransitionKind::slide;
    for (float width : {801.0f, 800.0f, 1919.0f}) {
        CAPTURE(width);
        ImVec2 size{width, 480};
        std::vector<ui::TextRun> before = runsOf(scene, pageFrame(0), size);
        std::vector<ui::TextRun> after = runsOf(scene, pageFrame(1), size);
        Rotation::Frame slide = pageFrame(1);
        slide.previous = Rotation::Slot{0, 0};
        slide.transition = 0.5;  // eased: 0.5 too
        std::vector<ui::TextRun> both = runsOf(scene, slide, size);
        REQUIRE(!before.empty());
        REQUIRE(!after.empty());
        std::string oldPage = before.back().page, newPage = after.back().page;
        REQUIRE(oldPage != newPage);
        std::optional<float> left = offsetOf(both, before, oldPage), right = offsetOf(both, after, newPage);
        REQUIRE(left);
        REQUIRE(right);
        int shift = ui::transitionOf(scene.view, slide).slideShift(width);
        CHECK(*left == static_cast<float>(-shift));
        CHECK(*right == width - static_cast<float>(shift));
        CHECK(*right - *left == width);  // the pages touch: no gap, no overlap
    }
}
