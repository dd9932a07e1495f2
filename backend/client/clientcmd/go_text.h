// The few Go formatting rules whose output reaches our error messages unchanged: %q of a string,
// %v of a []string, and the text of an *os.PathError ("open /x: no such file or directory").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pilothouse::client::clientcmd {

// strconv.Quote: double quotes, \" \\ and the C escapes, other control bytes and invalid UTF-8 as
// \xNN; valid UTF-8 is kept.
std::string goQuote(std::string_view s);

// fmt's %v of a []string: "[a b c]".
std::string goStringSlice(const std::vector<std::string>& items);

// An *os.PathError's text: "<op> <path>: <errno text>", errno text as Go's syscall table spells it
// (strerror with a lower-case first letter: "no such file or directory", "permission denied").
std::string goPathError(std::string_view op, std::string_view path, int err);

}  // namespace pilothouse::client::clientcmd
