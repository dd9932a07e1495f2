// Authentication (k8s.io/apiserver/pkg/authentication): who makes a request.
//
// TokenAuthenticator is kube-apiserver's static token file authenticator (--token-auth-file, the
// tokenfile package) wrapped the way kube-apiserver wraps its request authenticators:
//  - a CSV file of `token,user,uid[,"group1,group2,..."]`, one record a line; fewer than three
//    columns is an error naming the file, an empty token is skipped with a warning and a repeated
//    token replaces the earlier one with a warning (upstream's texts);
//  - an authenticated user gets the group "system:authenticated" appended unless it already has
//    it or "system:unauthenticated" (the AuthenticatedGroupAdder);
//  - a request without a token is anonymous when anonymous requests are enabled (kube-apiserver's
//    --anonymous-auth, on by default): user "system:anonymous" in group "system:unauthenticated";
//    otherwise, and for every token the file does not hold, the request is 401 Unauthorized.
// Thread-safety: const methods may be called concurrently; setters are not synchronized.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "apiserver/request.h"
#include "util/status.h"

namespace pilothouse::apiserver::authentication {

// user.Anonymous, user.AllUnauthenticated, user.AllAuthenticated.
inline constexpr const char* kAnonymousUser = "system:anonymous";
inline constexpr const char* kAllUnauthenticated = "system:unauthenticated";
inline constexpr const char* kAllAuthenticated = "system:authenticated";

class TokenAuthenticator {
public:
    TokenAuthenticator() = default;

    // Parses token file content. `path` names the file in errors and warnings. Errors:
    // InvalidArgument "token file 'PATH' must have at least 3 columns (token, user name, user
    // uid), found N (line L)" or "token file 'PATH': parse error on line L, column C: ...".
    static StatusOr<TokenAuthenticator> fromCsv(std::string_view text, const std::string& path,
                                                std::vector<std::string>* warnings = nullptr);
    // Reads and parses a token file; NotFound/PermissionDenied "open PATH: <reason>" when it
    // cannot be read.
    static StatusOr<TokenAuthenticator> fromFile(const std::string& path,
                                                 std::vector<std::string>* warnings = nullptr);

    // Adds (or replaces) one token's identity, as a file record would.
    void addToken(const std::string& token, UserInfo user);
    size_t tokenCount() const { return tokens_.size(); }
    // A token of the user named `userName` ("" when the file has none).
    std::string tokenOf(const std::string& userName) const;

    void setAnonymousEnabled(bool enabled) { anonymousEnabled_ = enabled; }
    bool anonymousEnabled() const { return anonymousEnabled_; }

    // The identity a bearer token stands for ("" = no token). Unauthorized (401, message
    // "Unauthorized") for an unknown token, or for no token with anonymous requests disabled.
    StatusOr<UserInfo> authenticate(const std::string& bearerToken) const;

private:
    std::unordered_map<std::string, UserInfo> tokens_;
    bool anonymousEnabled_ = true;
};

// An adapter for apiserver::Config::authenticate.
std::function<StatusOr<UserInfo>(const std::string&)> authenticateFunction(
    std::shared_ptr<const TokenAuthenticator> authenticator);

}  // namespace pilothouse::apiserver::authentication
