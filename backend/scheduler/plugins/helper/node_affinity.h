// Node selectors and node affinity as the scheduler evaluates them in Kubernetes v1.28
// (k8s.io/component-helpers/scheduling/corev1/nodeaffinity):
//  - NodeSelectorTerms are ORed; a term with neither matchExpressions nor matchFields selects
//    nothing; inside a term every requirement must hold;
//  - matchExpressions are label requirements (In, NotIn, Exists, DoesNotExist, Gt, Lt) validated
//    as labels.NewRequirement validates them (qualified-name key, value counts, integer Gt/Lt
//    values, valid label values);
//  - matchFields support only metadata.name-style field terms with In/NotIn and exactly one
//    value; a node with no name ignores them;
//  - a term that fails to parse never matches ("lazy" errors: the pod's own affinity is evaluated
//    term by term and its parse errors only surface when nothing matched), while NewNodeSelector
//    and NewPreferredSchedulingTerms (used for the scheduler's addedAffinity and the pod's
//    preferred terms) report every parse error up front;
//  - preferred terms with weight 0 or an empty preference are ignored.
// Field paths in errors are printed as field.Path prints them ("[0].matchExpressions[0].key").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "apiserver/validation/field_error.h"
#include "core_v1.pb.h"

namespace pilothouse::scheduler::plugins::helper {

using Node = k8s::io::api::core::v1::Node;
using Pod = k8s::io::api::core::v1::Pod;
using ErrorList = apiserver::validation::ErrorList;
using LabelMap = google::protobuf::Map<std::string, std::string>;

// strconv.ParseInt(s, 10, 64).
std::optional<int64_t> parseGoInt64(const std::string& s);

// labels.Requirement restricted to what node selectors produce.
struct LabelRequirement {
    enum class Op { In, NotIn, Exists, DoesNotExist, GreaterThan, LessThan };
    std::string key;
    Op op = Op::In;
    std::vector<std::string> values;
    bool matches(const LabelMap& labels) const;
};

// fields.OneTermEqualSelector / OneTermNotEqualSelector.
struct FieldRequirement {
    std::string key;
    bool equal = true;
    std::string value;
};

class NodeSelectorTerm {
public:
    static NodeSelectorTerm parse(const k8s::io::api::core::v1::NodeSelectorTerm& term, const std::string& path);
    // False with the parse errors appended to `errors` when the term did not parse.
    bool matches(const Node& node, ErrorList* errors = nullptr) const;
    const ErrorList& parseErrors() const { return parseErrors_; }

private:
    bool hasLabels_ = false;
    std::vector<LabelRequirement> labels_;
    bool hasFields_ = false;
    std::vector<FieldRequirement> fields_;
    ErrorList parseErrors_;
};

bool isEmptyNodeSelectorTerm(const k8s::io::api::core::v1::NodeSelectorTerm& term);

class LazyErrorNodeSelector {
public:
    static LazyErrorNodeSelector parse(const k8s::io::api::core::v1::NodeSelector& selector,
                                       const std::string& path = {});
    // Parse errors of the terms that failed are appended to `errors` only when no term matched.
    bool match(const Node& node, ErrorList* errors = nullptr) const;
    ErrorList parseErrors() const;

private:
    std::vector<NodeSelectorTerm> terms_;
};

// nodeaffinity.NewNodeSelector: the selector, or (nullopt and) every parse error.
std::optional<LazyErrorNodeSelector> newNodeSelector(const k8s::io::api::core::v1::NodeSelector& selector,
                                                     const std::string& path, ErrorList* errors);

class PreferredSchedulingTerms {
public:
    // nodeaffinity.NewPreferredSchedulingTerms: nullopt (and the errors) when any term fails.
    static std::optional<PreferredSchedulingTerms> parse(
        const google::protobuf::RepeatedPtrField<k8s::io::api::core::v1::PreferredSchedulingTerm>& terms,
        const std::string& path, ErrorList* errors);
    // The sum of the weights of the terms the node matches.
    int64_t score(const Node& node) const;

private:
    std::vector<std::pair<NodeSelectorTerm, int32_t>> terms_;
};

// nodeaffinity.GetRequiredNodeAffinity: the pod's nodeSelector and required node affinity.
class RequiredNodeAffinity {
public:
    static RequiredNodeAffinity fromPod(const Pod& pod);
    bool match(const Node& node, ErrorList* errors = nullptr) const;

private:
    bool hasNodeSelector_ = false;
    std::vector<std::pair<std::string, std::string>> nodeSelector_;
    std::optional<LazyErrorNodeSelector> affinity_;
};

}  // namespace pilothouse::scheduler::plugins::helper
