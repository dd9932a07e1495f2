#include "scheduler/plugins/podtopologyspread/common.h"

#include "scheduler/plugins/helper/taints.h"

#include <algorithm>

namespace pilothouse::scheduler::plugins::podtopologyspread {
namespace {

std::string requirementString(const api::Requirement& r) {
    std::string values;
    for (size_t i = 0; i < r.values.size(); ++i) values += (i ? "," : "") + r.values[i];
    using Op = api::Requirement::Op;
    switch (r.op) {
        case Op::Equals: return r.key + "=" + values;
        case Op::NotEquals: return r.key + "!=" + values;
        case Op::In: return r.key + " in (" + values + ")";
        case Op::NotIn: return r.key + " notin (" + values + ")";
        case Op::Exists: return r.key;
        case Op::DoesNotExist: return "!" + r.key;
        case Op::GreaterThan: return r.key + ">" + values;
        case Op::LessThan: return r.key + "<" + values;
    }
    return r.key;
}

// schema.ParseGroupVersion, returning the group and version; nullopt for more than one '/'.
std::optional<std::pair<std::string, std::string>> parseGroupVersion(const std::string& gv) {
    if (gv.empty() || gv == "/") return std::pair<std::string, std::string>{};
    const auto slashes = std::count(gv.begin(), gv.end(), '/');
    if (slashes == 0) return std::pair<std::string, std::string>{"", gv};
    if (slashes == 1) {
        const auto i = gv.find('/');
        return std::pair<std::string, std::string>{gv.substr(0, i), gv.substr(i + 1)};
    }
    return std::nullopt;
}

// labels.Set(selector).Matches(labels): every key present with the same value.
bool setMatches(const LabelMap& set, const LabelMap& labels) {
    for (const auto& [k, v] : set) {
        auto it = labels.find(k);
        if (it == labels.end() || it->second != v) return false;
    }
    return true;
}

}  // namespace

// ---- SpreadSelector ----

SpreadSelector SpreadSelector::nothing() {
    SpreadSelector s;
    s.nothing_ = true;
    return s;
}

SpreadSelector SpreadSelector::fromSet(const std::map<std::string, std::string>& set) {
    SpreadSelector s;
    if (set.empty()) return s;
    LabelSelector ls;
    for (const auto& [k, v] : set) (*ls.mutable_match_labels())[k] = v;
    auto parsed = api::Selector::fromLabelSelector(ls);  // cannot fail: equality requirements only
    if (parsed) s.parts_.push_back(std::move(*parsed));
    return s;
}

StatusOr<SpreadSelector> SpreadSelector::fromLabelSelector(const LabelSelector* selector) {
    if (selector == nullptr) return nothing();
    SpreadSelector s;
    if (selector->match_labels().empty() && selector->match_expressions().empty()) return s;
    auto parsed = api::Selector::fromLabelSelector(*selector);
    if (!parsed) return parsed.status();
    s.parts_.push_back(std::move(*parsed));
    return s;
}

void SpreadSelector::add(const SpreadSelector& other) {
    if (nothing_ || other.nothing_) return;
    for (const auto& p : other.parts_) parts_.push_back(p);
}

bool SpreadSelector::matches(const LabelMap& labels) const {
    if (nothing_) return false;
    for (const auto& p : parts_)
        if (!p.matches(labels)) return false;
    return true;
}

bool SpreadSelector::matches(const std::map<std::string, std::string>& labels) const {
    if (nothing_) return false;
    for (const auto& p : parts_)
        if (!p.matches(labels)) return false;
    return true;
}

bool SpreadSelector::empty() const {
    if (nothing_) return false;
    for (const auto& p : parts_)
        if (!p.empty()) return false;
    return true;
}

std::string SpreadSelector::toString() const {
    if (nothing_) return "";
    std::vector<const api::Requirement*> reqs;
    for (const auto& p : parts_)
        for (const auto& r : p.requirements()) reqs.push_back(&r);
    std::stable_sort(reqs.begin(), reqs.end(), [](const auto* a, const auto* b) { return a->key < b->key; });
    std::string out;
    for (const auto* r : reqs) out += (out.empty() ? "" : ",") + requirementString(*r);
    return out;
}

// ---- Constraint ----

bool Constraint::matchNodeInclusionPolicies(const Pod& pod, const Node& node,
                                            const helper::RequiredNodeAffinity& affinity) const {
    if (nodeAffinityPolicy == kPolicyHonor && !affinity.match(node)) return false;
    if (nodeTaintsPolicy == kPolicyHonor && helper::findMatchingUntoleratedTaint(node.spec().taints(), pod.spec().tolerations(), helper::doNotScheduleTaintsFilter))
        return false;
    return true;
}

// ---- building constraints ----

StatusOr<std::vector<Constraint>> filterConstraints(const std::vector<const TopologySpreadConstraint*>& constraints,
                                                    const LabelMap& podLabels, const std::string& action,
                                                    const Gates& gates) {
    std::vector<Constraint> result;
    for (const auto* c : constraints) {
        if (c->when_unsatisfiable() != action) continue;
        auto selector = SpreadSelector::fromLabelSelector(c->has_label_selector() ? &c->label_selector() : nullptr);
        if (!selector) return selector.status();
        SpreadSelector sel = std::move(*selector);

        if (gates.matchLabelKeys && c->match_label_keys_size() > 0) {
            std::map<std::string, std::string> matchLabels;
            for (const auto& key : c->match_label_keys()) {
                auto it = podLabels.find(key);
                if (it != podLabels.end()) matchLabels[key] = it->second;
            }
            // The pod's values for the keys are ANDed with the selector; a nil selector stays
            // Nothing (it has no requirements to merge).
            if (!matchLabels.empty() && !sel.isNothing()) {
                SpreadSelector merged = SpreadSelector::fromSet(matchLabels);
                merged.add(sel);
                sel = std::move(merged);
            }
        }

        Constraint tsc;
        tsc.maxSkew = c->max_skew();
        tsc.topologyKey = c->topology_key();
        tsc.selector = std::move(sel);
        if (gates.minDomains && c->has_min_domains()) tsc.minDomains = c->min_domains();
        if (gates.nodeInclusionPolicy) {
            if (c->has_node_affinity_policy()) tsc.nodeAffinityPolicy = c->node_affinity_policy();
            if (c->has_node_taints_policy()) tsc.nodeTaintsPolicy = c->node_taints_policy();
        }
        result.push_back(std::move(tsc));
    }
    return result;
}

SpreadSelector defaultSelector(const Pod& pod, const framework::ClusterObjects& objects) {
    const std::string& ns = pod.metadata().namespace_();
    std::map<std::string, std::string> labelSet;
    // Services selecting the pod (a service without selector selects nothing). Their selectors
    // all match the pod's labels, so merging them cannot conflict.
    for (const auto& svc : objects.services) {
        if (!svc || svc->metadata().namespace_() != ns) continue;
        const auto& sel = svc->spec().selector();
        if (sel.empty()) continue;
        if (!setMatches(sel, pod.metadata().labels())) continue;
        for (const auto& [k, v] : sel) labelSet[k] = v;
    }
    SpreadSelector selector = SpreadSelector::fromSet(labelSet);

    const k8s::io::apimachinery::pkg::apis::meta::v1::OwnerReference* owner = nullptr;
    for (const auto& ref : pod.metadata().owner_references())
        if (ref.has_controller() && ref.controller()) {
            owner = &ref;
            break;
        }
    if (!owner) return selector;
    auto gv = parseGroupVersion(owner->api_version());
    if (!gv) return selector;
    const auto& [group, version] = *gv;
    const std::string& kind = owner->kind();

    if (group.empty() && version == "v1" && kind == "ReplicationController") {
        for (const auto& rc : objects.replicationControllers) {
            if (!rc || rc->metadata().namespace_() != ns || rc->metadata().name() != owner->name()) continue;
            for (const auto& [k, v] : rc->spec().selector()) labelSet[k] = v;
            selector = SpreadSelector::fromSet(labelSet);
            break;
        }
    } else if (group == "apps" && version == "v1" && kind == "ReplicaSet") {
        for (const auto& rs : objects.replicaSets) {
            if (!rs || rs->metadata().namespace_() != ns || rs->metadata().name() != owner->name()) continue;
            if (rs->spec().has_selector()) {
                auto other = SpreadSelector::fromLabelSelector(&rs->spec().selector());
                if (other) selector.add(*other);
            }
            break;
        }
    } else if (group == "apps" && version == "v1" && kind == "StatefulSet") {
        for (const auto& ss : objects.statefulSets) {
            if (!ss || ss->metadata().namespace_() != ns || ss->metadata().name() != owner->name()) continue;
            if (ss->spec().has_selector()) {
                auto other = SpreadSelector::fromLabelSelector(&ss->spec().selector());
                if (other) selector.add(*other);
            }
            break;
        }
    }
    return selector;
}

StatusOr<std::vector<Constraint>> buildDefaultConstraints(const Pod& pod,
                                                          const std::vector<TopologySpreadConstraint>& defaults,
                                                          const std::string& action,
                                                          const framework::ClusterObjects& objects,
                                                          const Gates& gates) {
    std::vector<const TopologySpreadConstraint*> ptrs;
    for (const auto& c : defaults) ptrs.push_back(&c);
    auto constraints = filterConstraints(ptrs, pod.metadata().labels(), action, gates);
    if (!constraints) return constraints.status();
    if (constraints->empty()) return std::vector<Constraint>{};
    SpreadSelector selector = defaultSelector(pod, objects);
    if (selector.empty()) return std::vector<Constraint>{};
    for (auto& c : *constraints) c.selector = selector;
    return constraints;
}

bool nodeLabelsMatchSpreadConstraints(const LabelMap& nodeLabels, const std::vector<Constraint>& constraints) {
    for (const auto& c : constraints)
        if (nodeLabels.find(c.topologyKey) == nodeLabels.end()) return false;
    return true;
}

int64_t countPodsMatchSelector(const std::vector<std::shared_ptr<const framework::PodInfo>>& pods,
                               const SpreadSelector& selector, const std::string& ns) {
    if (selector.empty()) return 0;
    int64_t count = 0;
    for (const auto& pi : pods) {
        if (!pi || !pi->pod) continue;
        const Pod& p = *pi->pod;
        // Terminating pods do not count (kubernetes#87621).
        if (p.metadata().has_deletion_timestamp() || p.metadata().namespace_() != ns) continue;
        if (selector.matches(p.metadata().labels())) ++count;
    }
    return count;
}

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
