#include "scheduler/plugins/helper/node_affinity.h"

#include <algorithm>
#include <limits>

#include "apiserver/validation/common.h"

namespace pilothouse::scheduler::plugins::helper {

namespace core = k8s::io::api::core::v1;
namespace v = apiserver::validation;

namespace {

std::string joinMessages(const std::vector<std::string>& msgs) {
    std::string out;
    for (size_t i = 0; i < msgs.size(); ++i) out += (i ? "; " : "") + msgs[i];
    return out;
}

// labels.NewRequirement's checks for one matchExpressions entry (already mapped to an operator).
ErrorList validateRequirement(const core::NodeSelectorRequirement& expr, LabelRequirement::Op op,
                              const std::string& path) {
    ErrorList errs;
    if (auto msgs = v::isQualifiedName(expr.key()); !msgs.empty())
        errs.push_back(v::invalid(v::child(path, "key"), v::quote(expr.key()), joinMessages(msgs)));
    const std::string valuesPath = v::child(path, "values");
    const auto& vals = expr.values();
    switch (op) {
        case LabelRequirement::Op::In:
        case LabelRequirement::Op::NotIn:
            if (vals.empty())
                errs.push_back(v::invalid(valuesPath, v::goStringSlice(vals),
                                          "for 'in', 'notin' operators, values set can't be empty"));
            break;
        case LabelRequirement::Op::Exists:
        case LabelRequirement::Op::DoesNotExist:
            if (!vals.empty())
                errs.push_back(v::invalid(valuesPath, v::goStringSlice(vals),
                                          "values set must be empty for exists and does not exist"));
            break;
        case LabelRequirement::Op::GreaterThan:
        case LabelRequirement::Op::LessThan:
            if (vals.size() != 1)
                errs.push_back(v::invalid(valuesPath, v::goStringSlice(vals),
                                          "for 'Gt', 'Lt' operators, exactly one value is required"));
            for (int i = 0; i < vals.size(); ++i)
                if (!parseGoInt64(vals.Get(i)))
                    errs.push_back(v::invalid(v::index(valuesPath, i), v::quote(vals.Get(i)),
                                              "for 'Gt', 'Lt' operators, the value must be an integer"));
            break;
    }
    for (int i = 0; i < vals.size(); ++i)
        if (auto msgs = v::isValidLabelValue(vals.Get(i)); !msgs.empty())
            errs.push_back(v::invalid(v::key(v::index(valuesPath, i), expr.key()), v::quote(vals.Get(i)),
                                      joinMessages(msgs)));
    return errs;
}

const std::vector<std::string> kSelectorOperators = {"In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"};
const std::vector<std::string> kFieldSelectorOperators = {"In", "NotIn"};

}  // namespace

std::optional<int64_t> parseGoInt64(const std::string& s) {
    size_t i = 0;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    if (i == s.size()) return std::nullopt;
    // Accumulate as a negative number so that INT64_MIN fits.
    int64_t acc = 0;
    for (; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return std::nullopt;
        const int d = s[i] - '0';
        if (acc < (std::numeric_limits<int64_t>::min() + d) / 10) return std::nullopt;
        acc = acc * 10 - d;
    }
    if (!negative) {
        if (acc == std::numeric_limits<int64_t>::min()) return std::nullopt;
        return -acc;
    }
    return acc;
}

bool LabelRequirement::matches(const LabelMap& labels) const {
    auto it = labels.find(key);
    const bool has = it != labels.end();
    auto contains = [&](const std::string& value) {
        return std::find(values.begin(), values.end(), value) != values.end();
    };
    switch (op) {
        case Op::In: return has && contains(it->second);
        case Op::NotIn: return !has || !contains(it->second);
        case Op::Exists: return has;
        case Op::DoesNotExist: return !has;
        case Op::GreaterThan:
        case Op::LessThan: {
            if (!has) return false;
            auto lhs = parseGoInt64(it->second);
            if (!lhs || values.size() != 1) return false;
            auto rhs = parseGoInt64(values[0]);
            if (!rhs) return false;
            return op == Op::GreaterThan ? *lhs > *rhs : *lhs < *rhs;
        }
    }
    return false;
}

bool isEmptyNodeSelectorTerm(const core::NodeSelectorTerm& term) {
    return term.match_expressions().empty() && term.match_fields().empty();
}

NodeSelectorTerm NodeSelectorTerm::parse(const core::NodeSelectorTerm& term, const std::string& path) {
    NodeSelectorTerm t;
    if (!term.match_expressions().empty()) {
        const std::string base = v::child(path, "matchExpressions");
        t.hasLabels_ = true;
        ErrorList errs;
        for (int i = 0; i < term.match_expressions_size(); ++i) {
            const auto& expr = term.match_expressions(i);
            const std::string p = v::index(base, i);
            LabelRequirement r;
            r.key = expr.key();
            r.values.assign(expr.values().begin(), expr.values().end());
            const std::string& op = expr.operator_();
            if (op == "In") r.op = LabelRequirement::Op::In;
            else if (op == "NotIn") r.op = LabelRequirement::Op::NotIn;
            else if (op == "Exists") r.op = LabelRequirement::Op::Exists;
            else if (op == "DoesNotExist") r.op = LabelRequirement::Op::DoesNotExist;
            else if (op == "Gt") r.op = LabelRequirement::Op::GreaterThan;
            else if (op == "Lt") r.op = LabelRequirement::Op::LessThan;
            else {
                errs.push_back(v::notSupported(v::child(p, "operator"), v::quote(op), kSelectorOperators));
                continue;
            }
            ErrorList reqErrs = validateRequirement(expr, r.op, p);
            if (!reqErrs.empty()) v::append(errs, reqErrs);
            else t.labels_.push_back(std::move(r));
        }
        if (!errs.empty()) {
            t.labels_.clear();
            v::append(t.parseErrors_, errs);
        }
    }
    if (!term.match_fields().empty()) {
        const std::string base = v::child(path, "matchFields");
        t.hasFields_ = true;
        ErrorList errs;
        for (int i = 0; i < term.match_fields_size(); ++i) {
            const auto& expr = term.match_fields(i);
            const std::string p = v::index(base, i);
            const std::string& op = expr.operator_();
            if (op == "In" || op == "NotIn") {
                if (expr.values_size() != 1)
                    errs.push_back(v::invalid(v::child(p, "values"), v::goStringSlice(expr.values()),
                                              "must have one element"));
                else
                    t.fields_.push_back({expr.key(), op == "In", expr.values(0)});
            } else {
                errs.push_back(v::notSupported(v::child(p, "operator"), v::quote(op), kFieldSelectorOperators));
            }
        }
        if (!errs.empty()) {
            t.fields_.clear();
            v::append(t.parseErrors_, errs);
        }
    }
    return t;
}

bool NodeSelectorTerm::matches(const Node& node, ErrorList* errors) const {
    if (!parseErrors_.empty()) {
        if (errors) v::append(*errors, parseErrors_);
        return false;
    }
    if (hasLabels_)
        for (const auto& r : labels_)
            if (!r.matches(node.metadata().labels())) return false;
    // The only node field is metadata.name, present when the node has a name.
    const std::string& name = node.metadata().name();
    if (hasFields_ && !name.empty()) {
        for (const auto& f : fields_) {
            const std::string actual = f.key == "metadata.name" ? name : std::string();
            if (f.equal ? actual != f.value : actual == f.value) return false;
        }
    }
    return true;
}

LazyErrorNodeSelector LazyErrorNodeSelector::parse(const core::NodeSelector& selector, const std::string& path) {
    LazyErrorNodeSelector s;
    const std::string base = v::child(path, "nodeSelectorTerms");
    for (int i = 0; i < selector.node_selector_terms_size(); ++i) {
        const auto& term = selector.node_selector_terms(i);
        if (isEmptyNodeSelectorTerm(term)) continue;  // selects nothing
        s.terms_.push_back(NodeSelectorTerm::parse(term, v::index(base, i)));
    }
    return s;
}

bool LazyErrorNodeSelector::match(const Node& node, ErrorList* errors) const {
    ErrorList errs;
    for (const auto& term : terms_) {
        if (!term.parseErrors().empty()) {
            v::append(errs, term.parseErrors());
            continue;
        }
        if (term.matches(node)) return true;
    }
    if (errors) v::append(*errors, errs);
    return false;
}

ErrorList LazyErrorNodeSelector::parseErrors() const {
    ErrorList errs;
    for (const auto& term : terms_) v::append(errs, term.parseErrors());
    return errs;
}

std::optional<LazyErrorNodeSelector> newNodeSelector(const core::NodeSelector& selector, const std::string& path,
                                                     ErrorList* errors) {
    auto s = LazyErrorNodeSelector::parse(selector, path);
    ErrorList errs = s.parseErrors();
    if (!errs.empty()) {
        if (errors) v::append(*errors, errs);
        return std::nullopt;
    }
    return s;
}

std::optional<PreferredSchedulingTerms> PreferredSchedulingTerms::parse(
    const google::protobuf::RepeatedPtrField<core::PreferredSchedulingTerm>& terms, const std::string& path,
    ErrorList* errors) {
    PreferredSchedulingTerms out;
    ErrorList errs;
    for (int i = 0; i < terms.size(); ++i) {
        const auto& term = terms.Get(i);
        if (term.weight() == 0 || isEmptyNodeSelectorTerm(term.preference())) continue;
        auto parsed = NodeSelectorTerm::parse(term.preference(), v::index(path, i));
        if (!parsed.parseErrors().empty()) v::append(errs, parsed.parseErrors());
        else out.terms_.emplace_back(std::move(parsed), term.weight());
    }
    if (!errs.empty()) {
        if (errors) v::append(*errors, errs);
        return std::nullopt;
    }
    return out;
}

int64_t PreferredSchedulingTerms::score(const Node& node) const {
    int64_t score = 0;
    for (const auto& [term, weight] : terms_)
        if (term.matches(node)) score += weight;
    return score;
}

RequiredNodeAffinity RequiredNodeAffinity::fromPod(const Pod& pod) {
    RequiredNodeAffinity r;
    const auto& spec = pod.spec();
    if (!spec.node_selector().empty()) {
        r.hasNodeSelector_ = true;
        r.nodeSelector_.assign(spec.node_selector().begin(), spec.node_selector().end());
    }
    if (spec.has_affinity() && spec.affinity().has_node_affinity() &&
        spec.affinity().node_affinity().has_required_during_scheduling_ignored_during_execution())
        r.affinity_ = LazyErrorNodeSelector::parse(
            spec.affinity().node_affinity().required_during_scheduling_ignored_during_execution());
    return r;
}

bool RequiredNodeAffinity::match(const Node& node, ErrorList* errors) const {
    if (hasNodeSelector_) {
        const auto& labels = node.metadata().labels();
        for (const auto& [k, val] : nodeSelector_) {
            auto it = labels.find(k);
            if (it == labels.end() || it->second != val) return false;
        }
    }
    if (affinity_) return affinity_->match(node, errors);
    return true;
}

}  // namespace pilothouse::scheduler::plugins::helper
