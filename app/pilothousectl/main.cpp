// pilothousectl: the command-line client (see backend/kubectl/commands.h).
#include <malloc.h>

#include <iostream>
#include <string>
#include <vector>

#include "kubectl/commands.h"
#include "util/keep_until_exit.h"

int main(int argc, char** argv) {
    // Each run is one command, then the process exits: big objects need not be freed one by one.
    pilothouse::skipFreeingAtExit();
    // The heap grows 256 MiB at a time rather than by what each allocation needs: reading a
    // snapshot of 150,000 pods allocates a gigabyte, and growing the heaps in small steps took
    // 111,000 system calls (mprotect for the reading threads' heaps, brk for the main one; 0.4 s
    // of 3.8 s). Address space only: pages count when they are touched.
    mallopt(M_TOP_PAD, 256 << 20);
    std::vector<std::string> args(argv + 1, argv + argc);
    return pilothouse::kubectl::run(args, {std::cout, std::cerr});
}
