// pilothousectl's commands, written as kubectl behaves, against a control plane over a store file:
//   validate -f FILE...                      load and validate manifests (exit 2 on problems)
//   apply -f FILE... --store PATH [-n NS] [--dry-run=none|client|server]
//                                            kubectl apply (kubectl/apply.h) through the API server
//   get KIND[,KIND...] [NAME] [-n NS | -A] [-o yaml|json|wide|name] --store PATH
//   auth can-i VERB TYPE[/NAME]|NONRESOURCEURL [-n NS | -A] [--subresource S] [-q] --store PATH
//                                            kubectl auth can-i: a SelfSubjectAccessReview; yes/no
//   auth whoami [-o yaml|json] --store PATH  kubectl auth whoami: a SelfSubjectReview; the user
// apply, get and auth act as system:admin, or with --tokens FILE (the API server's token file) as
// the user whose --token TOKEN is given.
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
