// The pages of the rotation. Each page type says how many screens it needs now (0:
// nothing to show, skip it), draws one of them into a canvas and says in a few words what
// one shows; the table (pageType) holds them by kind, each page's file its own entry.
#pragma once

#include <algorithm>
#include <utility>

#include "model/highlights.hpp"
#include "base/i18n.hpp"
#include "kiosk/kiosk_config.hpp"
#include "model/overrides.hpp"
#include "model/room_state.hpp"
#include "browse/take_away.hpp"
#include "kiosk/rotation.hpp"
#include "ui/canvas.hpp"
#include "ui/kiosk_view.hpp"

namespace hallboard::ui {

// The page actually shown for a configured one in this phase of the conference:
// now-next becomes the countdown before and the closing page after; pages that make no
// sense in a phase give nothing.
std::optional<PageKind> pageForPhase(PageKind configured, Phase phase);

// What a page's pieces draw with: the view they show and the canvas they draw on.
struct PageDraw {
    const KioskView& view;
    Canvas& c;
};

// What the rotation asks of a page type.
struct PageType {
    // How many screens it needs now: 0 to skip it.
    int (*screens)(const KioskView& view, const PageConfig& page, Canvas& canvas);
    // Draws its screen `screen` (nothing for a screen it does not have).
    void (*draw)(const KioskView& view, const PageConfig& page, int screen, Canvas& canvas);
    // A few words for what a screen shows ("Room 1, Room 2 … Room 8 (8 rooms)", "09:30 to
    // 11:10: 3 sessions", speaker and award names), for `hallboard rotation`: from the
    // same selections and layouts it draws with, so the words cannot drift from the picture.
    std::string (*describe)(const KioskView& view, const PageConfig& page, int screen, Canvas& canvas);
    // Asks for the pictures it will draw, so that they are decoded while the page before
    // it is shown (nullptr: it draws none).
    void (*prefetch)(const KioskView& view, const PageConfig& page, Canvas& canvas) = nullptr;
};
// The page type of a kind; one with no screens for a kind the table does not know.
const PageType& pageType(PageKind kind);
// The table's entries, one in each page's file.
extern const PageType nowNextPage, roomsPage, upcomingPage, awardsPage, speakersPage, announcementsPage, slidePage,
    countdownPage, closingPage, changesPage, timerPage;

// Items shown `per` a screen, in order: how many screens they take (ceil(items / per)),
// and which of them a screen shows.
struct Paging {
    std::size_t items = 0;
    std::size_t per = 1;  // taken as 1 when 0
    int screens() const;
    // [first, last) of the items on `screen`: first == last for a screen it does not have.
    std::pair<std::size_t, std::size_t> range(int screen) const;
    template <typename T>
    std::vector<T> slice(const std::vector<T>& all, int screen) const {
        auto [first, last] = range(screen);
        last = std::min(last, all.size());
        if (first >= last) return {};
        return std::vector<T>(all.begin() + static_cast<std::ptrdiff_t>(first),
                              all.begin() + static_cast<std::ptrdiff_t>(last));
    }
};

// Shown when no page has anything: the conference name, the date, the clock.
void drawWelcome(const KioskView& view, Canvas& canvas);

// Header (name, date, day, clock) and footer (page dots, venue). Returns the content
// rectangle between them.
struct ChromeInfo {
    std::size_t pages = 0, current = 0;
    int screens = 1, screen = 0;
};
Rect drawChrome(const KioskView& view, Canvas& canvas, const ChromeInfo& info);
// The same rectangle without drawing, for pages that plan their screens.
Rect contentRect(const Canvas& canvas);

// Entry points that tests call by name (the rest only through pageType).
int announcementsScreens(const KioskView& view, const PageConfig& page, Canvas& canvas);
void drawAnnouncements(const KioskView& view, const PageConfig& page, int screen, Canvas& canvas);
// The announcement banner above the footer on every rotation page: its height for this
// view (0: nothing to announce; Canvas::banner): one line, or two when one of the
// announcements of the moment needs them (the same height all the minute-by-minute turns,
// so the page does not jump), and drawing it.
// The banner's words: the title, isolated when it holds right-to-left letters so that
// its direction never runs into the separator and the text after it, then the text.
std::string bannerLine(const Announcement& announcement);
float bannerHeight(const KioskView& view, Canvas& canvas);
void drawBanner(const KioskView& view, Canvas& canvas);
int upcomingScreens(const KioskView& view, const PageConfig& page, Canvas& canvas);

// What each page shows now, for the page and for its description alike.
// Speakers: those of talks live or starting within the page's hours, in its rooms,
// keynotes first (model/highlights.hpp).
std::vector<SpeakerHighlight> speakerSelection(const KioskView& view, const PageConfig& page);
// Awards: those still to come first (model/highlights.hpp).
std::vector<Index> awardSelection(const KioskView& view);
// Now & next and the rooms board: the rooms on a screen.
std::vector<Index> nowNextRoomsOn(const KioskView& view, const PageConfig& page, int screen, Canvas& canvas);
std::vector<Index> boardRoomsOn(const KioskView& view, const PageConfig& page, int screen, Canvas& canvas);
// Upcoming: the sessions on a screen.
std::vector<Index> upcomingOn(const KioskView& view, const PageConfig& page, int screen, Canvas& canvas);
// What a screen of a page of `kind` shows (PageType::describe), for `hallboard rotation`.
std::string describeScreen(PageKind kind, const KioskView& view, const PageConfig& page, int screen, Canvas& canvas);
// "Room 1, Room 2, Room 3", or "Room 1, Room 2 … Room 8 (8 rooms)" for many: what a
// screen of now & next or of the rooms board shows, in words.
std::string roomNames(const Program& program, const std::vector<Index>& rooms);

// Track and language where a visitor chooses what to attend. The language badge ("DE",
// "PT-BR") only when the program has more than one language (model/language.hpp), else
// empty. A chip in the track's colour (the theme's track colour when it has none) with its
// name, ink that reads on it; returns its width (0: no track).
std::string languageBadge(const Program& program, const std::string& tag);
// The language named for a visitor in the kiosk's language ("German"; with `endonym`, its
// own word beside it when that says more: "German (Deutsch)", "French (Canada) · Français"),
// the badge for a code ICU cannot name; empty like the badge when the program has one
// language. Where space is tight the caller falls back to the badge when the name does not fit.
std::string languageLabel(const Program& program, const std::string& tag, bool endonym = false);
// The same without asking the program (a list that knows it has several languages): the
// name, else the code in capitals ("DE"); empty for an empty tag.
std::string languageText(const std::string& tag, bool endonym = false);
std::string badgeText(const std::string& tag);
// The language for a one-line meta line: `line` with "  ·  " and the name when that fits,
// else with the badge; `line` unchanged when there is no language to show.
std::string withLanguage(Canvas& c, const Program& program, const std::string& tag, std::string line, const Fit& fit);
ImU32 trackColor(const Theme& theme, const Program& program, Index track);
// The track's name on a chip in its colour, at `box.pos`, cut to `box.width`; its width.
float trackChip(Canvas& c, const Program& program, std::optional<Index> track, const TextBox& box, float px);

// Small shared pieces.
std::string sessionLabel(const Session& s);                // "ORAL SESSION", "BREAK"
std::string shortTime(const KioskView& view, Instant t);   // "11:10"
std::string dayAndTime(const KioskView& view, Instant t);  // "Tue 6 Apr, 11:10" or "11:10" today
std::string untilText(Duration d);                         // "in 12 min", "now"
// What changed on the day, in the alert colour, on one line; returns the height used
// (0 when nothing changed).
float changeNote(Canvas& c, const std::string& change, ImVec2 pos, float width, float px);
// A touch here does this (on the rotation: opens a talk, a session, a speaker). The
// browse screens' targets are also focusable with the keys, and may scroll in a list.
void touchTarget(Canvas& c, Rect r, browse::Action action, bool focusable = false, bool inList = false);
// A room's name as it fits: whole, else its short form (short_name, or the part after
// the prefix the rooms share) when the whole name would be cut: "Freiwurst" rather than
// "Assembly:Freiw…".
std::string roomLabel(Canvas& c, const Program& program, Index room, const Fit& fit);
// The directory entry of a person, for a touch on their card.
std::optional<std::size_t> directoryEntry(const KioskView& view, const std::string& name);
// The title; for an untitled paper, the opening words of its abstract, quoted (its own
// words, never an invented title), after the name the abstract gives its system when it
// gives one ("Pathways  ·  “We present …”"), or the honest stand-in.
std::string titleOrOpening(const Talk& talk, std::size_t maxChars = 90);
// The talk's people in `style` at `width`: up to maxNames, fewer with "et al." when the
// line would otherwise end in a name cut short ("Mohamed-Hicham LEGHETTAS…").
std::string fittedAuthorLine(Canvas& c, const Program& program, const Talk& talk, std::size_t maxNames, const Fit& fit);
// For an untitled talk, the name its abstract gives its system ("Pathways"); empty for a
// talk with a title or an abstract that names none. Shown with kFromAbstract under it.
std::string nameFromAbstract(const Talk& talk);
// TRANSLATORS: under a system's name taken from an untitled paper's abstract.
inline constexpr const char* kFromAbstract = N_("name from the abstract");  // drawn through tr()

// A room's state and what the exports say of rooms and talks (#31.2, #31.5; room_notes.cpp).
// "FULL", "FILLING UP": a crowded room in words (never colour alone); empty when open.
std::string occupancyLabel(const Program& program, Index room);
// The talk's recording, stream, interpretation and captions, a few words each: "Not
// recorded", "Not streamed", "Interpreted into German and French", "Live captions".
std::vector<std::string> accessNotes(const Talk& talk);
// The room's stream as a QR code (browse::qrLink checks the address), made once; null
// when the room has no stream_url a QR code may carry.
const browse::QrCode* streamCode(const Program& program, Index room);
// Dark modules on white with the quiet zone; whether a code in `side` pixels has modules
// a phone reads from arm's length (0.5 mm on this panel).
void drawQrCode(Canvas& c, const browse::QrCode& qr, ImVec2 min, float side);
bool qrScans(const Theme& t, const browse::QrCode& qr, float side);
// Where else to go, a line: "Room B  ·  2 min  ·  Posters" (and "FILLING UP" when that
// room is too).
std::string alternativeLine(const KioskView& view, const Alternative& a);
// For a crowded room, in `box`: its state, then "ALSO ON NOW" with the talks of the same
// slot elsewhere, nearest first (a touch opens each), and the room's stream as a QR code
// when it has one and the box holds one that scans. Returns the height used.
float whereElse(const KioskView& view, Canvas& c, Index room, Rect box, float px);
// For a full room, where a place of one line can say go instead: "FULL  ·  see Room B
// (2 min)", the nearest room not full with something of the same slot (its short name;
// the minutes when the kiosk has a venue); "FULL" alone when nothing else is on; empty
// when the room is not full. Filling up says only so (there are seats). Without
// `minutes`: never the walk (a board whose rows each show the walk to their room).
std::string fullSeeInstead(const KioskView& view, Index room, bool minutes = true);

}  // namespace hallboard::ui
