// What-ifs: from the filter plugins that reject a node to changes that make the pod pass them,
// verified by explaining the pod again. See what_if.h.
#include "scheduler/what_if.h"

#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <map>
#include <set>

#include "api/object.h"
#include "api/resource/quantity.h"
#include "scheduler/explainer.h"
#include "scheduler/framework/pod_resources.h"
#include "scheduler/plugins/helper/node_affinity.h"
#include "scheduler/plugins/helper/taints.h"
#include "scheduler/plugins/interpodaffinity/plugin.h"
#include "scheduler/plugins/names.h"
#include "scheduler/plugins/noderesources/fit.h"
#include "scheduler/plugins/podtopologyspread/filtering.h"
#include "scheduler/what_if_internal.h"

namespace pilothouse::scheduler {

const char* whatIfSideName(WhatIfSide side) {
    switch (side) {
        case WhatIfSide::Pod:
            return "pod";
        case WhatIfSide::Node:
            return "node";
        case WhatIfSide::Both:
            return "both";
    }
    return "";
}

namespace whatif {
namespace {

namespace helper = plugins::helper;
using framework::NodeInfo;
using framework::PodInfo;
using google::protobuf::util::MessageDifferencer;

// Rounds of explain → fix: each round fixes what the node's rejecting plugins say; a plugin such
// as TaintToleration names one problem at a time (the first untolerated taint).
constexpr int kMaxRounds = 8;

constexpr const char* kUnschedulableTaint = "node.kubernetes.io/unschedulable";
constexpr const char* kReasonUntoleratedTaint = "node(s) had untolerated taint {";
constexpr const char* kReasonUnschedulable = "node(s) were unschedulable";
constexpr const char* kReasonNodeAffinityPod = "node(s) didn't match Pod's node affinity/selector";

// ---------------------------------------------------------------------------------------------
// The cluster as scheduling sees it (defaulted as the API server would have), for the numbers
// and objects a fix needs: the pod, every node with the pods bound to it, namespaces' labels.

struct View {
    SnapshotCluster cluster;
    std::shared_ptr<const framework::Pod> pod;
    std::map<std::string, std::unique_ptr<NodeInfo>> nodes;
    NodeInfo* target = nullptr;

    const std::map<std::string, std::string>& namespaceLabels(const std::string& ns) const {
        static const std::map<std::string, std::string> none;
        auto it = cluster.objects.namespaceLabels.find(ns);
        return it == cluster.objects.namespaceLabels.end() ? none : it->second;
    }
};

// What explainPod reads: the pod as pending, the other pods that hold something, the kinds
// scheduling reads.
std::unique_ptr<View> viewOf(const Objects& objects, const std::string& podKey,
                             const std::string& nodeName) {
    std::vector<codec::Manifest> manifests = manifestsForExplaining(objects, podKey);
    auto v = std::make_unique<View>();
    std::vector<std::string> warnings;
    v->cluster = snapshotFromManifests(manifests, &warnings);
    for (const auto& n : v->cluster.nodes)
        v->nodes[n->metadata().name()] = std::make_unique<NodeInfo>(n);
    for (const auto& p : v->cluster.pods) {
        if (framework::podKey(*p) == podKey) {
            v->pod = p;
            continue;
        }
        auto it = v->nodes.find(p->spec().node_name());
        if (it != v->nodes.end())
            it->second->addPod(PodInfo::make(p));
    }
    auto it = v->nodes.find(nodeName);
    if (it != v->nodes.end())
        v->target = it->second.get();
    return v;
}

// ---------------------------------------------------------------------------------------------
// Texts.

std::string joined(const std::vector<std::string>& parts, const char* separator) {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : separator) + p;
    return out;
}

std::string requirementText(const core::NodeSelectorRequirement& r) {
    std::string out = r.key() + " " + r.operator_();
    if (r.values_size() > 0) {
        std::vector<std::string> values(r.values().begin(), r.values().end());
        out += " [" + joined(values, ", ") + "]";
    }
    return out;
}

std::string selectorText(const k8s::io::apimachinery::pkg::apis::meta::v1::LabelSelector& s) {
    std::vector<std::string> parts;
    std::map<std::string, std::string> sorted(s.match_labels().begin(), s.match_labels().end());
    for (const auto& [k, v] : sorted) parts.push_back(k + "=" + v);
    for (const auto& e : s.match_expressions()) {
        std::vector<std::string> values(e.values().begin(), e.values().end());
        parts.push_back(e.key() + " " + e.operator_() +
                        (values.empty() ? "" : " [" + joined(values, ", ") + "]"));
    }
    return joined(parts, ", ");
}

std::string podTermText(const core::PodAffinityTerm& t) {
    return selectorText(t.label_selector()) + ", topologyKey " + t.topology_key();
}

std::string quantityText(const std::string& resource, int64_t amount) {
    if (resource == "cpu")
        return resource::Quantity::fromMilli(amount, resource::Format::DecimalSI).toString();
    if (resource == "memory" || resource == "ephemeral-storage" ||
        resource.starts_with("hugepages-"))
        return resource::Quantity::fromInt(amount, resource::Format::BinarySI).toString();
    return resource::Quantity::fromInt(amount, resource::Format::DecimalSI).toString();
}

// ---------------------------------------------------------------------------------------------
// Per-plugin fixes.

// What a side can do about one plugin: changes, or why it cannot; neither when the plugin no
// longer rejects the node (an earlier fix of the same round took care of it).
struct Fix {
    std::vector<Change> changes;
    std::optional<WhatIfReason> whyNot;
};

using Why = WhatIfReason::Kind;

Fix cannot(Why kind, std::vector<std::string> args = {}) {
    return {{}, WhatIfReason{kind, std::move(args)}};
}
Fix cannot(const WhatIfReason& why) {
    return {{}, why};
}

struct Context {
    const std::string& podKey;
    const std::string& nodeName;
    const Objects& objects;  // as changed so far
    const View& view;
    const PodOwner& owner;
    const core::Pod& pod() const { return *findPod(objects, podKey); }
    const core::Node& node() const { return *findNode(objects, nodeName); }
};

// A pod-side change of `kind` on the pod's owner; a node-side one on the node asked about.
WhatIfChange podSide(const Context& c, WhatIfChange::Kind kind) {
    WhatIfChange w;
    w.kind = kind;
    w.target = c.owner.target;
    return w;
}
WhatIfChange nodeSide(const Context& c, WhatIfChange::Kind kind) {
    WhatIfChange w;
    w.kind = kind;
    w.node = c.nodeName;
    return w;
}

Change podChange(WhatIfChange what, std::function<void(core::PodSpec&)> edit) {
    return {WhatIfSide::Pod, std::move(what), std::move(edit), {}, {}};
}
Change nodeChange(WhatIfChange what, std::function<void(core::Node&)> edit) {
    return {WhatIfSide::Node, std::move(what), {}, std::move(edit), {}};
}
Change eviction(const NodeInfo& node, const core::Pod& victim) {
    WhatIfChange w;
    w.kind = WhatIfChange::Kind::EvictPod;
    w.node = node.nodeName();
    w.pod = framework::podKey(victim);
    w.priority = victim.spec().priority();
    return {WhatIfSide::Node, w, {}, {}, w.pod};
}

Change addToleration(const Context& c, core::Toleration t) {
    WhatIfChange w = podSide(c, WhatIfChange::Kind::AddToleration);
    w.key = t.key();
    w.value = t.value();
    w.effect = t.effect();
    return podChange(std::move(w), [t](core::PodSpec& spec) {
        for (const auto& have : spec.tolerations())
            if (MessageDifferencer::Equals(have, t))
                return;
        *spec.add_tolerations() = t;
    });
}

Change uncordon(const Context& c) {
    return nodeChange(nodeSide(c, WhatIfChange::Kind::Uncordon), [](core::Node& node) {
        node.mutable_spec()->set_unschedulable(false);
        auto* taints = node.mutable_spec()->mutable_taints();
        for (int i = taints->size() - 1; i >= 0; --i)
            if (taints->Get(i).key() == kUnschedulableTaint)
                taints->DeleteSubrange(i, 1);
    });
}

// Taints the node lifecycle controller keeps in step with the node's conditions.
bool conditionTaint(const std::string& key) {
    static const std::set<std::string> keys = {
        "node.kubernetes.io/not-ready",       "node.kubernetes.io/unreachable",
        "node.kubernetes.io/memory-pressure", "node.kubernetes.io/disk-pressure",
        "node.kubernetes.io/pid-pressure",    "node.kubernetes.io/network-unavailable",
    };
    return keys.contains(key);
}

Fix taintFix(const Context& c, const std::vector<std::string>& reasons, WhatIfSide side) {
    Fix fix;
    for (const auto& reason : reasons) {
        // "node(s) had untolerated taint {<key>: <value>}"
        if (!reason.starts_with(kReasonUntoleratedTaint) || !reason.ends_with("}"))
            return cannot(Why::UnknownReason, {reason});
        const std::string inner =
            reason.substr(std::string(kReasonUntoleratedTaint).size(),
                          reason.size() - std::string(kReasonUntoleratedTaint).size() - 1);
        const auto colon = inner.find(": ");
        const std::string key = inner.substr(0, colon);
        const std::string value = colon == std::string::npos ? "" : inner.substr(colon + 2);
        const helper::Taint* taint = nullptr;
        for (const auto& t : c.node().spec().taints())
            if (t.key() == key && t.value() == value && helper::doNotScheduleTaintsFilter(t) &&
                !helper::tolerationsTolerateTaint(c.pod().spec().tolerations(), t)) {
                taint = &t;
                break;
            }
        if (!taint)
            continue;  // tolerated or removed by an earlier fix
        if (side == WhatIfSide::Pod) {
            if (c.owner.kind == PodOwner::Kind::Unsupported)
                return cannot(c.owner.whyNot);
            core::Toleration t;
            t.set_key(taint->key());
            t.set_operator_(taint->value().empty() ? "Exists" : "Equal");
            t.set_value(taint->value());
            t.set_effect(taint->effect());
            fix.changes.push_back(addToleration(c, t));
        } else if (taint->key() == kUnschedulableTaint) {
            fix.changes.push_back(uncordon(c));
        } else if (conditionTaint(taint->key())) {
            return cannot(Why::ConditionTaint, {taint->key(), c.nodeName});
        } else {
            const core::Taint t = *taint;
            WhatIfChange w = nodeSide(c, WhatIfChange::Kind::RemoveTaint);
            w.key = t.key();
            w.value = t.value();
            w.effect = t.effect();
            fix.changes.push_back(nodeChange(std::move(w), [t](core::Node& node) {
                auto* taints = node.mutable_spec()->mutable_taints();
                for (int i = taints->size() - 1; i >= 0; --i)
                    if (taints->Get(i).key() == t.key() && taints->Get(i).value() == t.value() &&
                        taints->Get(i).effect() == t.effect())
                        taints->DeleteSubrange(i, 1);
            }));
        }
    }
    return fix;
}

Fix unschedulableFix(const Context& c, const std::vector<std::string>& reasons, WhatIfSide side) {
    for (const auto& reason : reasons)
        if (reason != kReasonUnschedulable)
            return cannot(Why::NotChangeable, {reason});
    if (side == WhatIfSide::Node)
        return {{uncordon(c)}, {}};
    if (c.owner.kind == PodOwner::Kind::Unsupported)
        return cannot(c.owner.whyNot);
    core::Toleration t;
    t.set_key(kUnschedulableTaint);
    t.set_operator_("Exists");
    t.set_effect(helper::kTaintEffectNoSchedule);
    return {{addToleration(c, t)}, {}};
}

// ---- NodeAffinity ----

std::optional<helper::LabelRequirement> labelRequirement(const core::NodeSelectorRequirement& r) {
    static const std::map<std::string, helper::LabelRequirement::Op> ops = {
        {"In", helper::LabelRequirement::Op::In},
        {"NotIn", helper::LabelRequirement::Op::NotIn},
        {"Exists", helper::LabelRequirement::Op::Exists},
        {"DoesNotExist", helper::LabelRequirement::Op::DoesNotExist},
        {"Gt", helper::LabelRequirement::Op::GreaterThan},
        {"Lt", helper::LabelRequirement::Op::LessThan},
    };
    auto it = ops.find(r.operator_());
    if (it == ops.end())
        return std::nullopt;
    return helper::LabelRequirement{r.key(), it->second, {r.values().begin(), r.values().end()}};
}

bool requirementHolds(const core::NodeSelectorRequirement& r, const helper::LabelMap& labels) {
    auto req = labelRequirement(r);
    return req && req->matches(labels);
}

bool fieldRequirementHolds(const core::NodeSelectorRequirement& r, const core::Node& node) {
    core::NodeSelectorTerm term;
    *term.add_match_fields() = r;
    return helper::NodeSelectorTerm::parse(term, "").matches(node);
}

// Label values (nullopt: the label removed) that would make `labels[key]` meet every one of
// `requirements`; the first that does, in order: removed, the In values, Gt+1 / Lt-1, "true".
std::optional<std::optional<std::string>> labelValueFor(
    const std::string& key, const std::vector<const core::NodeSelectorRequirement*>& requirements,
    const helper::LabelMap& labels) {
    std::vector<std::optional<std::string>> candidates = {std::nullopt};
    for (const auto* r : requirements) {
        if (r->operator_() == "In")
            for (const auto& v : r->values()) candidates.push_back(v);
        if ((r->operator_() == "Gt" || r->operator_() == "Lt") && r->values_size() == 1)
            if (auto n = helper::parseGoInt64(r->values(0)))
                candidates.push_back(std::to_string(r->operator_() == "Gt" ? *n + 1 : *n - 1));
    }
    candidates.push_back("true");
    for (const auto& candidate : candidates) {
        helper::LabelMap trial = labels;
        if (candidate)
            trial[key] = *candidate;
        else
            trial.erase(key);
        bool all = true;
        for (const auto* r : requirements) all = all && requirementHolds(*r, trial);
        if (all)
            return candidate;
    }
    return std::nullopt;
}

Fix nodeAffinityFix(const Context& c, const std::vector<std::string>& reasons, WhatIfSide side) {
    for (const auto& reason : reasons)
        if (reason != kReasonNodeAffinityPod)
            return reason == "node(s) didn't match scheduler-enforced node affinity"
                       ? cannot(Why::SchedulerEnforcedAffinity, {c.nodeName})
                       : cannot(Why::NotChangeable, {reason});
    const core::Pod& pod = c.pod();
    const core::Node& node = c.node();
    const auto& labels = node.metadata().labels();
    const bool hasRequired = pod.spec()
                                 .affinity()
                                 .node_affinity()
                                 .has_required_during_scheduling_ignored_during_execution();
    const auto& terms = pod.spec()
                            .affinity()
                            .node_affinity()
                            .required_during_scheduling_ignored_during_execution()
                            .node_selector_terms();
    const bool affinityFails =
        hasRequired && !helper::LazyErrorNodeSelector::parse(
                            pod.spec()
                                .affinity()
                                .node_affinity()
                                .required_during_scheduling_ignored_during_execution())
                            .match(node);
    std::map<std::string, std::string> selector(pod.spec().node_selector().begin(),
                                                pod.spec().node_selector().end());
    Fix fix;
    if (side == WhatIfSide::Pod) {
        if (c.owner.kind == PodOwner::Kind::Unsupported)
            return cannot(c.owner.whyNot);
        for (const auto& [k, v] : selector) {
            auto it = labels.find(k);
            if (it != labels.end() && it->second == v)
                continue;
            WhatIfChange w = podSide(c, WhatIfChange::Kind::RemoveNodeSelector);
            w.key = k;
            w.value = v;
            fix.changes.push_back(podChange(std::move(w), [k](core::PodSpec& spec) {
                spec.mutable_node_selector()->erase(k);
            }));
        }
        if (!affinityFails)
            return fix;
        // The term with the fewest failing requirements; drop those (or the whole required
        // affinity when that term would be left empty, which matches nothing).
        int best = -1;
        std::vector<int> bestExpr, bestFields;
        for (int i = 0; i < terms.size(); ++i) {
            std::vector<int> exprs, fields;
            for (int j = 0; j < terms[i].match_expressions_size(); ++j)
                if (!requirementHolds(terms[i].match_expressions(j), labels))
                    exprs.push_back(j);
            for (int j = 0; j < terms[i].match_fields_size(); ++j)
                if (!fieldRequirementHolds(terms[i].match_fields(j), node))
                    fields.push_back(j);
            if (best < 0 || exprs.size() + fields.size() < bestExpr.size() + bestFields.size()) {
                best = i;
                bestExpr = exprs;
                bestFields = fields;
            }
        }
        const int size =
            best < 0 ? 0 : terms[best].match_expressions_size() + terms[best].match_fields_size();
        if (best < 0 || int(bestExpr.size() + bestFields.size()) >= size) {
            fix.changes.push_back(podChange(
                podSide(c, WhatIfChange::Kind::RemoveNodeAffinity), [](core::PodSpec& spec) {
                    spec.mutable_affinity()
                        ->mutable_node_affinity()
                        ->clear_required_during_scheduling_ignored_during_execution();
                }));
            return fix;
        }
        const core::NodeSelectorTerm original = terms[best];
        std::vector<std::string> texts;
        core::NodeSelectorTerm reduced;
        for (int j = 0; j < original.match_expressions_size(); ++j) {
            if (std::find(bestExpr.begin(), bestExpr.end(), j) != bestExpr.end())
                texts.push_back(requirementText(original.match_expressions(j)));
            else
                *reduced.add_match_expressions() = original.match_expressions(j);
        }
        for (int j = 0; j < original.match_fields_size(); ++j) {
            if (std::find(bestFields.begin(), bestFields.end(), j) != bestFields.end())
                texts.push_back(requirementText(original.match_fields(j)));
            else
                *reduced.add_match_fields() = original.match_fields(j);
        }
        WhatIfChange w = podSide(c, WhatIfChange::Kind::RemoveNodeAffinityRequirements);
        w.requirements = std::move(texts);
        fix.changes.push_back(podChange(std::move(w), [original, reduced](core::PodSpec& spec) {
            auto* ts = spec.mutable_affinity()
                           ->mutable_node_affinity()
                           ->mutable_required_during_scheduling_ignored_during_execution()
                           ->mutable_node_selector_terms();
            for (auto& t : *ts)
                if (MessageDifferencer::Equals(t, original))
                    t = reduced;
        }));
        return fix;
    }

    // Node side: labels for the nodeSelector, then for the term needing the fewest changes.
    helper::LabelMap want = labels;
    for (const auto& [k, v] : selector) want[k] = v;
    if (affinityFails) {
        std::optional<helper::LabelMap> best;
        size_t bestCost = 0;
        for (const auto& term : terms) {
            if (term.match_expressions_size() == 0 && term.match_fields_size() == 0)
                continue;  // matches nothing
            bool possible = true;
            for (const auto& f : term.match_fields())
                possible = possible && fieldRequirementHolds(f, node);
            std::map<std::string, std::vector<const core::NodeSelectorRequirement*>> byKey;
            for (const auto& r : term.match_expressions()) byKey[r.key()].push_back(&r);
            helper::LabelMap trial = want;
            for (const auto& [key, reqs] : byKey) {
                if (!possible)
                    break;
                bool holds = true;
                for (const auto* r : reqs) holds = holds && requirementHolds(*r, trial);
                if (holds)
                    continue;
                if (selector.contains(key)) {
                    possible = false;  // the nodeSelector fixes this label's value
                    break;
                }
                auto value = labelValueFor(key, reqs, trial);
                if (!value)
                    possible = false;
                else if (*value)
                    trial[key] = **value;
                else
                    trial.erase(key);
            }
            if (!possible)
                continue;
            size_t cost = 0;
            for (const auto& [k, v] : trial)
                cost += (!labels.contains(k) || labels.at(k) != v) ? 1 : 0;
            for (const auto& [k, v] : labels) cost += trial.contains(k) ? 0 : 1;
            if (!best || cost < bestCost) {
                best = trial;
                bestCost = cost;
            }
        }
        if (!best)
            return cannot(Why::NoAffinityTermByLabels, {c.nodeName});
        want = *best;
    }
    std::map<std::string, std::string> sortedWant(want.begin(), want.end());
    for (const auto& [k, v] : sortedWant) {
        if (labels.contains(k) && labels.at(k) == v)
            continue;
        WhatIfChange w = nodeSide(c, WhatIfChange::Kind::SetNodeLabel);
        w.key = k;
        w.value = v;
        fix.changes.push_back(nodeChange(std::move(w), [k, v](core::Node& n) {
            (*n.mutable_metadata()->mutable_labels())[k] = v;
        }));
    }
    std::map<std::string, std::string> sortedHave(labels.begin(), labels.end());
    for (const auto& [k, v] : sortedHave) {
        if (want.contains(k))
            continue;
        WhatIfChange w = nodeSide(c, WhatIfChange::Kind::RemoveNodeLabel);
        w.key = k;
        fix.changes.push_back(nodeChange(std::move(w), [k](core::Node& n) {
            n.mutable_metadata()->mutable_labels()->erase(k);
        }));
    }
    return fix;
}

// ---- NodeResourcesFit ----

// The amount of `resource` in a container's requests, as scheduling counts it.
int64_t requestOf(const core::Container& container, const std::string& resource) {
    auto it = container.resources().requests().find(resource);
    if (it == container.resources().requests().end())
        return 0;
    auto q = resource::Quantity::parse(it->second);
    if (!q)
        return 0;
    return resource == "cpu" ? q->milliValue() : q->value();
}

// Edits that bring the pod's request of `resource` down to `target`, or nullopt: the regular
// containers' sum (largest first) and each init container to at most target minus the overhead.
std::optional<std::function<void(core::PodSpec&)>> lowerRequest(const framework::Pod& pod,
                                                                const std::string& resource,
                                                                int64_t target) {
    int64_t overhead = 0;
    if (auto it = pod.spec().overhead().find(resource); it != pod.spec().overhead().end())
        if (auto q = resource::Quantity::parse(it->second))
            overhead = resource == "cpu" ? q->milliValue() : q->value();
    const int64_t room = target - overhead;
    if (room <= 0)
        return std::nullopt;
    std::vector<std::pair<std::string, int64_t>> regular;  // name, new amount
    int64_t sum = 0;
    for (const auto& ctr : pod.spec().containers()) {
        regular.emplace_back(ctr.name(), requestOf(ctr, resource));
        sum += regular.back().second;
    }
    std::map<std::string, int64_t> set;  // container name -> new amount
    while (sum > room) {
        auto largest =
            std::max_element(regular.begin(), regular.end(),
                             [](const auto& a, const auto& b) { return a.second < b.second; });
        const int64_t cut = std::min(largest->second, sum - room);
        largest->second -= cut;
        sum -= cut;
        set[largest->first] = largest->second;
    }
    std::map<std::string, int64_t> setInit;
    for (const auto& ctr : pod.spec().init_containers())
        if (requestOf(ctr, resource) > room)
            setInit[ctr.name()] = room;
    const std::string text = resource;
    return [set, setInit, text](core::PodSpec& spec) {
        for (auto& ctr : *spec.mutable_containers())
            if (auto it = set.find(ctr.name()); it != set.end())
                (*ctr.mutable_resources()->mutable_requests())[text] =
                    quantityText(text, it->second);
        for (auto& ctr : *spec.mutable_init_containers())
            if (auto it = setInit.find(ctr.name()); it != setInit.end())
                (*ctr.mutable_resources()->mutable_requests())[text] =
                    quantityText(text, it->second);
    };
}

Fix resourcesFix(const Context& c, const std::vector<std::string>& reasons, WhatIfSide side) {
    std::set<std::string> named;
    for (const auto& reason : reasons) {
        if (reason == "Too many pods")
            named.insert("pods");
        else if (reason.starts_with("Insufficient "))
            named.insert(reason.substr(13));
        else
            return cannot(Why::NotChangeable, {reason});
    }
    std::vector<plugins::noderesources::InsufficientResource> short_;
    for (auto& s : plugins::noderesources::fits(*c.view.pod, *c.view.target))
        if (named.contains(s.resourceName))
            short_.push_back(std::move(s));
    if (short_.empty())
        return {};
    Fix fix;
    const NodeInfo& node = *c.view.target;
    if (side == WhatIfSide::Pod) {
        if (c.owner.kind == PodOwner::Kind::Unsupported)
            return cannot(c.owner.whyNot);
        for (const auto& s : short_) {
            if (s.resourceName == "pods")
                return cannot(Why::TooManyPods, {c.nodeName, std::to_string(s.capacity)});
            const int64_t free = s.capacity - s.used;
            if (free <= 0)
                return cannot(Why::NoResourceLeft,
                              {c.nodeName, s.resourceName, quantityText(s.resourceName, s.used),
                               quantityText(s.resourceName, s.capacity)});
            auto edit = lowerRequest(*c.view.pod, s.resourceName, free);
            if (!edit)
                return cannot(Why::OverheadTooLarge, {s.resourceName, c.nodeName});
            WhatIfChange w = podSide(c, WhatIfChange::Kind::LowerRequest);
            w.resource = s.resourceName;
            w.from = quantityText(s.resourceName, s.requested);
            w.to = quantityText(s.resourceName, free);
            fix.changes.push_back(podChange(std::move(w), std::move(*edit)));
        }
        return fix;
    }
    // Node side: evict the fewest pods of lower priority, lowest priority first (preemption's
    // rule), then give back any the others make unnecessary, highest priority first.
    const int32_t priority = c.view.pod->spec().priority();
    std::map<std::string, int64_t> need;
    for (const auto& s : short_)
        need[s.resourceName] = s.resourceName == "pods" ? s.used + 1 - s.capacity
                                                        : s.requested - (s.capacity - s.used);
    struct Candidate {
        const framework::Pod* pod;
        framework::Resource frees;
    };
    std::vector<Candidate> candidates;
    for (const auto& info : node.pods()) {
        if (info->pod->spec().priority() >= priority ||
            info->pod->metadata().has_deletion_timestamp())
            continue;
        candidates.push_back({info->pod.get(), framework::computePodResourceRequest(*info->pod)});
    }
    if (candidates.empty())
        return cannot(Why::NoLowerPriorityPod, {c.nodeName, std::to_string(priority)});
    auto amount = [](const Candidate& v, const std::string& r) {
        return r == "pods" ? int64_t(1) : v.frees.get(r);
    };
    auto usefulness = [&](const Candidate& v) {
        double u = 0;
        for (const auto& [r, n] : need)
            u += double(std::min(amount(v, r), n)) / double(std::max<int64_t>(n, 1));
        return u;
    };
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](const Candidate& a, const Candidate& b) {
                         if (a.pod->spec().priority() != b.pod->spec().priority())
                             return a.pod->spec().priority() < b.pod->spec().priority();
                         return usefulness(a) > usefulness(b);
                     });
    auto enough = [&](const std::vector<const Candidate*>& chosen) {
        for (const auto& [r, n] : need) {
            int64_t freed = 0;
            for (const auto* v : chosen) freed += amount(*v, r);
            if (freed < n)
                return false;
        }
        return true;
    };
    std::vector<const Candidate*> chosen;
    for (const auto& v : candidates) {
        if (enough(chosen))
            break;
        if (usefulness(v) > 0)
            chosen.push_back(&v);
    }
    if (!enough(chosen)) {
        std::vector<std::string> what;
        for (const auto& s : short_) what.push_back(s.resourceName);
        return cannot(Why::EvictionsNotEnough,
                      {std::to_string(priority), c.nodeName, joined(what, ", ")});
    }
    for (size_t i = chosen.size(); i-- > 0;) {
        std::vector<const Candidate*> without = chosen;
        without.erase(without.begin() + long(i));
        if (enough(without))
            chosen = std::move(without);
    }
    for (const auto* v : chosen) fix.changes.push_back(eviction(node, *v->pod));
    return fix;
}

// ---- NodePorts ----

Fix portsFix(const Context& c, WhatIfSide side) {
    if (side == WhatIfSide::Pod)
        return cannot(Why::HostPorts);
    Fix fix;
    const NodeInfo& node = *c.view.target;
    for (const auto& info : node.pods()) {
        NodeInfo alone(node.nodePtr());
        alone.addPod(info);
        bool conflict = false;
        for (const auto& ctr : c.view.pod->spec().containers())
            for (const auto& p : ctr.ports())
                conflict = conflict || alone.usedPorts().checkConflict(p.host_ip(), p.protocol(),
                                                                       p.host_port());
        if (conflict)
            fix.changes.push_back(eviction(node, *info->pod));
    }
    return fix;
}

// ---- InterPodAffinity ----

// Is `other` (on `otherNode`) in the same `topologyKey` domain as the target node?
bool sameDomain(const Context& c, const NodeInfo& otherNode, const std::string& topologyKey) {
    const auto& a = c.view.target->node()->metadata().labels();
    const auto& b = otherNode.node()->metadata().labels();
    auto ia = a.find(topologyKey), ib = b.find(topologyKey);
    return ia != a.end() && ib != b.end() && ia->second == ib->second;
}

Fix interPodAffinityFix(const Context& c, const std::vector<std::string>& reasons,
                        WhatIfSide side) {
    namespace ipa = plugins::interpodaffinity;
    Fix fix;
    auto self = PodInfo::make(c.view.pod);
    if (!self->parseError.empty())
        return cannot(Why::AffinityDoesNotParse, {self->parseError});
    const auto& nsLabels = c.view.namespaceLabels(c.view.pod->metadata().namespace_());
    std::set<std::string> evicted;
    auto evict = [&](const NodeInfo& n, const framework::Pod& p) {
        if (evicted.insert(framework::podKey(p)).second)
            fix.changes.push_back(eviction(n, p));
    };
    for (const auto& reason : reasons) {
        if (reason == ipa::kErrReasonExistingAntiAffinityRulesNotMatch) {
            if (side == WhatIfSide::Pod)
                return cannot(Why::OtherPodsAntiAffinity);
            for (const auto& [_, n] : c.view.nodes)
                for (const auto& other : n->podsWithRequiredAntiAffinity())
                    for (const auto& term : other->requiredAntiAffinityTerms)
                        if (sameDomain(c, *n, term.topologyKey) &&
                            term.matches(*c.view.pod, nsLabels))
                            evict(*n, *other->pod);
        } else if (reason == ipa::kErrReasonAntiAffinityRulesNotMatch ||
                   reason == ipa::kErrReasonAffinityRulesNotMatch) {
            const bool anti = reason == ipa::kErrReasonAntiAffinityRulesNotMatch;
            if (!anti && side == WhatIfSide::Node)
                return cannot(Why::PodAffinityNeedsPods, {c.nodeName});
            if (side == WhatIfSide::Pod && c.owner.kind == PodOwner::Kind::Unsupported)
                return cannot(c.owner.whyNot);
            const auto& terms =
                anti ? self->requiredAntiAffinityTerms : self->requiredAffinityTerms;
            const auto& specTerms =
                anti ? c.view.pod->spec()
                           .affinity()
                           .pod_anti_affinity()
                           .required_during_scheduling_ignored_during_execution()
                     : c.view.pod->spec()
                           .affinity()
                           .pod_affinity()
                           .required_during_scheduling_ignored_during_execution();
            for (size_t i = 0; i < terms.size() && int(i) < specTerms.size(); ++i) {
                std::vector<std::pair<const NodeInfo*, const framework::Pod*>> matching;
                for (const auto& [_, n] : c.view.nodes) {
                    if (!sameDomain(c, *n, terms[i].topologyKey))
                        continue;
                    for (const auto& other : n->pods())
                        if (terms[i].matches(*other->pod,
                                             c.view.namespaceLabels(other->namespace_())))
                            matching.emplace_back(n.get(), other->pod.get());
                }
                if (anti == matching.empty())
                    continue;  // this term holds on the node
                if (side == WhatIfSide::Node) {
                    for (const auto& [n, p] : matching) evict(*n, *p);
                    continue;
                }
                const core::PodAffinityTerm term = specTerms[int(i)];
                WhatIfChange w = podSide(c, anti ? WhatIfChange::Kind::RemovePodAntiAffinityTerm
                                                 : WhatIfChange::Kind::RemovePodAffinityTerm);
                w.term = podTermText(term);
                fix.changes.push_back(podChange(std::move(w), [term, anti](core::PodSpec& spec) {
                    auto* ts =
                        anti ? spec.mutable_affinity()
                                   ->mutable_pod_anti_affinity()
                                   ->mutable_required_during_scheduling_ignored_during_execution()
                             : spec.mutable_affinity()
                                   ->mutable_pod_affinity()
                                   ->mutable_required_during_scheduling_ignored_during_execution();
                    for (int j = ts->size() - 1; j >= 0; --j)
                        if (MessageDifferencer::Equals(ts->Get(j), term))
                            ts->DeleteSubrange(j, 1);
                }));
            }
        } else {
            return cannot(Why::NotChangeable, {reason});
        }
    }
    return fix;
}

// ---- everything else ----

Fix otherFix(const std::string& plugin, const std::vector<std::string>& reasons) {
    namespace pts = plugins::podtopologyspread;
    if (plugin == names::PodTopologySpread) {
        for (const auto& r : reasons)
            if (r == pts::kErrReasonNodeLabelNotMatch)
                return cannot(Why::TopologyLabelMissing);
        return cannot(Why::TopologySkew);
    }
    static const std::set<std::string> volumes = {
        "VolumeRestrictions", "VolumeBinding", "VolumeZone",      "NodeVolumeLimits",
        "EBSLimits",          "GCEPDLimits",   "AzureDiskLimits", "CinderLimits"};
    if (volumes.contains(plugin))
        return cannot(Why::Volumes);
    if (plugin == names::NodeName)
        return cannot(Why::NodeNameSet);
    return cannot(Why::NoWhatIf, {plugin, joined(reasons, "; ")});
}

Fix fixFor(const Context& c, const std::string& plugin, const std::vector<std::string>& reasons,
           WhatIfSide side) {
    if (plugin == names::TaintToleration)
        return taintFix(c, reasons, side);
    if (plugin == names::NodeUnschedulable)
        return unschedulableFix(c, reasons, side);
    if (plugin == names::NodeAffinity)
        return nodeAffinityFix(c, reasons, side);
    if (plugin == names::NodeResourcesFit)
        return resourcesFix(c, reasons, side);
    if (plugin == names::NodePorts)
        return portsFix(c, side);
    if (plugin == names::InterPodAffinity)
        return interPodAffinityFix(c, reasons, side);
    return otherFix(plugin, reasons);
}

// Plugins in the order their fixes are worked out: evictions for specific conflicts before the
// resources (whose evictions then count what is already gone), the rest after.
int fixOrder(const std::string& plugin) {
    static const std::vector<std::string> order = {
        names::NodeUnschedulable, names::TaintToleration,  names::NodeAffinity,
        names::NodePorts,         names::InterPodAffinity, names::NodeResourcesFit};
    auto it = std::find(order.begin(), order.end(), plugin);
    return it == order.end() ? int(order.size()) : int(it - order.begin());
}

// ---------------------------------------------------------------------------------------------
// Explain, fix, repeat.

struct Inputs {
    const Objects& objects;
    const std::string& podKey;
    const std::string& nodeName;
    const config::KubeSchedulerConfiguration& config;
    const framework::FeatureGates& gates;
};

// The rejections of the node in an explanation: plugin -> reasons, empty when it passes. A node
// that PreFilter's result left out (NodeAffinity's metadata.name terms) counts as NodeAffinity's.
StatusOr<std::map<std::string, std::vector<std::string>>> rejections(const Inputs& in,
                                                                     const Objects& objects) {
    auto e = explainPod(objects, in.podKey, in.config, in.gates);
    if (!e)
        return e.status();
    const Explanation& x = *e->outcome.explanation;
    for (const auto& n : x.nodes) {
        if (n.node != in.nodeName)
            continue;
        if (n.feasible)
            return std::map<std::string, std::vector<std::string>>{};
        if (n.filter.empty())
            return std::map<std::string, std::vector<std::string>>{
                {names::NodeAffinity, {kReasonNodeAffinityPod}}};
        return n.filter;
    }
    return Status(StatusCode::FailedPrecondition,
                  "pod \"" + in.podKey + "\" reaches no filter (" +
                      (x.message.empty() ? e->outcome.message : x.message) + ")");
}

struct Attempt {
    std::vector<Change> changes;
    bool fits = false;
};

WhatIfSide other(WhatIfSide s) {
    return s == WhatIfSide::Pod ? WhatIfSide::Node : WhatIfSide::Pod;
}

StatusOr<Attempt> attempt(const Inputs& in, const PodOwner& owner, WhatIfSide prefer,
                          std::vector<WhatIfNote>& notes) {
    Attempt out;
    Objects world = in.objects;
    std::set<std::string> applied;
    for (int round = 0; round < kMaxRounds; ++round) {
        auto rejected = rejections(in, world);
        if (!rejected)
            return rejected.status();
        if (rejected->empty()) {
            out.fits = true;
            return out;
        }
        std::vector<std::pair<std::string, std::vector<std::string>>> plugins(rejected->begin(),
                                                                              rejected->end());
        std::stable_sort(plugins.begin(), plugins.end(), [](const auto& a, const auto& b) {
            return fixOrder(a.first) < fixOrder(b.first);
        });
        bool progressed = false;
        for (const auto& [plugin, reasons] : plugins) {
            std::vector<WhatIfReason> whyNot;
            bool handled = false;
            for (WhatIfSide side : {prefer, other(prefer)}) {
                auto view = viewOf(world, in.podKey, in.nodeName);
                if (!view->pod || !view->target)
                    return Status(StatusCode::Internal,
                                  "the pod or node vanished from the objects");
                const Context c{in.podKey, in.nodeName, world, *view, owner};
                Fix fix = fixFor(c, plugin, reasons, side);
                if (fix.whyNot) {
                    whyNot.push_back(*fix.whyNot);
                    continue;
                }
                for (auto& change : fix.changes) {
                    if (!applied.insert(describe(change.what)).second)
                        continue;
                    applyChange(world, in.podKey, in.nodeName, change);
                    out.changes.push_back(std::move(change));
                    progressed = true;
                }
                handled = true;
                break;
            }
            // What a side cannot do: once for the plugin when neither side can, for the side
            // otherwise (the suggestion then changes the other side for this plugin).
            if (whyNot.size() == 2 && whyNot[0] == whyNot[1])
                notes.push_back({plugin, std::nullopt, {}, whyNot[0]});
            else
                for (size_t i = 0; i < whyNot.size(); ++i)
                    notes.push_back({plugin, i == 0 ? prefer : other(prefer), {}, whyNot[i]});
            if (!handled)
                return out;  // neither side can fix this plugin
        }
        if (!progressed) {
            notes.push_back(
                {{}, std::nullopt, {}, {WhatIfReason::Kind::NoProgress, {in.nodeName}}});
            return out;
        }
    }
    return out;
}

std::string rejectionText(const std::map<std::string, std::vector<std::string>>& rejected) {
    std::vector<std::string> parts;
    for (const auto& [plugin, reasons] : rejected)
        parts.push_back(plugin + ": " + joined(reasons, "; "));
    return joined(parts, "; ");
}

}  // namespace
}  // namespace whatif

StatusOr<std::vector<WhatIfSuggestion>> suggestFixes(
    const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects,
    const std::string& podKey, const std::string& nodeName,
    const config::KubeSchedulerConfiguration& config, const framework::FeatureGates& gates,
    std::vector<WhatIfNote>* notes) {
    using namespace whatif;
    const core::Pod* pod = findPod(objects, podKey);
    if (!pod)
        return Status(StatusCode::NotFound, "pods \"" + podKey + "\" not found");
    if (!findNode(objects, nodeName))
        return Status(StatusCode::NotFound, "nodes \"" + nodeName + "\" not found");
    if (!pod->spec().scheduling_gates().empty())
        return Status(StatusCode::FailedPrecondition,
                      "pod \"" + podKey + "\" has scheduling gates: it reaches no filter");
    const Inputs in{objects, podKey, nodeName, config, gates};
    std::vector<WhatIfNote> found;  // notes, in the order found
    auto note = [&](WhatIfNote n) {
        if (std::find(found.begin(), found.end(), n) == found.end())
            found.push_back(std::move(n));
    };
    auto dropped = [&](const WhatIfSuggestion& s, WhatIfReason why) {
        note({{}, std::nullopt, s.changes, std::move(why)});
    };
    auto message = [](const Status& st) {
        return WhatIfReason{WhatIfReason::Kind::Message, {st.message()}};
    };
    auto finish = [&](std::vector<WhatIfSuggestion> out) {
        if (notes)
            *notes = found;
        return out;
    };

    auto now = rejections(in, objects);
    if (!now)
        return now.status();
    if (now->empty()) {
        note({{}, std::nullopt, {}, {WhatIfReason::Kind::AlreadyFits, {nodeName}}});
        return finish({});
    }
    const PodOwner owner = podOwner(objects, *pod);

    std::vector<WhatIfSuggestion> out;
    std::set<std::vector<std::string>> seen;
    for (WhatIfSide prefer : {WhatIfSide::Pod, WhatIfSide::Node}) {
        std::vector<WhatIfNote> attemptNotes;
        auto a = attempt(in, owner, prefer, attemptNotes);
        if (!a)
            return a.status();
        for (auto& n : attemptNotes) note(std::move(n));
        if (!a->fits || a->changes.empty())
            continue;
        WhatIfSuggestion s;
        bool pod = false, node = false;
        for (const auto& c : a->changes) {
            s.changes.push_back(c.what);
            (c.side == WhatIfSide::Pod ? pod : node) = true;
        }
        s.side = pod && node ? WhatIfSide::Both : pod ? WhatIfSide::Pod : WhatIfSide::Node;
        std::vector<std::string> key;
        for (const auto& c : s.changes) key.push_back(describe(c));
        std::sort(key.begin(), key.end());
        if (!seen.insert(key).second)
            continue;
        auto ops = operationsFor(objects, podKey, nodeName, a->changes);
        if (!ops) {
            dropped(s, message(ops.status()));
            continue;
        }
        s.operations = std::move(*ops);
        // Verification: the operations carried out on a copy, the pod explained again.
        auto after = carryOut(objects, podKey, s.operations);
        if (!after) {
            dropped(s, message(after.status()));
            continue;
        }
        auto rejected = rejections(in, *after);
        if (!rejected) {
            dropped(s, message(rejected.status()));
            continue;
        }
        if (!rejected->empty()) {
            dropped(s, {WhatIfReason::Kind::StillRejected, {nodeName, rejectionText(*rejected)}});
            continue;
        }
        out.push_back(std::move(s));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const WhatIfSuggestion& a, const WhatIfSuggestion& b) {
                         if (a.changes.size() != b.changes.size())
                             return a.changes.size() < b.changes.size();
                         return int(a.side) < int(b.side);
                     });
    return finish(std::move(out));
}

// ---------------------------------------------------------------------------------------------
// In English.

std::string taintText(const WhatIfChange& change) {
    return change.key + (change.value.empty() ? "" : "=" + change.value) + ":" + change.effect;
}

std::string describe(const WhatIfTarget& target) {
    switch (target.kind) {
        case WhatIfTarget::Kind::Pod:
            return "pod " + target.name;
        case WhatIfTarget::Kind::Deployment:
            return "deployment " + target.name + "'s pod template";
        case WhatIfTarget::Kind::ReplicaSet:
            return "replicaset " + target.name + "'s pod template";
        case WhatIfTarget::Kind::ReplicationController:
            return "replicationcontroller " + target.name + "'s pod template";
    }
    return target.name;
}

std::string describe(const WhatIfChange& c) {
    using K = WhatIfChange::Kind;
    const std::string target = describe(c.target);
    switch (c.kind) {
        case K::AddToleration:
            return "Add toleration " + taintText(c) + " to " + target;
        case K::RemoveTaint:
            return "Remove taint " + taintText(c) + " from node " + c.node;
        case K::Uncordon:
            return "Uncordon node " + c.node;
        case K::RemoveNodeSelector:
            return "Remove nodeSelector " + c.key + "=" + c.value + " from " + target;
        case K::RemoveNodeAffinity:
            return "Remove required node affinity from " + target;
        case K::RemoveNodeAffinityRequirements:
            return std::string(c.requirements.size() == 1 ? "Remove node affinity requirement "
                                                          : "Remove node affinity requirements ") +
                   whatif::joined(c.requirements, ", ") + " from " + target;
        case K::SetNodeLabel:
            return "Set label " + c.key + "=" + c.value + " on node " + c.node;
        case K::RemoveNodeLabel:
            return "Remove label " + c.key + " from node " + c.node;
        case K::LowerRequest:
            return "Lower " + target + "'s " + c.resource + " request from " + c.from + " to " +
                   c.to;
        case K::EvictPod:
            return "Evict pod " + c.pod + " (priority " + std::to_string(c.priority) +
                   ") from node " + c.node;
        case K::RemovePodAffinityTerm:
            return "Remove required pod affinity term (" + c.term + ") from " + target;
        case K::RemovePodAntiAffinityTerm:
            return "Remove required pod anti-affinity term (" + c.term + ") from " + target;
    }
    return {};
}

std::string describe(const WhatIfSuggestion& suggestion) {
    std::vector<std::string> lines;
    for (const auto& c : suggestion.changes) lines.push_back(describe(c));
    return whatif::joined(lines, "; ");
}

std::string describe(const WhatIfReason& r) {
    using K = WhatIfReason::Kind;
    auto a = [&r](size_t i) { return i < r.args.size() ? r.args[i] : std::string(); };
    switch (r.kind) {
        case K::Message:
            return a(0);
        case K::AlreadyFits:
            return "the pod already passes every filter on node " + a(0);
        case K::NoProgress:
            return "the changes found leave node " + a(0) + " rejecting the pod";
        case K::StillRejected:
            return "node " + a(0) + " would still reject the pod (" + a(1) + ")";
        case K::UnknownReason:
            return "unknown reason \"" + a(0) + "\"";
        case K::NotChangeable:
            return "\"" + a(0) + "\" is not something a what-if changes";
        case K::ConditionTaint:
            return "the node lifecycle controller puts taint " + a(0) + " back on node " + a(1) +
                   " for as long as the node's condition lasts";
        case K::SchedulerEnforcedAffinity:
            return "the scheduler profile's NodeAffinity addedAffinity rejects node " + a(0) +
                   "; only the scheduler's configuration changes that";
        case K::NoAffinityTermByLabels:
            return "no required node-affinity term of the pod can be met by labels on node " +
                   a(0) +
                   " (a term asks for contradictory values, the nodeSelector's, or the node's "
                   "name)";
        case K::TooManyPods:
            return "node " + a(0) + " already runs as many pods as it allows (" + a(1) + ")";
        case K::NoResourceLeft:
            return "node " + a(0) + " has no " + a(1) + " left (" + a(2) + " of " + a(3) +
                   " requested)";
        case K::OverheadTooLarge:
            return "the pod's overhead alone needs more " + a(0) + " than node " + a(1) +
                   " has free";
        case K::NoLowerPriorityPod:
            return "node " + a(0) + " runs no pod of lower priority than the pod's (" + a(1) + ")";
        case K::EvictionsNotEnough:
            return "evicting every pod of lower priority than the pod's (" + a(0) + ") on node " +
                   a(1) + " would not free enough " + a(2);
        case K::HostPorts:
            return "the pod's host ports are how it is reached; a what-if does not change them";
        case K::AffinityDoesNotParse:
            return "the pod's affinity does not parse: " + a(0);
        case K::OtherPodsAntiAffinity:
            return "the anti-affinity that keeps the pod away is other pods' rule, not the pod's";
        case K::PodAffinityNeedsPods:
            return "the pod's required pod affinity needs a matching pod in node " + a(0) +
                   "'s topology domain; placing other pods there is not one change";
        case K::TopologyLabelMissing:
            return "the node lacks a topologyKey label of the pod's topology spread constraints; a "
                   "label would put it in a domain whose count decides, not one change";
        case K::TopologySkew:
            return "the skew depends on where the other pods matching the pod's topology spread "
                   "constraints run; no single change to the pod or to this node evens it out";
        case K::Volumes:
            return "where the pod's volumes are and can attach is not something a what-if changes";
        case K::NodeNameSet:
            return "the pod asks for another node by spec.nodeName";
        case K::NoWhatIf:
            return "no what-if for " + a(0) + " (" + a(1) + ")";
        case K::OwnerNotFound:
            return "the pod's " + a(0) + " " + a(1) + " is not among the objects";
        case K::OwnerManaged:
            return "the pod's " + a(0) + " " + a(1) + " is managed by " + a(2) + " " + a(3) +
                   ", which no what-if changes";
        case K::JobTemplateImmutable:
            return "the pod belongs to job " + a(0) +
                   ", whose pod template cannot be changed (spec.template is immutable)";
        case K::StatefulSetOrdinals:
            return "the pod belongs to statefulset " + a(0) +
                   ", which rolls a changed template out one ordinal at a time (not one change to "
                   "this pod)";
        case K::DaemonSetPerNode:
            return "the pod belongs to daemonset " + a(0) +
                   ", which makes one pod for each node it selects";
        case K::OwnerUnsupported:
            return "the pod belongs to " + a(0) + " " + a(1) + ", which no what-if changes";
    }
    return {};
}

std::string describe(const WhatIfNote& note) {
    const std::string why = describe(note.why);
    if (!note.dropped.empty()) {
        WhatIfSuggestion s;
        s.changes = note.dropped;
        return "dropped \"" + describe(s) + "\": " + why;
    }
    if (note.plugin.empty())
        return why;
    if (note.side)
        return note.plugin + " (" + whatIfSideName(*note.side) + " side): " + why;
    return note.plugin + ": " + why;
}

}  // namespace pilothouse::scheduler
