// hallboard: parse the command line and run the subcommand. Everything else lives in
// src/core (program, time, scheduler), src/cli (text commands).
#include <iostream>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
    return hallboard::cli::run(argc, argv, std::cout, std::cerr);
}
