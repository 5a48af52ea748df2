// Slides in the rotation: their windows, text slides set large and legible, pictures contained and asked for at size.
// Drawn through Dear ImGui with no window (tests/ui/ui_scenes.hpp).
#include <catch2/catch.hpp>

#include "ui/ui_scenes.hpp"

using namespace hallboard;
using namespace hallboard::test;
using namespace uitest;

TEST_CASE("the rotation includes a slide only inside its window, and leaves out one whose picture is refused") {
    Scene scene(fixture(), Instant{});
    scene.config.rotation = {
        scene.config.rotation[0],  // now & next
        slidePage(R"({"page": "slide", "title": "Lunch", "daily": {"from": "11:30", "until": "14:00"}})"),
        slidePage(R"({"page": "slide", "image": "/srv/slides/sponsor.png"})"),
        slidePage(R"({"page": "slide", "image": "/srv/slides/missing.png", "from": "2021-04-06T09:00"})"),
    };
    TestCanvas tc(scene, ImVec2{1920, 1080});
    FakeImages images;
    images.bad.insert("/srv/slides/missing.png");
    tc.c.images = &images;
    auto plan = [&](const std::string& wall) {
        scene.view.now = at(scene.program, wall);
        return ui::planScreens(scene.view, tc.c);
    };
    // 08:30: no lunch yet, the sponsor, the missing picture's window not open.
    std::vector<int> morning = plan("2021-04-06T08:30");
    CHECK(morning[0] > 0);
    CHECK(morning[1] == 0);
    CHECK(morning[2] == 1);
    CHECK(morning[3] == 0);
    // Noon: lunch in; the missing picture's window is open but it stays out, and the
    // rest of the rotation does not notice.
    std::vector<int> noon = plan("2021-04-06T12:00");
    CHECK(noon[0] > 0);
    CHECK(noon[1] == 1);
    CHECK(noon[2] == 1);
    CHECK(noon[3] == 0);
    // Planning looked at the sponsor's picture ahead of its turn, so that a refused one is
    // known when the slide comes round; it checked it and kept nothing (a full-screen
    // picture held between turns was 8 MB at 1080p).
    CHECK(std::count(images.checked.begin(), images.checked.end(), "/srv/slides/sponsor.png") >= 1);
    CHECK(images.asked.empty());
    // 14:00: lunch over.
    CHECK(plan("2021-04-06T14:00")[1] == 0);

    // Through the rotation: a cycle at noon has the lunch and sponsor slides, never the
    // missing one.
    scene.view.now = at(scene.program, "2021-04-06T12:00");
    std::vector<int> screens = ui::planScreens(scene.view, tc.c);
    Rotation rotation = Rotation::fromConfig(scene.config);
    auto count = [&](std::size_t i) { return screens[i]; };
    rotation.update(Rotation::Steady{}, count);
    std::set<std::size_t> pages;
    for (const CycleStep& step : rotation.cycle().steps) pages.insert(step.page);
    CHECK(pages.count(1) == 1);
    CHECK(pages.count(2) == 1);
    CHECK(pages.count(3) == 0);
}

TEST_CASE("a text slide is set large, centred and whole at every size, never below the reading floor") {
    Scene scene(fixture(), Instant{});
    scene.view.now = at(scene.program, "2021-04-06T10:00");
    scene.config.rotation = {slidePage(R"({"page": "slide", "title": "Wi-Fi: MLSys, password systems4ml",
        "text": "Be kind: our code of conduct applies in every room and online. Something wrong? Find a volunteer in a yellow shirt.",
        "background": "#f4f1e8"})")};
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        Recorded r = recorded(scene, size, 0);
        auto title = r.with("Wi-Fi");
        REQUIRE(title.size() == 1);
        REQUIRE(r.has("shirt."));  // the whole text to its last word, not cut
        for (const auto& run : r.runs) {
            if (run.page != "slide") continue;
            INFO(run.text);
            CHECK_FALSE(run.cut);
            CHECK(run.px >= r.theme.reading.textPx - 0.5f);
            CHECK(run.box.min.x >= 0);
            CHECK(run.box.max.x <= size.x + 1);
            CHECK(run.box.max.y <= size.y);
        }
        // Large: a short text takes more than body size, the title more than the text.
        auto body = r.with("Be kind");
        REQUIRE(body.size() == 1);
        CHECK(body[0]->px > r.theme.body);
        CHECK(title[0]->px > body[0]->px);
        // Centred across the page.
        float mid = (title[0]->box.min.x + title[0]->box.max.x) / 2;
        CHECK(std::abs(mid - size.x / 2) < size.x * 0.02f);
    }
}

TEST_CASE("a text slide's ink reads on its background, light or dark") {
    ui::Theme dark = ui::makeTheme(ThemeConfig{}, Conference{}, ImVec2{1920, 1080}, DisplayConfig{});
    for (const char* bg : {"#f4f1e8", "#10233f", "#ffd400", "#1d4d3a"}) {
        Scene scene(fixture(), Instant{});
        scene.view.now = at(scene.program, "2021-04-06T10:00");
        scene.config.rotation = {
            slidePage(std::string(R"({"page": "slide", "title": "Wi-Fi", "background": ")") + bg + "\"}")};
        TestCanvas tc(scene, ImVec2{1920, 1080});
        Rotation::Frame frame;
        frame.current = Rotation::Slot{0, 0};
        ui::drawScreen(scene.view, frame, tc.c);
        ImU32 background = ui::toImU32(*Color::parse(bg));
        auto title =
            std::find_if(tc.text.lines.begin(), tc.text.lines.end(), [](const auto& l) { return l.text == "Wi-Fi"; });
        REQUIRE(title != tc.text.lines.end());
        INFO(bg);
        CHECK(ui::contrastRatio(title->color | IM_COL32_A_MASK, background) >= 4.5);
        // The theme's own text colour wherever it reads (the dark theme's is light).
        if (ui::contrastRatio(dark.text, background) >= 4.5) CHECK((title->color | IM_COL32_A_MASK) == dark.text);
    }
}

TEST_CASE("the page before a slide asks for its picture at the size the slide draws it") {
    Scene scene(fixture(), Instant{});
    scene.view.now = at(scene.program, "2021-04-06T10:00");
    scene.config.rotation = {scene.config.rotation[0],
                             slidePage(R"({"page": "slide", "image": "/srv/slides/sponsor.png", "title": "Thanks"})"),
                             slidePage(R"({"page": "slide", "title": "Wi-Fi", "text": "systems4ml"})")};
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        TestCanvas tc(scene, size);
        FakeImages images;
        tc.c.images = &images;
        ui::prefetchPictures(scene.view, 0, tc.c);  // now & next has no picture to ask for
        ui::prefetchPictures(scene.view, 2, tc.c);  // nor has a text slide
        CHECK(images.loads.empty());
        ui::prefetchPictures(scene.view, 1, tc.c);
        REQUIRE(images.loads.size() == 1);
        Rotation::Frame frame;
        frame.current = Rotation::Slot{1, 0};
        ui::drawScreen(scene.view, frame, tc.c);
        REQUIRE(images.loads.size() == 2);
        CHECK(images.loads[0].first == "/srv/slides/sponsor.png");
        CHECK(images.loads[1].first == images.loads[0].first);
        CHECK(images.loads[1].second.x == images.loads[0].second.x);  // one decode, not two
        CHECK(images.loads[1].second.y == images.loads[0].second.y);
    }
}

TEST_CASE("an image slide draws its picture inside the page, whole with contain") {
    Scene scene(fixture(), Instant{});
    scene.view.now = at(scene.program, "2021-04-06T10:00");
    scene.config.rotation = {slidePage(R"({"page": "slide", "image": "/srv/slides/sponsor.png", "title": "Thanks"})")};
    for (ImVec2 size : kSizes) {
        INFO(size.x << "x" << size.y);
        TestCanvas tc(scene, size);
        FakeImages images;
        tc.c.images = &images;
        Rotation::Frame frame;
        frame.current = Rotation::Slot{0, 0};
        ui::drawScreen(scene.view, frame, tc.c);
        // The textured quad: the one draw command with our texture.
        const ImDrawList* list = tc.c.list;
        bool found = false;
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.TextureId != reinterpret_cast<ImTextureID>(std::uintptr_t{1}) || cmd.ElemCount == 0) continue;
            found = true;
            float x0 = FLT_MAX, y0 = FLT_MAX, x1 = -FLT_MAX, y1 = -FLT_MAX, u0 = FLT_MAX, u1 = -FLT_MAX;
            for (unsigned i = 0; i < cmd.ElemCount; ++i) {
                const ImDrawVert& v = list->VtxBuffer[list->IdxBuffer[static_cast<int>(cmd.IdxOffset + i)]];
                x0 = std::min(x0, v.pos.x), y0 = std::min(y0, v.pos.y), x1 = std::max(x1, v.pos.x),
                y1 = std::max(y1, v.pos.y);
                u0 = std::min(u0, v.uv.x), u1 = std::max(u1, v.uv.x);
            }
            ui::Rect page = ui::contentRect(tc.c);
            CHECK(x0 >= page.min.x - 1);
            CHECK(x1 <= page.max.x + 1);
            CHECK(y0 >= page.min.y - 1);
            CHECK(y1 <= page.max.y + 1);
            CHECK(u0 == 0);  // the whole picture
            CHECK(u1 == 1);
            CHECK((x1 - x0) / (y1 - y0) == Approx(1600.0 / 900).epsilon(0.01));  // not stretched
        }
        CHECK(found);
        CHECK(tc.text.has("Thanks"));
    }
}
