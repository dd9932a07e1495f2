// The node matching PodTopologySpread needs for nodeAffinityPolicy / nodeTaintsPolicy, kept inside
// this plugin so it does not depend on the shared plugin helper (to be folded into
// plugins/helper later):
//  - RequiredNodeAffinity: the pod's spec.nodeSelector AND its required node affinity terms
//    (component-helpers nodeaffinity.GetRequiredNodeAffinity + Match). Terms that fail to parse
//    never match, and their errors are ignored, as upstream's callers here do.
//  - findUntoleratedTaint: the first NoSchedule/NoExecute taint no toleration tolerates
//    (v1helper.FindMatchingUntoleratedTaint with DoNotScheduleTaintsFilterFunc).
#pragma once

#include <google/protobuf/repeated_ptr_field.h>

#include <optional>
#include <string>
#include <vector>

#include "core_v1.pb.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

class RequiredNodeAffinity {
public:
    explicit RequiredNodeAffinity(const k8s::io::api::core::v1::Pod& pod);

    bool match(const k8s::io::api::core::v1::Node& node) const;

    // One parsed node selector requirement of a matchExpressions list.
    struct LabelRequirement {
        enum class Op { In, NotIn, Exists, DoesNotExist, Gt, Lt };
        std::string key;
        Op op = Op::In;
        std::vector<std::string> values;
    };
    // One parsed matchFields requirement (only In / NotIn with one value are valid).
    struct FieldRequirement {
        std::string key;
        bool equal = true;  // In: equal; NotIn: not equal
        std::string value;
    };
    struct Term {
        bool parseError = false;
        std::optional<std::vector<LabelRequirement>> labels;  // set when matchExpressions given
        std::optional<std::vector<FieldRequirement>> fields;  // set when matchFields given
    };

private:
    std::vector<std::pair<std::string, std::string>> nodeSelector_;  // spec.nodeSelector
    bool hasRequiredAffinity_ = false;
    std::vector<Term> terms_;  // the non-empty terms of the required node selector
};

// The first taint with effect NoSchedule or NoExecute that none of `tolerations` tolerates.
const k8s::io::api::core::v1::Taint* findUntoleratedTaint(
    const google::protobuf::RepeatedPtrField<k8s::io::api::core::v1::Taint>& taints,
    const google::protobuf::RepeatedPtrField<k8s::io::api::core::v1::Toleration>& tolerations);

// v1.Toleration.ToleratesTaint.
bool toleratesTaint(const k8s::io::api::core::v1::Toleration& toleration,
                    const k8s::io::api::core::v1::Taint& taint);

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
