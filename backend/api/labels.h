// Label and field selectors (k8s.io/apimachinery/pkg/labels and pkg/fields): the string form
// kubectl -l / --field-selector takes ("app=web,tier!=db,env in (a,b),!legacy,release") and the
// structured metav1.LabelSelector (matchLabels + matchExpressions with In, NotIn, Exists,
// DoesNotExist). An empty selector matches everything.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "meta_v1.pb.h"
#include "util/status.h"

namespace pilothouse::api {

struct Requirement {
    enum class Op { Equals, NotEquals, In, NotIn, Exists, DoesNotExist, GreaterThan, LessThan };
    std::string key;
    Op op = Op::Equals;
    std::vector<std::string> values;

    template <typename Map>
    bool matches(const Map& labels) const;
};

class Selector {
public:
    Selector() = default;  // matches everything
    static StatusOr<Selector> parse(std::string_view text);
    static StatusOr<Selector> fromLabelSelector(
        const k8s::io::apimachinery::pkg::apis::meta::v1::LabelSelector& selector);
    // A selector that matches nothing (metav1.LabelSelectorAsSelector(nil) semantics are the
    // caller's business; this is for "nil selector matches nothing" cases).
    static Selector nothing();

    bool empty() const { return requirements_.empty() && !matchesNothing_; }
    bool matches(const std::map<std::string, std::string>& labels) const;
    bool matches(const google::protobuf::Map<std::string, std::string>& labels) const;
    const std::vector<Requirement>& requirements() const { return requirements_; }
    std::string toString() const;

private:
    std::vector<Requirement> requirements_;
    bool matchesNothing_ = false;
};

}  // namespace pilothouse::api
