#include "noderesources_test.h"

#include "scheduler/plugins/noderesources/balanced_allocation.h"
#include "scheduler/plugins/noderesources/fit.h"

namespace pilothouse::scheduler::noderesources_test {

namespace core = k8s::io::api::core::v1;

namespace {

int podCounter = 0;

void setRequests(core::Container* c, const Quantities& requests) {
    for (const auto& [k, v] : requests) (*c->mutable_resources()->mutable_requests())[k] = v;
}

Quantities fromRes(const Res& r) {
    Quantities q{{"cpu", std::to_string(r.milliCPU) + "m"},
                 {"memory", std::to_string(r.memory)},
                 {"ephemeral-storage", std::to_string(r.ephemeralStorage)}};
    for (const auto& [k, v] : r.scalar) q[k] = std::to_string(v);
    return q;
}

}  // namespace

PodBuilder::PodBuilder() : pod_(std::make_shared<Pod>()) {
    const std::string name = "pod-" + std::to_string(++podCounter);
    pod_->set_api_version("v1");
    pod_->set_kind("Pod");
    pod_->mutable_metadata()->set_name(name);
    pod_->mutable_metadata()->set_namespace_("default");
    pod_->mutable_metadata()->set_uid("uid-" + name);
}

PodBuilder& PodBuilder::req(const Quantities& requests) {
    auto* c = pod_->mutable_spec()->add_containers();
    c->set_name("c" + std::to_string(pod_->spec().containers_size()));
    setRequests(c, requests);
    return *this;
}

PodBuilder& PodBuilder::res(const Res& r) { return req(fromRes(r)); }

PodBuilder& PodBuilder::container() { return req({}); }

PodBuilder& PodBuilder::initReq(const Quantities& requests) {
    auto* c = pod_->mutable_spec()->add_init_containers();
    c->set_name("i" + std::to_string(pod_->spec().init_containers_size()));
    setRequests(c, requests);
    return *this;
}

PodBuilder& PodBuilder::initRes(const Res& r) { return initReq(fromRes(r)); }

PodBuilder& PodBuilder::sidecar(const Quantities& requests) {
    initReq(requests);
    pod_->mutable_spec()->mutable_init_containers()->rbegin()->set_restart_policy("Always");
    return *this;
}

PodBuilder& PodBuilder::overhead(const Quantities& overhead) {
    for (const auto& [k, v] : overhead) (*pod_->mutable_spec()->mutable_overhead())[k] = v;
    return *this;
}

PodBuilder& PodBuilder::node(const std::string& nodeName) {
    pod_->mutable_spec()->set_node_name(nodeName);
    return *this;
}

PodPtr PodBuilder::obj() const { return std::make_shared<const Pod>(*pod_); }

NodePtr makeNode(const std::string& name, const Quantities& resources) {
    return scheduler::testing::simpleNode(name, resources);
}

Quantities allocatable(int64_t milliCPU, int64_t memory, int64_t pods, int64_t extendedA, int64_t storage,
                       int64_t hugePageA) {
    return {{"cpu", std::to_string(milliCPU) + "m"},       {"memory", std::to_string(memory)},
            {"pods", std::to_string(pods)},                {"example.com/aaa", std::to_string(extendedA)},
            {"ephemeral-storage", std::to_string(storage)}, {"hugepages-2Mi", std::to_string(hugePageA)}};
}

codec::Value yamlArgs(const std::string& yaml) { return scheduler::testing::args(yaml); }

codec::Value strategyArgs(const std::string& type, const std::vector<std::pair<std::string, int64_t>>& resources,
                          const std::vector<std::pair<int, int>>& shape) {
    codec::Value strategy = codec::Value::object();
    strategy.set("type", type);
    codec::Value list = codec::Value::array();
    for (const auto& [name, weight] : resources) {
        codec::Value r = codec::Value::object();
        r.set("name", name);
        r.set("weight", weight);
        list.push(r);
    }
    strategy.set("resources", list);
    if (!shape.empty()) {
        codec::Value points = codec::Value::array();
        for (const auto& [u, s] : shape) {
            codec::Value p = codec::Value::object();
            p.set("utilization", u);
            p.set("score", s);
            points.push(p);
        }
        codec::Value param = codec::Value::object();
        param.set("shape", points);
        strategy.set("requestedToCapacityRatio", param);
    }
    codec::Value args = codec::Value::object();
    args.set("scoringStrategy", strategy);
    return args;
}

std::vector<int64_t> scores(const std::shared_ptr<framework::Plugin>& plugin, framework::Handle& handle,
                            const PodPtr& pod, bool runPreScore, std::vector<framework::Code>* codes) {
    framework::CycleState state;
    std::vector<const NodeInfo*> nodes;
    for (auto* n : handle.snapshot().list()) nodes.push_back(n);
    if (runPreScore) {
        auto* pre = dynamic_cast<framework::PreScorePlugin*>(plugin.get());
        if (!pre) qFatal("not a PreScore plugin");
        const framework::Status st = pre->preScore(state, *pod, nodes);
        if (!st.isSuccess()) {
            QTest::qFail(qPrintable(QString("PreScore: %1 %2").arg(framework::codeName(st.code()), st.message().c_str())),
                         __FILE__, __LINE__);
            return {};
        }
    }
    std::vector<int64_t> out;
    auto* sp = dynamic_cast<framework::ScorePlugin*>(plugin.get());
    if (!sp) qFatal("not a Score plugin");
    for (const auto* n : nodes) {
        auto [score, st] = sp->score(state, *pod, *n);
        if (codes) codes->push_back(st.code());
        else if (!st.isSuccess()) qWarning("Score(%s): %s", n->nodeName().c_str(), st.message().c_str());
        out.push_back(score);
    }
    return out;
}

std::shared_ptr<framework::Plugin> fit(const codec::Value& args, framework::Handle& handle,
                                       const framework::FeatureGates& gates, std::string* error) {
    auto p = plugins::noderesources::newFit(args, handle, gates);
    if (!p) {
        if (error) *error = p.status().message();
        return nullptr;
    }
    return *p;
}

std::shared_ptr<framework::Plugin> balanced(const codec::Value& args, framework::Handle& handle, std::string* error) {
    auto p = plugins::noderesources::newBalancedAllocation(args, handle, framework::FeatureGates{});
    if (!p) {
        if (error) *error = p.status().message();
        return nullptr;
    }
    return *p;
}

QString join(const std::vector<std::string>& parts) {
    QStringList l;
    for (const auto& p : parts) l << QString::fromStdString(p);
    return l.join(" | ");
}

QString join(const std::vector<int64_t>& parts) {
    QStringList l;
    for (auto p : parts) l << QString::number(p);
    return l.join(",");
}

}  // namespace pilothouse::scheduler::noderesources_test

QTEST_APPLESS_MAIN(NodeResourcesTest)
