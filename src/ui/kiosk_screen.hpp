// Puts a whole screen together: background, header and footer, and the page of the
// rotation, or two pages mid-transition (fade or slide, as transitionOf says).
#pragma once

#include "kiosk/rotation.hpp"
#include "ui/canvas.hpp"
#include "ui/kiosk_view.hpp"
#include "ui/transition.hpp"

namespace hallboard::ui {

// The page shown for configured page `index` now, if any (the phase may replace it).
std::optional<PageKind> shownKind(const KioskView& view, std::size_t index);
// How many screens configured page `index` needs now: 0 to skip it.
int screensFor(const KioskView& view, std::size_t index, Canvas& canvas);
// The height page `index` keeps above the footer for the announcement banner (none on the
// announcements page, which shows them in full): set on a canvas before laying a page out.
float bannerOn(const KioskView& view, std::size_t index, Canvas& canvas);
// Asks for the pictures configured page `index` will draw (a slide's), so that they are
// decoded while the page before it is shown and are there when its turn comes.
void prefetchPictures(const KioskView& view, std::size_t index, Canvas& canvas);
// The plan of the whole rotation: screens for every configured page, laid out once
// (per minute and program) and handed to the rotation and to drawScreen.
std::vector<int> planScreens(const KioskView& view, Canvas& canvas);
// The band pages draw in, between header rule and footer; slides move within it.
Rect pageBand(const Canvas& canvas);

// Draws the screen over a canvas already cleared to the theme's background colour.
void drawScreen(const KioskView& view, const Rotation::Frame& frame, Canvas& canvas);

// What shows when drawing the screen failed: the clock and the conference's name,
// centred, with the running-text font only (no display type, no images, no page code).
// Never throws.
void drawFallback(const KioskView& view, Canvas& canvas) noexcept;

}  // namespace hallboard::ui
