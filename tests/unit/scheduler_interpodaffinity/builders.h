// Small builders for the pods and nodes of the InterPodAffinity tests, in the spirit of upstream's
// st.MakePod() wrappers: pods default to namespace "default" (upstream's tests use "", which the
// API server never stores) and nodes carry exactly the labels given.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core_v1.pb.h"

namespace ipa_test {

namespace core = k8s::io::api::core::v1;
namespace meta = k8s::io::apimachinery::pkg::apis::meta::v1;

struct Expr {
    std::string key;
    std::string op;  // In, NotIn, Exists, DoesNotExist
    std::vector<std::string> values;
};

// A PodAffinityTerm. `selector` unset = no labelSelector (matches nothing).
struct Term {
    std::optional<std::vector<Expr>> selector;
    std::string topologyKey;
    std::vector<std::string> namespaces;
    std::optional<std::vector<Expr>> namespaceSelector;  // {} = matches every namespace
};

inline void fillSelector(meta::LabelSelector* sel, const std::vector<Expr>& exprs) {
    for (const auto& e : exprs) {
        auto* r = sel->add_match_expressions();
        r->set_key(e.key);
        r->set_operator_(e.op);
        for (const auto& v : e.values) r->add_values(v);
    }
}

inline void fillTerm(core::PodAffinityTerm* out, const Term& t) {
    if (t.selector) {
        out->mutable_label_selector();
        fillSelector(out->mutable_label_selector(), *t.selector);
    }
    out->set_topology_key(t.topologyKey);
    for (const auto& ns : t.namespaces) out->add_namespaces(ns);
    if (t.namespaceSelector) {
        out->mutable_namespace_selector();
        fillSelector(out->mutable_namespace_selector(), *t.namespaceSelector);
    }
}

inline Term term(std::vector<Expr> exprs, std::string topologyKey) { return Term{std::move(exprs), std::move(topologyKey), {}, {}}; }

class PodBuilder {
public:
    PodBuilder() {
        pod_ = std::make_shared<core::Pod>();
        pod_->set_api_version("v1");
        pod_->set_kind("Pod");
        pod_->mutable_metadata()->set_namespace_("default");
    }
    PodBuilder& name(const std::string& n) {
        pod_->mutable_metadata()->set_name(n);
        pod_->mutable_metadata()->set_uid("uid-" + n);
        return *this;
    }
    PodBuilder& ns(const std::string& n) {
        pod_->mutable_metadata()->set_namespace_(n);
        return *this;
    }
    PodBuilder& node(const std::string& n) {
        pod_->mutable_spec()->set_node_name(n);
        return *this;
    }
    PodBuilder& label(const std::string& k, const std::string& v) {
        (*pod_->mutable_metadata()->mutable_labels())[k] = v;
        return *this;
    }
    PodBuilder& labels(const std::map<std::string, std::string>& l) {
        for (const auto& [k, v] : l) label(k, v);
        return *this;
    }
    PodBuilder& requiredAffinity(const Term& t) {
        fillTerm(affinity()->mutable_pod_affinity()->add_required_during_scheduling_ignored_during_execution(), t);
        return *this;
    }
    PodBuilder& requiredAntiAffinity(const Term& t) {
        fillTerm(affinity()->mutable_pod_anti_affinity()->add_required_during_scheduling_ignored_during_execution(), t);
        return *this;
    }
    PodBuilder& preferredAffinity(int32_t weight, const Term& t) {
        auto* w = affinity()->mutable_pod_affinity()->add_preferred_during_scheduling_ignored_during_execution();
        w->set_weight(weight);
        fillTerm(w->mutable_pod_affinity_term(), t);
        return *this;
    }
    PodBuilder& preferredAntiAffinity(int32_t weight, const Term& t) {
        auto* w = affinity()->mutable_pod_anti_affinity()->add_preferred_during_scheduling_ignored_during_execution();
        w->set_weight(weight);
        fillTerm(w->mutable_pod_affinity_term(), t);
        return *this;
    }
    // Copies the pod (anti-)affinity of another pod.
    PodBuilder& affinityOf(const std::shared_ptr<const core::Pod>& other) {
        *affinity() = other->spec().affinity();
        return *this;
    }

    // st.PodAffinityIn / NotIn / Exists with the required kind.
    PodBuilder& podAffinityIn(const std::string& key, const std::string& tk, std::vector<std::string> values) {
        return requiredAffinity(term({{key, "In", std::move(values)}}, tk));
    }
    PodBuilder& podAffinityNotIn(const std::string& key, const std::string& tk, std::vector<std::string> values) {
        return requiredAffinity(term({{key, "NotIn", std::move(values)}}, tk));
    }
    PodBuilder& podAffinityExists(const std::string& key, const std::string& tk) {
        return requiredAffinity(term({{key, "Exists", {}}}, tk));
    }
    PodBuilder& podAntiAffinityIn(const std::string& key, const std::string& tk, std::vector<std::string> values) {
        return requiredAntiAffinity(term({{key, "In", std::move(values)}}, tk));
    }
    PodBuilder& podAntiAffinityNotIn(const std::string& key, const std::string& tk, std::vector<std::string> values) {
        return requiredAntiAffinity(term({{key, "NotIn", std::move(values)}}, tk));
    }
    PodBuilder& podAntiAffinityExists(const std::string& key, const std::string& tk) {
        return requiredAntiAffinity(term({{key, "Exists", {}}}, tk));
    }

    std::shared_ptr<const core::Pod> obj() const { return std::make_shared<core::Pod>(*pod_); }
    operator std::shared_ptr<const core::Pod>() const { return obj(); }  // NOLINT

private:
    core::Affinity* affinity() { return pod_->mutable_spec()->mutable_affinity(); }
    std::shared_ptr<core::Pod> pod_;
};

inline PodBuilder makePod() { return PodBuilder(); }

inline std::shared_ptr<const core::Node> makeNode(const std::string& name,
                                                  const std::map<std::string, std::string>& labels = {}) {
    auto n = std::make_shared<core::Node>();
    n->set_api_version("v1");
    n->set_kind("Node");
    n->mutable_metadata()->set_name(name);
    for (const auto& [k, v] : labels) (*n->mutable_metadata()->mutable_labels())[k] = v;
    return n;
}

}  // namespace ipa_test
