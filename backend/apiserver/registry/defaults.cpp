#include "apiserver/registry/defaults.h"

#include <set>

#include "api/resource/quantity.h"
#include "apps_v1.pb.h"
#include "batch_v1.pb.h"
#include "core_v1_config.pb.h"
#include "discovery_v1.pb.h"
#include "policy_v1.pb.h"
#include "rbac_v1.pb.h"
#include "scheduling_v1.pb.h"

namespace pilothouse::apiserver::registry {

namespace core = k8s::io::api::core::v1;
namespace apps = k8s::io::api::apps::v1;
using IntOrString = k8s::io::apimachinery::pkg::util::intstr::IntOrString;

namespace {

// Image reference without digest: is the tag absent or "latest"?
bool pullsAlways(const std::string& image) {
    // An image that does not parse (empty) has no tag: IfNotPresent, as upstream's parser fails.
    if (image.empty()) return false;
    if (image.find('@') != std::string::npos) return false;  // pinned by digest
    const auto slash = image.rfind('/');
    const auto colon = image.rfind(':');
    if (colon == std::string::npos || (slash != std::string::npos && colon < slash)) return true;
    return image.substr(colon + 1) == "latest";
}

void defaultProbe(core::Probe* p) {
    if (p->timeout_seconds() == 0) p->set_timeout_seconds(1);
    if (p->period_seconds() == 0) p->set_period_seconds(10);
    if (p->success_threshold() == 0) p->set_success_threshold(1);
    if (p->failure_threshold() == 0) p->set_failure_threshold(3);
    if (p->has_http_get()) {
        if (p->http_get().path().empty()) p->mutable_http_get()->set_path("/");
        if (p->http_get().scheme().empty()) p->mutable_http_get()->set_scheme("HTTP");
    }
}

void defaultContainer(core::Container* c, bool hostNetwork) {
    if (c->image_pull_policy().empty())
        c->set_image_pull_policy(pullsAlways(c->image()) ? "Always" : "IfNotPresent");
    if (c->termination_message_path().empty())
        c->set_termination_message_path("/dev/termination-log");
    if (c->termination_message_policy().empty()) c->set_termination_message_policy("File");
    for (auto& port : *c->mutable_ports()) {
        if (port.protocol().empty()) port.set_protocol("TCP");
        if (hostNetwork && port.host_port() == 0) port.set_host_port(port.container_port());
    }
    if (c->has_liveness_probe()) defaultProbe(c->mutable_liveness_probe());
    if (c->has_readiness_probe()) defaultProbe(c->mutable_readiness_probe());
    if (c->has_startup_probe()) defaultProbe(c->mutable_startup_probe());
    if (c->has_lifecycle()) {
        auto* lc = c->mutable_lifecycle();
        for (auto* hook : {lc->has_post_start() ? lc->mutable_post_start() : nullptr,
                           lc->has_pre_stop() ? lc->mutable_pre_stop() : nullptr}) {
            if (!hook || !hook->has_http_get()) continue;
            if (hook->http_get().path().empty()) hook->mutable_http_get()->set_path("/");
            if (hook->http_get().scheme().empty()) hook->mutable_http_get()->set_scheme("HTTP");
        }
    }
    // SetDefaults_ObjectFieldSelector: fieldRef.apiVersion is "v1".
    for (auto& e : *c->mutable_env())
        if (e.value_from().has_field_ref() && e.value_from().field_ref().api_version().empty())
            e.mutable_value_from()->mutable_field_ref()->set_api_version("v1");
    // SetDefaults_Pod: a limit with no request means the request equals the limit.
    auto* res = c->mutable_resources();
    for (const auto& [name, value] : res->limits())
        if (!res->requests().contains(name)) (*res->mutable_requests())[name] = value;
}

void defaultVolumes(core::PodSpec* spec) {
    for (auto& v : *spec->mutable_volumes()) {
        if (v.has_secret() && !v.secret().has_default_mode()) v.mutable_secret()->set_default_mode(420);
        if (v.has_config_map() && !v.config_map().has_default_mode())
            v.mutable_config_map()->set_default_mode(420);
        if (v.has_downward_api() && !v.downward_api().has_default_mode())
            v.mutable_downward_api()->set_default_mode(420);
        if (v.has_projected() && !v.projected().has_default_mode())
            v.mutable_projected()->set_default_mode(420);
        if (v.has_host_path() && !v.host_path().has_type()) v.mutable_host_path()->set_type("");
        if (v.has_downward_api())
            for (auto& item : *v.mutable_downward_api()->mutable_items())
                if (item.has_field_ref() && item.field_ref().api_version().empty())
                    item.mutable_field_ref()->set_api_version("v1");
    }
}

void defaultObjectMetaLabelsForTemplate(core::PodTemplateSpec* t) { defaultPodSpec(t->mutable_spec()); }

IntOrString percent(const char* s) {
    IntOrString v;
    v.set_type(1);
    v.set_str_val(s);
    return v;
}

}  // namespace

void defaultPodSpec(core::PodSpec* spec) {
    if (spec->dns_policy().empty()) spec->set_dns_policy("ClusterFirst");
    if (spec->restart_policy().empty()) spec->set_restart_policy("Always");
    if (!spec->has_security_context()) spec->mutable_security_context();
    if (!spec->has_termination_grace_period_seconds()) spec->set_termination_grace_period_seconds(30);
    if (spec->scheduler_name().empty()) spec->set_scheduler_name("default-scheduler");
    if (!spec->has_enable_service_links()) spec->set_enable_service_links(true);
    if (!spec->service_account_name().empty() && spec->service_account().empty())
        spec->set_service_account(spec->service_account_name());
    for (auto& c : *spec->mutable_init_containers()) defaultContainer(&c, spec->host_network());
    for (auto& c : *spec->mutable_containers()) defaultContainer(&c, spec->host_network());
    defaultVolumes(spec);
}

std::string computeQosClass(const core::PodSpec& spec) {
    // Only cpu and memory decide the class.
    bool any = false;
    bool guaranteed = true;
    auto consider = [&](const core::Container& c) {
        const auto& req = c.resources().requests();
        const auto& lim = c.resources().limits();
        for (const char* r : {"cpu", "memory"}) {
            auto reqIt = req.find(r);
            auto limIt = lim.find(r);
            auto nonZero = [](const std::string& s) {
                auto q = resource::Quantity::parse(s);
                return q && !q->isZero();
            };
            const bool hasReq = reqIt != req.end() && nonZero(reqIt->second);
            const bool hasLim = limIt != lim.end() && nonZero(limIt->second);
            if (hasReq || hasLim) any = true;
            if (!hasLim) {
                guaranteed = false;
            } else if (hasReq) {
                auto a = resource::Quantity::parse(reqIt->second);
                auto b = resource::Quantity::parse(limIt->second);
                if (a && b && a->cmp(*b) != 0) guaranteed = false;
            }
        }
    };
    for (const auto& c : spec.init_containers()) consider(c);
    for (const auto& c : spec.containers()) consider(c);
    if (!any) return "BestEffort";
    return guaranteed ? "Guaranteed" : "Burstable";
}

void applyDefaults(const api::ResourceType& type, google::protobuf::Message* object) {
    const std::string& kind = type.kind;
    if (kind == "Pod") {
        defaultPodSpec(static_cast<core::Pod*>(object)->mutable_spec());
    } else if (kind == "Node") {
        auto* node = static_cast<core::Node*>(object);
        // SetDefaults_NodeStatus: allocatable defaults to capacity.
        if (node->status().allocatable().empty())
            *node->mutable_status()->mutable_allocatable() = node->status().capacity();
        // The v1 conversion (Convert_v1_NodeSpec_To_core_NodeSpec and back): spec.podCIDRs is
        // the list, spec.podCIDR its first entry; one written without the other gets both.
        auto* spec = node->mutable_spec();
        if (spec->pod_cidrs().empty() && !spec->pod_cidr().empty()) spec->add_pod_cidrs(spec->pod_cidr());
        else if (spec->pod_cidr().empty() && !spec->pod_cidrs().empty()) spec->set_pod_cidr(spec->pod_cidrs(0));
    } else if (kind == "Secret") {
        // SetDefaults_Secret, and the v1 conversion: stringData is written into data (winning
        // over a key of the same name) and never stored.
        auto* secret = static_cast<core::Secret*>(object);
        if (secret->type().empty()) secret->set_type("Opaque");
        for (const auto& [key, value] : secret->string_data()) (*secret->mutable_data())[key] = value;
        secret->clear_string_data();
    } else if (kind == "Namespace") {
        auto* ns = static_cast<core::Namespace*>(object);
        (*ns->mutable_metadata()->mutable_labels())["kubernetes.io/metadata.name"] =
            ns->metadata().name();
        if (ns->status().phase().empty()) ns->mutable_status()->set_phase("Active");
    } else if (kind == "Service") {
        auto* spec = static_cast<core::Service*>(object)->mutable_spec();
        if (spec->session_affinity().empty()) spec->set_session_affinity("None");
        if (spec->type().empty()) spec->set_type("ClusterIP");
        for (auto& p : *spec->mutable_ports()) {
            if (p.protocol().empty()) p.set_protocol("TCP");
            const bool unsetTarget = !p.has_target_port() ||
                                     (p.target_port().type() == 0 && p.target_port().int_val() == 0) ||
                                     (p.target_port().type() == 1 && p.target_port().str_val().empty());
            if (unsetTarget) {
                p.mutable_target_port()->set_type(0);
                p.mutable_target_port()->set_int_val(p.port());
            }
        }
        if ((spec->type() == "NodePort" || spec->type() == "LoadBalancer") &&
            spec->external_traffic_policy().empty())
            spec->set_external_traffic_policy("Cluster");
        if (spec->type() == "LoadBalancer" && !spec->has_allocate_load_balancer_node_ports())
            spec->set_allocate_load_balancer_node_ports(true);
        if (spec->type() != "ExternalName" && !spec->has_internal_traffic_policy())
            spec->set_internal_traffic_policy("Cluster");
        if (spec->session_affinity() == "ClientIP" &&
            !spec->session_affinity_config().client_ip().has_timeout_seconds())
            spec->mutable_session_affinity_config()->mutable_client_ip()->set_timeout_seconds(10800);
    } else if (kind == "ReplicationController") {
        auto* rc = static_cast<core::ReplicationController*>(object);
        auto* spec = rc->mutable_spec();
        if (spec->selector().empty() && spec->has_template_())
            *spec->mutable_selector() = spec->template_().metadata().labels();
        if (rc->metadata().labels().empty() && spec->has_template_())
            *rc->mutable_metadata()->mutable_labels() = spec->template_().metadata().labels();
        if (!spec->has_replicas()) spec->set_replicas(1);
        if (spec->has_template_()) defaultObjectMetaLabelsForTemplate(spec->mutable_template_());
    } else if (kind == "Deployment") {
        auto* spec = static_cast<apps::Deployment*>(object)->mutable_spec();
        if (!spec->has_replicas()) spec->set_replicas(1);
        auto* strategy = spec->mutable_strategy();
        if (strategy->type().empty()) strategy->set_type("RollingUpdate");
        if (strategy->type() == "RollingUpdate") {
            auto* ru = strategy->mutable_rolling_update();
            if (!ru->has_max_unavailable()) *ru->mutable_max_unavailable() = percent("25%");
            if (!ru->has_max_surge()) *ru->mutable_max_surge() = percent("25%");
        }
        if (!spec->has_revision_history_limit()) spec->set_revision_history_limit(10);
        if (!spec->has_progress_deadline_seconds()) spec->set_progress_deadline_seconds(600);
        defaultObjectMetaLabelsForTemplate(spec->mutable_template_());
    } else if (kind == "ReplicaSet") {
        auto* spec = static_cast<apps::ReplicaSet*>(object)->mutable_spec();
        if (!spec->has_replicas()) spec->set_replicas(1);
        defaultObjectMetaLabelsForTemplate(spec->mutable_template_());
    } else if (kind == "StatefulSet") {
        auto* spec = static_cast<apps::StatefulSet*>(object)->mutable_spec();
        if (!spec->has_replicas()) spec->set_replicas(1);
        if (spec->pod_management_policy().empty()) spec->set_pod_management_policy("OrderedReady");
        if (!spec->has_revision_history_limit()) spec->set_revision_history_limit(10);
        defaultObjectMetaLabelsForTemplate(spec->mutable_template_());
    } else if (kind == "DaemonSet") {
        auto* spec = static_cast<apps::DaemonSet*>(object)->mutable_spec();
        auto* strategy = spec->mutable_update_strategy();
        if (strategy->type().empty()) strategy->set_type("RollingUpdate");
        if (strategy->type() == "RollingUpdate") {
            auto* ru = strategy->mutable_rolling_update();
            if (!ru->has_max_unavailable()) ru->mutable_max_unavailable()->set_int_val(1);
            if (!ru->has_max_surge()) ru->mutable_max_surge()->set_int_val(0);
        }
        if (!spec->has_revision_history_limit()) spec->set_revision_history_limit(10);
        defaultObjectMetaLabelsForTemplate(spec->mutable_template_());
    } else if (kind == "Job") {
        // SetDefaults_Job (batch/v1).
        auto* job = static_cast<k8s::io::api::batch::v1::Job*>(object);
        auto* spec = job->mutable_spec();
        if (!spec->has_completions() && !spec->has_parallelism()) {
            spec->set_completions(1);
            spec->set_parallelism(1);
        }
        if (!spec->has_parallelism()) spec->set_parallelism(1);
        if (!spec->has_backoff_limit()) spec->set_backoff_limit(6);
        if (!spec->template_().metadata().labels().empty() && job->metadata().labels().empty())
            *job->mutable_metadata()->mutable_labels() = spec->template_().metadata().labels();
        if (!spec->has_completion_mode()) spec->set_completion_mode("NonIndexed");
        if (!spec->has_suspend()) spec->set_suspend(false);
        defaultObjectMetaLabelsForTemplate(spec->mutable_template_());
    } else if (kind == "PriorityClass") {
        auto* pc = static_cast<k8s::io::api::scheduling::v1::PriorityClass*>(object);
        if (!pc->has_preemption_policy()) pc->set_preemption_policy("PreemptLowerPriority");
    } else if (kind == "Endpoints") {
        for (auto& ss : *static_cast<core::Endpoints*>(object)->mutable_subsets())
            for (auto& p : *ss.mutable_ports())
                if (p.protocol().empty()) p.set_protocol("TCP");
    } else if (kind == "EndpointSlice") {
        auto* es = static_cast<k8s::io::api::discovery::v1::EndpointSlice*>(object);
        for (auto& p : *es->mutable_ports()) {
            if (!p.has_protocol()) p.set_protocol("TCP");
            if (!p.has_name()) p.set_name("");
        }
    } else if (kind == "RoleBinding" || kind == "ClusterRoleBinding") {
        auto* subjects = kind == "RoleBinding"
                             ? static_cast<k8s::io::api::rbac::v1::RoleBinding*>(object)->mutable_subjects()
                             : static_cast<k8s::io::api::rbac::v1::ClusterRoleBinding*>(object)->mutable_subjects();
        for (auto& s : *subjects)
            if (s.api_group().empty() && (s.kind() == "User" || s.kind() == "Group"))
                s.set_api_group("rbac.authorization.k8s.io");
    } else if (kind == "LimitRange") {
        auto* spec = static_cast<core::LimitRange*>(object)->mutable_spec();
        for (auto& item : *spec->mutable_limits()) {
            if (item.type() != "Container") continue;
            // SetDefaults_LimitRangeItem: default limit = max; default request = default limit,
            // else min.
            for (const auto& [r, v] : item.max())
                if (!item.default_().contains(r)) (*item.mutable_default_())[r] = v;
            for (const auto& [r, v] : item.default_())
                if (!item.default_request().contains(r)) (*item.mutable_default_request())[r] = v;
            for (const auto& [r, v] : item.min())
                if (!item.default_request().contains(r)) (*item.mutable_default_request())[r] = v;
        }
    }
}

}  // namespace pilothouse::apiserver::registry
