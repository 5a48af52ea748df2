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
// is used as named, also when it is missing: then the run fails and says so; it never
// falls back to the bundled demo configuration. Only with neither is the default taken.
struct ConfigChoice {
    std::string path;
    std::string namedBy;  // "--config", "HALLBOARD_CONFIG", or empty for the default
};
ConfigChoice chooseConfig(const std::string& option);
// "hallboard: cannot start: ... (the configuration X, named by HALLBOARD_CONFIG; the
// bundled demo configuration is not used in its place)"
std::string cannotStart(const ConfigChoice& choice);

}  // namespace hallboard::platform
