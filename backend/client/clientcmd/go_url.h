// Go's net/url as client-go leans on it for a kubeconfig's server and proxy-url: url.Parse and
// url.ParseRequestURI, with their error texts (`parse "1.2.3.4:6443": first path segment in URL
// cannot contain colon`). Only what decides acceptance and the parts we read are kept; the path,
// query and fragment stay as written (Go would re-escape some characters when printing).
#pragma once

#include <string>
#include <string_view>

#include "util/status.h"

namespace pilothouse::client::clientcmd {

struct GoUrl {
    std::string scheme;    // lower-cased, as url.Parse stores it
    std::string opaque;    // "6443" in "localhost:6443" (a scheme, then no "/")
    std::string userinfo;  // before "@" in the authority, without it
    bool hasUserinfo = false;
    std::string host;  // "host:port", brackets kept for IPv6
    std::string path;
    std::string rawQuery;
    bool forceQuery = false;  // a lone trailing "?"
    std::string fragment;
    bool hasFragment = false;

    // URL.String() for the parts above.
    std::string toString() const;
};

// url.Parse: a fragment after '#', then the rest as an absolute or relative reference.
// InvalidArgument with Go's text on failure.
StatusOr<GoUrl> parseGoUrl(std::string_view raw);
// url.ParseRequestURI: an absolute URI or an absolute path, no fragment splitting.
StatusOr<GoUrl> parseGoRequestUri(std::string_view raw);

}  // namespace pilothouse::client::clientcmd
