// pilothousectl: the command-line client (see backend/kubectl/commands.h).
#include <iostream>
#include <string>
#include <vector>

#include "kubectl/commands.h"
#include "util/keep_until_exit.h"

int main(int argc, char** argv) {
    // Each run is one command, then the process exits: big objects need not be freed one by one.
    pilothouse::skipFreeingAtExit();
    std::vector<std::string> args(argv + 1, argv + argc);
    return pilothouse::kubectl::run(args, {std::cout, std::cerr});
}
