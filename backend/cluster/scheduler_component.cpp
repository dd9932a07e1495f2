#include "cluster/scheduler_component.h"

#include <algorithm>
#include <cctype>

namespace pilothouse::cluster {

namespace {
constexpr sim::Duration kBackoffFlushPeriod = std::chrono::nanoseconds(scheduler::queue::kBackoffQFlushPeriodNanos);
constexpr sim::Duration kUnschedulableFlushPeriod =
    std::chrono::nanoseconds(scheduler::queue::kUnschedulablePodsFlushPeriodNanos);
}  // namespace

SchedulerComponent::SchedulerComponent(apiserver::APIServer& server, const sim::Clock& clock,
                                       scheduler::SchedulerOptions options, sim::JourneyLog* journeys)
    : server_(server), clock_(clock), options_(std::move(options)), journeys_(journeys) {}

Status SchedulerComponent::start() {
    auto created = scheduler::Scheduler::create(server_, clock_, options_);
    if (!created) return created.status();
    scheduler_ = std::move(*created);
    lastBackoffFlush_ = lastUnschedulableFlush_ = clock_.now();
    return scheduler_->start();
}

Status SchedulerComponent::reconfigure(scheduler::config::KubeSchedulerConfiguration config) {
    scheduler::SchedulerOptions options = options_;
    options.config = std::move(config);
    auto created = scheduler::Scheduler::create(server_, clock_, options);
    if (!created) return created.status();
    // The old process's last events go out before it stops.
    if (scheduler_) {
        (void)scheduler_->flushEvents();
        recordAttempts();
    }
    scheduler_ = std::move(*created);
    options_ = std::move(options);
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
    (void)scheduler_->flushEvents();  // event writes are best effort, as the broadcaster's
    bool did = false;
    while (scheduler_->scheduleOne()) {
        did = true;
        recordAttempts();
        PH_RETURN_IF_ERROR(scheduler_->syncInformers());
    }
    return did;
}

void SchedulerComponent::recordAttempts() {
    auto attempts = scheduler_->takeAttempts();
    for (const auto& a : attempts) {
        // The result label as upstream's metrics.PodScheduled / PodUnschedulable / PodScheduleError.
        std::string result = a.result;
        std::transform(result.begin(), result.end(), result.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        ++attemptsByResult_[result];
    }
    if (!journeys_) return;
    for (const auto& a : attempts) {
        // The API server's stages take modelled time (apiserver::StageCosts) without moving the
        // clock, so the pod's last recorded stage may end a little after the instant the
        // scheduler saw it; the journey keeps its stages in order by starting later ones no
        // earlier than the previous one ended.
        const auto before = journeys_->of(a.pod);
        const sim::Time floor = before.empty() ? sim::fromUnixNanos(a.startNanos) : before.back().end;
        const sim::Time start = std::max(sim::fromUnixNanos(a.startNanos), floor);
        const sim::Time end = std::max(sim::fromUnixNanos(a.endNanos), start);
        // The time in the queue: since the pod arrived (its last recorded stage) or since the
        // previous attempt, in the sub-queue that attempt sent it to.
        auto prev = lastAttempt_.find(a.pod);
        sim::JourneyStage queued;
        queued.stage = sim::kStageQueue;
        queued.end = start;
        if (prev == lastAttempt_.end()) {
            queued.start = floor;
            queued.detail = scheduler::queue::kActiveQ;
        } else {
            queued.start = prev->second.first;
            queued.detail = prev->second.second == "Unschedulable" ? scheduler::queue::kUnschedulablePods
                                                                   : scheduler::queue::kBackoffQ;
        }
        if (queued.start > queued.end) queued.start = queued.end;
        journeys_->record(a.pod, std::move(queued));
        sim::JourneyStage attempt;
        attempt.stage = sim::kStageSchedulingAttempt;
        attempt.start = start;
        attempt.end = end;
        const bool scheduled = a.result == "Scheduled";
        attempt.failed = !scheduled;
        attempt.detail = a.message;  // the FailedScheduling message, Kubernetes' own
        if (scheduled) {
            attempt.phrases = {{sim::Phrase::Id::ScheduledOn, {a.node}}};
            attempt.detail = sim::english(attempt.phrases);
        }
        journeys_->record(a.pod, std::move(attempt));
        if (scheduled) {
            sim::JourneyStage binding;
            binding.stage = sim::kStageBinding;
            binding.start = binding.end = end;
            binding.phrases = {{sim::Phrase::Id::Bound, {a.pod, a.node}}};
            binding.detail = sim::english(binding.phrases);
            journeys_->record(a.pod, std::move(binding));
        }
        lastAttempt_[a.pod] = {end, a.result};
    }
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
