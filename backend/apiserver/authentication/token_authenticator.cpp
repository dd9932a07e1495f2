#include "apiserver/authentication/token_authenticator.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "apiserver/authentication/csv_reader.h"
#include "apiserver/errors.h"

namespace pilothouse::apiserver::authentication {

namespace {

std::vector<std::string> splitComma(const std::string& s) {
    // strings.Split semantics: "" -> {""}, "a,,b" -> {"a", "", "b"}.
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        const size_t comma = s.find(',', start);
        if (comma == std::string::npos) {
            out.push_back(s.substr(start));
            return out;
        }
        out.push_back(s.substr(start, comma - start));
        start = comma + 1;
    }
}

bool hasGroup(const UserInfo& user, const char* group) {
    for (const auto& g : user.groups)
        if (g == group)
            return true;
    return false;
}

}  // namespace

StatusOr<TokenAuthenticator> TokenAuthenticator::fromCsv(std::string_view text,
                                                         const std::string& path,
                                                         std::vector<std::string>* warnings) {
    TokenAuthenticator out;
    CsvReader reader(text);
    int recordNum = 0;
    while (auto record = reader.next()) {
        const auto& f = record->fields;
        if (f.size() < 3) {
            return Status(StatusCode::InvalidArgument,
                          "token file '" + path +
                              "' must have at least 3 columns (token, user name, user uid), "
                              "found " +
                              std::to_string(f.size()) + " (line " + std::to_string(record->line) +
                              ")");
        }
        ++recordNum;
        if (f[0].empty()) {
            if (warnings)
                warnings->push_back("empty token has been found in token file '" + path +
                                    "', record number '" + std::to_string(recordNum) + "'");
            continue;
        }
        if (out.tokens_.count(f[0]) && warnings) {
            warnings->push_back("duplicate token has been found in token file '" + path +
                                "', record number '" + std::to_string(recordNum) + "'");
        }
        UserInfo user;
        user.name = f[1];
        user.uid = f[2];
        if (f.size() >= 4)
            user.groups = splitComma(f[3]);
        out.tokens_[f[0]] = std::move(user);
    }
    if (const auto& err = reader.error()) {
        return Status(StatusCode::InvalidArgument, "token file '" + path + "': " + err->toString());
    }
    return out;
}

StatusOr<TokenAuthenticator> TokenAuthenticator::fromFile(const std::string& path,
                                                          std::vector<std::string>* warnings) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int e = errno;
        const StatusCode code = e == ENOENT   ? StatusCode::NotFound
                                : e == EACCES ? StatusCode::PermissionDenied
                                              : StatusCode::Unavailable;
        // Go's syscall texts are strerror's, lower-cased ("no such file or directory").
        std::string reason = std::strerror(e ? e : ENOENT);
        if (!reason.empty())
            reason[0] = static_cast<char>(std::tolower(reason[0]));
        return Status(code, "open " + path + ": " + reason);
    }
    std::ostringstream buf;
    buf << in.rdbuf();
    return fromCsv(buf.str(), path, warnings);
}

void TokenAuthenticator::addToken(const std::string& token, UserInfo user) {
    tokens_[token] = std::move(user);
}

StatusOr<UserInfo> TokenAuthenticator::authenticate(const std::string& bearerToken) const {
    if (bearerToken.empty()) {
        if (!anonymousEnabled_)
            return newUnauthorized();
        return UserInfo{kAnonymousUser, "", {kAllUnauthenticated}};
    }
    const auto it = tokens_.find(bearerToken);
    if (it == tokens_.end())
        return newUnauthorized();  // upstream logs "invalid bearer token"
    UserInfo user = it->second;
    if (user.name != kAnonymousUser && !hasGroup(user, kAllAuthenticated) &&
        !hasGroup(user, kAllUnauthenticated)) {
        user.groups.push_back(kAllAuthenticated);
    }
    return user;
}

std::function<StatusOr<UserInfo>(const std::string&)> authenticateFunction(
    std::shared_ptr<const TokenAuthenticator> authenticator) {
    return [authenticator](const std::string& token) { return authenticator->authenticate(token); };
}

std::string TokenAuthenticator::tokenOf(const std::string& userName) const {
    std::string found;
    for (const auto& [token, user] : tokens_)
        if (user.name == userName && (found.empty() || token < found)) found = token;
    return found;
}

}  // namespace pilothouse::apiserver::authentication
