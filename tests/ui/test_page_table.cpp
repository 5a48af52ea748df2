// The table of page types and the paging helper the pages share (ui/pages.hpp).
#include <catch2/catch.hpp>

#include <numeric>
#include <set>

#include "ui/pages.hpp"

using namespace hallboard;

TEST_CASE("paging: ceil(items / per) screens, each the next slice in order, nothing past the end") {
    CHECK(ui::Paging{0, 4}.screens() == 0);
    CHECK(ui::Paging{1, 4}.screens() == 1);
    CHECK(ui::Paging{8, 4}.screens() == 2);
    CHECK(ui::Paging{9, 4}.screens() == 3);
    CHECK(ui::Paging{3, 0}.screens() == 3);  // a per of 0 is taken as 1, never a division by zero

    std::vector<int> items(9);
    std::iota(items.begin(), items.end(), 0);
    ui::Paging paging{items.size(), 4};
    CHECK(paging.range(0) == std::pair<std::size_t, std::size_t>{0, 4});
    CHECK(paging.range(2) == std::pair<std::size_t, std::size_t>{8, 9});
    CHECK(paging.slice(items, 2) == std::vector<int>{8});
    // Screens it does not have are empty, on either side.
    for (int screen : {-1, -1000, 3, 1000}) {
        auto [first, last] = paging.range(screen);
        CHECK(first == last);
        CHECK(paging.slice(items, screen).empty());
    }
    // The screens together are the items, each once, in order.
    std::vector<int> all;
    for (int screen = 0; screen < paging.screens(); ++screen) {
        auto part = paging.slice(items, screen);
        CHECK(!part.empty());
        CHECK(part.size() <= 4);
        all.insert(all.end(), part.begin(), part.end());
    }
    CHECK(all == items);
    // A list shorter than the paging says (it changed since) is sliced within its end.
    CHECK(ui::Paging{9, 4}.slice(std::vector<int>{0, 1, 2, 3, 4, 5}, 1) == std::vector<int>{4, 5});
}

TEST_CASE("the page table has its own entry for every page kind, and none for a kind it does not know") {
    const PageKind kinds[] = {PageKind::nowNext,  PageKind::upcoming,  PageKind::awards,
                              PageKind::speakers, PageKind::rooms,     PageKind::announcements,
                              PageKind::slide,    PageKind::countdown, PageKind::closing};
    std::set<const ui::PageType*> seen;
    for (PageKind kind : kinds) {
        INFO(toString(kind));
        const ui::PageType& type = ui::pageType(kind);
        CHECK(type.screens);
        CHECK(type.draw);
        CHECK(type.describe);
        // Only the slide has pictures to ask for ahead of its turn.
        CHECK((type.prefetch != nullptr) == (kind == PageKind::slide));
        CHECK(seen.insert(&type).second);
    }
    CHECK(&ui::pageType(PageKind::nowNext) == &ui::nowNextPage);
    CHECK(&ui::pageType(PageKind::slide) == &ui::slidePage);

    // A kind from a newer configuration (or a corrupted value): nothing to show, never a crash.
    const ui::PageType& unknown = ui::pageType(static_cast<PageKind>(99));
    CHECK(seen.count(&unknown) == 0);
    ui::KioskView view;
    PageConfig page;
    ui::Canvas canvas;
    CHECK(unknown.screens(view, page, canvas) == 0);
    unknown.draw(view, page, 0, canvas);
    CHECK(unknown.describe(view, page, 0, canvas).empty());
    CHECK(unknown.prefetch == nullptr);
}
