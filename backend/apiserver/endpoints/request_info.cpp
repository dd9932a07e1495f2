#include "apiserver/endpoints/request_info.h"

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>

#include <algorithm>
#include <cctype>
#include <vector>

#include "apiserver/errors.h"

namespace pilothouse::apiserver::endpoints {

std::string RequestInfo::param(const std::string& key) const {
    auto [begin, end] = query.equal_range(key);
    std::string value;
    for (auto it = begin; it != end; ++it) value = it->second;
    return value;
}

StatusOr<RequestInfo> parseRequestInfo(std::string_view method, std::string_view target) {
    auto parsed = boost::urls::parse_origin_form(target);
    if (!parsed) return newBadRequest("invalid request target \"" + std::string(target) + "\": " + parsed.error().message());
    RequestInfo info;
    const boost::urls::url_view url = *parsed;
    info.path = std::string(url.path());
    for (const auto& p : url.params()) info.query.emplace(std::string(p.key), std::string(p.value));

    std::string verb(method);
    std::transform(verb.begin(), verb.end(), verb.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    info.verb = verb;

    std::vector<std::string> parts;
    for (auto segment : url.segments())
        if (!segment.empty()) parts.push_back(std::string(segment));
    if (parts.empty() || (parts[0] != "api" && parts[0] != "apis")) return info;
    info.apiPrefix = parts[0];
    size_t i = 1;
    if (info.apiPrefix == "apis") {
        if (parts.size() < 3) return info;  // /apis, /apis/{group}: discovery
        info.apiGroup = parts[1];
        info.apiVersion = parts[2];
        i = 3;
    } else {
        if (parts.size() < 2) return info;  // /api
        info.apiVersion = parts[1];
        i = 2;
    }
    if (i >= parts.size()) return info;  // /api/v1, /apis/apps/v1: discovery
    info.isResourceRequest = true;

    std::vector<std::string> rest(parts.begin() + long(i), parts.end());
    // /namespaces/{ns}/{resource}...: a namespaced resource (but /namespaces/{name}[/{sub}] is the
    // namespace itself).
    if (rest[0] == "namespaces") {
        if (rest.size() > 1) {
            info.namespace_ = rest[1];
            if (rest.size() > 2 && rest[2] != "finalize" && rest[2] != "status") {
                rest.erase(rest.begin(), rest.begin() + 2);
            } else {
                info.namespace_.clear();
            }
        }
    }
    info.resource = rest[0];
    if (rest.size() > 1) info.name = rest[1];
    if (rest.size() > 2) info.subresource = rest[2];
    if (info.resource == "namespaces" && rest.size() == 1 && !info.namespace_.empty()) info.namespace_.clear();

    const std::string watch = info.param("watch");
    const bool watching = watch == "true" || watch == "1";
    if (verb == "get" || verb == "head") {
        info.verb = watching ? "watch" : info.name.empty() ? "list" : "get";
    } else if (verb == "post") {
        info.verb = "create";
    } else if (verb == "put") {
        info.verb = "update";
    } else if (verb == "patch") {
        info.verb = "patch";
    } else if (verb == "delete") {
        info.verb = info.name.empty() ? "deletecollection" : "delete";
    }
    return info;
}

}  // namespace pilothouse::apiserver::endpoints
