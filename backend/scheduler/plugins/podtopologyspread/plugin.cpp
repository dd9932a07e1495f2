#include "scheduler/plugins/podtopologyspread/plugin.h"

#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

std::vector<TopologySpreadConstraint> systemDefaultConstraints() {
    std::vector<TopologySpreadConstraint> out(2);
    out[0].set_topology_key(kLabelHostname);
    out[0].set_when_unsatisfiable(kScheduleAnyway);
    out[0].set_max_skew(3);
    out[1].set_topology_key(kLabelTopologyZone);
    out[1].set_when_unsatisfiable(kScheduleAnyway);
    out[1].set_max_skew(5);
    return out;
}

PodTopologySpread::PodTopologySpread(framework::Handle& handle, const framework::FeatureGates& gates,
                                     const PodTopologySpreadArgs& args)
    : handle_(handle), defaultConstraints_(args.defaultConstraints) {
    gates_.minDomains = gates.minDomainsInPodTopologySpread;
    gates_.nodeInclusionPolicy = gates.nodeInclusionPolicyInPodTopologySpread;
    gates_.matchLabelKeys = gates.matchLabelKeysInPodTopologySpread;
    if (args.defaultingType == kSystemDefaulting) {
        defaultConstraints_ = systemDefaultConstraints();
        systemDefaulted_ = true;
    }
}

std::string PodTopologySpread::name() const { return names::PodTopologySpread; }

StatusOr<std::vector<Constraint>> PodTopologySpread::constraintsFor(const Pod& pod, const std::string& action) const {
    if (pod.spec().topology_spread_constraints_size() > 0) {
        std::vector<const TopologySpreadConstraint*> own;
        for (const auto& c : pod.spec().topology_spread_constraints()) own.push_back(&c);
        return filterConstraints(own, pod.metadata().labels(), action, gates_);
    }
    return buildDefaultConstraints(pod, defaultConstraints_, action, handle_.clusterObjects(), gates_);
}

std::vector<framework::ClusterEvent> PodTopologySpread::eventsToRegister() const {
    return {
        // Adding, relabelling or deleting a pod changes the counts of matching pods.
        {"Pod", framework::kAll, ""},
        // A node coming, going or changing labels changes the topology domains.
        {"Node", framework::kAdd | framework::kDelete | framework::kUpdateNodeLabel, ""},
    };
}

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates) {
    auto decoded = decodeArgs(args);
    if (!decoded) return decoded.status();
    Status valid = validateArgs(*decoded);
    if (!valid.isOk()) return valid;
    return std::shared_ptr<framework::Plugin>(std::make_shared<PodTopologySpread>(handle, gates, *decoded));
}

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
