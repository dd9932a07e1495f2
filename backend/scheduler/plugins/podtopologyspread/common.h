// What PodTopologySpread's filtering and scoring share (podtopologyspread/common.go and
// helper/spread.go at Kubernetes v1.28):
//  - SpreadSelector: a labels.Selector as the plugin builds it: the conjunction of label
//    selectors (a constraint's labelSelector, the pod's labels for its matchLabelKeys, the
//    selectors of the workloads that own the pod), or Nothing for a nil labelSelector;
//  - Constraint: a topologySpreadConstraint with its selector parsed and the feature-gated fields
//    (minDomains, nodeAffinityPolicy, nodeTaintsPolicy) resolved;
//  - the constraints of a pod for one whenUnsatisfiable action, its own or the default ones with
//    DefaultSelector's selector, and the counting helpers.
#pragma once

#include <google/protobuf/map.h>
#include <google/protobuf/repeated_ptr_field.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "api/labels.h"
#include "core_v1.pb.h"
#include "meta_v1.pb.h"
#include "scheduler/framework/interface.h"
#include "scheduler/plugins/helper/node_affinity.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

using framework::Node;
using framework::Pod;
using LabelMap = google::protobuf::Map<std::string, std::string>;
using TopologySpreadConstraint = k8s::io::api::core::v1::TopologySpreadConstraint;
using LabelSelector = k8s::io::apimachinery::pkg::apis::meta::v1::LabelSelector;

inline constexpr const char* kDoNotSchedule = "DoNotSchedule";
inline constexpr const char* kScheduleAnyway = "ScheduleAnyway";
inline constexpr const char* kPolicyHonor = "Honor";
inline constexpr const char* kPolicyIgnore = "Ignore";
inline constexpr const char* kLabelHostname = "kubernetes.io/hostname";
inline constexpr const char* kLabelTopologyZone = "topology.kubernetes.io/zone";

class SpreadSelector {
public:
    SpreadSelector() = default;                 // labels.Everything()
    static SpreadSelector nothing();            // labels.Nothing()
    static SpreadSelector fromSet(const std::map<std::string, std::string>& set);
    // metav1.LabelSelectorAsSelector: nullptr -> Nothing; {} -> Everything.
    static StatusOr<SpreadSelector> fromLabelSelector(const LabelSelector* selector);

    // Adds the requirements of `other` (selector.Add); a no-op on Nothing, and adding Nothing's
    // (absent) requirements changes nothing.
    void add(const SpreadSelector& other);

    bool matches(const LabelMap& labels) const;
    bool matches(const std::map<std::string, std::string>& labels) const;
    bool isNothing() const { return nothing_; }
    // labels.Selector.Empty(): no requirements (Nothing is not empty).
    bool empty() const;
    // The requirements sorted by key, as labels.Selector.String() prints them ("" for Nothing).
    std::string toString() const;

private:
    bool nothing_ = false;
    std::vector<api::Selector> parts_;
};

struct Constraint {
    int32_t maxSkew = 0;
    std::string topologyKey;
    SpreadSelector selector;
    int32_t minDomains = 1;
    std::string nodeAffinityPolicy = kPolicyHonor;
    std::string nodeTaintsPolicy = kPolicyIgnore;

    // Whether `node` is a domain of this constraint for `pod` under its inclusion policies.
    bool matchNodeInclusionPolicies(const Pod& pod, const Node& node, const helper::RequiredNodeAffinity& affinity) const;
};

struct Gates {
    bool minDomains = true;
    bool nodeInclusionPolicy = true;
    bool matchLabelKeys = true;
};

// The constraints among `constraints` with whenUnsatisfiable == `action`, parsed.
StatusOr<std::vector<Constraint>> filterConstraints(const std::vector<const TopologySpreadConstraint*>& constraints,
                                                    const LabelMap& podLabels, const std::string& action,
                                                    const Gates& gates);

// helper.DefaultSelector: the selector deduced from the services, replication controllers,
// replica sets and stateful sets that select (or own) `pod`.
SpreadSelector defaultSelector(const Pod& pod, const framework::ClusterObjects& objects);

// buildDefaultConstraints: `defaults` for `action`, all with DefaultSelector's selector; none when
// that selector is empty.
StatusOr<std::vector<Constraint>> buildDefaultConstraints(const Pod& pod,
                                                          const std::vector<TopologySpreadConstraint>& defaults,
                                                          const std::string& action,
                                                          const framework::ClusterObjects& objects,
                                                          const Gates& gates);

// Whether the node has every constraint's topology key.
bool nodeLabelsMatchSpreadConstraints(const LabelMap& nodeLabels, const std::vector<Constraint>& constraints);

// The pods in namespace `ns`, not terminating, that `selector` matches; 0 for an empty selector.
int64_t countPodsMatchSelector(const std::vector<std::shared_ptr<const framework::PodInfo>>& pods,
                               const SpreadSelector& selector, const std::string& ns);

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
