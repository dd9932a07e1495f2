#include "scheduler/plugins/nodeports/node_ports.h"

#include "scheduler/plugins/helper/errors.h"
#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::nodeports {

namespace core = k8s::io::api::core::v1;

namespace {

constexpr const char* kErrReason = "node(s) didn't have free ports for the requested pod ports";
const framework::StateKey kPreFilterStateKey{std::string("PreFilter") + names::NodePorts};

struct PreFilterState final : framework::StateData {
    std::vector<core::ContainerPort> ports;
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PreFilterState>(*this); }
};

std::vector<core::ContainerPort> containerPorts(const framework::Pod& pod) {
    std::vector<core::ContainerPort> ports;
    for (const auto& c : pod.spec().containers())
        for (const auto& p : c.ports()) ports.push_back(p);
    return ports;
}

class NodePorts final : public framework::PreFilterPlugin,
                        public framework::FilterPlugin,
                        public framework::EnqueueExtensions {
public:
    std::string name() const override { return names::NodePorts; }

    std::pair<framework::PreFilterResult, framework::Status> preFilter(
        framework::CycleState& state, const framework::Pod& pod, const std::vector<framework::NodeInfo*>&) override {
        auto s = std::make_unique<PreFilterState>();
        s->ports = containerPorts(pod);
        if (s->ports.empty()) return {{}, framework::Status::skip()};
        state.write(kPreFilterStateKey, std::move(s));
        return {{}, {}};
    }

    framework::Status filter(framework::CycleState& state, const framework::Pod&,
                             const framework::NodeInfo& nodeInfo) override {
        auto* s = state.read<PreFilterState>(kPreFilterStateKey);
        if (!s)
            return framework::Status::error("reading \"" + kPreFilterStateKey.name() + "\" from cycleState: " +
                                            helper::kCycleStateNotFound);
        const auto& used = nodeInfo.usedPorts();
        for (const auto& p : s->ports)
            if (used.checkConflict(p.host_ip(), p.protocol(), p.host_port()))
                return {framework::Code::Unschedulable, kErrReason};
        return {};
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override {
        return {{"Pod", framework::kDelete, ""}, {"Node", framework::kAdd | framework::kUpdate, ""}};
    }
};

}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value&, framework::Handle&,
                                                 const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<NodePorts>());
}

}  // namespace pilothouse::scheduler::plugins::nodeports
