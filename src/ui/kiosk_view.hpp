// Everything a page reads, by const pointer: the program and its scheduler, the instant
// to show, the configuration. Pages never change any of it; what a visitor asks for
// comes back as actions (touch browsing).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "browse/browser.hpp"
#include "browse/catalog.hpp"
#include "browse/directory.hpp"
#include "browse/search.hpp"
#include "model/announcements.hpp"
#include "model/emergency.hpp"
#include "kiosk/kiosk_config.hpp"
#include "model/scheduler.hpp"
#include "model/venue.hpp"

namespace hallboard::ui {

// What touch browsing shows, read only: the browser's state and what it found.
struct BrowseView {
    const browse::Browser* browser = nullptr;
    const std::vector<browse::DirectoryEntry>* directory = nullptr;
    const std::vector<browse::SearchHit>* hits = nullptr;  // for the browser's query
    const browse::Catalog* catalog = nullptr;              // QR codes of talks
    double idleLeft = 1e9;                                 // seconds until the rotation returns by itself
};

// Where the pictures of assets/icons/ are (platform::assetPath); empty: not found, and
// the pages draw their own marks or words instead.
struct WayIconFiles {
    std::string stairs, lift, accessible;
};

struct KioskView {
    const Program* program = nullptr;
    const Scheduler* scheduler = nullptr;
    const KioskConfig* config = nullptr;
    Instant now{};
    std::vector<Index> rooms;  // the global room filter, resolved; empty: all rooms
    std::string staffNote;     // small print for staff: "Replay clock at 10x speed"
    std::string problem;       // why the files on disk are not what is shown; a small badge
    // The clock shown for want of any usable program: its zone ("Europe/Berlin"), and
    // whether a file named it (the conference's) or it is this machine's. Empty otherwise.
    std::string fallbackZone;
    bool fallbackZoneNamed = false;
    const Wayfinding* wayfinding = nullptr;          // directions from this kiosk; null: none (no venue)
    WayIconFiles icons;                              // for the steps of a route
    std::vector<const Announcement*> announcements;  // shown now, urgent first (the session owns them)
    // The emergency takeover shown now, over everything (ui/emergency.hpp); null: none.
    // While it is set, quiet hours neither blank nor dim the screen.
    const Emergency* emergency = nullptr;
    // Which of the kiosk's emergency languages the kiosk's own words are in now, of how many.
    int emergencyTurn = 0, emergencyTurns = 1;
    int shiftX = 0, shiftY = 0;                 // pixel shift against burn-in
    bool blank = false;                         // quiet hours: nothing on screen
    float dim = 0.0f;                           // quiet hours: darken everything by this much (0..1)
    bool seconds = false;                       // a page in view counts seconds (the room timer)
    BrowseView browse;                          // touch browsing; browser null: a display without touch
    const std::vector<int>* screens = nullptr;  // the rotation's plan (planScreens); null: laid out when drawn
    // Tests only: called in the middle of drawing a page or browse screen, inside its clip
    // rectangle, to stand for a page that throws (the renderer's frame guard).
    std::function<void()> pageFault;

    const Program& p() const { return *program; }
    const Scheduler& s() const { return *scheduler; }
};

// The rooms a page shows: its own list, else the global filter, else all.
std::vector<Index> pageRooms(const KioskView& view, const PageConfig& page);

}  // namespace hallboard::ui
