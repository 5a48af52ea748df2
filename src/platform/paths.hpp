// Where Hallboard finds its files, in one place.
#pragma once

#include <string>
#include <vector>

namespace hallboard::platform {

// The configuration to use when none is given: $HALLBOARD_CONFIG, ./config/kiosk.json,
// /etc/hallboard/kiosk.json, <binary>/../config/kiosk.json, the installed default.
std::vector<std::string> configCandidates();
std::string defaultConfigPath();  // the first that exists, or the first candidate

// Where the kiosk keeps its last good program between runs: `given` (--state-dir),
// $HALLBOARD_STATE_DIR, systemd's $STATE_DIRECTORY, $XDG_STATE_HOME/hallboard,
// ~/.local/state/hallboard. Empty when none can be had.
std::string stateDir(const std::string& given);

}  // namespace hallboard::platform
