// Go's exec.LookPath for a command named without a '/' (Go 1.20, which client-go v1.28 is built
// with): each PATH entry in turn, "" meaning ".", the first that holds an executable file that is
// not a directory. A match through a relative entry is refused (Go's ErrDot since Go 1.19), so that
// a plugin is never picked up from whatever the working directory happens to be.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pilothouse::client::auth::exec {

// The path to run (`dir/file`, cleaned), or nullopt when not found (or found only relatively).
std::optional<std::string> lookPath(std::string_view file, std::string_view searchPath);

}  // namespace pilothouse::client::auth::exec
