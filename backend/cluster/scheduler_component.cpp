#include "cluster/scheduler_component.h"

namespace pilothouse::cluster {

namespace {
constexpr sim::Duration kBackoffFlushPeriod = std::chrono::nanoseconds(scheduler::queue::kBackoffQFlushPeriodNanos);
constexpr sim::Duration kUnschedulableFlushPeriod =
    std::chrono::nanoseconds(scheduler::queue::kUnschedulablePodsFlushPeriodNanos);
}  // namespace

SchedulerComponent::SchedulerComponent(apiserver::APIServer& server, const sim::Clock& clock,
                                       scheduler::SchedulerOptions options)
    : server_(server), clock_(clock), options_(std::move(options)) {}

Status SchedulerComponent::start() {
    auto created = scheduler::Scheduler::create(server_, clock_, options_);
    if (!created) return created.status();
    scheduler_ = std::move(*created);
    lastBackoffFlush_ = lastUnschedulableFlush_ = clock_.now();
    return scheduler_->start();
}

StatusOr<bool> SchedulerComponent::reconcile() {
    PH_RETURN_IF_ERROR(scheduler_->syncInformers());
    const sim::Time now = clock_.now();
    if (now - lastBackoffFlush_ >= kBackoffFlushPeriod) {
        scheduler_->queue().flushBackoffQCompleted();
        lastBackoffFlush_ = now;
    }
    if (now - lastUnschedulableFlush_ >= kUnschedulableFlushPeriod) {
        scheduler_->queue().flushUnschedulablePodsLeftover();
        lastUnschedulableFlush_ = now;
    }
    bool did = false;
    while (scheduler_->scheduleOne()) {
        did = true;
        PH_RETURN_IF_ERROR(scheduler_->syncInformers());
    }
    return did;
}

std::optional<sim::Time> SchedulerComponent::nextWakeup() const {
    std::optional<sim::Time> next;
    auto consider = [&](sim::Time t) {
        if (!next || t < *next) next = t;
    };
    if (scheduler_->queue().backoffQLen() > 0) consider(lastBackoffFlush_ + kBackoffFlushPeriod);
    if (scheduler_->queue().unschedulablePodsLen() > 0) consider(lastUnschedulableFlush_ + kUnschedulableFlushPeriod);
    return next;
}

}  // namespace pilothouse::cluster
