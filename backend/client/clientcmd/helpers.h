// Small rules of client-go's tools/clientcmd/helpers.go.
#pragma once

#include <string>
#include <string_view>

#include "client/clientcmd/go_url.h"
#include "util/status.h"

namespace pilothouse::client::clientcmd {

// parseProxyURL: a cluster's proxy-url must parse and use http, https or socks5:
// "could not parse: <url>", "unsupported scheme \"ftp\", must be http, https, or socks5".
StatusOr<GoUrl> parseProxyURL(std::string_view proxyURL);

// k8s.io/apimachinery's IsDNS1123Label, as validation asks it of a context's namespace: at most 63
// characters of [a-z0-9-], starting and ending with a letter or digit.
bool isDNS1123Label(std::string_view value);

// cleanANSIEscapeCodes (client_config.go), applied to an exec plugin's installHint before it is
// shown: letters, marks, numbers, punctuation, symbols, spaces and \t..\r are kept; any other
// character (ESC, other controls, format and private-use characters) is written as "U+001B".
std::string cleanANSIEscapeCodes(std::string_view s);

}  // namespace pilothouse::client::clientcmd
