#include "scheduler/plugins/podtopologyspread/node_inclusion.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "apiserver/validation/common.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {
namespace {

using k8s::io::api::core::v1::Node;
using k8s::io::api::core::v1::NodeSelectorRequirement;
using k8s::io::api::core::v1::NodeSelectorTerm;
using k8s::io::api::core::v1::Pod;
using k8s::io::api::core::v1::Taint;
using k8s::io::api::core::v1::Toleration;
using LabelOp = RequiredNodeAffinity::LabelRequirement::Op;

// strconv.ParseInt(s, 10, 64): an optional sign and decimal digits, nothing else, no overflow.
std::optional<int64_t> parseInt64(const std::string& s) {
    size_t i = 0;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        negative = s[i] == '-';
        ++i;
    }
    if (i == s.size()) return std::nullopt;
    // Accumulate as a negative number so that INT64_MIN fits.
    int64_t acc = 0;
    for (; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return std::nullopt;
        const int digit = s[i] - '0';
        if (acc < (std::numeric_limits<int64_t>::min() + digit) / 10) return std::nullopt;
        acc = acc * 10 - digit;
    }
    if (!negative) {
        if (acc == std::numeric_limits<int64_t>::min()) return std::nullopt;
        acc = -acc;
    }
    return acc;
}

// labels.NewRequirement's validity checks for a node selector requirement (the errors themselves
// are not needed: a term with any error never matches).
std::optional<RequiredNodeAffinity::LabelRequirement> parseLabelRequirement(const NodeSelectorRequirement& r) {
    RequiredNodeAffinity::LabelRequirement out;
    out.key = r.key();
    out.values.assign(r.values().begin(), r.values().end());
    const std::string& op = r.operator_();
    if (op == "In") out.op = LabelOp::In;
    else if (op == "NotIn") out.op = LabelOp::NotIn;
    else if (op == "Exists") out.op = LabelOp::Exists;
    else if (op == "DoesNotExist") out.op = LabelOp::DoesNotExist;
    else if (op == "Gt") out.op = LabelOp::Gt;
    else if (op == "Lt") out.op = LabelOp::Lt;
    else return std::nullopt;

    bool ok = apiserver::validation::isQualifiedName(out.key).empty();
    switch (out.op) {
        case LabelOp::In:
        case LabelOp::NotIn:
            if (out.values.empty()) ok = false;
            break;
        case LabelOp::Exists:
        case LabelOp::DoesNotExist:
            if (!out.values.empty()) ok = false;
            break;
        case LabelOp::Gt:
        case LabelOp::Lt:
            if (out.values.size() != 1) ok = false;
            for (const auto& v : out.values)
                if (!parseInt64(v)) ok = false;
            break;
    }
    for (const auto& v : out.values)
        if (!apiserver::validation::isValidLabelValue(v).empty()) ok = false;
    if (!ok) return std::nullopt;
    return out;
}

template <typename Map>
bool labelRequirementMatches(const RequiredNodeAffinity::LabelRequirement& r, const Map& labels) {
    auto it = labels.find(r.key);
    const bool has = it != labels.end();
    auto contains = [&](const std::string& v) {
        return std::find(r.values.begin(), r.values.end(), v) != r.values.end();
    };
    switch (r.op) {
        case LabelOp::In: return has && contains(it->second);
        case LabelOp::NotIn: return !has || !contains(it->second);
        case LabelOp::Exists: return has;
        case LabelOp::DoesNotExist: return !has;
        case LabelOp::Gt:
        case LabelOp::Lt: {
            if (!has || r.values.size() != 1) return false;
            auto lhs = parseInt64(it->second);
            auto rhs = parseInt64(r.values[0]);
            if (!lhs || !rhs) return false;
            return r.op == LabelOp::Gt ? *lhs > *rhs : *lhs < *rhs;
        }
    }
    return false;
}

RequiredNodeAffinity::Term parseTerm(const NodeSelectorTerm& term) {
    RequiredNodeAffinity::Term out;
    if (term.match_expressions_size() > 0) {
        out.labels.emplace();
        for (const auto& r : term.match_expressions()) {
            auto parsed = parseLabelRequirement(r);
            if (!parsed) out.parseError = true;
            else out.labels->push_back(std::move(*parsed));
        }
    }
    if (term.match_fields_size() > 0) {
        out.fields.emplace();
        for (const auto& r : term.match_fields()) {
            const std::string& op = r.operator_();
            if ((op != "In" && op != "NotIn") || r.values_size() != 1) {
                out.parseError = true;
                continue;
            }
            out.fields->push_back({r.key(), op == "In", r.values(0)});
        }
    }
    return out;
}

}  // namespace

RequiredNodeAffinity::RequiredNodeAffinity(const Pod& pod) {
    for (const auto& [k, v] : pod.spec().node_selector()) nodeSelector_.emplace_back(k, v);
    if (pod.spec().has_affinity() && pod.spec().affinity().has_node_affinity() &&
        pod.spec().affinity().node_affinity().has_required_during_scheduling_ignored_during_execution()) {
        hasRequiredAffinity_ = true;
        const auto& ns = pod.spec().affinity().node_affinity().required_during_scheduling_ignored_during_execution();
        for (const auto& term : ns.node_selector_terms()) {
            // An empty term selects no nodes: it is dropped.
            if (term.match_expressions_size() == 0 && term.match_fields_size() == 0) continue;
            terms_.push_back(parseTerm(term));
        }
    }
}

bool RequiredNodeAffinity::match(const Node& node) const {
    const auto& labels = node.metadata().labels();
    for (const auto& [k, v] : nodeSelector_) {
        auto it = labels.find(k);
        if (it == labels.end() || it->second != v) return false;
    }
    if (!hasRequiredAffinity_) return true;
    // The node's fields: only metadata.name, and only when the node has a name.
    const std::string& name = node.metadata().name();
    for (const auto& term : terms_) {
        if (term.parseError) continue;
        if (term.labels) {
            bool ok = true;
            for (const auto& r : *term.labels)
                if (!labelRequirementMatches(r, labels)) {
                    ok = false;
                    break;
                }
            if (!ok) continue;
        }
        if (term.fields && !name.empty()) {
            bool ok = true;
            for (const auto& f : *term.fields) {
                const std::string value = f.key == "metadata.name" ? name : std::string();
                if ((value == f.value) != f.equal) {
                    ok = false;
                    break;
                }
            }
            if (!ok) continue;
        }
        return true;
    }
    return false;
}

bool toleratesTaint(const Toleration& t, const Taint& taint) {
    if (!t.effect().empty() && t.effect() != taint.effect()) return false;
    if (!t.key().empty() && t.key() != taint.key()) return false;
    const std::string& op = t.operator_();
    if (op.empty() || op == "Equal") return t.value() == taint.value();
    if (op == "Exists") return true;
    return false;
}

const Taint* findUntoleratedTaint(const google::protobuf::RepeatedPtrField<Taint>& taints,
                                  const google::protobuf::RepeatedPtrField<Toleration>& tolerations) {
    for (const auto& taint : taints) {
        if (taint.effect() != "NoSchedule" && taint.effect() != "NoExecute") continue;
        bool tolerated = false;
        for (const auto& t : tolerations)
            if (toleratesTaint(t, taint)) {
                tolerated = true;
                break;
            }
        if (!tolerated) return &taint;
    }
    return nullptr;
}

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
