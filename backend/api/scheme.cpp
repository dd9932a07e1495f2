#include "api/scheme.h"

#include <google/protobuf/message.h>

#include <algorithm>
#include <cctype>

#include "apps_v1.pb.h"
#include "authentication_v1.pb.h"
#include "authorization_v1.pb.h"
#include "batch_v1.pb.h"
#include "coordination_v1.pb.h"
#include "core_v1.pb.h"
#include "core_v1_config.pb.h"
#include "discovery_v1.pb.h"
#include "policy_v1.pb.h"
#include "rbac_v1.pb.h"
#include "scheduling_v1.pb.h"

namespace pilothouse::api {

namespace core = k8s::io::api::core::v1;
namespace apps = k8s::io::api::apps::v1;

std::unique_ptr<google::protobuf::Message> ResourceType::newObject() const {
    const auto* proto = google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor);
    return std::unique_ptr<google::protobuf::Message>(proto->New());
}

bool ResourceType::supports(std::string_view verb) const {
    return std::find(verbs.begin(), verbs.end(), verb) != verbs.end();
}

Scheme::Scheme() {
    auto add = [&](std::string group, std::string kind, std::string resource, std::string singular,
                   std::vector<std::string> shortNames, bool namespaced,
                   const google::protobuf::Descriptor* d, std::vector<std::string> verbs = kStoredVerbs) {
        types_.push_back({std::move(group), "v1", std::move(kind), std::move(resource),
                          std::move(singular), std::move(shortNames), namespaced, d, std::move(verbs)});
    };
    add("", "Pod", "pods", "pod", {"po"}, true, core::Pod::descriptor());
    add("", "Node", "nodes", "node", {"no"}, false, core::Node::descriptor());
    add("", "Namespace", "namespaces", "namespace", {"ns"}, false, core::Namespace::descriptor());
    add("", "Event", "events", "event", {"ev"}, true, core::Event::descriptor());
    add("", "Binding", "bindings", "binding", {}, true, core::Binding::descriptor());
    add("", "Service", "services", "service", {"svc"}, true, core::Service::descriptor());
    add("", "Endpoints", "endpoints", "endpoints", {"ep"}, true, core::Endpoints::descriptor());
    add("", "ResourceQuota", "resourcequotas", "resourcequota", {"quota"}, true,
        core::ResourceQuota::descriptor());
    add("", "LimitRange", "limitranges", "limitrange", {"limits"}, true,
        core::LimitRange::descriptor());
    add("", "ConfigMap", "configmaps", "configmap", {"cm"}, true, core::ConfigMap::descriptor());
    add("", "Secret", "secrets", "secret", {}, true, core::Secret::descriptor());
    add("", "ServiceAccount", "serviceaccounts", "serviceaccount", {"sa"}, true, core::ServiceAccount::descriptor());
    add("", "ReplicationController", "replicationcontrollers", "replicationcontroller", {"rc"}, true,
        core::ReplicationController::descriptor());
    add("apps", "Deployment", "deployments", "deployment", {"deploy"}, true,
        apps::Deployment::descriptor());
    add("apps", "ReplicaSet", "replicasets", "replicaset", {"rs"}, true,
        apps::ReplicaSet::descriptor());
    add("apps", "StatefulSet", "statefulsets", "statefulset", {"sts"}, true,
        apps::StatefulSet::descriptor());
    add("apps", "DaemonSet", "daemonsets", "daemonset", {"ds"}, true, apps::DaemonSet::descriptor());
    add("apps", "ControllerRevision", "controllerrevisions", "controllerrevision", {}, true,
        apps::ControllerRevision::descriptor());
    add("batch", "Job", "jobs", "job", {}, true, k8s::io::api::batch::v1::Job::descriptor());
    add("scheduling.k8s.io", "PriorityClass", "priorityclasses", "priorityclass", {"pc"}, false,
        k8s::io::api::scheduling::v1::PriorityClass::descriptor());
    add("discovery.k8s.io", "EndpointSlice", "endpointslices", "endpointslice", {}, true,
        k8s::io::api::discovery::v1::EndpointSlice::descriptor());
    add("coordination.k8s.io", "Lease", "leases", "lease", {}, true,
        k8s::io::api::coordination::v1::Lease::descriptor());
    add("policy", "PodDisruptionBudget", "poddisruptionbudgets", "poddisruptionbudget", {"pdb"},
        true, k8s::io::api::policy::v1::PodDisruptionBudget::descriptor());
    add("rbac.authorization.k8s.io", "Role", "roles", "role", {}, true,
        k8s::io::api::rbac::v1::Role::descriptor());
    add("rbac.authorization.k8s.io", "ClusterRole", "clusterroles", "clusterrole", {}, false,
        k8s::io::api::rbac::v1::ClusterRole::descriptor());
    add("rbac.authorization.k8s.io", "RoleBinding", "rolebindings", "rolebinding", {}, true,
        k8s::io::api::rbac::v1::RoleBinding::descriptor());
    add("rbac.authorization.k8s.io", "ClusterRoleBinding", "clusterrolebindings",
        "clusterrolebinding", {}, false, k8s::io::api::rbac::v1::ClusterRoleBinding::descriptor());
    // pkg/registry/authorization/selfsubjectaccessreview: create only, answered and not stored.
    add("authorization.k8s.io", "SelfSubjectAccessReview", "selfsubjectaccessreviews",
        "selfsubjectaccessreview", {}, false,
        k8s::io::api::authorization::v1::SelfSubjectAccessReview::descriptor(), {"create"});
    // pkg/registry/authentication/selfsubjectreview: create only, the caller's user, not stored.
    add("authentication.k8s.io", "SelfSubjectReview", "selfsubjectreviews", "selfsubjectreview", {}, false,
        k8s::io::api::authentication::v1::SelfSubjectReview::descriptor(), {"create"});
}

const Scheme& Scheme::instance() {
    static const Scheme scheme;
    return scheme;
}

const ResourceType* Scheme::byKind(std::string_view apiVersion, std::string_view kind) const {
    for (const auto& t : types_)
        if (t.kind == kind && t.apiVersion() == apiVersion) return &t;
    return nullptr;
}

const ResourceType* Scheme::byKindOnly(std::string_view kind) const {
    for (const auto& t : types_)
        if (t.kind == kind) return &t;
    return nullptr;
}

const ResourceType* Scheme::byName(std::string_view name) const {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    std::string group;
    if (auto dot = lower.find('.'); dot != std::string::npos) {
        group = lower.substr(dot + 1);
        lower = lower.substr(0, dot);
    }
    for (const auto& t : types_) {
        if (!group.empty() && t.group != group && t.group.rfind(group, 0) != 0) continue;
        if (t.resource == lower || t.singular == lower) return &t;
        if (std::find(t.shortNames.begin(), t.shortNames.end(), lower) != t.shortNames.end())
            return &t;
    }
    return nullptr;
}

}  // namespace pilothouse::api
