#include "scheduler/plugins/queuesort/priority_sort.h"

#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::queuesort {

namespace {

int32_t podPriority(const framework::Pod& pod) { return pod.spec().has_priority() ? pod.spec().priority() : 0; }

class PrioritySort final : public framework::QueueSortPlugin {
public:
    std::string name() const override { return names::PrioritySort; }

    bool less(const framework::QueuedPodInfo& a, const framework::QueuedPodInfo& b) const override {
        const int32_t p1 = podPriority(a.pod()), p2 = podPriority(b.pod());
        if (p1 != p2) return p1 > p2;
        if (a.timestampNanos != b.timestampNanos) return a.timestampNanos < b.timestampNanos;
        return a.sequence < b.sequence;
    }
};

}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value&, framework::Handle&,
                                                 const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<PrioritySort>());
}

}  // namespace pilothouse::scheduler::plugins::queuesort
