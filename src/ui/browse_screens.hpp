// Touch browsing's screens: a bar with back, the three parts (schedule, speakers,
// search) and home; below it the current place of the browser, in a list that scrolls.
// Everything touchable is recorded as a target with its action; the screens never
// change the browser themselves.
#pragma once

#include "ui/canvas.hpp"
#include "ui/kiosk_view.hpp"

namespace hallboard::ui {

// Draws the browser's current place over the whole canvas. In the last
// kFadeOutSeconds before the rotation returns by itself, it fades out.
void drawBrowse(const KioskView& view, Canvas& canvas);
inline constexpr double kFadeOutSeconds = 0.8;

// Which of the conference days the schedule pages through is today (or the next one
// with sessions) for "browse from here".
std::size_t todayIndex(const KioskView& view);

namespace browse_ui {

// Shared pieces of the browse screens (browse_widgets.cpp).
using browse::Action;

// The smallest touch target: about a thumb at arm's length on any screen.
float thumb(const Theme& t);

struct Ctx {
    const KioskView& view;
    Canvas& c;
    const browse::Browser& browser;

    const Theme& t() const { return c.t(); }
    const Program& p() const { return view.p(); }
    // Records a target (the focus ring is drawn once every target is known: focusRing).
    void target(Rect r, const Action& action, bool focusable = true, bool inList = false);
    bool pressed(const Action& action) const;
};

enum class ButtonStyle { plain, selected, quiet };
// How a button looks: its style, its label's size (0: body text), and whether it takes the
// keys' focus.
struct ButtonLook {
    ButtonLook(ButtonStyle kind = ButtonStyle::plain, float size = 0, bool takesFocus = true)
        : style(kind), px(size), focusable(takesFocus) {}
    ButtonStyle style;
    float px;
    bool focusable;
};
// A rounded button with a centred label; records its target.
void button(Ctx& x, Rect r, std::string_view label, const Action& action, const ButtonLook& look = {});
// "‹  value  ›": a value stepped through with two buttons.
// Whether `label` fits a stepper of width `w` and height `h` without being cut.
bool stepperLabelFits(Ctx& x, float w, float h, std::string_view label);
// Its two steps: each one's action, and whether it can be taken (else no button).
struct Steps {
    const Action& previous;
    const Action& next;
    bool canPrevious = true, canNext = true;
};
void stepper(Ctx& x, Rect r, std::string_view label, const Steps& steps);

// A scrolling list: drawing between begin and end is clipped; `y(content)` gives the
// screen position of a content offset. Items outside the view are skipped by `visible`.
struct List {
    Rect area;
    float scroll = 0;
    float top() const { return area.min.y - scroll; }
    bool visible(float contentY, float h) const { return contentY + h >= scroll && contentY <= scroll + area.h(); }
};
List beginList(Ctx& x, Rect area);
// A place in a list: its content offset `y`.
struct ListAt {
    const List& list;
    float y;
};
void endList(Ctx& x, const List& list, float contentHeight, std::optional<float> nowAt = std::nullopt);

// A paragraph at content offset `contentY` of a list, drawn when in view. Returns the
// offset under it, `spacing` included; empty text takes no room.
float paragraph(Ctx& x, const ListAt& at, const std::string& text, const TextStyle& style, float spacing);

// Text with the query's matches marked behind it. Returns the height used.
float highlighted(Canvas& c, std::string_view s, const TextStyle& style, const TextBox& box, std::string_view query);

// The screens (one file each).
void drawSchedule(Ctx& x, Rect area);
void drawSession(Ctx& x, Rect area, Index session);
void drawTalk(Ctx& x, Rect area, Index talk);
void drawPeople(Ctx& x, Rect area);
void drawPerson(Ctx& x, Rect area, std::size_t entry);
void drawSearch(Ctx& x, Rect area);
// The height search needs with its keyboard up, its keys as small as they may be (a
// thumb; large text's a thumb of normal text): the field and every row of keys.
float searchTypingHeight(Ctx& x, float width);
// One room: the way there (steps, step-free, the map) and its sessions on the day.
void drawRoom(Ctx& x, Rect area, Index room);

// What a room's page says of it, at content offset `contentY`: FULL or FILLING UP with
// the talks of the same slot elsewhere (a button each, nearest first), its seats and
// description, and with `stream` its stream as a QR code. Returns the offset under it.
float roomNotes(Ctx& x, const List& list, float contentY, Index room, bool stream);

// A button to a room's page in a list ("Main room  ↗ 2 min · upstairs  ›"), at content
// offset `contentY`. Returns the offset under it.
float roomButton(Ctx& x, const List& list, float contentY, Index room);

// The step-free way on request (#30.6): a toggle with the accessibility symbol and its
// words, at content offset `contentY`, on a page that shows the way to `room`; while it is
// on and the room has no way without stairs, that sentence under it. Nothing without a
// venue, without directions to the room, or where the kiosk's ways are all step-free
// already (`step_free`). Returns the offset under it.
float stepFreeButton(Ctx& x, const List& list, float contentY, Index room);

// A talk as one row of a list: time, title, people, room. Height from talkRowHeight.
float talkRowHeight(const Theme& t);
// With a query, matches are marked; a talk found by its abstract shows the words around
// the first match instead of where it is.
void talkRow(Ctx& x, const ListAt& at, Index talk, std::string_view query = {},
             browse::Field best = browse::Field::title);
// The words around the first match of `query` in `text`: "… with micro-kernels for …".
std::string snippet(std::string_view text, std::string_view query, std::size_t before = 40, std::size_t after = 140);
// "Live now", "in 25 min", "Tue 6 Apr, 11:10", "Ended"
std::string whenText(const KioskView& view, const TimeRange& range);

}  // namespace browse_ui

}  // namespace hallboard::ui
