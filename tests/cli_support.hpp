// Running `hallboard` subcommands in-process, through the same argv parsing as the binary.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace hallboard::test {

struct Run {
    int code;
    std::string out, err;
};

inline Run hallboardRun(std::vector<std::string> args) {
    args.insert(args.begin(), "hallboard");
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    int code = cli::run(static_cast<int>(argv.size()), argv.data(), out, err);
    return {code, out.str(), err.str()};
}

}  // namespace hallboard::test
