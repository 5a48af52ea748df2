// Everything a page reads, by const pointer: the program and its scheduler, the instant
// to show, the configuration. Pages never change any of it; what a visitor asks for
// comes back as actions (touch browsing).
#pragma once

#include <string>
#include <vector>

#include "core/kiosk_config.hpp"
#include "core/scheduler.hpp"

namespace hallboard::ui {

struct KioskView {
    const Program* program = nullptr;
    const Scheduler* scheduler = nullptr;
    const KioskConfig* config = nullptr;
    Instant now{};
    std::vector<Index> rooms;  // the global room filter, resolved; empty: all rooms
    std::string staffNote;     // small print for staff: "Replay clock at 10x speed"
    std::string problem;       // why the files on disk are not what is shown; a small badge
    int shiftX = 0, shiftY = 0;  // pixel shift against burn-in
    bool blank = false;          // quiet hours: nothing on screen
    float dim = 0.0f;            // quiet hours: darken everything by this much (0..1)

    const Program& p() const { return *program; }
    const Scheduler& s() const { return *scheduler; }
};

// The rooms a page shows: its own list, else the global filter, else all.
std::vector<Index> pageRooms(const KioskView& view, const PageConfig& page);

}  // namespace hallboard::ui
