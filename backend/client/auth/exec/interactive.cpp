#include "client/auth/exec/interactive.h"

#include "client/clientcmd/api/types.h"
#include "client/clientcmd/go_text.h"

namespace pilothouse::client::auth::exec {

StatusOr<bool> isInteractive(std::string_view interactiveMode, bool stdinIsTerminal) {
    namespace api = clientcmd::api;
    if (interactiveMode == api::kNeverExecInteractiveMode)
        return false;
    if (interactiveMode == api::kIfAvailableExecInteractiveMode)
        return stdinIsTerminal;
    if (interactiveMode == api::kAlwaysExecInteractiveMode) {
        if (!stdinIsTerminal)
            return Status(StatusCode::FailedPrecondition, "standard input is not a terminal");
        return true;
    }
    return Status(StatusCode::InvalidArgument,
                  "unknown interactiveMode: " + clientcmd::goQuote(interactiveMode));
}

}  // namespace pilothouse::client::auth::exec
