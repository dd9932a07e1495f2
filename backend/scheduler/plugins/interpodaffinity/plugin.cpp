#include "scheduler/plugins/interpodaffinity/plugin.h"

namespace pilothouse::scheduler::plugins::interpodaffinity {

namespace core = k8s::io::api::core::v1;

InterPodAffinity::InterPodAffinity(InterPodAffinityArgs args, framework::Handle& handle)
    : args_(args), handle_(&handle) {}

std::vector<framework::ClusterEvent> InterPodAffinity::eventsToRegister() const {
    return {
        // Any pod event may help: a deleted or relabelled pod may stop violating anti-affinity, an
        // added or relabelled one may satisfy affinity.
        {"Pod", framework::kAll, ""},
        // A new node or new node labels may bring the topology a term asks for.
        {"Node", framework::kAdd | framework::kUpdateNodeLabel, ""},
    };
}

void InterPodAffinity::mergeNamespaces(framework::AffinityTerm& term) const {
    // An empty selector matches every namespace and is kept as it is; anything else (including
    // "no selector", which matches nothing) is replaced by the names it selects today.
    if (term.namespaceSelector.empty()) return;
    for (const auto& [name, labels] : handle_->clusterObjects().namespaceLabels)
        if (term.namespaceSelector.matches(labels)) term.namespaces.insert(name);
    term.namespaceSelector = api::Selector::nothing();
}

NamespaceLabels InterPodAffinity::namespaceLabelsOf(const std::string& ns) const {
    const auto& all = handle_->clusterObjects().namespaceLabels;
    auto it = all.find(ns);
    return it == all.end() ? NamespaceLabels{} : it->second;
}

std::shared_ptr<const framework::PodInfo> InterPodAffinity::incomingPodInfo(const framework::Pod& pod,
                                                                           bool preferred) const {
    // The pod outlives the cycle this PodInfo serves, so it refers to the pod rather than copying
    // it (a whole Pod per cycle, twice, was a measurable part of scheduling a pod).
    std::shared_ptr<const framework::Pod> unowned(std::shared_ptr<const framework::Pod>(), &pod);
    auto made = framework::PodInfo::make(std::move(unowned));
    const bool hasTerms = preferred ? !made->preferredAffinityTerms.empty() || !made->preferredAntiAffinityTerms.empty()
                                    : !made->requiredAffinityTerms.empty() || !made->requiredAntiAffinityTerms.empty();
    if (!hasTerms) return made;
    auto info = std::make_shared<framework::PodInfo>(*made);
    if (preferred) {
        for (auto& w : info->preferredAffinityTerms) mergeNamespaces(w.term);
        for (auto& w : info->preferredAntiAffinityTerms) mergeNamespaces(w.term);
    } else {
        for (auto& t : info->requiredAffinityTerms) mergeNamespaces(t);
        for (auto& t : info->requiredAntiAffinityTerms) mergeNamespaces(t);
    }
    return info;
}

namespace {

// The first selector error of one term (label selector first, then namespace selector).
std::string termParseError(const core::PodAffinityTerm& term) {
    if (term.has_label_selector()) {
        auto sel = api::Selector::fromLabelSelector(term.label_selector());
        if (!sel) return sel.status().message();
    }
    if (term.has_namespace_selector()) {
        auto sel = api::Selector::fromLabelSelector(term.namespace_selector());
        if (!sel) return sel.status().message();
    }
    return {};
}

}  // namespace

std::string affinityParseError(const framework::Pod& pod) {
    const auto& affinity = pod.spec().affinity();
    std::vector<std::string> errors;
    // Each list stops at its first bad term; the lists are reported in this order.
    auto required = [&](const char* what, const auto& terms) {
        for (const auto& t : terms)
            if (std::string e = termParseError(t); !e.empty()) {
                errors.push_back(std::string(what) + ": " + e);
                return;
            }
    };
    auto preferred = [&](const char* what, const auto& terms) {
        for (const auto& w : terms)
            if (std::string e = termParseError(w.pod_affinity_term()); !e.empty()) {
                errors.push_back(std::string(what) + ": " + e);
                return;
            }
    };
    required("requiredAffinityTerms", affinity.pod_affinity().required_during_scheduling_ignored_during_execution());
    required("requiredAntiAffinityTerms",
             affinity.pod_anti_affinity().required_during_scheduling_ignored_during_execution());
    preferred("preferredAffinityTerms", affinity.pod_affinity().preferred_during_scheduling_ignored_during_execution());
    preferred("preferredAntiAffinityTerms",
              affinity.pod_anti_affinity().preferred_during_scheduling_ignored_during_execution());
    if (errors.empty()) return {};
    if (errors.size() == 1) return errors[0];
    // utilerrors.NewAggregate: "[first, second]".
    std::string joined;
    for (const auto& e : errors) joined += (joined.empty() ? "" : ", ") + e;
    return "[" + joined + "]";
}

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& /*gates*/) {
    auto decoded = decodeArgs(args);
    if (!decoded) return decoded.status();
    PH_RETURN_IF_ERROR(validateArgs(*decoded));
    return std::shared_ptr<framework::Plugin>(std::make_shared<InterPodAffinity>(*decoded, handle));
}

}  // namespace pilothouse::scheduler::plugins::interpodaffinity
