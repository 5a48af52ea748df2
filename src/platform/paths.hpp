// Where Hallboard finds its files, in one place.
#pragma once

#include <string>
#include <vector>

namespace hallboard::platform {

// The configuration to use when none is given: ./config/kiosk.json,
// /etc/hallboard/kiosk.json, <binary>/../config/kiosk.json, the installed default.
std::vector<std::string> configCandidates();
std::string defaultConfigPath();  // the first that exists, or the first candidate

// The configuration a run uses. One the user named (--config, else $HALLBOARD_CONFIG)
// is used as named, also when it is missing or broken (then the kiosk shows its last
// good copy or the clock, with the reason); it never falls back to the bundled demo
// configuration. Only with neither is the default searched for.
struct ConfigChoice {
    std::string path;
    std::string namedBy;  // "--config", "HALLBOARD_CONFIG", or empty for the default
};
ConfigChoice chooseConfig(const std::string& option);
// For the log when a named configuration cannot be used: "hallboard: the configuration
// X is named by HALLBOARD_CONFIG: it is used as named, never the bundled demo
// configuration in its place". Empty for the default.
std::string namedConfigNote(const ConfigChoice& choice);

// A file of the bundled assets/ (the application icon, the logo, the sample's maps):
// ./assets/NAME, <binary>/../assets/NAME (a build tree), <binary>/../share/hallboard/
// assets/NAME, /usr/share/hallboard/assets/NAME; the first that is a regular file, or
// empty when none is.
std::vector<std::string> assetCandidates(const std::string& name);
std::string assetPath(const std::string& name);

// Where the kiosk keeps its last good program between runs: `given` (--state-dir),
// $HALLBOARD_STATE_DIR, systemd's $STATE_DIRECTORY, $XDG_STATE_HOME/hallboard,
// ~/.local/state/hallboard. Empty when none can be had.
std::string stateDir(const std::string& given);

// Where the compiled message catalogues are (<dir>/de/LC_MESSAGES/hallboard.mo): beside
// the binary in a build (build/locale, build/tests/../locale), else installed
// (<binary>/../share/locale, /usr/share/locale). Empty when none has Hallboard's.
std::string localeDir();

}  // namespace hallboard::platform
