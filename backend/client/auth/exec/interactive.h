// Whether a plugin run is interactive (client-go exec.go, isInteractive): the exec config's
// interactiveMode against whether our standard input is a terminal.
//   Never        never interactive
//   IfAvailable  interactive exactly when standard input is a terminal
//   Always       interactive; without a terminal the run is refused:
//                "standard input is not a terminal"
//   anything else (also "", which the kubeconfig reader defaults away for v1beta1 but not for v1):
//                "unknown interactiveMode: \"\""
// The caller prefixes refusals with "exec plugin cannot support interactive mode: ". A GUI started
// from a desktop menu has no terminal, so there an Always plugin cannot run.
// (Upstream's StdinUnavailable, which kubectl sets while it reads a manifest from standard input,
// has no counterpart here: we never read one.)
#pragma once

#include <string_view>

#include "util/status.h"

namespace pilothouse::client::auth::exec {

StatusOr<bool> isInteractive(std::string_view interactiveMode, bool stdinIsTerminal);

}  // namespace pilothouse::client::auth::exec
