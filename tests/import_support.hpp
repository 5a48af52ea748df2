// Running imports from test files.
#pragma once

#include <fstream>
#include <sstream>

#include "import/import.hpp"
#include "support.hpp"

namespace hallboard::test {

inline const std::string kImportFixtures = std::string(HALLBOARD_FIXTURES) + "/import/";
inline const std::string kFormats = std::string(HALLBOARD_FIXTURES) + "/formats/";
inline const std::string kSeeds = std::string(HALLBOARD_SEEDS) + "/";

inline std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline import::Result importFiles(const std::vector<std::string>& paths, import::Options options = {}) {
    if (options.referenceYear == 0) options.referenceYear = 2026;  // tests do not age
    std::vector<import::Input> inputs;
    for (const auto& p : paths) inputs.push_back({p, readFile(p)});
    return import::importInputs(inputs, options);
}

inline const Session* sessionTitled(const Program& p, const std::string& title) {
    for (const Session& s : p.sessions)
        if (s.title == title) return &s;
    return nullptr;
}

inline const Talk* talkTitled(const Program& p, const std::string& title) {
    for (const Talk& t : p.talks)
        if (t.title == title) return &t;
    return nullptr;
}

// Every event of every input is in the program or reported as left out.
inline bool accountsForEveryEvent(const import::Result& r) {
    std::size_t leftOutWarnings = 0;
    for (const auto& d : r.diagnostics) leftOutWarnings += d.message.find("left out") != std::string::npos;
    std::size_t leftOut = 0;
    for (const auto& s : r.inputs) {
        if (s.events != s.kept + s.leftOut) return false;
        leftOut += s.leftOut;
    }
    return leftOut <= leftOutWarnings;
}

}  // namespace hallboard::test
