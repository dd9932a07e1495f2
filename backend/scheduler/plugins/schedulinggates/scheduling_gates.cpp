#include "scheduler/plugins/schedulinggates/scheduling_gates.h"

#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::schedulinggates {

namespace {

class SchedulingGates final : public framework::PreEnqueuePlugin, public framework::EnqueueExtensions {
public:
    explicit SchedulingGates(bool enabled) : enabled_(enabled) {}
    std::string name() const override { return names::SchedulingGates; }

    framework::Status preEnqueue(const framework::Pod& pod) override {
        if (!enabled_ || pod.spec().scheduling_gates().empty()) return {};
        std::string list;
        for (const auto& gate : pod.spec().scheduling_gates()) list += (list.empty() ? "" : " ") + gate.name();
        return {framework::Code::UnschedulableAndUnresolvable, "waiting for scheduling gates: [" + list + "]"};
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override {
        return {{"Pod", framework::kUpdate, ""}};
    }

private:
    bool enabled_;
};

}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value&, framework::Handle&,
                                                 const framework::FeatureGates& gates) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<SchedulingGates>(gates.podSchedulingReadiness));
}

}  // namespace pilothouse::scheduler::plugins::schedulinggates
