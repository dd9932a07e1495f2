#include "controllers/daemon/util/daemonset_util.h"

#include <google/protobuf/util/message_differencer.h>

#include "controllers/deployment/util/deployment_util.h"

namespace pilothouse::controller::daemon::util {

namespace {

bool sameToleration(const core::Toleration& a, const core::Toleration& b) {
    // Toleration.MatchToleration: key, operator, value and effect (not tolerationSeconds).
    return a.key() == b.key() && a.operator_() == b.operator_() && a.value() == b.value() && a.effect() == b.effect();
}

core::Toleration existsToleration(const char* key, const char* effect) {
    core::Toleration t;
    t.set_key(key);
    t.set_operator_("Exists");
    t.set_effect(effect);
    return t;
}

bool isRollingUpdate(const apps::DaemonSet& ds) { return ds.spec().update_strategy().type() == "RollingUpdate"; }

}  // namespace

std::optional<int64_t> templateGeneration(const apps::DaemonSet& ds) {
    auto it = ds.metadata().annotations().find(kDeprecatedTemplateGeneration);
    if (it == ds.metadata().annotations().end() || it->second.empty()) return std::nullopt;
    size_t used = 0;
    try {
        const int64_t v = std::stoll(it->second, &used);
        if (used != it->second.size()) return std::nullopt;
        return v;
    } catch (...) {
        return std::nullopt;
    }
}

bool addOrUpdateToleration(core::PodSpec* spec, const core::Toleration& toleration) {
    auto* tolerations = spec->mutable_tolerations();
    for (auto& existing : *tolerations) {
        if (!sameToleration(existing, toleration)) continue;
        if (google::protobuf::util::MessageDifferencer::Equals(existing, toleration)) return false;
        existing = toleration;
        return true;
    }
    *tolerations->Add() = toleration;
    return true;
}

void addOrUpdateDaemonPodTolerations(core::PodSpec* spec) {
    // Node problems must neither evict a daemon pod (NoExecute, no tolerationSeconds) nor keep it
    // off its node (the taints TaintNodesByCondition puts on nodes).
    addOrUpdateToleration(spec, existsToleration("node.kubernetes.io/not-ready", "NoExecute"));
    addOrUpdateToleration(spec, existsToleration("node.kubernetes.io/unreachable", "NoExecute"));
    addOrUpdateToleration(spec, existsToleration("node.kubernetes.io/disk-pressure", "NoSchedule"));
    addOrUpdateToleration(spec, existsToleration("node.kubernetes.io/memory-pressure", "NoSchedule"));
    addOrUpdateToleration(spec, existsToleration("node.kubernetes.io/pid-pressure", "NoSchedule"));
    addOrUpdateToleration(spec, existsToleration("node.kubernetes.io/unschedulable", "NoSchedule"));
    if (spec->host_network())
        addOrUpdateToleration(spec, existsToleration("node.kubernetes.io/network-unavailable", "NoSchedule"));
}

core::PodTemplateSpec createPodTemplate(const core::PodTemplateSpec& tmpl, std::optional<int64_t> generation,
                                        const std::string& hash) {
    core::PodTemplateSpec out = tmpl;
    addOrUpdateDaemonPodTolerations(out.mutable_spec());
    auto& labels = *out.mutable_metadata()->mutable_labels();
    if (generation) labels[kTemplateGenerationLabel] = std::to_string(*generation);
    if (!hash.empty()) labels[kUniqueLabelKey] = hash;
    return out;
}

int surgeCount(const apps::DaemonSet& ds, int numberToSchedule) {
    if (!isRollingUpdate(ds) || !ds.spec().update_strategy().has_rolling_update()) return 0;
    const auto& ru = ds.spec().update_strategy().rolling_update();
    if (!ru.has_max_surge()) return 0;
    return deployment::util::scaledValue(ru.max_surge(), numberToSchedule, true);
}

int unavailableCount(const apps::DaemonSet& ds, int numberToSchedule) {
    if (!isRollingUpdate(ds) || !ds.spec().update_strategy().has_rolling_update()) return 0;
    const auto& ru = ds.spec().update_strategy().rolling_update();
    return deployment::util::scaledValue(ru.max_unavailable(), numberToSchedule, true);
}

bool allowsSurge(const apps::DaemonSet& ds) { return surgeCount(ds, 1) > 0; }

bool isPodUpdated(const core::Pod& pod, const std::string& hash) {
    if (hash.empty()) return false;
    auto it = pod.metadata().labels().find(kUniqueLabelKey);
    return it != pod.metadata().labels().end() && it->second == hash;
}

void replaceDaemonSetPodNodeNameNodeAffinity(core::PodSpec* spec, const std::string& nodeName) {
    auto* required = spec->mutable_affinity()->mutable_node_affinity()->mutable_required_during_scheduling_ignored_during_execution();
    required->clear_node_selector_terms();
    auto* req = required->add_node_selector_terms()->add_match_fields();
    req->set_key("metadata.name");
    req->set_operator_("In");
    req->add_values(nodeName);
}

StatusOr<std::string> targetNodeName(const core::Pod& pod) {
    if (!pod.spec().node_name().empty()) return pod.spec().node_name();
    const std::string who = pod.metadata().namespace_() + "/" + pod.metadata().name();
    const auto& spec = pod.spec();
    if (!spec.has_affinity() || !spec.affinity().has_node_affinity() ||
        !spec.affinity().node_affinity().has_required_during_scheduling_ignored_during_execution())
        return Status(StatusCode::InvalidArgument,
                      "no spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution for pod " + who);
    const auto& terms = spec.affinity().node_affinity().required_during_scheduling_ignored_during_execution().node_selector_terms();
    if (terms.empty())
        return Status(StatusCode::InvalidArgument,
                      "no nodeSelectorTerms in requiredDuringSchedulingIgnoredDuringExecution of pod " + who);
    for (const auto& term : terms) {
        for (const auto& req : term.match_fields()) {
            if (req.key() != "metadata.name" || req.operator_() != "In") continue;
            if (req.values_size() != 1)
                return Status(StatusCode::InvalidArgument,
                              "the matchFields value of 'metadata.name' is not unique for pod " + who);
            return req.values(0);
        }
    }
    return Status(StatusCode::InvalidArgument, "no node name found for pod " + who);
}

}  // namespace pilothouse::controller::daemon::util
