// pilothousectl's commands, written as kubectl behaves, against a control plane over a store file:
//   validate -f FILE...                      load and validate manifests (exit 2 on problems)
//   apply -f FILE... --store PATH [-n NS] [--dry-run=none|client|server]
//                                            kubectl apply (kubectl/apply.h) through the API server
//   get KIND[,KIND...] [NAME] [-n NS | -A] [-o yaml|json|wide|name] --store PATH
// `run` parses argv and dispatches; it is what app/pilothousectl's main calls and what the tests
// call, with their own streams.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace pilothouse::kubectl {

struct Streams {
    std::ostream& out;
    std::ostream& err;
};

// Returns the process exit code.
int run(const std::vector<std::string>& args, Streams io);

}  // namespace pilothouse::kubectl
