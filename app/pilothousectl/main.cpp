// pilothousectl: the command-line client (see backend/kubectl/commands.h).
#include <iostream>
#include <string>
#include <vector>

#include "kubectl/commands.h"

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    return pilothouse::kubectl::run(args, {std::cout, std::cerr});
}
