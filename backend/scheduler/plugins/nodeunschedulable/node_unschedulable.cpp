#include "scheduler/plugins/nodeunschedulable/node_unschedulable.h"

#include "scheduler/plugins/helper/taints.h"
#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::nodeunschedulable {

namespace {

constexpr const char* kErrReasonUnknownCondition = "node(s) had unknown conditions";
constexpr const char* kErrReasonUnschedulable = "node(s) were unschedulable";

class NodeUnschedulable final : public framework::FilterPlugin, public framework::EnqueueExtensions {
public:
    std::string name() const override { return names::NodeUnschedulable; }

    framework::Status filter(framework::CycleState&, const framework::Pod& pod,
                             const framework::NodeInfo& nodeInfo) override {
        const framework::Node* node = nodeInfo.node();
        if (!node) return {framework::Code::UnschedulableAndUnresolvable, kErrReasonUnknownCondition};
        if (!nodeInfo.unschedulable()) return {};
        // A cordoned node: only pods that tolerate node.kubernetes.io/unschedulable:NoSchedule.
        static const helper::Taint unschedulable = [] {
            helper::Taint t;
            t.set_key(helper::kTaintNodeUnschedulable);
            t.set_effect(helper::kTaintEffectNoSchedule);
            return t;
        }();
        if (!helper::tolerationsTolerateTaint(pod.spec().tolerations(), unschedulable))
            return {framework::Code::UnschedulableAndUnresolvable, kErrReasonUnschedulable};
        return {};
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override {
        return {{"Node", framework::kAdd | framework::kUpdateNodeTaint, ""}};
    }
};

}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value&, framework::Handle&,
                                                 const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<NodeUnschedulable>());
}

}  // namespace pilothouse::scheduler::plugins::nodeunschedulable
