#include "podtopologyspread_test.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../scheduler_testing/scheduler_testing.h"
#include "api/codec/proto_json.h"
#include "scheduler/plugins/helper/node_affinity.h"
#include "scheduler/plugins/helper/taints.h"
#include "scheduler/plugins/podtopologyspread/plugin.h"

using namespace pilothouse;
namespace fw = pilothouse::scheduler::framework;
namespace ph_helper = pilothouse::scheduler::plugins::helper;
namespace pts = pilothouse::scheduler::plugins::podtopologyspread;
using fw::Node;
using fw::Pod;
using k8s::io::api::core::v1::TopologySpreadConstraint;
using LabelSelector = k8s::io::apimachinery::pkg::apis::meta::v1::LabelSelector;

namespace {

using PodP = std::shared_ptr<const Pod>;
using NodeP = std::shared_ptr<const Node>;
using Sel = std::optional<LabelSelector>;
constexpr int64_t kMaxInt32 = 2147483647;
const char* const DNS = "DoNotSchedule";
const char* const SA = "ScheduleAnyway";
const char* const kHostname = "kubernetes.io/hostname";
const char* const kZone = "topology.kubernetes.io/zone";
const char* const kUnschedulableTaint = "node.kubernetes.io/unschedulable";

// ---- builders (mirroring upstream's st.MakePod / st.MakeNode / st.MakeLabelSelector) ----

Sel exists(const std::string& key) {
    LabelSelector s;
    auto* e = s.add_match_expressions();
    e->set_key(key);
    e->set_operator_("Exists");
    return s;
}
Sel labelSel(const std::string& key, const std::string& value) {
    LabelSelector s;
    (*s.mutable_match_labels())[key] = value;
    return s;
}
Sel emptySel() { return LabelSelector{}; }
const Sel kNil = std::nullopt;
const Sel fooSel = exists("foo");
const Sel barSel = exists("bar");

class P {
public:
    explicit P(const std::string& name) : p_(std::make_shared<Pod>()) {
        p_->set_api_version("v1");
        p_->set_kind("Pod");
        p_->mutable_metadata()->set_name(name);
        p_->mutable_metadata()->set_namespace_("default");
        p_->mutable_metadata()->set_uid("uid-" + name);
    }
    P& ns(const std::string& n) {
        p_->mutable_metadata()->set_namespace_(n);
        return *this;
    }
    P& label(const std::string& k, const std::string& v) {
        (*p_->mutable_metadata()->mutable_labels())[k] = v;
        return *this;
    }
    P& node(const std::string& n) {
        p_->mutable_spec()->set_node_name(n);
        return *this;
    }
    P& terminating() {
        p_->mutable_metadata()->set_deletion_timestamp("2024-01-01T00:00:00Z");
        return *this;
    }
    P& spread(int32_t maxSkew, const std::string& key, const std::string& when, const Sel& sel,
              std::optional<int32_t> minDomains = std::nullopt, const char* affinityPolicy = nullptr,
              const char* taintsPolicy = nullptr, const std::vector<std::string>& matchLabelKeys = {}) {
        auto* c = p_->mutable_spec()->add_topology_spread_constraints();
        c->set_max_skew(maxSkew);
        c->set_topology_key(key);
        c->set_when_unsatisfiable(when);
        if (sel) *c->mutable_label_selector() = *sel;
        if (minDomains) c->set_min_domains(*minDomains);
        if (affinityPolicy) c->set_node_affinity_policy(affinityPolicy);
        if (taintsPolicy) c->set_node_taints_policy(taintsPolicy);
        for (const auto& k : matchLabelKeys) c->add_match_label_keys(k);
        return *this;
    }
    P& nodeSelector(const std::string& k, const std::string& v) {
        (*p_->mutable_spec()->mutable_node_selector())[k] = v;
        return *this;
    }
    P& nodeAffinity(const std::string& key, const std::string& op, const std::vector<std::string>& values) {
        auto* term = p_->mutable_spec()
                         ->mutable_affinity()
                         ->mutable_node_affinity()
                         ->mutable_required_during_scheduling_ignored_during_execution()
                         ->add_node_selector_terms();
        auto* e = term->add_match_expressions();
        e->set_key(key);
        e->set_operator_(op);
        for (const auto& v : values) e->add_values(v);
        return *this;
    }
    P& affinityIn(const std::string& key, const std::vector<std::string>& values) {
        return nodeAffinity(key, "In", values);
    }
    P& affinityNotIn(const std::string& key, const std::vector<std::string>& values) {
        return nodeAffinity(key, "NotIn", values);
    }
    P& toleration(const std::string& key) {
        auto* t = p_->mutable_spec()->add_tolerations();
        t->set_key(key);
        t->set_operator_("Exists");
        t->set_effect("NoSchedule");
        return *this;
    }
    P& owner(const std::string& apiVersion, const std::string& kind, const std::string& name, bool controller = true) {
        auto* o = p_->mutable_metadata()->add_owner_references();
        o->set_api_version(apiVersion);
        o->set_kind(kind);
        o->set_name(name);
        o->set_uid("uid-" + name);
        if (controller) o->set_controller(true);
        return *this;
    }
    operator PodP() const { return p_; }  // NOLINT
    PodP obj() const { return p_; }

private:
    std::shared_ptr<Pod> p_;
};

class N {
public:
    explicit N(const std::string& name) : n_(std::make_shared<Node>()) {
        n_->set_api_version("v1");
        n_->set_kind("Node");
        n_->mutable_metadata()->set_name(name);
    }
    N& label(const std::string& k, const std::string& v) {
        (*n_->mutable_metadata()->mutable_labels())[k] = v;
        return *this;
    }
    N& taint(const std::string& key = kUnschedulableTaint, const std::string& effect = "NoSchedule") {
        auto* t = n_->mutable_spec()->add_taints();
        t->set_key(key);
        t->set_effect(effect);
        return *this;
    }
    operator NodeP() const { return n_; }  // NOLINT

private:
    std::shared_ptr<Node> n_;
};

// The four-node, two-zone cluster most rows use.
std::vector<NodeP> nodesABXY() {
    return {N("node-a").label("zone", "zone1").label("node", "node-a"),
            N("node-b").label("zone", "zone1").label("node", "node-b"),
            N("node-x").label("zone", "zone2").label("node", "node-x"),
            N("node-y").label("zone", "zone2").label("node", "node-y")};
}

// Pods labelled foo="" on nodes: {{"p-a1", "node-a"}, ...}.
std::vector<PodP> foos(const std::vector<std::pair<std::string, std::string>>& placements) {
    std::vector<PodP> out;
    for (const auto& [name, node] : placements) out.push_back(P(name).node(node).label("foo", ""));
    return out;
}

TopologySpreadConstraint defaultConstraint(int32_t maxSkew, const std::string& key, const std::string& when) {
    TopologySpreadConstraint c;
    c.set_max_skew(maxSkew);
    c.set_topology_key(key);
    c.set_when_unsatisfiable(when);
    return c;
}

codec::Value listArgs(const std::vector<TopologySpreadConstraint>& defaults = {}) {
    codec::Value v = codec::Value::object();
    v.set("defaultingType", "List");
    if (!defaults.empty()) {
        codec::Value arr = codec::Value::array();
        for (const auto& c : defaults) arr.push(codec::encodeMessage(c));
        v.set("defaultConstraints", std::move(arr));
    }
    return v;
}

fw::FeatureGates gates(bool nodeInclusionPolicy = true, bool matchLabelKeys = true, bool minDomains = true) {
    fw::FeatureGates g;
    g.nodeInclusionPolicyInPodTopologySpread = nodeInclusionPolicy;
    g.matchLabelKeysInPodTopologySpread = matchLabelKeys;
    g.minDomainsInPodTopologySpread = minDomains;
    return g;
}

// A fake cluster with the plugin built through the registry factory.
struct Env {
    std::unique_ptr<scheduler::testing::FakeHandle> handle;
    std::shared_ptr<pts::PodTopologySpread> plugin;

    Env(const std::vector<NodeP>& nodes, const std::vector<PodP>& pods, const codec::Value& args,
        const fw::FeatureGates& g, const fw::ClusterObjects& objects = {}) {
        handle = std::make_unique<scheduler::testing::FakeHandle>(nodes, pods);
        handle->objects = objects;
        auto p = pts::New(args, *handle, g);
        if (!p) throw std::runtime_error("New: " + p.status().message());
        plugin = std::dynamic_pointer_cast<pts::PodTopologySpread>(*p);
        if (!plugin) throw std::runtime_error("New returned another plugin type");
    }
    std::vector<fw::NodeInfo*> nodes() const { return handle->list(); }
    const fw::NodeInfo& nodeInfo(const std::string& name) const { return *handle->get(name); }
};

// ---- rendering states so that mismatches print readably ----

std::string renderSelector(const pts::SpreadSelector& s) {
    if (s.isNothing()) return "<nothing>";
    const std::string str = s.toString();
    return str.empty() ? "<everything>" : str;
}

std::string renderConstraint(const pts::Constraint& c) {
    return std::to_string(c.maxSkew) + "/" + c.topologyKey + "/" + renderSelector(c.selector) + "/" +
           std::to_string(c.minDomains) + "/" + c.nodeAffinityPolicy + "/" + c.nodeTaintsPolicy;
}

using Pairs = std::map<std::pair<std::string, std::string>, int64_t>;
struct Paths {
    std::string v0;
    int64_t n0 = kMaxInt32;
    std::string v1;
    int64_t n1 = kMaxInt32;
};
using PathMap = std::map<std::string, Paths>;
using Domains = std::optional<std::map<std::string, int64_t>>;

struct WantPreFilter {
    std::vector<std::string> constraints;
    Pairs pairs;
    Domains domains;
    PathMap paths;
};

// Upstream's comparer: paths with equal counts are compared with their values sorted.
std::string renderPaths(Paths p) {
    if (p.n0 == p.n1 && p.v0 > p.v1) std::swap(p.v0, p.v1);
    return "[" + p.v0 + " " + std::to_string(p.n0) + ", " + p.v1 + " " + std::to_string(p.n1) + "]";
}

std::string renderPreFilter(const std::vector<std::string>& constraints, const Pairs& pairs, const Domains& domains,
                            const PathMap& paths) {
    std::ostringstream out;
    out << "constraints:";
    for (const auto& c : constraints) out << " {" << c << "}";
    out << "\npairs:";
    for (const auto& [pair, n] : pairs) out << " " << pair.first << "/" << pair.second << "=" << n;
    out << "\ndomains:";
    if (!domains) out << " <nil>";
    else
        for (const auto& [k, n] : *domains) out << " " << k << "=" << n;
    out << "\npaths:";
    for (const auto& [k, p] : paths) out << " " << k << renderPaths(p);
    return out.str();
}

std::string renderState(const pts::PreFilterState& s) {
    std::vector<std::string> cs;
    for (const auto& c : *s.constraints) cs.push_back(renderConstraint(c));
    Pairs pairs(s.tpPairToMatchNum.begin(), s.tpPairToMatchNum.end());
    Domains domains;
    if (s.tpKeyToDomainsNum) domains.emplace(s.tpKeyToDomainsNum->begin(), s.tpKeyToDomainsNum->end());
    PathMap paths;
    for (const auto& [k, p] : s.tpKeyToCriticalPaths)
        paths[k] = {p.paths[0].topologyValue, p.paths[0].matchNum, p.paths[1].topologyValue, p.paths[1].matchNum};
    return renderPreFilter(cs, pairs, domains, paths);
}

std::string renderWant(const WantPreFilter& w) { return renderPreFilter(w.constraints, w.pairs, w.domains, w.paths); }

const std::string kFooZone1 = "1/zone/foo/1/Honor/Ignore";
const std::string kFooNode1 = "1/node/foo/1/Honor/Ignore";
const std::string kBarNode1 = "1/node/bar/1/Honor/Ignore";

// ---- PreFilter state rows (TestPreFilterState) ----

struct PreFilterCase {
    PodP pod;
    std::vector<NodeP> nodes;
    std::vector<PodP> existing;
    std::optional<std::vector<TopologySpreadConstraint>> listDefaults;  // nullopt: System defaulting
    fw::ClusterObjects objects;
    fw::FeatureGates gates;
    bool wantSkip = false;
    WantPreFilter want;
};
std::vector<PreFilterCase> gPreFilterCases;

std::shared_ptr<const k8s::io::api::core::v1::Service> service(const std::map<std::string, std::string>& selector,
                                                               const std::string& ns = "default") {
    auto s = std::make_shared<k8s::io::api::core::v1::Service>();
    s->mutable_metadata()->set_name("svc");
    s->mutable_metadata()->set_namespace_(ns);
    for (const auto& [k, v] : selector) (*s->mutable_spec()->mutable_selector())[k] = v;
    return s;
}

fw::ClusterObjects withServices(std::vector<std::shared_ptr<const k8s::io::api::core::v1::Service>> svcs) {
    fw::ClusterObjects o;
    o.services = std::move(svcs);
    return o;
}

void addPreFilterRow(const char* name, PreFilterCase c) {
    gPreFilterCases.push_back(std::move(c));
    QTest::newRow(name) << static_cast<int>(gPreFilterCases.size() - 1);
}

}  // namespace

void PodTopologySpreadTest::preFilterState_data() {
    QTest::addColumn<int>("idx");
    gPreFilterCases.clear();
    const std::vector<TopologySpreadConstraint> none;
    const auto existing5 = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-y1", "node-y"},
                                 {"p-y2", "node-y"}});
    const auto existing7 = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-y1", "node-y"},
                                 {"p-y2", "node-y"}, {"p-y3", "node-y"}, {"p-y4", "node-y"}});

    addPreFilterRow("clean cluster with one spreadConstraint",
                    {P("p").label("foo", "").spread(5, "zone", DNS, labelSel("foo", "bar")), nodesABXY(), {}, none, {},
                     gates(false, false), false,
                     {{"5/zone/foo=bar/1/Honor/Ignore"},
                      {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 0}},
                      std::map<std::string, int64_t>{{"zone", 2}},
                      {{"zone", {"zone1", 0, "zone2", 0}}}}});
    addPreFilterRow("normal case with one spreadConstraint",
                    {P("p").label("foo", "").spread(1, "zone", DNS, fooSel), nodesABXY(), existing5, none, {},
                     gates(false, false), false,
                     {{kFooZone1},
                      {{{"zone", "zone1"}, 3}, {{"zone", "zone2"}, 2}},
                      std::map<std::string, int64_t>{{"zone", 2}},
                      {{"zone", {"zone2", 2, "zone1", 3}}}}});
    addPreFilterRow("normal case with null label selector",
                    {P("p").label("foo", "").spread(1, "zone", DNS, kNil), nodesABXY(), existing5, none, {},
                     gates(false, false), false,
                     {{"1/zone/<nothing>/1/Honor/Ignore"},
                      {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 0}},
                      std::map<std::string, int64_t>{{"zone", 2}},
                      {{"zone", {"zone2", 0, "zone1", 0}}}}});
    // An empty labelSelector matches every pod but counts none (kubernetes#116607, v1.27+).
    addPreFilterRow("empty label selector counts no existing pods",
                    {P("p").label("foo", "").spread(1, "zone", DNS, emptySel()), nodesABXY(), existing5, none, {},
                     gates(), false,
                     {{"1/zone/<everything>/1/Honor/Ignore"},
                      {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 0}},
                      std::map<std::string, int64_t>{{"zone", 2}},
                      {{"zone", {"zone1", 0, "zone2", 0}}}}});
    {
        auto nodes = nodesABXY();
        nodes.push_back(N("node-o").label("zone", "zone3").label("node", "node-o"));
        nodes.push_back(N("node-p").label("zone", "zone3").label("node", "node-p"));
        addPreFilterRow("normal case with one spreadConstraint, on a 3-zone cluster",
                        {P("p").label("foo", "").spread(1, "zone", DNS, fooSel), nodes, existing5, none, {},
                         gates(false, false), false,
                         {{kFooZone1},
                          {{{"zone", "zone1"}, 3}, {{"zone", "zone2"}, 2}, {{"zone", "zone3"}, 0}},
                          std::map<std::string, int64_t>{{"zone", 3}},
                          {{"zone", {"zone3", 0, "zone2", 2}}}}});
    }
    addPreFilterRow("namespace mismatch doesn't count",
                    {P("p").label("foo", "").spread(1, "zone", DNS, fooSel), nodesABXY(),
                     {P("p-a1").node("node-a").label("foo", ""), P("p-a2").ns("ns1").node("node-a").label("foo", ""),
                      P("p-b1").node("node-b").label("foo", ""), P("p-y1").ns("ns2").node("node-y").label("foo", ""),
                      P("p-y2").node("node-y").label("foo", "")},
                     none, {}, gates(false, false), false,
                     {{kFooZone1},
                      {{{"zone", "zone1"}, 2}, {{"zone", "zone2"}, 1}},
                      std::map<std::string, int64_t>{{"zone", 2}},
                      {{"zone", {"zone2", 1, "zone1", 2}}}}});
    addPreFilterRow("normal case with two spreadConstraints",
                    {P("p").label("foo", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS, fooSel),
                     nodesABXY(), existing7, none, {}, gates(false, false), false,
                     {{kFooZone1, kFooNode1},
                      {{{"zone", "zone1"}, 3},
                       {{"zone", "zone2"}, 4},
                       {{"node", "node-a"}, 2},
                       {{"node", "node-b"}, 1},
                       {{"node", "node-x"}, 0},
                       {{"node", "node-y"}, 4}},
                      std::map<std::string, int64_t>{{"zone", 2}, {"node", 4}},
                      {{"zone", {"zone1", 3, "zone2", 4}}, {"node", {"node-x", 0, "node-b", 1}}}}});
    {
        std::vector<NodeP> nodes = {N("node-a").label("zone", "zone1").label("node", "node-a"),
                                    N("node-b").label("zone", "zone1").label("node", "node-b"),
                                    N("node-y").label("zone", "zone2").label("node", "node-y")};
        addPreFilterRow("soft spreadConstraints should be bypassed",
                        {P("p").label("foo", "")
                             .spread(1, "zone", SA, fooSel)
                             .spread(1, "zone", DNS, fooSel)
                             .spread(1, "node", SA, fooSel)
                             .spread(1, "node", DNS, fooSel),
                         nodes, existing7, none, {}, gates(false, false), false,
                         {{kFooZone1, kFooNode1},
                          {{{"zone", "zone1"}, 3},
                           {{"zone", "zone2"}, 4},
                           {{"node", "node-a"}, 2},
                           {{"node", "node-b"}, 1},
                           {{"node", "node-y"}, 4}},
                          std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                          {{"zone", {"zone1", 3, "zone2", 4}}, {"node", {"node-b", 1, "node-a", 2}}}}});
        addPreFilterRow("different labelSelectors - simple version",
                        {P("p").label("foo", "").label("bar", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS,
                                                                                                        barSel),
                         nodes,
                         {P("p-a").node("node-a").label("foo", ""), P("p-b").node("node-b").label("bar", "")},
                         none, {}, gates(false, false), false,
                         {{kFooZone1, kBarNode1},
                          {{{"zone", "zone1"}, 1},
                           {{"zone", "zone2"}, 0},
                           {{"node", "node-a"}, 0},
                           {{"node", "node-b"}, 1},
                           {{"node", "node-y"}, 0}},
                          std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                          {{"zone", {"zone2", 0, "zone1", 1}}, {"node", {"node-a", 0, "node-y", 0}}}}});
        addPreFilterRow("different labelSelectors - complex pods",
                        {P("p").label("foo", "").label("bar", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS,
                                                                                                        barSel),
                         nodes,
                         {P("p-a1").node("node-a").label("foo", ""),
                          P("p-a2").node("node-a").label("foo", "").label("bar", ""),
                          P("p-b1").node("node-b").label("foo", ""), P("p-y1").node("node-y").label("foo", ""),
                          P("p-y2").node("node-y").label("foo", "").label("bar", ""),
                          P("p-y3").node("node-y").label("foo", ""),
                          P("p-y4").node("node-y").label("foo", "").label("bar", "")},
                         none, {}, gates(false, false), false,
                         {{kFooZone1, kBarNode1},
                          {{{"zone", "zone1"}, 3},
                           {{"zone", "zone2"}, 4},
                           {{"node", "node-a"}, 1},
                           {{"node", "node-b"}, 0},
                           {{"node", "node-y"}, 2}},
                          std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                          {{"zone", {"zone1", 3, "zone2", 4}}, {"node", {"node-b", 0, "node-a", 1}}}}});
    }
    addPreFilterRow("two spreadConstraints, and with podAffinity",
                    {P("p").label("foo", "").affinityNotIn("node", {"node-x"}).spread(1, "zone", DNS, fooSel).spread(
                         1, "node", DNS, fooSel),
                     nodesABXY(), existing7, none, {}, gates(false, false), false,
                     {{kFooZone1, kFooNode1},
                      {{{"zone", "zone1"}, 3},
                       {{"zone", "zone2"}, 4},
                       {{"node", "node-a"}, 2},
                       {{"node", "node-b"}, 1},
                       {{"node", "node-y"}, 4}},
                      std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                      {{"zone", {"zone1", 3, "zone2", 4}}, {"node", {"node-b", 1, "node-a", 2}}}}});
    addPreFilterRow("two spreadConstraints, and with podAffinity (v1.28 default gates)",
                    {P("p").label("foo", "").affinityNotIn("node", {"node-x"}).spread(1, "zone", DNS, fooSel).spread(
                         1, "node", DNS, fooSel),
                     nodesABXY(), existing7, none, {}, gates(), false,
                     {{kFooZone1, kFooNode1},
                      {{{"zone", "zone1"}, 3},
                       {{"zone", "zone2"}, 4},
                       {{"node", "node-a"}, 2},
                       {{"node", "node-b"}, 1},
                       {{"node", "node-y"}, 4}},
                      std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                      {{"zone", {"zone1", 3, "zone2", 4}}, {"node", {"node-b", 1, "node-a", 2}}}}});
    addPreFilterRow(
        "default constraints and a service",
        {P("p").label("foo", "bar").label("baz", "kar"),
         {},
         {},
         std::vector<TopologySpreadConstraint>{defaultConstraint(3, "node", DNS), defaultConstraint(2, "node", SA),
                                               defaultConstraint(5, "rack", DNS)},
         withServices({service({{"foo", "bar"}})}),
         gates(false, false),
         false,
         {{"3/node/foo=bar/1/Honor/Ignore", "5/rack/foo=bar/1/Honor/Ignore"},
          {},
          std::map<std::string, int64_t>{},
          {{"node", {"", kMaxInt32, "", kMaxInt32}}, {"rack", {"", kMaxInt32, "", kMaxInt32}}}}});
    {
        PreFilterCase c{P("p").label("foo", "bar"), {}, {},
                        std::vector<TopologySpreadConstraint>{defaultConstraint(3, "node", DNS)},
                        withServices({service({{"baz", "kep"}})}), gates(false, false), true, {}};
        addPreFilterRow("default constraints and a service that doesn't match", std::move(c));
    }
    addPreFilterRow("default constraints and a service, but pod has constraints",
                    {P("p").label("foo", "bar")
                         .label("baz", "tar")
                         .spread(1, "zone", DNS, labelSel("baz", "tar"))
                         .spread(2, "planet", SA, labelSel("fot", "rok")),
                     {},
                     {},
                     std::vector<TopologySpreadConstraint>{defaultConstraint(2, "node", DNS)},
                     withServices({service({{"foo", "bar"}})}),
                     gates(false, false),
                     false,
                     {{"1/zone/baz=tar/1/Honor/Ignore"},
                      {},
                      std::map<std::string, int64_t>{},
                      {{"zone", {"", kMaxInt32, "", kMaxInt32}}}}});
    {
        PreFilterCase c{P("p").label("foo", "bar"), {}, {},
                        std::vector<TopologySpreadConstraint>{defaultConstraint(2, "node", SA)},
                        withServices({service({{"foo", "bar"}})}), gates(false, false), true, {}};
        addPreFilterRow("default soft constraints and a service", std::move(c));
    }
    {
        PreFilterCase c{P("p").label("foo", "bar"), nodesABXY(), {}, std::nullopt,
                        withServices({service({{"foo", "bar"}})}), gates(), true, {}};
        addPreFilterRow("system default constraints are all ScheduleAnyway: Skip", std::move(c));
    }
    addPreFilterRow("TpKeyToDomainsNum is calculated when MinDomains is enabled",
                    {P("p").label("foo", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS, fooSel),
                     nodesABXY(), existing7, none, {}, gates(false, false, true), false,
                     {{kFooZone1, kFooNode1},
                      {{{"zone", "zone1"}, 3},
                       {{"zone", "zone2"}, 4},
                       {{"node", "node-a"}, 2},
                       {{"node", "node-b"}, 1},
                       {{"node", "node-x"}, 0},
                       {{"node", "node-y"}, 4}},
                      std::map<std::string, int64_t>{{"zone", 2}, {"node", 4}},
                      {{"zone", {"zone1", 3, "zone2", 4}}, {"node", {"node-x", 0, "node-b", 1}}}}});
    addPreFilterRow("TpKeyToDomainsNum is nil when MinDomains is disabled",
                    {P("p").label("foo", "").spread(1, "zone", DNS, fooSel, 3), nodesABXY(), existing5, none, {},
                     gates(true, true, false), false,
                     {{kFooZone1},
                      {{{"zone", "zone1"}, 3}, {{"zone", "zone2"}, 2}},
                      std::nullopt,
                      {{"zone", {"zone2", 2, "zone1", 3}}}}});

    // Node inclusion policies.
    {
        std::vector<NodeP> nodes = {N("node-a").label("node", "node-a").label("foo", ""),
                                    N("node-b").label("node", "node-b").label("foo", ""),
                                    N("node-c").label("node", "node-c").label("bar", "")};
        std::vector<PodP> pods = {P("p-a").node("node-a").label("bar", ""), P("p-b").node("node-b").label("bar", ""),
                                  P("p-c").node("node-b").label("bar", ""), P("p-d").node("node-c")};
        const WantPreFilter honored{{kBarNode1},
                                    {{{"node", "node-a"}, 1}, {{"node", "node-b"}, 2}},
                                    std::map<std::string, int64_t>{{"node", 2}},
                                    {{"node", {"node-a", 1, "node-b", 2}}}};
        const WantPreFilter ignored{{"1/node/bar/1/Ignore/Ignore"},
                                    {{{"node", "node-a"}, 1}, {{"node", "node-b"}, 2}, {{"node", "node-c"}, 0}},
                                    std::map<std::string, int64_t>{{"node", 3}},
                                    {{"node", {"node-c", 0, "node-a", 1}}}};
        addPreFilterRow("feature gate disabled with NodeAffinityPolicy",
                        {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "node", DNS, barSel), nodes, pods,
                         none, {}, gates(false, false), false, honored});
        addPreFilterRow("NodeAffinityPolicy honored with labelSelectors",
                        {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "node", DNS, barSel), nodes, pods,
                         none, {}, gates(true, false), false, honored});
        addPreFilterRow("NodeAffinityPolicy ignored with labelSelectors",
                        {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "node", DNS, barSel, std::nullopt,
                                                                                "Ignore"),
                         nodes, pods, none, {}, gates(true, false), false, ignored});
        addPreFilterRow("NodeAffinityPolicy honored with nodeAffinity",
                        {P("p").label("foo", "").affinityIn("foo", {""}).spread(1, "node", DNS, barSel), nodes, pods,
                         none, {}, gates(true, false), false, honored});
        addPreFilterRow("NodeAffinityPolicy ignored with nodeAffinity",
                        {P("p").label("foo", "").affinityIn("foo", {""}).spread(1, "node", DNS, barSel, std::nullopt,
                                                                              "Ignore"),
                         nodes, pods, none, {}, gates(true, false), false, ignored});
        addPreFilterRow("NodeAffinityPolicy in the pod is ignored when the gate is off",
                        {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "node", DNS, barSel, std::nullopt,
                                                                                "Ignore"),
                         nodes, pods, none, {}, gates(false, false), false, honored});
    }
    {
        std::vector<NodeP> nodes = {N("node-a").label("node", "node-a"), N("node-b").label("node", "node-b"),
                                    N("node-c").label("node", "node-c").taint().label("bar", "")};
        std::vector<PodP> pods = {P("p-a").node("node-a").label("bar", ""), P("p-b").node("node-b").label("bar", ""),
                                  P("p-c").node("node-b").label("bar", ""), P("p-d").node("node-c")};
        const WantPreFilter all{{kBarNode1},
                                {{{"node", "node-a"}, 1}, {{"node", "node-b"}, 2}, {{"node", "node-c"}, 0}},
                                std::map<std::string, int64_t>{{"node", 3}},
                                {{"node", {"node-c", 0, "node-a", 1}}}};
        WantPreFilter allHonor = all;
        allHonor.constraints = {"1/node/bar/1/Honor/Honor"};
        addPreFilterRow("feature gate disabled with NodeTaintsPolicy",
                        {P("p").label("foo", "").spread(1, "node", DNS, barSel), nodes, pods, none, {},
                         gates(false, false), false, all});
        addPreFilterRow("NodeTaintsPolicy ignored",
                        {P("p").label("foo", "").spread(1, "node", DNS, barSel), nodes, pods, none, {},
                         gates(true, false), false, all});
        addPreFilterRow("NodeTaintsPolicy honored",
                        {P("p").label("foo", "").spread(1, "node", DNS, barSel, std::nullopt, nullptr, "Honor"), nodes,
                         pods, none, {}, gates(true, false), false,
                         {{"1/node/bar/1/Honor/Honor"},
                          {{{"node", "node-a"}, 1}, {{"node", "node-b"}, 2}},
                          std::map<std::string, int64_t>{{"node", 2}},
                          {{"node", {"node-a", 1, "node-b", 2}}}}});
        addPreFilterRow("NodeTaintsPolicy honored with tolerated taints",
                        {P("p").label("foo", "").toleration(kUnschedulableTaint).spread(1, "node", DNS, barSel,
                                                                                         std::nullopt, nullptr, "Honor"),
                         nodes, pods, none, {}, gates(true, false), false, allHonor});
    }
    addPreFilterRow("two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore",
                    {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "zone", DNS, fooSel).spread(
                         1, "node", DNS, fooSel, std::nullopt, "Ignore"),
                     {N("node-a").label("zone", "zone1").label("node", "node-a").label("foo", ""),
                      N("node-b").label("zone", "zone1").label("node", "node-b"),
                      N("node-x").label("zone", "zone2").label("node", "node-x").label("foo", "")},
                     foos({{"p-b1", "node-b"}, {"p-b2", "node-b"}, {"p-x1", "node-x"}}), none, {}, gates(true, false),
                     false,
                     {{kFooZone1, "1/node/foo/1/Ignore/Ignore"},
                      {{{"zone", "zone1"}, 0},
                       {{"zone", "zone2"}, 1},
                       {{"node", "node-a"}, 0},
                       {{"node", "node-b"}, 2},
                       {{"node", "node-x"}, 1}},
                      std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                      {{"zone", {"zone1", 0, "zone2", 1}}, {"node", {"node-a", 0, "node-x", 1}}}}});
    addPreFilterRow("two node inclusion Constraints, zone: honor/honor, node: honor/ignore",
                    {P("p").label("foo", "").spread(1, "zone", DNS, fooSel, std::nullopt, nullptr, "Honor").spread(
                         1, "node", DNS, fooSel),
                     {N("node-a").label("zone", "zone1").label("node", "node-a").label("foo", ""),
                      N("node-b").label("zone", "zone1").label("node", "node-b").taint(),
                      N("node-x").label("zone", "zone2").label("node", "node-x").label("foo", "")},
                     foos({{"p-b1", "node-b"}, {"p-b2", "node-b"}, {"p-x1", "node-x"}}), none, {}, gates(true, false),
                     false,
                     {{"1/zone/foo/1/Honor/Honor", kFooNode1},
                      {{{"zone", "zone1"}, 0},
                       {{"zone", "zone2"}, 1},
                       {{"node", "node-a"}, 0},
                       {{"node", "node-b"}, 2},
                       {{"node", "node-x"}, 1}},
                      std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                      {{"zone", {"zone1", 0, "zone2", 1}}, {"node", {"node-a", 0, "node-x", 1}}}}});
    addPreFilterRow("two node inclusion Constraints, zone: honor/ignore, node: honor/ignore",
                    {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "zone", DNS, fooSel).spread(
                         1, "node", DNS, fooSel),
                     {N("node-a").label("zone", "zone1").label("node", "node-a"),
                      N("node-b").label("zone", "zone1").label("node", "node-b").label("foo", "").taint(),
                      N("node-x").label("zone", "zone2").label("node", "node-x").label("foo", ""),
                      N("node-y").label("zone", "zone2").label("node", "node-y")},
                     foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-x1", "node-x"}, {"p-y1", "node-y"}}), none, {},
                     gates(true, false), false,
                     {{kFooZone1, kFooNode1},
                      {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 1}, {{"node", "node-b"}, 0}, {{"node", "node-x"}, 1}},
                      std::map<std::string, int64_t>{{"zone", 2}, {"node", 2}},
                      {{"zone", {"zone1", 0, "zone2", 1}}, {"node", {"node-b", 0, "node-x", 1}}}}});
    addPreFilterRow("two node inclusion Constraints, zone: ignore/ignore, node: honor/honor",
                    {P("p").label("foo", "")
                         .nodeSelector("foo", "")
                         .spread(1, "zone", DNS, fooSel, std::nullopt, "Ignore")
                         .spread(1, "node", DNS, fooSel, std::nullopt, nullptr, "Honor"),
                     {N("node-a").label("zone", "zone1").label("node", "node-a"),
                      N("node-b").label("zone", "zone1").label("node", "node-b").label("foo", "").taint(),
                      N("node-x").label("zone", "zone2").label("node", "node-x").label("foo", ""),
                      N("node-y").label("zone", "zone2").label("node", "node-y").label("foo", "")},
                     foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-x1", "node-x"}, {"p-x2", "node-x"},
                           {"p-y1", "node-y"}}),
                     none, {}, gates(true, false), false,
                     {{"1/zone/foo/1/Ignore/Ignore", "1/node/foo/1/Honor/Honor"},
                      {{{"zone", "zone1"}, 2}, {{"zone", "zone2"}, 3}, {{"node", "node-x"}, 2}, {{"node", "node-y"}, 1}},
                      std::map<std::string, int64_t>{{"zone", 2}, {"node", 2}},
                      {{"zone", {"zone1", 2, "zone2", 3}}, {"node", {"node-y", 1, "node-x", 2}}}}});

    // matchLabelKeys.
    {
        const auto fooA = std::vector<PodP>{P("p-a1").node("node-a").label("foo", "a"),
                                            P("p-a2").node("node-a").label("foo", "a"),
                                            P("p-b1").node("node-b").label("foo", "a"),
                                            P("p-y1").node("node-y").label("foo", "a"),
                                            P("p-y2").node("node-y").label("foo", "a")};
        const WantPreFilter threeTwo{{kFooZone1},
                                     {{{"zone", "zone1"}, 3}, {{"zone", "zone2"}, 2}},
                                     std::map<std::string, int64_t>{{"zone", 2}},
                                     {{"zone", {"zone2", 2, "zone1", 3}}}};
        const WantPreFilter nothingZero{{"1/zone/<nothing>/1/Honor/Ignore"},
                                        {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 0}},
                                        std::map<std::string, int64_t>{{"zone", 2}},
                                        {{"zone", {"zone2", 0, "zone1", 0}}}};
        addPreFilterRow("matchLabelKeys ignored when feature gate disabled",
                        {P("p").label("foo", "").label("bar", "").spread(1, "zone", DNS, fooSel, std::nullopt, nullptr,
                                                                         nullptr, {"bar"}),
                         nodesABXY(), existing5, none, {}, gates(false, false), false, threeTwo});
        addPreFilterRow(
            "matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
            {P("p").label("foo", "").label("bar", "a").spread(1, "zone", DNS, fooSel, std::nullopt, nullptr, nullptr,
                                                              {"bar"}),
             nodesABXY(),
             {P("p-a1").node("node-a").label("foo", ""), P("p-a2").node("node-a").label("foo", "").label("bar", "a"),
              P("p-b1").node("node-b").label("foo", ""), P("p-y1").node("node-y").label("foo", "").label("bar", "a"),
              P("p-y2").node("node-y").label("bar", "")},
             none, {}, gates(false, true), false,
             {{"1/zone/bar=a,foo/1/Honor/Ignore"},
              {{{"zone", "zone1"}, 1}, {{"zone", "zone2"}, 1}},
              std::map<std::string, int64_t>{{"zone", 2}},
              {{"zone", {"zone2", 1, "zone1", 1}}}}});
        addPreFilterRow("matchLabelKeys ANDed with LabelSelector when LabelSelector is empty",
                        {P("p").label("foo", "a").spread(1, "zone", DNS, emptySel(), std::nullopt, nullptr, nullptr,
                                                         {"foo"}),
                         nodesABXY(), fooA, none, {}, gates(false, true), false,
                         {{"1/zone/foo=a/1/Honor/Ignore"},
                          {{{"zone", "zone1"}, 3}, {{"zone", "zone2"}, 2}},
                          std::map<std::string, int64_t>{{"zone", 2}},
                          {{"zone", {"zone2", 2, "zone1", 3}}}}});
        addPreFilterRow("key in matchLabelKeys is ignored when LabelSelector is nil when feature gate enabled",
                        {P("p").label("foo", "").spread(1, "zone", DNS, kNil, std::nullopt, nullptr, nullptr, {"bar"}),
                         nodesABXY(), fooA, none, {}, gates(false, true), false, nothingZero});
        addPreFilterRow("v1.28: a nil LabelSelector stays Nothing even when the pod has the matchLabelKeys",
                        {P("p").label("foo", "a").spread(1, "zone", DNS, kNil, std::nullopt, nullptr, nullptr, {"foo"}),
                         nodesABXY(), fooA, none, {}, gates(), false, nothingZero});
        addPreFilterRow("no pod is matched when LabelSelector is nil when feature gate disabled",
                        {P("p").label("foo", "").spread(1, "zone", DNS, kNil, std::nullopt, nullptr, nullptr, {"bar"}),
                         nodesABXY(), fooA, none, {}, gates(false, false), false, nothingZero});
        addPreFilterRow("key in matchLabelKeys is ignored when it isn't exist in pod.labels",
                        {P("p").label("foo", "").spread(1, "zone", DNS, fooSel, std::nullopt, nullptr, nullptr, {"bar"}),
                         nodesABXY(), fooA, none, {}, gates(false, true), false, threeTwo});
    }
    {
        PreFilterCase c{P("p").label("foo", ""), {N("node-a").label("zone", "zone1").label("node", "node-a")}, {},
                        none, {}, gates(), true, {}};
        addPreFilterRow("skip if not specified", std::move(c));
    }
    // v1.28 keys the counts by (topologyKey, value): two constraints on one key share a count,
    // and per node the later constraint's count replaces the earlier one.
    addPreFilterRow("v1.28: constraints sharing a topology key share the pair counts",
                    {P("p").label("foo", "").label("bar", "").spread(2, "zone", DNS, fooSel).spread(2, "zone", DNS,
                                                                                                    barSel),
                     nodesABXY(),
                     {P("p-a1").node("node-a").label("foo", ""), P("p-a2").node("node-a").label("foo", ""),
                      P("p-x1").node("node-x").label("bar", "")},
                     none, {}, gates(), false,
                     {{"2/zone/foo/1/Honor/Ignore", "2/zone/bar/1/Honor/Ignore"},
                      {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 1}},
                      std::map<std::string, int64_t>{{"zone", 2}},
                      {{"zone", {"zone1", 0, "zone2", 1}}}}});
}

void PodTopologySpreadTest::preFilterState() {
    QFETCH(int, idx);
    const auto& c = gPreFilterCases[idx];
    Env env(c.nodes, c.existing, c.listDefaults ? listArgs(*c.listDefaults) : codec::Value(), c.gates, c.objects);
    fw::CycleState state;
    auto [result, status] = env.plugin->preFilter(state, *c.pod, env.nodes());
    QVERIFY(result.allNodes());
    if (c.wantSkip) {
        QCOMPARE(int(status.code()), int(fw::Code::Skip));
        QVERIFY(state.read<pts::PreFilterState>(pts::kPreFilterStateKey) == nullptr);
        return;
    }
    QVERIFY2(status.isSuccess(), status.message().c_str());
    const auto* s = state.read<pts::PreFilterState>("PreFilterPodTopologySpread");
    QVERIFY(s != nullptr);
    QCOMPARE(QString::fromStdString(renderState(*s)), QString::fromStdString(renderWant(c.want)));
}

// ---- AddPod / RemovePod (TestPreFilterStateAddPod / RemovePod) ----

namespace {

struct UpdateCase {
    PodP preemptor;
    PodP changedPod;
    std::vector<PodP> existing;
    std::string nodeName;
    std::vector<NodeP> nodes;
    fw::FeatureGates gates;
    WantPreFilter want;
};
std::vector<UpdateCase> gAddCases, gRemoveCases;

std::vector<NodeP> nodesAB() {
    return {N("node-a").label("zone", "zone1").label("node", "node-a"),
            N("node-b").label("zone", "zone1").label("node", "node-b")};
}
std::vector<NodeP> nodesAX() {
    return {N("node-a").label("zone", "zone1").label("node", "node-a"),
            N("node-x").label("zone", "zone2").label("node", "node-x")};
}
std::vector<NodeP> nodesABX() {
    return {N("node-a").label("zone", "zone1").label("node", "node-a"),
            N("node-b").label("zone", "zone1").label("node", "node-b"),
            N("node-x").label("zone", "zone2").label("node", "node-x")};
}
std::vector<NodeP> nodesAffinityAB() {
    return {N("node-a").label("zone", "zone1").label("node", "node-a").label("foo", "bar"),
            N("node-b").label("zone", "zone2").label("node", "node-b").label("foo", "")};
}

void addUpdateRow(std::vector<UpdateCase>& table, const char* name, UpdateCase c) {
    table.push_back(std::move(c));
    QTest::newRow(name) << static_cast<int>(table.size() - 1);
}

void runUpdate(const UpdateCase& c, bool add) {
    Env env(c.nodes, c.existing, listArgs(), c.gates);
    fw::CycleState state;
    auto [result, status] = env.plugin->preFilter(state, *c.preemptor, env.nodes());
    QVERIFY2(status.isSuccess(), status.message().c_str());
    auto info = fw::PodInfo::make(c.changedPod);
    auto* ext = env.plugin->preFilterExtensions();
    QVERIFY(ext != nullptr);
    fw::Status st = add ? ext->addPod(state, *c.preemptor, *info, env.nodeInfo(c.nodeName))
                        : ext->removePod(state, *c.preemptor, *info, env.nodeInfo(c.nodeName));
    QVERIFY2(st.isSuccess(), st.message().c_str());
    const auto* s = state.read<pts::PreFilterState>(pts::kPreFilterStateKey);
    QVERIFY(s != nullptr);
    QCOMPARE(QString::fromStdString(renderState(*s)), QString::fromStdString(renderWant(c.want)));
}

}  // namespace

void PodTopologySpreadTest::preFilterAddPod_data() {
    QTest::addColumn<int>("idx");
    gAddCases.clear();
    const PodP nodePreemptor = P("p").label("foo", "").spread(1, "node", DNS, fooSel);
    const PodP twoPreemptor = P("p").label("foo", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS, fooSel);
    const PodP diffPreemptor =
        P("p").label("foo", "").label("bar", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS, barSel);
    const PodP affinityPreemptor = P("p").label("foo", "").affinityNotIn("foo", {"bar"}).spread(1, "zone", DNS, fooSel);
    const PodP zonePreemptor = P("p").label("foo", "").spread(1, "zone", DNS, fooSel);

    addUpdateRow(gAddCases, "node a and b both impact current min match",
                 {nodePreemptor, P("p-a1").node("node-a").label("foo", ""), {}, "node-a", nodesAB(), gates(),
                  {{kFooNode1},
                   {{{"node", "node-a"}, 1}, {{"node", "node-b"}, 0}},
                   std::map<std::string, int64_t>{{"node", 2}},
                   {{"node", {"node-b", 0, "node-a", 1}}}}});
    addUpdateRow(gAddCases, "only node a impacts current min match",
                 {nodePreemptor, P("p-a1").node("node-a").label("foo", ""), foos({{"p-b1", "node-b"}}), "node-a",
                  nodesAB(), gates(),
                  {{kFooNode1},
                   {{{"node", "node-a"}, 1}, {{"node", "node-b"}, 1}},
                   std::map<std::string, int64_t>{{"node", 2}},
                   {{"node", {"node-a", 1, "node-b", 1}}}}});
    addUpdateRow(gAddCases, "add a pod in a different namespace doesn't change topologyKeyToMinPodsMap",
                 {nodePreemptor, P("p-a1").ns("ns1").node("node-a").label("foo", ""), foos({{"p-b1", "node-b"}}),
                  "node-a", nodesAB(), gates(),
                  {{kFooNode1},
                   {{{"node", "node-a"}, 0}, {{"node", "node-b"}, 1}},
                   std::map<std::string, int64_t>{{"node", 2}},
                   {{"node", {"node-a", 0, "node-b", 1}}}}});
    addUpdateRow(gAddCases, "add pod on non-critical node won't trigger re-calculation",
                 {nodePreemptor, P("p-b2").node("node-b").label("foo", ""), foos({{"p-b1", "node-b"}}), "node-b",
                  nodesAB(), gates(),
                  {{kFooNode1},
                   {{{"node", "node-a"}, 0}, {{"node", "node-b"}, 2}},
                   std::map<std::string, int64_t>{{"node", 2}},
                   {{"node", {"node-a", 0, "node-b", 2}}}}});
    addUpdateRow(gAddCases, "node a and x both impact topologyKeyToMinPodsMap on zone and node",
                 {twoPreemptor, P("p-a1").node("node-a").label("foo", ""), {}, "node-a", nodesAX(), gates(),
                  {{kFooZone1, kFooNode1},
                   {{{"zone", "zone1"}, 1}, {{"zone", "zone2"}, 0}, {{"node", "node-a"}, 1}, {{"node", "node-x"}, 0}},
                   std::map<std::string, int64_t>{{"zone", 2}, {"node", 2}},
                   {{"zone", {"zone2", 0, "zone1", 1}}, {"node", {"node-x", 0, "node-a", 1}}}}});
    addUpdateRow(gAddCases, "only node a impacts topologyKeyToMinPodsMap on zone and node",
                 {twoPreemptor, P("p-a1").node("node-a").label("foo", ""), foos({{"p-x1", "node-x"}}), "node-a",
                  nodesAX(), gates(),
                  {{kFooZone1, kFooNode1},
                   {{{"zone", "zone1"}, 1}, {{"zone", "zone2"}, 1}, {{"node", "node-a"}, 1}, {{"node", "node-x"}, 1}},
                   std::map<std::string, int64_t>{{"zone", 2}, {"node", 2}},
                   {{"zone", {"zone1", 1, "zone2", 1}}, {"node", {"node-a", 1, "node-x", 1}}}}});
    addUpdateRow(gAddCases,
                 "node a impacts topologyKeyToMinPodsMap on node, node x impacts topologyKeyToMinPodsMap on zone",
                 {twoPreemptor, P("p-a1").node("node-a").label("foo", ""),
                  foos({{"p-b1", "node-b"}, {"p-b2", "node-b"}, {"p-x1", "node-x"}}), "node-a", nodesABX(), gates(),
                  {{kFooZone1, kFooNode1},
                   {{{"zone", "zone1"}, 3},
                    {{"zone", "zone2"}, 1},
                    {{"node", "node-a"}, 1},
                    {{"node", "node-b"}, 2},
                    {{"node", "node-x"}, 1}},
                   std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                   {{"zone", {"zone2", 1, "zone1", 3}}, {"node", {"node-a", 1, "node-x", 1}}}}});
    addUpdateRow(gAddCases, "Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on zone",
                 {diffPreemptor, P("p-a1").node("node-a").label("foo", ""),
                  {P("p-b1").node("node-b").label("foo", "").label("bar", ""),
                   P("p-x1").node("node-x").label("foo", "").label("bar", ""), P("p-x2").node("node-x").label("bar", "")},
                  "node-a", nodesABX(), gates(),
                  {{kFooZone1, kBarNode1},
                   {{{"zone", "zone1"}, 2},
                    {{"zone", "zone2"}, 1},
                    {{"node", "node-a"}, 0},
                    {{"node", "node-b"}, 1},
                    {{"node", "node-x"}, 2}},
                   std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                   {{"zone", {"zone2", 1, "zone1", 2}}, {"node", {"node-a", 0, "node-b", 1}}}}});
    addUpdateRow(gAddCases,
                 "Constraints hold different labelSelectors, node a impacts topologyKeyToMinPodsMap on both zone and node",
                 {diffPreemptor, P("p-a1").node("node-a").label("foo", "").label("bar", ""),
                  {P("p-b1").node("node-b").label("bar", ""), P("p-x1").node("node-x").label("foo", "").label("bar", ""),
                   P("p-x2").node("node-x").label("bar", "")},
                  "node-a", nodesABX(), gates(),
                  {{kFooZone1, kBarNode1},
                   {{{"zone", "zone1"}, 1},
                    {{"zone", "zone2"}, 1},
                    {{"node", "node-a"}, 1},
                    {{"node", "node-b"}, 1},
                    {{"node", "node-x"}, 2}},
                   std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                   {{"zone", {"zone1", 1, "zone2", 1}}, {"node", {"node-a", 1, "node-b", 1}}}}});
    const WantPreFilter zone2Only{{kFooZone1},
                                  {{{"zone", "zone2"}, 1}},
                                  std::map<std::string, int64_t>{{"zone", 1}},
                                  {{"zone", {"zone2", 1, "", kMaxInt32}}}};
    const auto affinityExisting = std::vector<PodP>{P("p-a2").node("node-a").label("foo", "").label("zone", "zone1"),
                                                    P("p-b1").node("node-b").label("foo", "").label("zone", "zone2")};
    addUpdateRow(gAddCases, "add a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy disabled",
                 {affinityPreemptor, P("p-a1").node("node-a").label("foo", "").label("zone", "zone1"), affinityExisting,
                  "node-a", nodesAffinityAB(), gates(false), zone2Only});
    addUpdateRow(gAddCases, "add a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy enabled",
                 {affinityPreemptor, P("p-a1").node("node-a").label("foo", "").label("zone", "zone1"), affinityExisting,
                  "node-a", nodesAffinityAB(), gates(true), zone2Only});
    const WantPreFilter oneTwo{{kFooZone1},
                               {{{"zone", "zone1"}, 1}, {{"zone", "zone2"}, 2}},
                               std::map<std::string, int64_t>{{"zone", 2}},
                               {{"zone", {"zone1", 1, "zone2", 2}}}};
    const auto matchedExisting = std::vector<PodP>{P("p-a1").node("node-a").label("foo", "").label("zone", "zone1"),
                                                   P("p-b2").node("node-b").label("foo", "").label("zone", "zone2")};
    addUpdateRow(gAddCases, "add a pod when scheduling node affinity matched pod with NodeInclusionPolicy disabled",
                 {zonePreemptor, P("p-b1").node("node-b").label("foo", "").label("zone", "zone2"), matchedExisting,
                  "node-b", nodesAffinityAB(), gates(false), oneTwo});
    addUpdateRow(gAddCases, "add a pod when scheduling node affinity matched pod with NodeInclusionPolicy enabled",
                 {zonePreemptor, P("p-b1").node("node-b").label("foo", "").label("zone", "zone2"), matchedExisting,
                  "node-b", nodesAffinityAB(), gates(true), oneTwo});
    addUpdateRow(gAddCases, "add a label selector not matched pod when with NodeInclusionPolicy enabled",
                 {zonePreemptor, P("p-b1").node("node-b").label("zone", "zone2"), matchedExisting, "node-b",
                  nodesAffinityAB(), gates(true),
                  {{kFooZone1},
                   {{{"zone", "zone1"}, 1}, {{"zone", "zone2"}, 1}},
                   std::map<std::string, int64_t>{{"zone", 2}},
                   {{"zone", {"zone1", 1, "zone2", 1}}}}});
    const std::vector<NodeP> taintNodes = {N("node-a").label("zone", "zone1").label("node", "node-a").taint(),
                                           N("node-b").label("zone", "zone2").label("node", "node-b")};
    addUpdateRow(gAddCases, "add a pod when scheduling taint untolerated pod with NodeInclusionPolicy disabled",
                 {zonePreemptor, P("p-b1").node("node-b").label("foo", "").label("zone", "zone2"), matchedExisting,
                  "node-b", taintNodes, gates(false), oneTwo});
    addUpdateRow(gAddCases, "add a pod when scheduling taint tolerated pod with NodeInclusionPolicy enabled",
                 {P("p").label("foo", "").toleration(kUnschedulableTaint).spread(1, "zone", DNS, fooSel),
                  P("p-b1").node("node-b").label("foo", "").label("zone", "zone2"), matchedExisting, "node-b",
                  taintNodes, gates(true), oneTwo});
    // AddPod matches with the selector itself, so an empty selector does count the added pod.
    addUpdateRow(gAddCases, "empty selector: AddPod counts the added pod",
                 {P("p").label("foo", "").spread(1, "zone", DNS, emptySel()), P("p-x1").node("node-x"),
                  foos({{"p-a1", "node-a"}}), "node-x", nodesAX(), gates(),
                  {{"1/zone/<everything>/1/Honor/Ignore"},
                   {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 1}},
                   std::map<std::string, int64_t>{{"zone", 2}},
                   {{"zone", {"zone1", 0, "zone2", 1}}}}});
    // v1.28: each constraint of the key adds to the shared pair count.
    addUpdateRow(gAddCases, "v1.28: a pod matching two constraints on one key is counted twice",
                 {P("p").label("foo", "").label("bar", "").spread(2, "zone", DNS, fooSel).spread(2, "zone", DNS, barSel),
                  P("p-x2").node("node-x").label("foo", "").label("bar", ""),
                  {P("p-a1").node("node-a").label("foo", ""), P("p-x1").node("node-x").label("bar", "")}, "node-x",
                  nodesAX(), gates(),
                  {{"2/zone/foo/1/Honor/Ignore", "2/zone/bar/1/Honor/Ignore"},
                   {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 3}},
                   std::map<std::string, int64_t>{{"zone", 2}},
                   {{"zone", {"zone1", 0, "zone2", 3}}}}});
}

void PodTopologySpreadTest::preFilterAddPod() {
    QFETCH(int, idx);
    runUpdate(gAddCases[idx], true);
}

void PodTopologySpreadTest::preFilterRemovePod_data() {
    QTest::addColumn<int>("idx");
    gRemoveCases.clear();
    const PodP zonePreemptor = P("p").label("foo", "").spread(1, "zone", DNS, fooSel);
    {
        auto existing = foos({{"p-a1", "node-a"}, {"p-b1", "node-b"}, {"p-x1", "node-x"}});
        addUpdateRow(gRemoveCases, "one spreadConstraint on zone, topologyKeyToMinPodsMap unchanged",
                     {zonePreemptor, existing[0], existing, "node-a", nodesABX(), gates(),
                      {{kFooZone1},
                       {{{"zone", "zone1"}, 1}, {{"zone", "zone2"}, 1}},
                       std::map<std::string, int64_t>{{"zone", 2}},
                       {{"zone", {"zone1", 1, "zone2", 1}}}}});
    }
    {
        auto existing = foos({{"p-a1", "node-a"}, {"p-b1", "node-b"}, {"p-x1", "node-x"}, {"p-y1", "node-y"}});
        addUpdateRow(gRemoveCases, "one spreadConstraint on node, topologyKeyToMinPodsMap changed",
                     {zonePreemptor, existing[0], existing, "node-a", nodesABXY(), gates(),
                      {{kFooZone1},
                       {{{"zone", "zone1"}, 1}, {{"zone", "zone2"}, 2}},
                       std::map<std::string, int64_t>{{"zone", 2}},
                       {{"zone", {"zone1", 1, "zone2", 2}}}}});
        const WantPreFilter twoTwo{{kFooZone1},
                                   {{{"zone", "zone1"}, 2}, {{"zone", "zone2"}, 2}},
                                   std::map<std::string, int64_t>{{"zone", 2}},
                                   {{"zone", {"zone1", 2, "zone2", 2}}}};
        auto withIrrelevant = existing;
        const PodP irrelevant = P("p-a0").node("node-a").label("bar", "");
        withIrrelevant.insert(withIrrelevant.begin(), irrelevant);
        addUpdateRow(gRemoveCases, "delete an irrelevant pod won't help",
                     {zonePreemptor, irrelevant, withIrrelevant, "node-a", nodesABXY(), gates(), twoTwo});
        addUpdateRow(gRemoveCases, "delete a non-existing pod won't help",
                     {zonePreemptor, irrelevant, existing, "node-a", nodesABXY(), gates(), twoTwo});
    }
    {
        auto existing = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-x1", "node-x"},
                              {"p-x2", "node-x"}});
        addUpdateRow(gRemoveCases, "two spreadConstraints",
                     {P("p").label("foo", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS, fooSel),
                      existing[3], existing, "node-x", nodesABX(), gates(),
                      {{kFooZone1, kFooNode1},
                       {{{"zone", "zone1"}, 3},
                        {{"zone", "zone2"}, 1},
                        {{"node", "node-a"}, 2},
                        {{"node", "node-b"}, 1},
                        {{"node", "node-x"}, 1}},
                       std::map<std::string, int64_t>{{"zone", 2}, {"node", 3}},
                       {{"zone", {"zone2", 1, "zone1", 3}}, {"node", {"node-b", 1, "node-x", 1}}}}});
    }
    const WantPreFilter zone2Only{{kFooZone1},
                                  {{{"zone", "zone2"}, 1}},
                                  std::map<std::string, int64_t>{{"zone", 1}},
                                  {{"zone", {"zone2", 1, "", kMaxInt32}}}};
    const PodP affinityPreemptor = P("p").label("foo", "").affinityNotIn("foo", {"bar"}).spread(1, "zone", DNS, fooSel);
    const auto existing = std::vector<PodP>{P("p-a2").node("node-a").label("foo", "").label("zone", "zone1"),
                                            P("p-b1").node("node-b").label("foo", "").label("zone", "zone2")};
    addUpdateRow(gRemoveCases, "remove a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy disabled",
                 {affinityPreemptor, P("p-a1").node("node-a").label("foo", "").label("zone", "zone1"), existing,
                  "node-a", nodesAffinityAB(), gates(false), zone2Only});
    addUpdateRow(gRemoveCases, "remove a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy enabled",
                 {affinityPreemptor, P("p-a1").node("node-a").label("foo", "").label("zone", "zone1"), existing,
                  "node-a", nodesAffinityAB(), gates(true), zone2Only});
    {
        const auto matched = std::vector<PodP>{P("p-a1").node("node-a").label("foo", "").label("zone", "zone1"),
                                               P("p-b1").node("node-b").label("foo", "").label("zone", "zone2"),
                                               P("p-b2").node("node-b").label("foo", "").label("zone", "zone2")};
        const WantPreFilter oneOne{{kFooZone1},
                                   {{{"zone", "zone1"}, 1}, {{"zone", "zone2"}, 1}},
                                   std::map<std::string, int64_t>{{"zone", 2}},
                                   {{"zone", {"zone1", 1, "zone2", 1}}}};
        addUpdateRow(gRemoveCases, "remove a pod when scheduling node affinity matched pod with NodeInclusionPolicy disabled",
                     {P("p").label("foo", "").spread(1, "zone", DNS, fooSel), matched[1], matched, "node-b",
                      nodesAffinityAB(), gates(false), oneOne});
        addUpdateRow(gRemoveCases, "remove a pod when scheduling node affinity matched pod with NodeInclusionPolicy enabled",
                     {P("p").label("foo", "").spread(1, "zone", DNS, fooSel), matched[1], matched, "node-b",
                      nodesAffinityAB(), gates(true), oneOne});
    }
}

void PodTopologySpreadTest::preFilterRemovePod() {
    QFETCH(int, idx);
    runUpdate(gRemoveCases[idx], false);
}

// ---- Filter (TestSingleConstraint / TestMultipleConstraints) ----

namespace {

struct FilterCase {
    PodP pod;
    std::vector<NodeP> nodes;
    std::vector<PodP> existing;
    fw::FeatureGates gates;
    std::map<std::string, fw::Code> want;
};
std::vector<FilterCase> gSingleCases, gMultiCases;

constexpr fw::Code OK = fw::Code::Success;
constexpr fw::Code U = fw::Code::Unschedulable;
constexpr fw::Code UU = fw::Code::UnschedulableAndUnresolvable;

void addFilterRow(std::vector<FilterCase>& table, const char* name, FilterCase c) {
    table.push_back(std::move(c));
    QTest::newRow(name) << static_cast<int>(table.size() - 1);
}

void runFilter(const FilterCase& c) {
    Env env(c.nodes, c.existing, listArgs(), c.gates);
    fw::CycleState state;
    auto [result, status] = env.plugin->preFilter(state, *c.pod, env.nodes());
    QVERIFY2(status.isSuccess(), status.message().c_str());
    for (const auto& n : c.nodes) {
        const std::string& name = n->metadata().name();
        fw::Status st = env.plugin->filter(state, *c.pod, env.nodeInfo(name));
        QVERIFY2(c.want.count(name), name.c_str());
        const fw::Code want = c.want.at(name);
        QVERIFY2(st.code() == want,
                 (name + ": got " + fw::codeName(st.code()) + ", want " + fw::codeName(want)).c_str());
        // The reasons are upstream's texts.
        if (want == U)
            QCOMPARE(st.reasons(), std::vector<std::string>{"node(s) didn't match pod topology spread constraints"});
        if (want == UU)
            QCOMPARE(st.reasons(),
                     std::vector<std::string>{"node(s) didn't match pod topology spread constraints (missing required label)"});
        if (want == OK) QVERIFY(st.reasons().empty());
    }
}

std::map<std::string, fw::Code> codes(fw::Code a, fw::Code b, fw::Code x, fw::Code y) {
    return {{"node-a", a}, {"node-b", b}, {"node-x", x}, {"node-y", y}};
}

}  // namespace

void PodTopologySpreadTest::filterSingleConstraint_data() {
    QTest::addColumn<int>("idx");
    gSingleCases.clear();
    const PodP zonePod = P("p").label("foo", "").spread(1, "zone", DNS, fooSel);
    const PodP nodePod = P("p").label("foo", "").spread(1, "node", DNS, fooSel);
    const auto spread2103 = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-y1", "node-y"},
                                  {"p-y2", "node-y"}, {"p-y3", "node-y"}});

    addFilterRow(gSingleCases, "no existing pods", {zonePod, nodesABXY(), {}, gates(), codes(OK, OK, OK, OK)});
    addFilterRow(gSingleCases, "no existing pods, incoming pod doesn't match itself",
                 {P("p").label("foo", "").spread(1, "zone", DNS, barSel), nodesABXY(), {}, gates(),
                  codes(OK, OK, OK, OK)});
    addFilterRow(gSingleCases, "existing pods in a different namespace do not count",
                 {zonePod, nodesABXY(),
                  {P("p-a1").ns("ns1").node("node-a").label("foo", ""), P("p-a2").ns("ns2").node("node-a").label("foo", ""),
                   P("p-x1").node("node-x").label("foo", ""), P("p-y1").node("node-y").label("foo", "")},
                  gates(), codes(OK, OK, U, U)});
    addFilterRow(gSingleCases, "existing pods do not match null selector",
                 {P("p").label("foo", "").spread(1, "zone", DNS, kNil), nodesABXY(),
                  foos({{"p-x1", "node-x"}, {"p-y1", "node-y"}}), gates(), codes(OK, OK, OK, OK)});
    addFilterRow(gSingleCases, "existing pods are not counted with an empty selector",
                 {P("p").label("foo", "").spread(1, "zone", DNS, emptySel()), nodesABXY(),
                  foos({{"p-x1", "node-x"}, {"p-y1", "node-y"}, {"p-y2", "node-y"}}), gates(), codes(OK, OK, OK, OK)});
    addFilterRow(gSingleCases, "pods spread across zones as 3/3, all nodes fit",
                 {zonePod, nodesABXY(), spread2103, gates(), codes(OK, OK, OK, OK)});
    addFilterRow(gSingleCases, "pods spread across zones as 1/2 due to absence of label 'zone' on node-b",
                 {zonePod,
                  {N("node-a").label("zone", "zone1").label("node", "node-a"),
                   N("node-b").label("zon", "zone1").label("node", "node-b"),
                   N("node-x").label("zone", "zone2").label("node", "node-x"),
                   N("node-y").label("zone", "zone2").label("node", "node-y")},
                  foos({{"p-a1", "node-a"}, {"p-b1", "node-b"}, {"p-x1", "node-x"}, {"p-y1", "node-y"}}), gates(),
                  codes(OK, UU, U, U)});
    addFilterRow(gSingleCases, "pod cannot be scheduled as all nodes don't have label 'rack'",
                 {P("p").label("foo", "").spread(1, "rack", DNS, fooSel),
                  {N("node-a").label("zone", "zone1").label("node", "node-a"),
                   N("node-x").label("zone", "zone2").label("node", "node-x")},
                  {}, gates(), {{"node-a", UU}, {"node-x", UU}}});
    addFilterRow(gSingleCases, "pods spread across nodes as 2/1/0/3, only node-x fits",
                 {nodePod, nodesABXY(), spread2103, gates(), codes(U, U, OK, U)});
    addFilterRow(gSingleCases, "pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit",
                 {P("p").label("foo", "").spread(2, "node", DNS, fooSel), nodesABXY(), spread2103, gates(),
                  codes(U, OK, OK, U)});
    addFilterRow(gSingleCases, "pods spread across nodes as 2/1/0/3, but pod doesn't match itself",
                 {P("p").label("bar", "").spread(1, "node", DNS, fooSel), nodesABXY(), spread2103, gates(),
                  codes(U, OK, OK, U)});
    addFilterRow(gSingleCases, "incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits",
                 {P("p").label("foo", "").affinityIn("node", {"node-a", "node-y"}).spread(1, "node", DNS, fooSel),
                  nodesABXY(), spread2103, gates(false), codes(OK, OK, OK, U)});
    addFilterRow(gSingleCases, "incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3 (v1.28 default gates)",
                 {P("p").label("foo", "").affinityIn("node", {"node-a", "node-y"}).spread(1, "node", DNS, fooSel),
                  nodesABXY(), spread2103, gates(), codes(OK, OK, OK, U)});
    addFilterRow(gSingleCases, "terminating Pods should be excluded",
                 {nodePod,
                  {N("node-a").label("node", "node-a"), N("node-b").label("node", "node-b")},
                  {P("p-a").node("node-a").label("foo", "").terminating(), P("p-b").node("node-b").label("foo", "")},
                  gates(),
                  {{"node-a", OK}, {"node-b", U}}});
    addFilterRow(gSingleCases, "incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits",
                 {P("p").label("foo", "").affinityNotIn("node", {"node-b"}).spread(1, "zone", DNS, fooSel), nodesABXY(),
                  foos({{"p-b1", "node-b"}, {"p-b2", "node-b"}, {"p-y1", "node-y"}}), gates(false),
                  codes(OK, OK, U, U)});
    {
        const std::vector<NodeP> abc = {N("node-a").label("node", "node-a"), N("node-b").label("node", "node-b"),
                                        N("node-c").label("node", "node-c")};
        const auto pods = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-b2", "node-b"},
                                {"p-c1", "node-c"}});
        addFilterRow(gSingleCases,
                     "pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains < minDomains, then "
                     "the third node fits",
                     {P("p").label("foo", "").spread(2, "node", DNS, fooSel, 4), abc, pods, gates(),
                      {{"node-a", U}, {"node-b", U}, {"node-c", OK}}});
        addFilterRow(gSingleCases,
                     "pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains > minDomains, then "
                     "the all nodes fit",
                     {P("p").label("foo", "").spread(2, "node", DNS, fooSel, 2), abc, pods, gates(),
                      {{"node-a", OK}, {"node-b", OK}, {"node-c", OK}}});
    }
    {
        const auto pods = foos({{"p-b1", "node-a"}, {"p-b2", "node-b"}, {"p-y1", "node-y"}});
        addFilterRow(gSingleCases,
                     "pods spread across zone as 2/1, maxSkew is 2 and the number of domains < minDomains, then the "
                     "third and fourth nodes fit",
                     {P("p").label("foo", "").spread(2, "zone", DNS, fooSel, 3), nodesABXY(), pods, gates(),
                      codes(U, U, OK, OK)});
        addFilterRow(gSingleCases,
                     "pods spread across zone as 2/1, maxSkew is 2 and the number of domains > minDomains, then the "
                     "all nodes fit",
                     {P("p").label("foo", "").spread(2, "zone", DNS, fooSel, 1), nodesABXY(), pods, gates(),
                      codes(OK, OK, OK, OK)});
        addFilterRow(gSingleCases, "minDomains is ignored when the MinDomainsInPodTopologySpread gate is off",
                     {P("p").label("foo", "").spread(2, "zone", DNS, fooSel, 3), nodesABXY(), pods,
                      gates(true, true, false), codes(OK, OK, OK, OK)});
    }
    {
        const std::vector<NodeP> nodes = {N("node-a").label("node", "node-a").label("foo", ""),
                                          N("node-b").label("node", "node-b").label("foo", ""),
                                          N("node-x").label("node", "node-x").label("foo", ""),
                                          N("node-y").label("node", "node-y")};
        const auto pods = foos({{"p-b1", "node-a"}, {"p-b2", "node-b"}, {"p-y1", "node-y"}});
        addFilterRow(gSingleCases, "NodeAffinityPolicy honored with labelSelectors",
                     {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "node", DNS, fooSel), nodes, pods,
                      gates(true), codes(U, U, OK, OK)});
        addFilterRow(gSingleCases, "NodeAffinityPolicy ignored with labelSelectors",
                     {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "node", DNS, fooSel, std::nullopt,
                                                                             "Ignore"),
                      nodes, pods, gates(true), codes(U, U, OK, U)});
        addFilterRow(gSingleCases, "NodeAffinityPolicy honored with nodeAffinity",
                     {P("p").label("foo", "").affinityIn("foo", {""}).spread(1, "node", DNS, fooSel), nodes, pods,
                      gates(true), codes(U, U, OK, OK)});
        addFilterRow(gSingleCases, "NodeAffinityPolicy ignored with nodeAffinity",
                     {P("p").label("foo", "").affinityIn("foo", {""}).spread(1, "node", DNS, fooSel, std::nullopt,
                                                                           "Ignore"),
                      nodes, pods, gates(true), codes(U, U, OK, U)});
    }
    {
        const std::vector<NodeP> nodes = {N("node-a").label("node", "node-a").label("foo", ""),
                                          N("node-b").label("node", "node-b").label("foo", ""),
                                          N("node-x").label("node", "node-x").label("foo", ""),
                                          N("node-y").label("node", "node-y").taint()};
        const auto pods = foos({{"p-b1", "node-a"}, {"p-b2", "node-b"}, {"p-y1", "node-y"}});
        addFilterRow(gSingleCases, "NodeTaintsPolicy honored",
                     {P("p").label("foo", "").spread(1, "node", DNS, fooSel, std::nullopt, nullptr, "Honor"), nodes,
                      pods, gates(true), codes(U, U, OK, OK)});
        addFilterRow(gSingleCases, "NodeTaintsPolicy ignored",
                     {P("p").label("foo", "").spread(1, "node", DNS, fooSel), nodes, pods, gates(true),
                      codes(U, U, OK, U)});
    }
    // v1.28: two constraints on one key see the same count: the later constraint's (1 bar pod in
    // zone2, none in zone1), for both of them.
    addFilterRow(gSingleCases, "v1.28: constraints sharing a topology key share the counts",
                 {P("p").label("foo", "").label("bar", "").spread(1, "zone", DNS, fooSel).spread(1, "zone", DNS, barSel),
                  nodesABXY(), {P("p-a1").node("node-a").label("foo", ""), P("p-a2").node("node-a").label("foo", ""),
                                P("p-x1").node("node-x").label("bar", "")},
                  gates(), codes(OK, OK, U, U)});
}

void PodTopologySpreadTest::filterSingleConstraint() {
    QFETCH(int, idx);
    runFilter(gSingleCases[idx]);
}

void PodTopologySpreadTest::filterMultipleConstraints_data() {
    QTest::addColumn<int>("idx");
    gMultiCases.clear();
    const PodP twoFoo = P("p").label("foo", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS, fooSel);
    const PodP fooBar =
        P("p").label("foo", "").label("bar", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS, barSel);
    addFilterRow(gMultiCases, "two Constraints on zone and node, spreads = [3/3, 2/1/0/3]",
                 {twoFoo, nodesABXY(),
                  foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-y1", "node-y"},
                        {"p-y2", "node-y"}, {"p-y3", "node-y"}}),
                  gates(), codes(U, U, OK, U)});
    addFilterRow(gMultiCases, "two Constraints on zone and node, spreads = [3/4, 2/1/0/4]",
                 {twoFoo, nodesABXY(),
                  foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-y1", "node-y"},
                        {"p-y2", "node-y"}, {"p-y3", "node-y"}, {"p-y4", "node-y"}}),
                  gates(), codes(U, U, U, U)});
    addFilterRow(gMultiCases, "Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]",
                 {fooBar, nodesABXY(), {P("p-a1").node("node-a").label("foo", ""), P("p-y1").node("node-y").label("bar", "")},
                  gates(), codes(U, U, OK, U)});
    addFilterRow(gMultiCases, "Constraints hold different labelSelectors, spreads = [1/0, 0/0/1/1]",
                 {fooBar, nodesABXY(),
                  {P("p-a1").node("node-a").label("foo", ""), P("p-x1").node("node-x").label("bar", ""),
                   P("p-y1").node("node-y").label("bar", "")},
                  gates(), codes(U, U, U, U)});
    addFilterRow(gMultiCases, "Constraints hold different labelSelectors, spreads = [2/3, 1/0/0/1]",
                 {fooBar, nodesABXY(),
                  {P("p-a1").node("node-a").label("foo", ""), P("p-a2").node("node-a").label("foo", "").label("bar", ""),
                   P("p-y1").node("node-y").label("foo", ""), P("p-y2").node("node-y").label("foo", "").label("bar", ""),
                   P("p-y3").node("node-y").label("foo", "")},
                  gates(), codes(U, OK, U, U)});
    addFilterRow(gMultiCases, "Constraints hold different labelSelectors but pod doesn't match itself on 'zone' constraint",
                 {P("p").label("bar", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS, barSel), nodesABXY(),
                  {P("p-a1").node("node-a").label("foo", ""), P("p-x1").node("node-x").label("bar", ""),
                   P("p-y1").node("node-y").label("bar", "")},
                  gates(), codes(OK, OK, U, U)});
    addFilterRow(gMultiCases, "two Constraints on zone and node, absence of label 'node' on node-x, spreads = [1/1, 1/0/0/1]",
                 {twoFoo,
                  {N("node-a").label("zone", "zone1").label("node", "node-a"),
                   N("node-b").label("zone", "zone1").label("node", "node-b"), N("node-x").label("zone", "zone2"),
                   N("node-y").label("zone", "zone2").label("node", "node-y")},
                  foos({{"p-a1", "node-a"}, {"p-y3", "node-y"}}), gates(), codes(U, OK, UU, U)});
    const auto pods = foos({{"p-a1", "node-a"}, {"p-b1", "node-b"}, {"p-y1", "node-y"}});
    addFilterRow(gMultiCases, "two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore",
                 {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "zone", DNS, fooSel).spread(
                      1, "node", DNS, fooSel, std::nullopt, "Ignore"),
                  {N("node-a").label("zone", "zone1").label("node", "node-a").label("foo", ""),
                   N("node-b").label("zone", "zone1").label("node", "node-b").label("foo", ""),
                   N("node-x").label("zone", "zone2").label("node", "node-x").label("foo", ""),
                   N("node-y").label("zone", "zone2").label("node", "node-y")},
                  pods, gates(true), codes(U, U, OK, U)});
    addFilterRow(gMultiCases, "two node inclusion Constraints, zone: honor/honor, node: honor/ignore",
                 {P("p").label("foo", "").spread(1, "zone", DNS, fooSel, std::nullopt, nullptr, "Honor").spread(
                      1, "node", DNS, fooSel),
                  {N("node-a").label("zone", "zone1").label("node", "node-a").label("foo", ""),
                   N("node-b").label("zone", "zone1").label("node", "node-b").label("foo", ""),
                   N("node-x").label("zone", "zone2").label("node", "node-x").label("foo", ""),
                   N("node-y").label("zone", "zone2").label("node", "node-y").taint()},
                  pods, gates(true), codes(U, U, OK, U)});
    addFilterRow(gMultiCases, "two node inclusion Constraints, zone: honor/ignore, node: honor/ignore",
                 {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "zone", DNS, fooSel).spread(1, "node", DNS,
                                                                                                          fooSel),
                  {N("node-a").label("zone", "zone1").label("node", "node-a").label("foo", ""),
                   N("node-b").label("zone", "zone1").label("node", "node-b"),
                   N("node-x").label("zone", "zone2").label("node", "node-x").label("foo", ""),
                   N("node-y").label("zone", "zone2").label("node", "node-y").label("foo", "").taint()},
                  pods, gates(true), codes(U, OK, OK, U)});
    addFilterRow(gMultiCases, "two node inclusion Constraints, zone: honor/honor, node: ignore/ignore",
                 {P("p").label("foo", "")
                      .nodeSelector("foo", "")
                      .spread(1, "zone", DNS, fooSel, std::nullopt, nullptr, "Honor")
                      .spread(1, "node", DNS, fooSel, std::nullopt, "Ignore"),
                  {N("node-a").label("zone", "zone1").label("node", "node-a").label("foo", ""),
                   N("node-b").label("zone", "zone1").label("node", "node-b"),
                   N("node-x").label("zone", "zone2").label("node", "node-x").label("foo", ""),
                   N("node-y").label("zone", "zone2").label("node", "node-y").label("foo", "").taint()},
                  pods, gates(true), codes(U, U, OK, U)});
}

void PodTopologySpreadTest::filterMultipleConstraints() {
    QFETCH(int, idx);
    runFilter(gMultiCases[idx]);
}

// TestPreFilterDisabled: Filter without PreFilter's state is an internal error.
void PodTopologySpreadTest::filterWithoutPreFilter() {
    Env env({N("node-a")}, {}, listArgs(), gates());
    fw::CycleState state;
    fw::Status st = env.plugin->filter(state, *P("p").obj(), env.nodeInfo("node-a"));
    QCOMPARE(int(st.code()), int(fw::Code::Error));
    QCOMPARE(st.message(), std::string("reading \"PreFilterPodTopologySpread\" from cycleState: not found"));

    auto info = fw::PodInfo::make(P("q").node("node-a").obj());
    st = env.plugin->preFilterExtensions()->addPod(state, *P("p").obj(), *info, env.nodeInfo("node-a"));
    QCOMPARE(int(st.code()), int(fw::Code::Error));
    QCOMPARE(st.message(), std::string("reading \"PreFilterPodTopologySpread\" from cycleState: not found"));
}

// The exact texts and codes FailedScheduling messages are built from.
void PodTopologySpreadTest::filterReasons() {
    QCOMPARE(std::string(pts::kErrReasonConstraintsNotMatch),
             std::string("node(s) didn't match pod topology spread constraints"));
    QCOMPARE(std::string(pts::kErrReasonNodeLabelNotMatch),
             std::string("node(s) didn't match pod topology spread constraints (missing required label)"));
    Env env({N("node-a").label("zone", "zone1"), N("node-b")}, foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}}),
            listArgs(), gates());
    fw::CycleState state;
    const PodP pod = P("p").label("foo", "").spread(1, "zone", DNS, fooSel);
    auto [r, st] = env.plugin->preFilter(state, *pod, env.nodes());
    QVERIFY(st.isSuccess());
    // node-b has no zone: unresolvable (preemption cannot help).
    fw::Status b = env.plugin->filter(state, *pod, env.nodeInfo("node-b"));
    QCOMPARE(int(b.code()), int(fw::Code::UnschedulableAndUnresolvable));
    QCOMPARE(b.message(), std::string("node(s) didn't match pod topology spread constraints (missing required label)"));
    // node-a: 2 matching + 1 (self) - 2 (the minimum over the one domain) = 1: fits.
    QVERIFY(env.plugin->filter(state, *pod, env.nodeInfo("node-a")).isSuccess());
    // A second constraint on a key no node has makes node-a unresolvable too.
    fw::CycleState state2;
    const PodP pod2 = P("p").label("foo", "").spread(1, "zone", DNS, fooSel).spread(1, "rack", DNS, fooSel);
    auto [r2, st2] = env.plugin->preFilter(state2, *pod2, env.nodes());
    QVERIFY(st2.isSuccess());
    QCOMPARE(int(env.plugin->filter(state2, *pod2, env.nodeInfo("node-a")).code()),
             int(fw::Code::UnschedulableAndUnresolvable));
}

// ---- PreScore / Score ----

namespace {

std::shared_ptr<const k8s::io::api::apps::v1::ReplicaSet> replicaSet(const std::string& name, const Sel& selector,
                                                                      const std::string& ns = "default") {
    auto rs = std::make_shared<k8s::io::api::apps::v1::ReplicaSet>();
    rs->mutable_metadata()->set_name(name);
    rs->mutable_metadata()->set_namespace_(ns);
    if (selector) *rs->mutable_spec()->mutable_selector() = *selector;
    return rs;
}

fw::ClusterObjects withReplicaSets(std::vector<std::shared_ptr<const k8s::io::api::apps::v1::ReplicaSet>> rss) {
    fw::ClusterObjects o;
    o.replicaSets = std::move(rss);
    return o;
}

std::vector<const fw::NodeInfo*> filteredInfos(const Env& env, const std::vector<NodeP>& nodes) {
    std::vector<const fw::NodeInfo*> out;
    for (const auto& n : nodes) out.push_back(&env.nodeInfo(n->metadata().name()));
    return out;
}

struct PreScoreCase {
    PodP pod;
    std::vector<NodeP> nodes;
    codec::Value args;
    fw::ClusterObjects objects;
    fw::FeatureGates gates;
    std::vector<std::string> wantConstraints;
    std::vector<std::string> wantIgnored;
    Pairs wantPairs;
    std::vector<int64_t> wantSizes;  // weights are log(size + 2)
};
std::vector<PreScoreCase> gPreScoreCases;
std::vector<PreScoreCase> gSkipCases;

void addPreScoreRow(std::vector<PreScoreCase>& table, const char* name, PreScoreCase c) {
    table.push_back(std::move(c));
    QTest::newRow(name) << static_cast<int>(table.size() - 1);
}

}  // namespace

void PodTopologySpreadTest::preScoreSkip_data() {
    QTest::addColumn<int>("idx");
    gSkipCases.clear();
    addPreScoreRow(gSkipCases, "the pod doesn't have soft topology spread Constraints",
                   {P("p"),
                    {N("node-a").label(kHostname, "node-a"), N("node-b").label(kHostname, "node-b")},
                    listArgs(),
                    {},
                    gates(),
                    {},
                    {},
                    {},
                    {}});
    addPreScoreRow(gSkipCases, "default constraints and a replicaset that doesn't match",
                   {P("p").label("foo", "bar").label("baz", "sup").owner("apps/v1", "ReplicaSet", "rs2"),
                    {N("node-a").label("planet", "mars")},
                    listArgs({defaultConstraint(2, "planet", SA)}),
                    withReplicaSets({replicaSet("rs1", exists("tar"))}),
                    gates(),
                    {},
                    {},
                    {},
                    {}});
    addPreScoreRow(gSkipCases, "only hard constraints",
                   {P("p").label("foo", "").spread(1, "zone", DNS, fooSel),
                    {N("node-a").label("zone", "zone1")},
                    codec::Value(),
                    {},
                    gates(),
                    {},
                    {},
                    {},
                    {}});
    addPreScoreRow(gSkipCases, "system defaults but no workload selects the pod",
                   {P("p").label("foo", ""), {N("node-a").label(kHostname, "node-a")}, codec::Value(), {}, gates(), {}, {}, {}, {}});
}

void PodTopologySpreadTest::preScoreSkip() {
    QFETCH(int, idx);
    const auto& c = gSkipCases[idx];
    Env env(c.nodes, {}, c.args, c.gates, c.objects);
    fw::CycleState state;
    fw::Status st = env.plugin->preScore(state, *c.pod, filteredInfos(env, c.nodes));
    QVERIFY2(st.isSkip(), st.message().c_str());
    QVERIFY(state.read<pts::PreScoreState>(pts::kPreScoreStateKey) == nullptr);
    // No candidate nodes at all: Skip too.
    if (idx == 0) {
        const PodP soft = P("p").label("foo", "").spread(1, kHostname, SA, fooSel);
        QVERIFY(env.plugin->preScore(state, *soft, {}).isSkip());
    }
}

void PodTopologySpreadTest::preScoreState_data() {
    QTest::addColumn<int>("idx");
    gPreScoreCases.clear();
    const std::vector<NodeP> abx = {N("node-a").label("zone", "zone1").label(kHostname, "node-a"),
                                    N("node-b").label("zone", "zone1").label(kHostname, "node-b"),
                                    N("node-x").label("zone", "zone2").label(kHostname, "node-x")};
    addPreScoreRow(gPreScoreCases, "normal case",
                   {P("p").label("foo", "").spread(1, "zone", SA, fooSel).spread(1, kHostname, SA, fooSel),
                    abx,
                    listArgs(),
                    {},
                    gates(),
                    {kFooZone1, "1/kubernetes.io/hostname/foo/1/Honor/Ignore"},
                    {},
                    {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 0}},
                    {2, 3}});
    addPreScoreRow(gPreScoreCases, "null selector",
                   {P("p").label("foo", "").spread(1, "zone", SA, kNil),
                    abx,
                    listArgs(),
                    {},
                    gates(),
                    {"1/zone/<nothing>/1/Honor/Ignore"},
                    {},
                    {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 0}},
                    {2}});
    addPreScoreRow(gPreScoreCases, "node-x doesn't have label zone",
                   {P("p").label("foo", "").spread(1, "zone", SA, fooSel).spread(1, kHostname, SA, barSel),
                    {N("node-a").label("zone", "zone1").label(kHostname, "node-a"),
                     N("node-b").label("zone", "zone1").label(kHostname, "node-b"), N("node-x").label(kHostname, "node-x")},
                    listArgs(),
                    {},
                    gates(),
                    {kFooZone1, "1/kubernetes.io/hostname/bar/1/Honor/Ignore"},
                    {"node-x"},
                    {{{"zone", "zone1"}, 0}},
                    {1, 2}});
    addPreScoreRow(gPreScoreCases, "system default constraints and a replicaset",
                   {P("p").label("foo", "tar").label("baz", "sup").owner("apps/v1", "ReplicaSet", "rs1"),
                    {N("node-a").label(kHostname, "node-a").label(kZone, "mars"),
                     N("node-b").label(kHostname, "node-b").label(kZone, "mars"),
                     // Nodes with no zone are not excluded. They are considered a separate zone.
                     N("node-c").label(kHostname, "node-c"), N("node-d").label(kHostname, "node-d")},
                    codec::Value(),
                    withReplicaSets({replicaSet("rs1", fooSel)}),
                    gates(),
                    {"3/kubernetes.io/hostname/foo/1/Honor/Ignore", "5/topology.kubernetes.io/zone/foo/1/Honor/Ignore"},
                    {},
                    {{{kZone, "mars"}, 0}, {{kZone, ""}, 0}},
                    {4, 2}});
    addPreScoreRow(gPreScoreCases, "default constraints and a replicaset",
                   {P("p").label("foo", "tar").label("baz", "sup").owner("apps/v1", "ReplicaSet", "rs1"),
                    {N("node-a").label("rack", "rack1").label(kHostname, "node-a").label("planet", "mars")},
                    listArgs({defaultConstraint(1, kHostname, SA), defaultConstraint(2, "rack", DNS),
                              defaultConstraint(2, "planet", SA)}),
                    withReplicaSets({replicaSet("rs1", fooSel)}),
                    gates(),
                    {"1/kubernetes.io/hostname/foo/1/Honor/Ignore", "2/planet/foo/1/Honor/Ignore"},
                    {},
                    {{{"planet", "mars"}, 0}},
                    {1, 1}});
    addPreScoreRow(gPreScoreCases, "default constraints and a replicaset, but pod has constraints",
                   {P("p").label("foo", "bar")
                        .label("baz", "sup")
                        .owner("apps/v1", "ReplicaSet", "rs1")
                        .spread(1, "zone", DNS, barSel)
                        .spread(2, "planet", SA, labelSel("baz", "sup")),
                    {N("node-a").label("planet", "mars").label("galaxy", "andromeda")},
                    listArgs({defaultConstraint(2, "galaxy", SA)}),
                    withReplicaSets({replicaSet("rs1", fooSel)}),
                    gates(),
                    {"2/planet/baz=sup/1/Honor/Ignore"},
                    {},
                    {{{"planet", "mars"}, 0}},
                    {1}});
    const std::vector<NodeP> withFoo = {N("node-a").label("zone", "zone1").label("foo", "").label(kHostname, "node-a"),
                                        N("node-b").label("zone", "zone1").label("foo", "").label(kHostname, "node-b"),
                                        N("node-x").label("zone", "zone2").label(kHostname, "node-x")};
    addPreScoreRow(gPreScoreCases, "NodeAffinityPolicy honored with labelSelectors",
                   {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "zone", SA, barSel),
                    withFoo,
                    listArgs(),
                    {},
                    gates(true),
                    {"1/zone/bar/1/Honor/Ignore"},
                    {},
                    {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 0}},
                    {2}});
    addPreScoreRow(gPreScoreCases, "NodeAffinityPolicy ignored with nodeAffinity",
                   {P("p").label("foo", "").affinityIn("foo", {""}).spread(1, "zone", SA, barSel, std::nullopt, "Ignore"),
                    withFoo,
                    listArgs(),
                    {},
                    gates(true),
                    {"1/zone/bar/1/Ignore/Ignore"},
                    {},
                    {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 0}},
                    {2}});
    addPreScoreRow(gPreScoreCases, "NodeTaintsPolicy honored",
                   {P("p").label("foo", "").spread(1, "zone", SA, barSel, std::nullopt, nullptr, "Honor"),
                    {N("node-a").label("zone", "zone1").label("foo", "").label(kHostname, "node-a"),
                     N("node-b").label("zone", "zone1").label("foo", "").label(kHostname, "node-b"),
                     N("node-x").label("zone", "zone2").label(kHostname, "node-x").taint()},
                    listArgs(),
                    {},
                    gates(true),
                    {"1/zone/bar/1/Honor/Honor"},
                    {},
                    {{{"zone", "zone1"}, 0}, {{"zone", "zone2"}, 0}},
                    {2}});
}

void PodTopologySpreadTest::preScoreState() {
    QFETCH(int, idx);
    const auto& c = gPreScoreCases[idx];
    Env env(c.nodes, {}, c.args, c.gates, c.objects);
    fw::CycleState state;
    fw::Status st = env.plugin->preScore(state, *c.pod, filteredInfos(env, c.nodes));
    QVERIFY2(st.isSuccess(), st.message().c_str());
    const auto* s = state.read<pts::PreScoreState>("PreScorePodTopologySpread");
    QVERIFY(s != nullptr);
    std::vector<std::string> cs;
    for (const auto& con : s->constraints) cs.push_back(renderConstraint(con));
    QCOMPARE(cs, c.wantConstraints);
    QCOMPARE(std::vector<std::string>(s->ignoredNodes.begin(), s->ignoredNodes.end()), c.wantIgnored);
    QCOMPARE(Pairs(s->topologyPairToPodCounts.begin(), s->topologyPairToPodCounts.end()), c.wantPairs);
    QCOMPARE(s->topologyNormalizingWeight.size(), c.wantSizes.size());
    for (size_t i = 0; i < c.wantSizes.size(); ++i)
        QCOMPARE(s->topologyNormalizingWeight[i], std::log(double(c.wantSizes[i] + 2)));
}

namespace {

struct ScoreCase {
    PodP pod;
    std::vector<PodP> existing;
    std::vector<NodeP> nodes;
    std::vector<NodeP> failedNodes;
    fw::ClusterObjects objects;
    fw::FeatureGates gates;
    std::vector<std::pair<std::string, int64_t>> want;
};
std::vector<ScoreCase> gScoreCases;

void addScoreRow(const char* name, ScoreCase c) {
    gScoreCases.push_back(std::move(c));
    QTest::newRow(name) << static_cast<int>(gScoreCases.size() - 1);
}

std::vector<NodeP> hostnameNodes(const std::vector<std::string>& names) {
    std::vector<NodeP> out;
    for (const auto& n : names) out.push_back(N(n).label(kHostname, n));
    return out;
}

}  // namespace

void PodTopologySpreadTest::score_data() {
    QTest::addColumn<int>("idx");
    gScoreCases.clear();
    const PodP hostPod = P("p").label("foo", "").spread(1, kHostname, SA, fooSel);
    const auto spread2103 = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-d1", "node-d"},
                                  {"p-d2", "node-d"}, {"p-d3", "node-d"}});
    const auto spread4321 = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-a3", "node-a"}, {"p-a4", "node-a"},
                                  {"p-b1", "node-b"}, {"p-b2", "node-b"}, {"p-b3", "node-b"}, {"p-c1", "node-c"},
                                  {"p-c2", "node-c"}, {"p-d1", "node-d"}});
    const auto spread4213 = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-a3", "node-a"}, {"p-a4", "node-a"},
                                  {"p-b1", "node-b"}, {"p-b2", "node-b"}, {"p-x1", "node-x"}, {"p-y1", "node-y"},
                                  {"p-y2", "node-y"}, {"p-y3", "node-y"}});
    const auto abcd = hostnameNodes({"node-a", "node-b", "node-c", "node-d"});

    addScoreRow("one constraint on node, no existing pods",
                {hostPod, {}, hostnameNodes({"node-a", "node-b"}), {}, {}, gates(false, false),
                 {{"node-a", 100}, {"node-b", 100}}});
    addScoreRow("one constraint on node, only one node is candidate",
                {hostPod, foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}}),
                 hostnameNodes({"node-a"}), hostnameNodes({"node-b"}), {}, gates(false, false), {{"node-a", 100}}});
    addScoreRow("one constraint on node, all nodes have the same number of matching pods",
                {hostPod, foos({{"p-a1", "node-a"}, {"p-b1", "node-b"}}), hostnameNodes({"node-a", "node-b"}), {}, {},
                 gates(false, false), {{"node-a", 100}, {"node-b", 100}}});
    addScoreRow("one constraint on node, all 4 nodes are candidates",
                {hostPod, spread2103, abcd, {}, {}, gates(false, false),
                 {{"node-a", 20}, {"node-b", 60}, {"node-c", 100}, {"node-d", 0}}});
    addScoreRow("one constraint on node, null selector",
                {P("p").label("foo", "").spread(1, kHostname, SA, kNil), spread2103, abcd, {}, {}, gates(false, false),
                 {{"node-a", 100}, {"node-b", 100}, {"node-c", 100}, {"node-d", 100}}});
    addScoreRow("one constraint on zone, empty selector",
                {P("p").label("foo", "").spread(1, "zone", SA, emptySel()), spread2103,
                 {N("node-a").label("zone", "z1"), N("node-b").label("zone", "z1"), N("node-c").label("zone", "z2"),
                  N("node-d").label("zone", "z2")},
                 {}, {}, gates(), {{"node-a", 100}, {"node-b", 100}, {"node-c", 100}, {"node-d", 100}}});
    addScoreRow("one constraint on node, all 4 nodes are candidates, maxSkew=2",
                {P("p").label("foo", "").spread(2, kHostname, SA, fooSel), spread2103, abcd, {}, {}, gates(false, false),
                 {{"node-a", 33}, {"node-b", 66}, {"node-c", 100}, {"node-d", 16}}});
    addScoreRow("one constraint on node, all 4 nodes are candidates, maxSkew=3",
                {P("p").label("foo", "").spread(3, kHostname, SA, fooSel), spread4321, abcd, {}, {}, gates(false, false),
                 {{"node-a", 44}, {"node-b", 66}, {"node-c", 77}, {"node-d", 100}}});
    addScoreRow("system defaulting, nodes don't have zone, pods match service",
                {P("p").label("foo", ""), spread4321, abcd, {}, withServices({service({{"foo", ""}})}),
                 gates(false, false), {{"node-a", 44}, {"node-b", 66}, {"node-c", 77}, {"node-d", 100}}});
    addScoreRow("one constraint on node, 3 out of 4 nodes are candidates",
                {hostPod, spread4213, hostnameNodes({"node-a", "node-b", "node-x"}), hostnameNodes({"node-y"}), {},
                 gates(false, false), {{"node-a", 33}, {"node-b", 83}, {"node-x", 100}}});
    addScoreRow("one constraint on node, 3 out of 4 nodes are candidates, one node doesn't match topology key",
                {hostPod, spread4213,
                 {N("node-a").label(kHostname, "node-a"), N("node-b").label("n", "node-b"),
                  N("node-x").label(kHostname, "node-x")},
                 hostnameNodes({"node-y"}), {}, gates(false, false), {{"node-a", 16}, {"node-b", 0}, {"node-x", 100}}});
    addScoreRow("one constraint on zone, 3 out of 4 nodes are candidates",
                {P("p").label("foo", "").spread(1, "zone", SA, fooSel), spread4213,
                 {N("node-a").label("zone", "zone1").label(kHostname, "node-a"),
                  N("node-b").label("zone", "zone1").label(kHostname, "node-b"),
                  N("node-x").label("zone", "zone2").label(kHostname, "node-x")},
                 {N("node-y").label("zone", "zone2").label(kHostname, "node-y")}, {}, gates(false, false),
                 {{"node-a", 75}, {"node-b", 75}, {"node-x", 100}}});
    addScoreRow("two Constraints on zone and node, 2 out of 4 nodes are candidates",
                {P("p").label("foo", "").spread(1, "zone", SA, fooSel).spread(1, kHostname, SA, fooSel),
                 foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-x1", "node-x"}, {"p-x2", "node-x"},
                       {"p-y1", "node-y"}, {"p-y2", "node-y"}, {"p-y3", "node-y"}, {"p-y4", "node-y"}}),
                 {N("node-a").label("zone", "zone1").label(kHostname, "node-a"),
                  N("node-x").label("zone", "zone2").label(kHostname, "node-x")},
                 {N("node-b").label("zone", "zone1").label(kHostname, "node-b"),
                  N("node-y").label("zone", "zone2").label(kHostname, "node-y")},
                 {}, gates(false, false), {{"node-a", 100}, {"node-x", 63}}});
    const std::vector<NodeP> zoneHost = {N("node-a").label("zone", "zone1").label(kHostname, "node-a"),
                                         N("node-b").label("zone", "zone1").label(kHostname, "node-b"),
                                         N("node-x").label("zone", "zone2").label(kHostname, "node-x"),
                                         N("node-y").label("zone", "zone2").label(kHostname, "node-y")};
    const PodP fooBar =
        P("p").label("foo", "").label("bar", "").spread(1, "zone", SA, fooSel).spread(1, kHostname, SA, barSel);
    const std::vector<PodP> mixed = {P("p-a1").node("node-a").label("foo", ""),
                                     P("p-b1").node("node-b").label("foo", "").label("bar", ""),
                                     P("p-y1").node("node-y").label("foo", ""), P("p-y2").node("node-y").label("bar", "")};
    addScoreRow("two Constraints on zone and node, with different labelSelectors",
                {fooBar, mixed, zoneHost, {}, {}, gates(false, false),
                 {{"node-a", 60}, {"node-b", 20}, {"node-x", 100}, {"node-y", 60}}});
    addScoreRow("two Constraints on zone and node, with different labelSelectors, some nodes have 0 pods",
                {fooBar,
                 {P("p-b1").node("node-b").label("bar", ""), P("p-x1").node("node-x").label("foo", ""),
                  P("p-y1").node("node-y").label("foo", "").label("bar", "")},
                 zoneHost, {}, {}, gates(false, false),
                 {{"node-a", 100}, {"node-b", 60}, {"node-x", 40}, {"node-y", 0}}});
    addScoreRow("two Constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are candidates",
                {fooBar, mixed, {zoneHost[0], zoneHost[1], zoneHost[2]}, {zoneHost[3]}, {}, gates(false, false),
                 {{"node-a", 50}, {"node-b", 25}, {"node-x", 100}}});
    addScoreRow("existing pods in a different namespace do not count",
                {hostPod,
                 {P("p-a1").ns("ns1").node("node-a").label("foo", ""), P("p-a2").node("node-a").label("foo", ""),
                  P("p-b1").node("node-b").label("foo", ""), P("p-b2").node("node-b").label("foo", "")},
                 hostnameNodes({"node-a", "node-b"}), {}, {}, gates(false, false), {{"node-a", 100}, {"node-b", 33}}});
    addScoreRow("terminating Pods should be excluded",
                {hostPod,
                 {P("p-a").node("node-a").label("foo", "").terminating(), P("p-b").node("node-b").label("foo", "")},
                 hostnameNodes({"node-a", "node-b"}), {}, {}, gates(false, false), {{"node-a", 100}, {"node-b", 0}}});
    const std::vector<NodeP> abc = {N("node-a").label("node", "node-a"), N("node-b").label("node", "node-b"),
                                    N("node-c").label("node", "node-c")};
    addScoreRow("minDomains has no effect when ScheduleAnyway",
                {P("p").label("foo", "").spread(2, "node", SA, fooSel, 10),
                 foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-b2", "node-b"}, {"p-c1", "node-c"}}),
                 abc, {}, {}, gates(), {{"node-a", 75}, {"node-b", 75}, {"node-c", 100}}});
    {
        const std::vector<NodeP> nodes = {N("node-a").label("node", "node-a").label("foo", ""),
                                          N("node-b").label("node", "node-b").label("foo", ""),
                                          N("node-c").label("node", "node-c")};
        const auto pods = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-c1", "node-c"}});
        addScoreRow("NodeAffinityPolicy honoed with labelSelectors",
                    {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "node", SA, fooSel), pods, nodes, {}, {},
                     gates(true, false), {{"node-a", 0}, {"node-b", 33}, {"node-c", 100}}});
        addScoreRow("NodeAffinityPolicy ignored with labelSelectors",
                    {P("p").label("foo", "").nodeSelector("foo", "").spread(1, "node", SA, fooSel, std::nullopt, "Ignore"),
                     pods, nodes, {}, {}, gates(true, false), {{"node-a", 66}, {"node-b", 100}, {"node-c", 100}}});
        addScoreRow("NodeAffinityPolicy honoed with nodeAffinity",
                    {P("p").label("foo", "").affinityIn("foo", {""}).spread(1, "node", SA, fooSel), pods, nodes, {}, {},
                     gates(true, false), {{"node-a", 0}, {"node-b", 33}, {"node-c", 100}}});
        addScoreRow("NodeAffinityPolicy ignored with nodeAffinity",
                    {P("p").label("foo", "").affinityIn("foo", {""}).spread(1, "node", SA, fooSel, std::nullopt, "Ignore"),
                     pods, nodes, {}, {}, gates(true, false), {{"node-a", 66}, {"node-b", 100}, {"node-c", 100}}});
    }
    {
        const std::vector<NodeP> nodes = {N("node-a").label("node", "node-a"), N("node-b").label("node", "node-b"),
                                          N("node-c").label("node", "node-c").taint()};
        const auto pods = foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-b1", "node-b"}, {"p-c1", "node-c"}});
        addScoreRow("NodeTaintsPolicy honored",
                    {P("p").label("foo", "").spread(1, "node", SA, fooSel, std::nullopt, nullptr, "Honor"), pods, nodes,
                     {}, {}, gates(true, false), {{"node-a", 0}, {"node-b", 33}, {"node-c", 100}}});
        addScoreRow("NodeTaintsPolicy ignored",
                    {P("p").label("foo", "").spread(1, "node", SA, fooSel), pods, nodes, {}, {}, gates(true, false),
                     {{"node-a", 66}, {"node-b", 100}, {"node-c", 100}}});
    }
    {
        const std::vector<NodeP> nodes = {N("node-a").label("zone", "zone1").label(kHostname, "node-a"),
                                          N("node-b").label("zone", "zone1").label(kHostname, "node-b"),
                                          N("node-c").label("zone", "zone2").label(kHostname, "node-c"),
                                          N("node-d").label("zone", "zone2").label(kHostname, "node-d")};
        const std::vector<PodP> pods = {P("p-a1").node("node-a").label("foo", ""),
                                        P("p-b1").node("node-b").label("foo", "").label("bar", ""),
                                        P("p-y1").node("node-c").label("foo", ""),
                                        P("p-y2").node("node-c").label("bar", "")};
        const std::vector<std::pair<std::string, int64_t>> want = {
            {"node-a", 60}, {"node-b", 20}, {"node-c", 60}, {"node-d", 100}};
        addScoreRow("matchLabelKeys ignored when feature gate disabled",
                    {P("p").label("foo", "").label("bar", "").label("baz", "")
                         .spread(1, "zone", SA, fooSel, std::nullopt, nullptr, nullptr, {"baz"})
                         .spread(1, kHostname, SA, barSel, std::nullopt, nullptr, nullptr, {"baz"}),
                     pods, nodes, {}, {}, gates(false, false), want});
        addScoreRow("matchLabelKeys ANDed with LabelSelector when LabelSelector is empty",
                    {P("p").label("foo", "").label("bar", "")
                         .spread(1, "zone", SA, emptySel(), std::nullopt, nullptr, nullptr, {"foo"})
                         .spread(1, kHostname, SA, emptySel(), std::nullopt, nullptr, nullptr, {"bar"}),
                     pods, nodes, {}, {}, gates(false, true), want});
        addScoreRow("matchLabelKeys ANDed with LabelSelector when LabelSelector isn't empty",
                    {P("p").label("foo", "").label("bar", "").label("baz", "")
                         .spread(1, "zone", SA, fooSel)
                         .spread(1, kHostname, SA, barSel, std::nullopt, nullptr, nullptr, {"baz"}),
                     {P("p-a1").node("node-a").label("foo", ""),
                      P("p-b1").node("node-b").label("foo", "").label("bar", "").label("baz", ""),
                      P("p-c1").node("node-c").label("foo", ""), P("p-c2").node("node-c").label("bar", ""),
                      P("p-d3").node("node-c").label("bar", "").label("baz", "")},
                     nodes, {}, {}, gates(false, true), want});
    }
    // System defaults with zones: hostname (maxSkew 3) and zone (maxSkew 5) constraints, selector
    // from a replica set; a node without zone is not ignored (it only gets hostname spreading).
    addScoreRow("system defaults with a replica set, zones and a node without zone",
                {P("p").label("foo", "").owner("apps/v1", "ReplicaSet", "rs1"),
                 foos({{"p-a1", "node-a"}, {"p-a2", "node-a"}, {"p-a3", "node-a"}, {"p-b1", "node-b"}, {"p-c1", "node-c"}}),
                 {N("node-a").label(kHostname, "node-a").label(kZone, "z1"),
                  N("node-b").label(kHostname, "node-b").label(kZone, "z2"),
                  N("node-c").label(kHostname, "node-c")},
                 {}, withReplicaSets({replicaSet("rs1", fooSel)}), gates(),
                 // 3 candidates and 3 zones (z1, z2, "") weigh log(5) each. Raw scores:
                 // a = 3w+2 + 3w+4 = 15.66 -> 16; b = w+2 + w+4 = 9.22 -> 9; c = w+2 = 3.61 -> 4 (no
                 // zone term); normalized 100*(16+4-s)/16.
                 {{"node-a", 25}, {"node-b", 68}, {"node-c", 100}}});
}

void PodTopologySpreadTest::score() {
    QFETCH(int, idx);
    const auto& c = gScoreCases[idx];
    std::vector<NodeP> all = c.nodes;
    all.insert(all.end(), c.failedNodes.begin(), c.failedNodes.end());
    // Upstream runs these rows with SystemDefaulting (args null).
    Env env(all, c.existing, codec::Value(), c.gates, c.objects);
    fw::CycleState state;
    fw::Status st = env.plugin->preScore(state, *c.pod, filteredInfos(env, c.nodes));
    QVERIFY2(st.isSuccess(), st.message().c_str());
    fw::NodeScoreList scores;
    for (const auto& n : c.nodes) {
        auto [s, sst] = env.plugin->score(state, *c.pod, env.nodeInfo(n->metadata().name()));
        QVERIFY2(sst.isSuccess(), sst.message().c_str());
        scores.push_back({n->metadata().name(), s});
    }
    QVERIFY(env.plugin->hasNormalizeScore());
    st = env.plugin->normalizeScore(state, *c.pod, scores);
    QVERIFY2(st.isSuccess(), st.message().c_str());
    std::string got, want;
    for (const auto& s : scores) got += std::string(s.name) + "=" + std::to_string(s.score) + " ";
    for (const auto& [name, sc] : c.want) want += name + "=" + std::to_string(sc) + " ";
    QCOMPARE(QString::fromStdString(got), QString::fromStdString(want));
}

// Ignored nodes (missing a topology key) normalize to 0 and do not take part in min/max; with
// every candidate at 0 the others get MaxNodeScore.
void PodTopologySpreadTest::normalizeScoreMissingLabels() {
    Env env({N("node-a").label("zone", "z1"), N("node-b").label("zone", "z1"), N("node-c")}, {}, listArgs(), gates());
    const PodP pod = P("p").label("foo", "").spread(1, "zone", SA, fooSel);
    fw::CycleState state;
    const std::vector<const fw::NodeInfo*> candidates = {&env.nodeInfo("node-a"), &env.nodeInfo("node-b"),
                                                         &env.nodeInfo("node-c")};
    QVERIFY(env.plugin->preScore(state, *pod, candidates).isSuccess());
    const auto* s = state.read<pts::PreScoreState>(pts::kPreScoreStateKey);
    QVERIFY(s);
    QCOMPARE(std::vector<std::string>(s->ignoredNodes.begin(), s->ignoredNodes.end()), std::vector<std::string>{"node-c"});
    fw::NodeScoreList scores = {{"node-a", 0}, {"node-b", 0}, {"node-c", 7}};
    QVERIFY(env.plugin->normalizeScore(state, *pod, scores).isSuccess());
    QCOMPARE(scores[0].score, int64_t(100));
    QCOMPARE(scores[1].score, int64_t(100));
    QCOMPARE(scores[2].score, int64_t(0));
    // Score of an ignored node is 0 without looking at anything else.
    auto [sc, sst] = env.plugin->score(state, *pod, env.nodeInfo("node-c"));
    QVERIFY(sst.isSuccess());
    QCOMPARE(sc, int64_t(0));
    // Without PreScore's state: an internal error naming the key.
    fw::CycleState empty;
    auto [sc2, sst2] = env.plugin->score(empty, *pod, env.nodeInfo("node-a"));
    QCOMPARE(int(sst2.code()), int(fw::Code::Error));
    QCOMPARE(sst2.message(), std::string("error reading \"PreScorePodTopologySpread\" from cycleState: not found"));
}

// ---- helper.DefaultSelector ----

namespace {

struct SelectorCase {
    PodP pod;
    fw::ClusterObjects objects;
    std::string want;  // SpreadSelector::toString; "" = empty
};
std::vector<SelectorCase> gSelectorCases;

std::shared_ptr<const k8s::io::api::core::v1::ReplicationController> rc(const std::string& name,
                                                                         const std::map<std::string, std::string>& sel) {
    auto r = std::make_shared<k8s::io::api::core::v1::ReplicationController>();
    r->mutable_metadata()->set_name(name);
    r->mutable_metadata()->set_namespace_("default");
    for (const auto& [k, v] : sel) (*r->mutable_spec()->mutable_selector())[k] = v;
    return r;
}

std::shared_ptr<const k8s::io::api::apps::v1::StatefulSet> ss(const std::string& name, const Sel& sel) {
    auto s = std::make_shared<k8s::io::api::apps::v1::StatefulSet>();
    s->mutable_metadata()->set_name(name);
    s->mutable_metadata()->set_namespace_("default");
    if (sel) *s->mutable_spec()->mutable_selector() = *sel;
    return s;
}

}  // namespace

void PodTopologySpreadTest::defaultSelector_data() {
    QTest::addColumn<int>("idx");
    gSelectorCases.clear();
    auto add = [](const char* name, SelectorCase c) {
        gSelectorCases.push_back(std::move(c));
        QTest::newRow(name) << static_cast<int>(gSelectorCases.size() - 1);
    };
    const PodP pod = P("p").label("foo", "bar").label("baz", "blah");
    add("no services or controllers", {pod, {}, ""});
    add("one service", {pod, withServices({service({{"foo", "bar"}})}), "foo=bar"});
    add("service in another namespace", {pod, withServices({service({{"foo", "bar"}}, "other")}), ""});
    add("service that doesn't select the pod", {pod, withServices({service({{"foo", "baz"}})}), ""});
    add("service without selector", {pod, withServices({service({})}), ""});
    add("two services", {pod, withServices({service({{"foo", "bar"}}), service({{"baz", "blah"}})}), "baz=blah,foo=bar"});
    {
        fw::ClusterObjects o = withServices({service({{"foo", "bar"}})});
        o.replicationControllers = {rc("rc1", {{"baz", "blah"}})};
        add("service and replication controller",
            {P("p").label("foo", "bar").label("baz", "blah").owner("v1", "ReplicationController", "rc1"), o,
             "baz=blah,foo=bar"});
    }
    {
        fw::ClusterObjects o = withServices({service({{"foo", "bar"}})});
        o.replicaSets = {replicaSet("rs1", exists("baz"))};
        add("service and replica set",
            {P("p").label("foo", "bar").label("baz", "blah").owner("apps/v1", "ReplicaSet", "rs1"), o, "baz,foo=bar"});
        add("replica set owner that is not the controller",
            {P("p").label("foo", "bar").label("baz", "blah").owner("apps/v1", "ReplicaSet", "rs1", false), o, "foo=bar"});
        add("replica set of another API group is not supported",
            {P("p").label("foo", "bar").label("baz", "blah").owner("extensions/v1beta1", "ReplicaSet", "rs1"), o,
             "foo=bar"});
        add("replica set that does not exist",
            {P("p").label("foo", "bar").label("baz", "blah").owner("apps/v1", "ReplicaSet", "rs2"), o, "foo=bar"});
    }
    {
        fw::ClusterObjects o;
        o.statefulSets = {ss("ss1", labelSel("foo", "bar"))};
        add("stateful set", {P("p").label("foo", "bar").owner("apps/v1", "StatefulSet", "ss1"), o, "foo=bar"});
        o.statefulSets = {ss("ss1", std::nullopt)};
        add("stateful set without selector", {P("p").label("foo", "bar").owner("apps/v1", "StatefulSet", "ss1"), o, ""});
    }
}

void PodTopologySpreadTest::defaultSelector() {
    QFETCH(int, idx);
    const auto& c = gSelectorCases[idx];
    const pts::SpreadSelector sel = pts::defaultSelector(*c.pod, c.objects);
    QVERIFY(!sel.isNothing());
    QCOMPARE(QString::fromStdString(sel.toString()), QString::fromStdString(c.want));
    QCOMPARE(sel.empty(), c.want.empty());
    // The deduced selector matches the pod it was deduced from.
    QVERIFY(sel.matches(c.pod->metadata().labels()));
}

// ---- PodTopologySpreadArgs ----

void PodTopologySpreadTest::args_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("wantError");
    QTest::addColumn<QString>("wantDefaulting");
    QTest::addColumn<int>("wantDefaults");

    QTest::newRow("no args: system defaulting") << "" << "" << "System" << 2;
    QTest::newRow("list default constraints, no constraints") << "defaultingType: List\n" << "" << "List" << 0;
    QTest::newRow("list default constraints")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: 1\n  topologyKey: node\n  whenUnsatisfiable: "
           "ScheduleAnyway\n- maxSkew: 2\n  topologyKey: zone\n  whenUnsatisfiable: DoNotSchedule\n"
        << "" << "List" << 2;
    QTest::newRow("system default constraints") << "defaultingType: System\n" << "" << "System" << 2;
    QTest::newRow("apiVersion and kind are accepted")
        << "apiVersion: kubescheduler.config.k8s.io/v1\nkind: PodTopologySpreadArgs\ndefaultingType: List\n" << ""
        << "List" << 0;
    QTest::newRow("constraints without defaultingType default to System, which is invalid")
        << "defaultConstraints:\n- maxSkew: 1\n  topologyKey: node\n  whenUnsatisfiable: ScheduleAnyway\n"
        << "defaultingType: Invalid value: \"System\": when .defaultConstraints are not empty" << "" << 0;
    QTest::newRow("wrong constraints")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: -1\n  topologyKey: node\n  whenUnsatisfiable: "
           "ScheduleAnyway\n"
        << "defaultConstraints[0].maxSkew: Invalid value: -1: not in valid range (0, inf)" << "" << 0;
    QTest::newRow("zero maxSkew")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: 0\n  topologyKey: node\n  whenUnsatisfiable: "
           "ScheduleAnyway\n"
        << "defaultConstraints[0].maxSkew: Invalid value: 0: not in valid range (0, inf)" << "" << 0;
    QTest::newRow("missing topologyKey")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: 1\n  whenUnsatisfiable: ScheduleAnyway\n"
        << "defaultConstraints[0].topologyKey: Required value: can not be empty" << "" << 0;
    QTest::newRow("invalid topologyKey")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: 1\n  topologyKey: -zone\n  whenUnsatisfiable: "
           "ScheduleAnyway\n"
        << "defaultConstraints[0].topologyKey: Invalid value: \"-zone\": name part must consist of alphanumeric "
           "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or "
           "'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
        << "" << 0;
    QTest::newRow("missing whenUnsatisfiable")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: 1\n  topologyKey: node\n"
        << "defaultConstraints[0].whenUnsatisfiable: Required value: can not be empty" << "" << 0;
    QTest::newRow("whenUnsatisfiable contains unsupported action")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: 1\n  topologyKey: node\n  whenUnsatisfiable: "
           "Sometimes\n"
        << "defaultConstraints[0].whenUnsatisfiable: Unsupported value: \"Sometimes\": supported values: "
           "\"DoNotSchedule\", \"ScheduleAnyway\""
        << "" << 0;
    QTest::newRow("duplicated constraints")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: 1\n  topologyKey: node\n  whenUnsatisfiable: "
           "ScheduleAnyway\n- maxSkew: 2\n  topologyKey: node\n  whenUnsatisfiable: ScheduleAnyway\n"
        << "defaultConstraints[1]: Duplicate value: \"{node, ScheduleAnyway}\"" << "" << 0;
    QTest::newRow("label selector present")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: 1\n  topologyKey: key\n  whenUnsatisfiable: "
           "ScheduleAnyway\n  labelSelector:\n    matchLabels:\n      a: b\n"
        << "defaultConstraints[0].labelSelector: Forbidden: constraint must not define a selector, as they deduced "
           "for each pod"
        << "" << 0;
    QTest::newRow("wrong defaulting type")
        << "defaultingType: Unknown\n"
        << "defaultingType: Unsupported value: \"Unknown\": supported values: \"System\", \"List\"" << "" << 0;
    QTest::newRow("several errors are aggregated")
        << "defaultingType: List\ndefaultConstraints:\n- maxSkew: 0\n  whenUnsatisfiable: ScheduleAnyway\n"
        << "[defaultConstraints[0].maxSkew: Invalid value: 0: not in valid range (0, inf), "
           "defaultConstraints[0].topologyKey: Required value: can not be empty]"
        << "" << 0;
    QTest::newRow("unknown field") << "defaultingType: List\nfoo: bar\n"
                                   << "strict decoding error: unknown field \"foo\"" << "" << 0;
    QTest::newRow("wrongly typed defaultingType")
        << "defaultingType: 3\n"
        << "defaultingType: json: cannot unmarshal number into Go struct field PodTopologySpreadArgs.defaultingType "
           "of type v1.PodTopologySpreadConstraintsDefaulting"
        << "" << 0;
}

void PodTopologySpreadTest::args() {
    QFETCH(QString, yaml);
    QFETCH(QString, wantError);
    QFETCH(QString, wantDefaulting);
    QFETCH(int, wantDefaults);
    scheduler::testing::FakeHandle handle(std::vector<NodeP>{});
    auto p = pts::New(scheduler::testing::args(yaml.toStdString()), handle, fw::FeatureGates{});
    if (!wantError.isEmpty()) {
        QVERIFY(!p.isOk());
        QCOMPARE(int(p.status().code()), int(StatusCode::InvalidArgument));
        QCOMPARE(QString::fromStdString(p.status().message()), wantError);
        return;
    }
    QVERIFY2(p.isOk(), p.status().message().c_str());
    auto plugin = std::dynamic_pointer_cast<pts::PodTopologySpread>(*p);
    QVERIFY(plugin);
    QCOMPARE(plugin->name(), std::string("PodTopologySpread"));
    QCOMPARE(plugin->systemDefaulted(), wantDefaulting == "System");
    QCOMPARE(int(plugin->defaultConstraints().size()), wantDefaults);
    if (wantDefaulting == "System") {
        const auto& d = plugin->defaultConstraints();
        QCOMPARE(d[0].topology_key(), std::string("kubernetes.io/hostname"));
        QCOMPARE(d[0].max_skew(), 3);
        QCOMPARE(d[0].when_unsatisfiable(), std::string("ScheduleAnyway"));
        QCOMPARE(d[1].topology_key(), std::string("topology.kubernetes.io/zone"));
        QCOMPARE(d[1].max_skew(), 5);
        QCOMPARE(d[1].when_unsatisfiable(), std::string("ScheduleAnyway"));
    }
}

void PodTopologySpreadTest::eventsToRegister() {
    scheduler::testing::FakeHandle handle(std::vector<NodeP>{});
    auto p = pts::New(codec::Value(), handle, fw::FeatureGates{});
    QVERIFY(p.isOk());
    auto* ext = dynamic_cast<fw::EnqueueExtensions*>(p->get());
    QVERIFY(ext);
    const auto events = ext->eventsToRegister();
    QCOMPARE(int(events.size()), 2);
    QCOMPARE(events[0].resource, std::string("Pod"));
    QCOMPARE(events[0].actionType, int(fw::kAll));
    QCOMPARE(events[1].resource, std::string("Node"));
    QCOMPARE(events[1].actionType, int(fw::kAdd | fw::kDelete | fw::kUpdateNodeLabel));
    // A taint or allocatable change alone does not requeue.
    QVERIFY(!events[1].matches({"Node", fw::kUpdateNodeTaint, "NodeTaintChange"}));
    QVERIFY(events[0].matches({"Pod", fw::kUpdatePodLabel, "PodLabelChange"}));
}

// ---- the affinity / taint matching behind the inclusion policies (plugins/helper) ----

void PodTopologySpreadTest::nodeInclusionMatching_data() {
    QTest::addColumn<int>("idx");
    QTest::addColumn<bool>("want");
    QTest::newRow("no selector, no affinity") << 0 << true;
    QTest::newRow("nodeSelector matches") << 1 << true;
    QTest::newRow("nodeSelector mismatch") << 2 << false;
    QTest::newRow("In matches") << 3 << true;
    QTest::newRow("NotIn excludes") << 4 << false;
    QTest::newRow("Gt integer compare") << 5 << true;
    QTest::newRow("Lt with non-integer label value") << 6 << false;
    QTest::newRow("terms are ORed") << 7 << true;
    QTest::newRow("empty term list matches nothing") << 8 << false;
    QTest::newRow("invalid term (In without values) never matches") << 9 << false;
    QTest::newRow("matchFields metadata.name") << 10 << true;
    QTest::newRow("matchFields other name") << 11 << false;
    QTest::newRow("DoesNotExist") << 12 << true;
    QTest::newRow("Gt with a value that is not an integer is a parse error") << 13 << false;
}

void PodTopologySpreadTest::nodeInclusionMatching() {
    QFETCH(int, idx);
    QFETCH(bool, want);
    const NodeP node = N("node-a").label("zone", "z1").label("gen", "5");
    auto withTerms = [](std::function<void(k8s::io::api::core::v1::NodeSelector*)> f) {
        auto p = std::make_shared<Pod>();
        f(p->mutable_spec()->mutable_affinity()->mutable_node_affinity()->mutable_required_during_scheduling_ignored_during_execution());
        return PodP(p);
    };
    auto expr = [](k8s::io::api::core::v1::NodeSelectorTerm* t, const std::string& k, const std::string& op,
                   std::vector<std::string> vals, bool field = false) {
        auto* e = field ? t->add_match_fields() : t->add_match_expressions();
        e->set_key(k);
        e->set_operator_(op);
        for (auto& v : vals) e->add_values(v);
    };
    PodP pod;
    switch (idx) {
        case 0: pod = P("p"); break;
        case 1: pod = P("p").nodeSelector("zone", "z1"); break;
        case 2: pod = P("p").nodeSelector("zone", "z2"); break;
        case 3: pod = P("p").affinityIn("zone", {"z0", "z1"}); break;
        case 4: pod = P("p").affinityNotIn("zone", {"z1"}); break;
        case 5: pod = withTerms([&](auto* ns) { expr(ns->add_node_selector_terms(), "gen", "Gt", {"4"}); }); break;
        case 6: pod = withTerms([&](auto* ns) { expr(ns->add_node_selector_terms(), "zone", "Lt", {"4"}); }); break;
        case 7:
            pod = withTerms([&](auto* ns) {
                expr(ns->add_node_selector_terms(), "zone", "In", {"z9"});
                expr(ns->add_node_selector_terms(), "gen", "In", {"5"});
            });
            break;
        case 8: pod = withTerms([&](auto*) {}); break;
        case 9:
            pod = withTerms([&](auto* ns) {
                auto* t = ns->add_node_selector_terms();
                expr(t, "zone", "In", {});
            });
            break;
        case 10:
            pod = withTerms([&](auto* ns) { expr(ns->add_node_selector_terms(), "metadata.name", "In", {"node-a"}, true); });
            break;
        case 11:
            pod = withTerms([&](auto* ns) { expr(ns->add_node_selector_terms(), "metadata.name", "In", {"node-b"}, true); });
            break;
        case 12: pod = withTerms([&](auto* ns) { expr(ns->add_node_selector_terms(), "rack", "DoesNotExist", {}); }); break;
        case 13: pod = withTerms([&](auto* ns) { expr(ns->add_node_selector_terms(), "gen", "Gt", {"4x"}); }); break;
    }
    QCOMPARE(ph_helper::RequiredNodeAffinity::fromPod(*pod).match(*node), want);

    // Taints: NoSchedule / NoExecute count unless tolerated; PreferNoSchedule never does.
    auto tainted = std::make_shared<Node>(*node);
    auto* t = tainted->mutable_spec()->add_taints();
    t->set_key("k");
    t->set_value("v");
    t->set_effect("NoExecute");
    const PodP none = P("p");
    QVERIFY(ph_helper::findMatchingUntoleratedTaint(tainted->spec().taints(), none->spec().tolerations(), ph_helper::doNotScheduleTaintsFilter) != nullptr);
    auto tolerating = std::make_shared<Pod>(*P("p").obj());
    auto* tol = tolerating->mutable_spec()->add_tolerations();
    tol->set_key("k");
    tol->set_value("v");  // operator "" means Equal
    QVERIFY(ph_helper::findMatchingUntoleratedTaint(tainted->spec().taints(), tolerating->spec().tolerations(), ph_helper::doNotScheduleTaintsFilter) == nullptr);
    tol->set_value("w");
    QVERIFY(ph_helper::findMatchingUntoleratedTaint(tainted->spec().taints(), tolerating->spec().tolerations(), ph_helper::doNotScheduleTaintsFilter) != nullptr);
    t->set_effect("PreferNoSchedule");
    QVERIFY(ph_helper::findMatchingUntoleratedTaint(tainted->spec().taints(), none->spec().tolerations(), ph_helper::doNotScheduleTaintsFilter) == nullptr);
}

QTEST_APPLESS_MAIN(PodTopologySpreadTest)
