#include "scheduler/plugins/nodename/node_name.h"

#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::nodename {

namespace {

constexpr const char* kErrReason = "node(s) didn't match the requested node name";

class NodeName final : public framework::FilterPlugin, public framework::EnqueueExtensions {
public:
    std::string name() const override { return names::NodeName; }

    framework::Status filter(framework::CycleState&, const framework::Pod& pod,
                             const framework::NodeInfo& nodeInfo) override {
        if (!nodeInfo.node()) return framework::Status::error("node not found");
        const std::string& wanted = pod.spec().node_name();
        if (!wanted.empty() && wanted != nodeInfo.nodeName())
            return {framework::Code::UnschedulableAndUnresolvable, kErrReason};
        return {};
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override {
        return {{"Node", framework::kAdd | framework::kUpdate, ""}};
    }
};

}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value&, framework::Handle&,
                                                 const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<NodeName>());
}

}  // namespace pilothouse::scheduler::plugins::nodename
