// Test support for DefaultPreemption: small plugins of the test's own, registered in a real
// framework::Registry and run by a real framework::Framework, so that preemption goes through the
// runtime's Filter-with-nominated-pods and PreFilter-extension machinery:
//
//   TestFit          PreFilter + Filter + PreFilterExtensions: cpu, memory and pod count against
//                    the node's allocatable ("Too many pods", "Insufficient cpu", "Insufficient
//                    memory", in NodeResourcesFit's order); its AddPod/RemovePod calls are logged.
//   TestTaint        Filter: UnschedulableAndUnresolvable "node(s) had untolerated taint
//                    {dedicated: gpu}" on nodes labelled dedicated=gpu.
//   TestAntiAffinity PreFilter + Filter + extensions: a pod labelled anti=X does not go where a pod
//                    labelled app=X runs; the count per node lives in the CycleState and follows
//                    AddPod/RemovePod.
//   TestErrorPlugin  PreFilter + extensions: RemovePod fails on nodes labelled error=true
//                    ("failed to remove pod: <preemptor>"), as upstream's test plugin.
//   TestQueueSort, TestBinder: what a profile needs to be valid.
//
// Harness builds the cluster (nodes, bound pods, nominated pods, PDBs), a recording ClusterClient
// and the framework with DefaultPreemption as the PostFilter plugin.
#pragma once

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "policy_v1.pb.h"
#include "scheduler/framework/runtime/framework.h"
#include "scheduler/framework/runtime/registry.h"
#include "scheduler/plugins/defaultpreemption/default_preemption.h"
#include "scheduler_testing/scheduler_testing.h"

#ifdef PH_HAVE_NODERESOURCES
#include "scheduler/plugins/noderesources/fit.h"
#endif

namespace pilothouse::scheduler::preemption_test {

namespace fw = framework;
using fw::Code;
using fw::CycleState;
using fw::Node;
using fw::NodeInfo;
using fw::Pod;
using fw::PodInfo;
using fw::Status;
using PDB = k8s::io::api::policy::v1::PodDisruptionBudget;

inline constexpr int64_t kNow = 1704067200LL * 1000000000LL;  // 2024-01-01T00:00:00Z

// ---- objects ----

class PodBuilder {
public:
    explicit PodBuilder(const std::string& name) : pod_(std::make_shared<Pod>()) {
        pod_->set_api_version("v1");
        pod_->set_kind("Pod");
        pod_->mutable_metadata()->set_name(name);
        pod_->mutable_metadata()->set_namespace_("default");
        pod_->mutable_metadata()->set_uid("uid-" + name);
        pod_->mutable_spec()->add_containers()->set_name("c");
        pod_->mutable_spec()->set_scheduler_name("default-scheduler");
    }
    PodBuilder& ns(const std::string& n) {
        pod_->mutable_metadata()->set_namespace_(n);
        return *this;
    }
    PodBuilder& node(const std::string& n) {
        pod_->mutable_spec()->set_node_name(n);
        return *this;
    }
    PodBuilder& priority(int32_t p) {
        pod_->mutable_spec()->set_priority(p);
        return *this;
    }
    PodBuilder& cpu(const std::string& q) { return request("cpu", q); }
    PodBuilder& mem(const std::string& q) { return request("memory", q); }
    PodBuilder& request(const std::string& name, const std::string& q) {
        (*pod_->mutable_spec()->mutable_containers(0)->mutable_resources()->mutable_requests())[name] = q;
        return *this;
    }
    // status.startTime, seconds after 2024-01-01T00:00:00Z minus one hour.
    PodBuilder& start(int seconds) {
        char buf[32];
        const int t = seconds;
        std::snprintf(buf, sizeof buf, "2023-12-31T23:%02d:%02dZ", t / 60, t % 60);
        pod_->mutable_status()->set_start_time(buf);
        return *this;
    }
    PodBuilder& label(const std::string& k, const std::string& v) {
        (*pod_->mutable_metadata()->mutable_labels())[k] = v;
        return *this;
    }
    PodBuilder& never() {
        pod_->mutable_spec()->set_preemption_policy("Never");
        return *this;
    }
    PodBuilder& nominated(const std::string& n) {
        pod_->mutable_status()->set_nominated_node_name(n);
        return *this;
    }
    PodBuilder& terminating() {
        pod_->mutable_metadata()->set_deletion_timestamp("2023-12-31T23:59:00Z");
        return *this;
    }
    PodBuilder& condition(const std::string& type, const std::string& status, const std::string& reason) {
        auto* c = pod_->mutable_status()->add_conditions();
        c->set_type(type);
        c->set_status(status);
        c->set_reason(reason);
        return *this;
    }
    // Terminating because the scheduler preempted it (DisruptionTarget/True/PreemptionByScheduler).
    PodBuilder& preempted() { return terminating().condition("DisruptionTarget", "True", "PreemptionByScheduler"); }
    std::shared_ptr<const Pod> obj() const { return std::make_shared<Pod>(*pod_); }

private:
    std::shared_ptr<Pod> pod_;
};

inline std::shared_ptr<const Node> node(const std::string& name, const std::string& cpu = "2",
                                        const std::string& pods = "110",
                                        const std::map<std::string, std::string>& labels = {}) {
    return testing::simpleNode(name, {{"cpu", cpu}, {"memory", "8Gi"}, {"pods", pods}}, labels);
}

// A PodDisruptionBudget selecting matchLabels (an empty selector when there are none; no selector
// at all with withSelector false).
inline std::shared_ptr<const PDB> pdb(const std::string& name, const std::map<std::string, std::string>& matchLabels,
                                      int32_t disruptionsAllowed, const std::vector<std::string>& disruptedPods = {},
                                      const std::string& ns = "default", bool withSelector = true) {
    auto p = std::make_shared<PDB>();
    p->mutable_metadata()->set_name(name);
    p->mutable_metadata()->set_namespace_(ns);
    if (withSelector) {
        auto* sel = p->mutable_spec()->mutable_selector();
        for (const auto& [k, v] : matchLabels) (*sel->mutable_match_labels())[k] = v;
    }
    p->mutable_status()->set_disruptions_allowed(disruptionsAllowed);
    for (const auto& d : disruptedPods) (*p->mutable_status()->mutable_disrupted_pods())[d] = "2023-12-31T23:59:00Z";
    return p;
}

// ---- plugins ----

using Log = std::vector<std::string>;

struct ResourceState : fw::StateData {
    fw::Resource request;
    std::unique_ptr<fw::StateData> clone() const override { return std::make_unique<ResourceState>(*this); }
};

class TestFit final : public fw::PreFilterPlugin, public fw::FilterPlugin, public fw::PreFilterExtensions {
public:
    explicit TestFit(Log* log) : log_(log) {}
    std::string name() const override { return "TestFit"; }
    std::pair<fw::PreFilterResult, Status> preFilter(CycleState& state, const Pod& pod,
                                                     const std::vector<NodeInfo*>&) override {
        auto s = std::make_unique<ResourceState>();
        s->request = fw::computePodResourceRequest(pod);
        state.write("TestFit", std::move(s));
        return {{}, {}};
    }
    fw::PreFilterExtensions* preFilterExtensions() override { return this; }
    Status addPod(CycleState&, const Pod&, const PodInfo& p, const NodeInfo& n) override {
        if (log_) log_->push_back("add " + p.name() + "@" + n.nodeName());
        return {};
    }
    Status removePod(CycleState&, const Pod&, const PodInfo& p, const NodeInfo& n) override {
        if (log_) log_->push_back("remove " + p.name() + "@" + n.nodeName());
        return {};
    }
    Status filter(CycleState& state, const Pod&, const NodeInfo& node) override {
        auto* s = state.read<ResourceState>("TestFit");
        if (!s) return Status::error("no PreFilter state");
        std::vector<std::string> reasons;
        const auto& alloc = node.allocatable();
        const auto& used = node.requested();
        if (int64_t(node.pods().size()) + 1 > alloc.allowedPodNumber) reasons.push_back("Too many pods");
        if (s->request.milliCPU > alloc.milliCPU - used.milliCPU) reasons.push_back("Insufficient cpu");
        if (s->request.memory > alloc.memory - used.memory) reasons.push_back("Insufficient memory");
        if (reasons.empty()) return {};
        return Status::unschedulable(reasons);
    }

private:
    Log* log_;
};

class TestTaint final : public fw::FilterPlugin {
public:
    std::string name() const override { return "TestTaint"; }
    Status filter(CycleState&, const Pod&, const NodeInfo& node) override {
        const auto& labels = node.node()->metadata().labels();
        auto it = labels.find("dedicated");
        if (it != labels.end() && it->second == "gpu")
            return Status(Code::UnschedulableAndUnresolvable, "node(s) had untolerated taint {dedicated: gpu}");
        return {};
    }
};

struct AntiAffinityState : fw::StateData {
    std::string app;
    std::map<std::string, int> perNode;
    std::unique_ptr<fw::StateData> clone() const override { return std::make_unique<AntiAffinityState>(*this); }
};

class TestAntiAffinity final : public fw::PreFilterPlugin, public fw::FilterPlugin, public fw::PreFilterExtensions {
public:
    std::string name() const override { return "TestAntiAffinity"; }
    static std::string labelOf(const Pod& p, const std::string& key) {
        auto it = p.metadata().labels().find(key);
        return it == p.metadata().labels().end() ? "" : it->second;
    }
    std::pair<fw::PreFilterResult, Status> preFilter(CycleState& state, const Pod& pod,
                                                     const std::vector<NodeInfo*>& nodes) override {
        const std::string app = labelOf(pod, "anti");
        if (app.empty()) return {{}, Status::skip()};
        auto s = std::make_unique<AntiAffinityState>();
        s->app = app;
        for (const NodeInfo* n : nodes)
            for (const auto& pi : n->pods())
                if (labelOf(*pi->pod, "app") == app) s->perNode[n->nodeName()]++;
        state.write("TestAntiAffinity", std::move(s));
        return {{}, {}};
    }
    fw::PreFilterExtensions* preFilterExtensions() override { return this; }
    Status addPod(CycleState& state, const Pod&, const PodInfo& p, const NodeInfo& n) override {
        auto* s = state.read<AntiAffinityState>("TestAntiAffinity");
        if (s && labelOf(*p.pod, "app") == s->app) s->perNode[n.nodeName()]++;
        return {};
    }
    Status removePod(CycleState& state, const Pod&, const PodInfo& p, const NodeInfo& n) override {
        auto* s = state.read<AntiAffinityState>("TestAntiAffinity");
        if (s && labelOf(*p.pod, "app") == s->app) s->perNode[n.nodeName()]--;
        return {};
    }
    Status filter(CycleState& state, const Pod&, const NodeInfo& node) override {
        auto* s = state.read<AntiAffinityState>("TestAntiAffinity");
        if (!s) return Status::error("no PreFilter state");
        auto it = s->perNode.find(node.nodeName());
        if (it != s->perNode.end() && it->second > 0)
            return Status::unschedulable({"node(s) didn't match pod anti-affinity rules"});
        return {};
    }
};

class TestErrorPlugin final : public fw::PreFilterPlugin, public fw::PreFilterExtensions {
public:
    std::string name() const override { return "TestErrorPlugin"; }
    std::pair<fw::PreFilterResult, Status> preFilter(CycleState&, const Pod&, const std::vector<NodeInfo*>&) override {
        return {{}, {}};
    }
    fw::PreFilterExtensions* preFilterExtensions() override { return this; }
    Status addPod(CycleState&, const Pod&, const PodInfo&, const NodeInfo&) override { return {}; }
    Status removePod(CycleState&, const Pod& preemptor, const PodInfo&, const NodeInfo& n) override {
        const auto& labels = n.node()->metadata().labels();
        auto it = labels.find("error");
        if (it != labels.end() && it->second == "true")
            return Status::error("failed to remove pod: " + preemptor.metadata().name());
        return {};
    }
};

class TestQueueSort final : public fw::QueueSortPlugin {
public:
    std::string name() const override { return "TestQueueSort"; }
    bool less(const fw::QueuedPodInfo&, const fw::QueuedPodInfo&) const override { return false; }
};

class TestBinder final : public fw::BindPlugin {
public:
    std::string name() const override { return "TestBinder"; }
    Status bind(CycleState&, const Pod&, const std::string&) override { return {}; }
};

// ---- the cluster client: records what preemption writes ----

class RecordingClient final : public fw::ClusterClient {
public:
    Status bind(const Pod&, const std::string&) override { return {}; }
    Status deletePod(const Pod& victim, const Pod& preemptor, const std::string& node) override {
        deleted.push_back(fw::podKey(victim) + "@" + node + " by " + fw::podKey(preemptor));
        if (fw::podKey(victim) == failDelete) return Status::error("pods \"" + victim.metadata().name() + "\" is forbidden");
        return {};
    }
    Status setNominatedNodeName(const Pod& pod, const std::string& node) override {
        nominations.push_back(fw::podKey(pod) + "=" + node);
        return {};
    }
    std::vector<std::string> deleted;
    std::vector<std::string> nominations;
    std::string failDelete;  // a victim whose deletion fails
};

// ---- the harness ----

struct Scenario {
    std::vector<std::shared_ptr<const Node>> nodes;
    std::vector<std::shared_ptr<const Pod>> pods;       // bound (spec.nodeName)
    std::vector<std::shared_ptr<const Pod>> nominated;  // waiting, status.nominatedNodeName set
    std::vector<std::shared_ptr<const PDB>> pdbs;
    std::string args;          // DefaultPreemption args, YAML ("" = defaults)
    uint64_t offset = 0;       // what randomInt answers (modulo n)
    std::string fit = "TestFit";  // or "NodeResourcesFit" (the real plugin)
    bool podDisruptionConditions = true;
    std::string failDelete;
};

class Harness {
public:
    explicit Harness(const Scenario& s) : lister(s.nodes, s.pods), scenario_(s) {
        lister.objects.podDisruptionBudgets = s.pdbs;
        client.failDelete = s.failDelete;
        fw::Registry registry;
        Log* log = &log_;
        registry.add("TestFit", [log](const codec::Value&, fw::Handle&, const fw::FeatureGates&)
                                    -> StatusOr<std::shared_ptr<fw::Plugin>> { return std::shared_ptr<fw::Plugin>(std::make_shared<TestFit>(log)); });
        registry.add("TestTaint", [](const codec::Value&, fw::Handle&, const fw::FeatureGates&)
                                      -> StatusOr<std::shared_ptr<fw::Plugin>> { return std::shared_ptr<fw::Plugin>(std::make_shared<TestTaint>()); });
        registry.add("TestAntiAffinity", [](const codec::Value&, fw::Handle&, const fw::FeatureGates&)
                                             -> StatusOr<std::shared_ptr<fw::Plugin>> { return std::shared_ptr<fw::Plugin>(std::make_shared<TestAntiAffinity>()); });
        registry.add("TestErrorPlugin", [](const codec::Value&, fw::Handle&, const fw::FeatureGates&)
                                            -> StatusOr<std::shared_ptr<fw::Plugin>> { return std::shared_ptr<fw::Plugin>(std::make_shared<TestErrorPlugin>()); });
        registry.add("TestQueueSort", [](const codec::Value&, fw::Handle&, const fw::FeatureGates&)
                                          -> StatusOr<std::shared_ptr<fw::Plugin>> { return std::shared_ptr<fw::Plugin>(std::make_shared<TestQueueSort>()); });
        registry.add("TestBinder", [](const codec::Value&, fw::Handle&, const fw::FeatureGates&)
                                       -> StatusOr<std::shared_ptr<fw::Plugin>> { return std::shared_ptr<fw::Plugin>(std::make_shared<TestBinder>()); });
        registry.add("DefaultPreemption", plugins::defaultpreemption::New);
#ifdef PH_HAVE_NODERESOURCES
        registry.add("NodeResourcesFit", plugins::noderesources::newFit);
#endif
        config::Profile profile;
        auto enable = [](config::PluginSet& set, std::vector<std::string> names) {
            for (auto& n : names) set.enabled.push_back({n, 0});
        };
        enable(profile.plugins.queueSort, {"TestQueueSort"});
        enable(profile.plugins.preFilter, {s.fit, "TestAntiAffinity", "TestErrorPlugin"});
        enable(profile.plugins.filter, {"TestTaint", s.fit, "TestAntiAffinity"});
        enable(profile.plugins.postFilter, {"DefaultPreemption"});
        enable(profile.plugins.bind, {"TestBinder"});
        if (!s.args.empty()) profile.pluginConfig.push_back({"DefaultPreemption", testing::args(s.args)});

        gates.podDisruptionConditions = s.podDisruptionConditions;
        fw::Environment env;
        env.snapshot = &lister;
        env.objects = &lister.objects;
        env.client = &client;
        env.randomInt = [this](uint64_t n) {
            randomCalls.push_back(n);
            return n ? scenario_.offset % n : 0;
        };
        env.now = [] { return kNow; };
        env.nominatedPodsForNode = [this](const std::string& nodeName) {
            std::vector<std::shared_ptr<const PodInfo>> out;
            for (const auto& p : scenario_.nominated)
                if (p->status().nominated_node_name() == nodeName) out.push_back(PodInfo::make(p));
            return out;
        };
        auto created = fw::Framework::create(profile, registry, gates, std::move(env));
        if (!created) {
            createError = created.status().message();
            return;
        }
        fwk = std::move(*created);
    }

    // PreFilter, then Filter (with nominated pods) on every node, as the scheduler does before
    // PostFilter: the statuses of the nodes that rejected the pod.
    fw::NodeToStatusMap filter(CycleState& state, const Pod& pod) {
        fw::NodeToStatusMap statuses;
        auto [result, s] = fwk->runPreFilterPlugins(state, pod);
        if (!s.isSuccess()) {
            for (const NodeInfo* n : lister.list()) statuses[n->nodeName()] = s;
            return statuses;
        }
        for (const NodeInfo* n : lister.list()) {
            Status fs = fwk->runFilterPluginsWithNominatedPods(state, pod, *n);
            if (!fs.isSuccess()) statuses[n->nodeName()] = fs;
        }
        return statuses;
    }

    // A DefaultPreemption over this framework (for looking at the evaluator's steps).
    std::unique_ptr<plugins::defaultpreemption::DefaultPreemption> plugin() {
        auto decoded = plugins::defaultpreemption::decodeArgs(testing::args(scenario_.args));
        return std::make_unique<plugins::defaultpreemption::DefaultPreemption>(decoded.value(), *fwk, gates);
    }

    const Log& log() const { return log_; }

    testing::FakeHandle lister;
    RecordingClient client;
    fw::FeatureGates gates;
    std::unique_ptr<fw::Framework> fwk;
    std::string createError;
    std::vector<uint64_t> randomCalls;

private:
    Scenario scenario_;
    Log log_;
};

}  // namespace pilothouse::scheduler::preemption_test
