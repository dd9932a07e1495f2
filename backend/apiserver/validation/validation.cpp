#include "apiserver/validation/validation.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/reflection.h>

#include <memory>
#include <set>

#include "apiserver/validation/apps.h"
#include "apiserver/validation/authorization.h"
#include "apiserver/validation/batch.h"
#include "apiserver/validation/config.h"
#include "apiserver/validation/misc.h"
#include "apiserver/validation/namespace.h"
#include "apiserver/validation/node.h"
#include "apiserver/validation/object_meta.h"
#include "apiserver/validation/pod.h"
#include "apiserver/validation/rbac.h"
#include "apiserver/validation/scheduling.h"
#include "apiserver/validation/service.h"

namespace pilothouse::apiserver::validation {

namespace core = k8s::io::api::core::v1;
namespace apps = k8s::io::api::apps::v1;
namespace rbac = k8s::io::api::rbac::v1;
using google::protobuf::Message;

namespace {

const ObjectMeta* metaOf(const Message& m) {
    const auto* f = m.GetDescriptor()->FindFieldByName("metadata");
    if (!f || f->message_type() != ObjectMeta::descriptor()) return nullptr;
    return static_cast<const ObjectMeta*>(&m.GetReflection()->GetMessage(m, f));
}

ObjectMeta* mutableMetaOf(Message* m) {
    const auto* f = m->GetDescriptor()->FindFieldByName("metadata");
    if (!f || f->message_type() != ObjectMeta::descriptor()) return nullptr;
    return static_cast<ObjectMeta*>(m->GetReflection()->MutableMessage(m, f));
}

ErrorList dedup(const ErrorList& errs) {
    ErrorList out;
    std::set<std::string> seen;
    for (const auto& e : errs)
        if (seen.insert(e.toString()).second) out.push_back(e);
    return out;
}

template <typename T>
const T& as(const Message& m) {
    return static_cast<const T&>(m);
}

bool is(const Message& m, const google::protobuf::Descriptor* d) { return m.GetDescriptor() == d; }

ErrorList strategyCreate(const api::ResourceType& type, const Message& obj) {
    const std::string& k = type.kind;
    if (k == "Pod" && is(obj, core::Pod::descriptor())) return validatePodCreate(as<core::Pod>(obj));
    if (k == "Binding" && is(obj, core::Binding::descriptor())) return validatePodBinding(as<core::Binding>(obj));
    if (k == "Node" && is(obj, core::Node::descriptor())) return validateNode(as<core::Node>(obj));
    if (k == "Namespace" && is(obj, core::Namespace::descriptor())) return validateNamespace(as<core::Namespace>(obj));
    if (k == "Service" && is(obj, core::Service::descriptor())) return validateService(as<core::Service>(obj));
    if (k == "Event" && is(obj, core::Event::descriptor())) return validateEvent(as<core::Event>(obj));
    if (k == "ResourceQuota" && is(obj, core::ResourceQuota::descriptor()))
        return validateResourceQuota(as<core::ResourceQuota>(obj));
    if (k == "LimitRange" && is(obj, core::LimitRange::descriptor())) return validateLimitRange(as<core::LimitRange>(obj));
    if (k == "ReplicationController" && is(obj, core::ReplicationController::descriptor()))
        return validateReplicationController(as<core::ReplicationController>(obj));
    if (k == "Deployment" && is(obj, apps::Deployment::descriptor())) return validateDeployment(as<apps::Deployment>(obj));
    if (k == "ReplicaSet" && is(obj, apps::ReplicaSet::descriptor())) return validateReplicaSet(as<apps::ReplicaSet>(obj));
    if (k == "StatefulSet" && is(obj, apps::StatefulSet::descriptor())) return validateStatefulSet(as<apps::StatefulSet>(obj));
    if (k == "DaemonSet" && is(obj, apps::DaemonSet::descriptor())) return validateDaemonSet(as<apps::DaemonSet>(obj));
    if (k == "ControllerRevision" && is(obj, apps::ControllerRevision::descriptor()))
        return validateControllerRevision(as<apps::ControllerRevision>(obj));
    if (k == "Job" && is(obj, k8s::io::api::batch::v1::Job::descriptor()))
        return validateJob(as<k8s::io::api::batch::v1::Job>(obj));
    if (k == "PriorityClass" && is(obj, k8s::io::api::scheduling::v1::PriorityClass::descriptor()))
        return validatePriorityClass(as<k8s::io::api::scheduling::v1::PriorityClass>(obj));
    if (k == "Endpoints" && is(obj, core::Endpoints::descriptor())) return validateEndpoints(as<core::Endpoints>(obj));
    if (k == "ConfigMap" && is(obj, core::ConfigMap::descriptor())) return validateConfigMap(as<core::ConfigMap>(obj));
    if (k == "Secret" && is(obj, core::Secret::descriptor())) return validateSecret(as<core::Secret>(obj));
    if (k == "ServiceAccount" && is(obj, core::ServiceAccount::descriptor()))
        return validateServiceAccount(as<core::ServiceAccount>(obj));
    if (k == "EndpointSlice" && is(obj, k8s::io::api::discovery::v1::EndpointSlice::descriptor()))
        return validateEndpointSlice(as<k8s::io::api::discovery::v1::EndpointSlice>(obj));
    if (k == "Lease" && is(obj, k8s::io::api::coordination::v1::Lease::descriptor()))
        return validateLease(as<k8s::io::api::coordination::v1::Lease>(obj));
    if (k == "PodDisruptionBudget" && is(obj, k8s::io::api::policy::v1::PodDisruptionBudget::descriptor()))
        return validatePodDisruptionBudget(as<k8s::io::api::policy::v1::PodDisruptionBudget>(obj));
    if (k == "Role" && is(obj, rbac::Role::descriptor())) return validateRole(as<rbac::Role>(obj));
    if (k == "ClusterRole" && is(obj, rbac::ClusterRole::descriptor())) return validateClusterRole(as<rbac::ClusterRole>(obj));
    if (k == "RoleBinding" && is(obj, rbac::RoleBinding::descriptor())) return validateRoleBinding(as<rbac::RoleBinding>(obj));
    if (k == "ClusterRoleBinding" && is(obj, rbac::ClusterRoleBinding::descriptor()))
        return validateClusterRoleBinding(as<rbac::ClusterRoleBinding>(obj));
    using SSAR = k8s::io::api::authorization::v1::SelfSubjectAccessReview;
    if (k == "SelfSubjectAccessReview" && is(obj, SSAR::descriptor())) return validateSelfSubjectAccessReview(as<SSAR>(obj));
    return {};
}

ErrorList strategyUpdate(const api::ResourceType& type, const Message& n, const Message& o) {
    const std::string& k = type.kind;
    if (!is(n, o.GetDescriptor())) return {};
    if (k == "Pod" && is(n, core::Pod::descriptor())) return validatePodUpdate(as<core::Pod>(n), as<core::Pod>(o));
    if (k == "Node" && is(n, core::Node::descriptor())) {
        ErrorList errs = validateNode(as<core::Node>(n));
        append(errs, validateNodeUpdate(as<core::Node>(n), as<core::Node>(o)));
        return errs;
    }
    if (k == "Namespace" && is(n, core::Namespace::descriptor())) {
        ErrorList errs = validateNamespace(as<core::Namespace>(n));
        append(errs, validateNamespaceUpdate(as<core::Namespace>(n), as<core::Namespace>(o)));
        return errs;
    }
    if (k == "Service" && is(n, core::Service::descriptor()))
        return validateServiceUpdate(as<core::Service>(n), as<core::Service>(o));
    if (k == "Event" && is(n, core::Event::descriptor())) return validateEvent(as<core::Event>(n));
    if (k == "ConfigMap" && is(n, core::ConfigMap::descriptor()))
        return validateConfigMapUpdate(as<core::ConfigMap>(n), as<core::ConfigMap>(o));
    if (k == "Secret" && is(n, core::Secret::descriptor())) return validateSecretUpdate(as<core::Secret>(n), as<core::Secret>(o));
    if (k == "ServiceAccount" && is(n, core::ServiceAccount::descriptor()))
        return validateServiceAccountUpdate(as<core::ServiceAccount>(n), as<core::ServiceAccount>(o));
    if (k == "ResourceQuota" && is(n, core::ResourceQuota::descriptor()))
        return validateResourceQuotaUpdate(as<core::ResourceQuota>(n), as<core::ResourceQuota>(o));
    if (k == "LimitRange" && is(n, core::LimitRange::descriptor())) return validateLimitRange(as<core::LimitRange>(n));
    if (k == "ReplicationController" && is(n, core::ReplicationController::descriptor()))
        return validateReplicationControllerUpdate(as<core::ReplicationController>(n), as<core::ReplicationController>(o));
    if (k == "Deployment" && is(n, apps::Deployment::descriptor()))
        return validateDeploymentUpdate(as<apps::Deployment>(n), as<apps::Deployment>(o));
    if (k == "ReplicaSet" && is(n, apps::ReplicaSet::descriptor()))
        return validateReplicaSetUpdate(as<apps::ReplicaSet>(n), as<apps::ReplicaSet>(o));
    if (k == "StatefulSet" && is(n, apps::StatefulSet::descriptor()))
        return validateStatefulSetUpdate(as<apps::StatefulSet>(n), as<apps::StatefulSet>(o));
    if (k == "DaemonSet" && is(n, apps::DaemonSet::descriptor()))
        return validateDaemonSetUpdate(as<apps::DaemonSet>(n), as<apps::DaemonSet>(o));
    if (k == "ControllerRevision" && is(n, apps::ControllerRevision::descriptor()))
        return validateControllerRevisionUpdate(as<apps::ControllerRevision>(n), as<apps::ControllerRevision>(o));
    if (k == "Job" && is(n, k8s::io::api::batch::v1::Job::descriptor()))
        return validateJobUpdate(as<k8s::io::api::batch::v1::Job>(n), as<k8s::io::api::batch::v1::Job>(o));
    if (k == "PriorityClass" && is(n, k8s::io::api::scheduling::v1::PriorityClass::descriptor())) {
        using PC = k8s::io::api::scheduling::v1::PriorityClass;
        ErrorList errs = validatePriorityClass(as<PC>(n));
        append(errs, validatePriorityClassUpdate(as<PC>(n), as<PC>(o)));
        return errs;
    }
    if (k == "Endpoints" && is(n, core::Endpoints::descriptor()))
        return validateEndpointsUpdate(as<core::Endpoints>(n), as<core::Endpoints>(o));
    if (k == "EndpointSlice" && is(n, k8s::io::api::discovery::v1::EndpointSlice::descriptor())) {
        using ES = k8s::io::api::discovery::v1::EndpointSlice;
        return validateEndpointSliceUpdate(as<ES>(n), as<ES>(o));
    }
    if (k == "Lease" && is(n, k8s::io::api::coordination::v1::Lease::descriptor())) {
        using L = k8s::io::api::coordination::v1::Lease;
        return validateLeaseUpdate(as<L>(n), as<L>(o));
    }
    if (k == "PodDisruptionBudget" && is(n, k8s::io::api::policy::v1::PodDisruptionBudget::descriptor()))
        return validatePodDisruptionBudget(as<k8s::io::api::policy::v1::PodDisruptionBudget>(n));
    if (k == "Role" && is(n, rbac::Role::descriptor())) return validateRoleUpdate(as<rbac::Role>(n), as<rbac::Role>(o));
    if (k == "ClusterRole" && is(n, rbac::ClusterRole::descriptor()))
        return validateClusterRoleUpdate(as<rbac::ClusterRole>(n), as<rbac::ClusterRole>(o));
    if (k == "RoleBinding" && is(n, rbac::RoleBinding::descriptor()))
        return validateRoleBindingUpdate(as<rbac::RoleBinding>(n), as<rbac::RoleBinding>(o));
    if (k == "ClusterRoleBinding" && is(n, rbac::ClusterRoleBinding::descriptor()))
        return validateClusterRoleBindingUpdate(as<rbac::ClusterRoleBinding>(n), as<rbac::ClusterRoleBinding>(o));
    return {};
}

ErrorList statusUpdate(const api::ResourceType& type, const Message& n, const Message& o) {
    const std::string& k = type.kind;
    if (!is(n, o.GetDescriptor())) return {};
    if (k == "Pod" && is(n, core::Pod::descriptor())) return validatePodStatusUpdate(as<core::Pod>(n), as<core::Pod>(o));
    if (k == "Node" && is(n, core::Node::descriptor())) return validateNodeUpdate(as<core::Node>(n), as<core::Node>(o));
    if (k == "Namespace" && is(n, core::Namespace::descriptor()))
        return validateNamespaceStatusUpdate(as<core::Namespace>(n), as<core::Namespace>(o));
    if (k == "Service" && is(n, core::Service::descriptor()))
        return validateServiceStatusUpdate(as<core::Service>(n), as<core::Service>(o));
    if (k == "ResourceQuota" && is(n, core::ResourceQuota::descriptor()))
        return validateResourceQuotaStatusUpdate(as<core::ResourceQuota>(n), as<core::ResourceQuota>(o));
    if (k == "ReplicationController" && is(n, core::ReplicationController::descriptor()))
        return validateReplicationControllerStatusUpdate(as<core::ReplicationController>(n), as<core::ReplicationController>(o));
    if (k == "Deployment" && is(n, apps::Deployment::descriptor()))
        return validateDeploymentStatusUpdate(as<apps::Deployment>(n), as<apps::Deployment>(o));
    if (k == "ReplicaSet" && is(n, apps::ReplicaSet::descriptor()))
        return validateReplicaSetStatusUpdate(as<apps::ReplicaSet>(n), as<apps::ReplicaSet>(o));
    if (k == "StatefulSet" && is(n, apps::StatefulSet::descriptor()))
        return validateStatefulSetStatusUpdate(as<apps::StatefulSet>(n), as<apps::StatefulSet>(o));
    if (k == "DaemonSet" && is(n, apps::DaemonSet::descriptor()))
        return validateDaemonSetStatusUpdate(as<apps::DaemonSet>(n), as<apps::DaemonSet>(o));
    if (k == "Job" && is(n, k8s::io::api::batch::v1::Job::descriptor()))
        return validateJobStatusUpdate(as<k8s::io::api::batch::v1::Job>(n), as<k8s::io::api::batch::v1::Job>(o));
    if (k == "PodDisruptionBudget" && is(n, k8s::io::api::policy::v1::PodDisruptionBudget::descriptor())) {
        using P = k8s::io::api::policy::v1::PodDisruptionBudget;
        ErrorList errs = validateObjectMetaUpdate(as<P>(n).metadata(), as<P>(o).metadata(), "metadata");
        append(errs, validatePodDisruptionBudgetStatusUpdate(as<P>(n), as<P>(o)));
        return errs;
    }
    const ObjectMeta* nm = metaOf(n);
    const ObjectMeta* om = metaOf(o);
    if (nm && om) return validateObjectMetaUpdate(*nm, *om, "metadata");
    return {};
}

}  // namespace

ErrorList validateCreate(const api::ResourceType& type, const Message& obj) {
    ErrorList errs = strategyCreate(type, obj);
    // rest.BeforeCreate: the generic ObjectMeta checks run once the kind's own validation passed
    // (not for what is not stored: a Binding, a review).
    if (errs.empty() && type.kind != "Binding" && type.kind != "SelfSubjectAccessReview")
        if (const ObjectMeta* meta = metaOf(obj)) errs = validateObjectMetaGeneric(*meta, type.namespaced);
    return dedup(errs);
}

ErrorList validateUpdate(const api::ResourceType& type, const Message& newObj, const Message& oldObj,
                         std::string_view subresource) {
    // rest.BeforeUpdate carries these over from the stored object before validating.
    std::unique_ptr<Message> n(newObj.New());
    n->CopyFrom(newObj);
    ObjectMeta* nm = mutableMetaOf(n.get());
    const ObjectMeta* om = metaOf(oldObj);
    ErrorList errs;
    if (nm && om) {
        nm->set_generation(om->generation());
        if (nm->uid().empty()) nm->set_uid(om->uid());
        if (!om->creation_timestamp().empty()) nm->set_creation_timestamp(om->creation_timestamp());
        if (om->has_deletion_timestamp()) nm->set_deletion_timestamp(om->deletion_timestamp());
        if (om->has_deletion_grace_period_seconds() && !nm->has_deletion_grace_period_seconds())
            nm->set_deletion_grace_period_seconds(om->deletion_grace_period_seconds());
        // validateCommonFields
        errs = validateObjectMetaGeneric(*nm, type.namespaced);
        append(errs, validateObjectMetaUpdateGeneric(*nm, *om));
    }
    if (subresource == "status") append(errs, statusUpdate(type, *n, oldObj));
    else append(errs, strategyUpdate(type, *n, oldObj));
    return dedup(errs);
}

}  // namespace pilothouse::apiserver::validation
