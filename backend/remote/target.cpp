#include "remote/target.h"

#include <algorithm>

#include "apiserver/errors.h"

namespace pilothouse::remote {
namespace {

Status notFound(const std::string& message) {
    Status s(StatusCode::NotFound, message);
    s.setReason("NotFound", 404);
    return s;
}

}  // namespace

StatusOr<const api::ResourceType*> resolveTarget(const pilothouse::apiserver::v1::Target& target, const TargetRules& rules) {
    if (target.resource().empty()) return apiserver::newBadRequest("target.resource: must name a resource (the plural, e.g. \"pods\")");
    const api::ResourceType* found = nullptr;
    for (const auto& type : api::Scheme::instance().types())
        if (type.resource == target.resource() && type.group == target.group()) found = &type;
    const std::string qualified = target.group().empty() ? target.resource() : target.resource() + "." + target.group();
    if (!found) return notFound("target.resource: the server doesn't have a resource type \"" + qualified + "\"");
    if (!target.version().empty() && target.version() != found->version)
        return notFound("target.version: the server could not find the requested resource (" +
                        (target.group().empty() ? "" : target.group() + "/") + target.version() + " " + target.resource() + ")");
    if (!found->namespaced && !target.namespace_().empty())
        return notFound("target.namespace: the server could not find the requested resource (" + qualified +
                        " is not namespaced; leave the namespace empty)");
    const std::string& sub = target.subresource();
    if (!sub.empty()) {
        static const std::vector<std::string> known = {"status", "binding", "eviction"};
        if (std::find(known.begin(), known.end(), sub) == known.end())
            return notFound("target.subresource: the server could not find the requested resource (" + qualified + "/" + sub + ")");
        if (std::find(rules.subresources.begin(), rules.subresources.end(), sub) == rules.subresources.end())
            return apiserver::newMethodNotSupported(found->qualifiedResource() + "/" + sub, rules.verb);
    }
    const bool needsName = rules.name == NameRule::Required || !sub.empty();
    if (needsName && target.name().empty()) return apiserver::newBadRequest("target.name: resource name may not be empty");
    if (rules.name == NameRule::Forbidden && !target.name().empty())
        return apiserver::newBadRequest("target.name: must be empty for a " + std::string(rules.verb) +
                                        " (select one object with the field selector metadata.name=" + target.name() + ")");
    if (needsName && found->namespaced && target.namespace_().empty())
        return apiserver::newBadRequest("target.namespace: namespace may not be empty for namespaced resource " + qualified);
    return found;
}

StatusSubject subjectOf(const pilothouse::apiserver::v1::Target& target, const api::ResourceType* type, const std::string& name) {
    StatusSubject s;
    s.group = type ? type->group : target.group();
    s.resource = type ? type->resource : target.resource();
    s.kind = type ? type->kind : "";
    s.name = name.empty() ? target.name() : name;
    return s;
}

}  // namespace pilothouse::remote
