// The scheme: every kind Pilothouse serves, with its API group/version, its resource name (the
// plural in URLs and store keys), short names, scope, verbs and message type — what
// kube-apiserver's runtime.Scheme, RESTMapper and discovery know. Immutable after construction;
// safe from any thread.
#pragma once

#include <google/protobuf/message.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pilothouse::api {

struct ResourceType {
    std::string group;     // "" for the core group
    std::string version;   // "v1"
    std::string kind;      // "Pod"
    std::string resource;  // "pods"
    std::string singular;  // "pod"
    std::vector<std::string> shortNames;  // {"po"}
    bool namespaced = true;
    const google::protobuf::Descriptor* descriptor = nullptr;
    // The verbs the API server serves on the resource, as discovery lists them (APIResource.verbs):
    // kStoredVerbs for the stored kinds; {"create"} for a review that is answered, never stored
    // (SelfSubjectAccessReview, SelfSubjectReview).
    std::vector<std::string> verbs;

    std::string apiVersion() const { return group.empty() ? version : group + "/" + version; }
    // "pods" for the core group, "deployments.apps" otherwise (kubectl's resource.group form).
    std::string qualifiedResource() const { return group.empty() ? resource : resource + "." + group; }
    std::unique_ptr<google::protobuf::Message> newObject() const;
    bool supports(std::string_view verb) const;
};

// What a stored kind serves (upstream's discovery also lists deletecollection, which Pilothouse
// does not serve).
inline const std::vector<std::string> kStoredVerbs = {"create", "delete", "get", "list", "patch", "update", "watch"};

class Scheme {
public:
    static const Scheme& instance();

    const std::vector<ResourceType>& types() const { return types_; }
    // Exact apiVersion + kind ("apps/v1", "Deployment").
    const ResourceType* byKind(std::string_view apiVersion, std::string_view kind) const;
    // Any version of a kind (used to say "no matches for kind X in version Y").
    const ResourceType* byKindOnly(std::string_view kind) const;
    // What kubectl accepts as a resource argument: "pods", "pod", "po", "Pod", "deployments.apps".
    const ResourceType* byName(std::string_view name) const;

private:
    Scheme();
    std::vector<ResourceType> types_;
};

}  // namespace pilothouse::api
