// hallboard: parse the command line and run the subcommand. Everything else lives in
// the layers below src/cli (docs/architecture.md): base, model, kiosk, import, browse, ui, platform.
#include <iostream>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
    return hallboard::cli::run(argc, argv, std::cout, std::cerr);
}
