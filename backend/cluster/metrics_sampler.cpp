#include "cluster/metrics_sampler.h"

#include <algorithm>
#include <cmath>

#include "api/resource/quantity.h"
#include "api/scheme.h"
#include "apiserver/trace.h"
#include "cluster/object_gauges.h"
#include "core_v1.pb.h"

namespace pilothouse::cluster {

namespace core = k8s::io::api::core::v1;

namespace {

// A quantity as a number in the unit the scheduler counts (milli-cores for cpu, bytes otherwise).
double seconds(sim::Duration d) { return std::chrono::duration<double>(d).count(); }

// Nearest rank, as `pilothousectl simulate` computes its summaries.
double quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    const size_t rank = size_t(std::ceil(q * double(v.size())));
    return v[std::min(v.size() - 1, rank > 0 ? rank - 1 : 0)];
}

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

MetricsSampler::MetricsSampler(apiserver::APIServer& server, const sim::Clock& clock, SchedulerComponent* scheduler,
                               const sim::JourneyLog* journeys, MetricsSamplerOptions options)
    : clock_(clock),
      scheduler_(scheduler),
      journeys_(journeys),
      options_(options),
      pods_(server, *api::Scheme::instance().byName("pods"), ""),
      nodes_(server, *api::Scheme::instance().byName("nodes"), "") {}

Status MetricsSampler::start() {
    PH_RETURN_IF_ERROR(pods_.start());
    PH_RETURN_IF_ERROR(nodes_.start());
    next_ = clock_.now();
    return {};
}

StatusOr<bool> MetricsSampler::reconcile() {
    auto p = pods_.sync();
    if (!p) return p.status();
    auto n = nodes_.sync();
    if (!n) return n.status();
    if (clock_.now() < next_) return false;
    sample();
    next_ += options_.interval;
    while (next_ <= clock_.now()) next_ += options_.interval;
    return false;  // sampling writes nothing: it never makes others work
}

void MetricsSampler::readJourneys() {
    if (!journeys_) return;
    for (const auto& r : journeys_->since(journeySeq_)) {
        journeySeq_ = r.seq;
        const sim::JourneyStage& s = r.stage;
        PodJourney& pod = podJourneys_[r.pod];
        // A creation request starts the journey of a new pod of that name.
        if (startsWith(s.stage, apiserver::kStageAuthentication)) pod = PodJourney{};
        if (!pod.created) pod.created = s.start;
        if (s.stage == sim::kStageQueue && !pod.queued) pod.queued = s.start;
        if (s.stage == sim::kStageSchedulingAttempt) {
            attemptDurations_.push_back({s.end, seconds(s.end - s.start)});
            if (!s.failed && !pod.scheduled) {
                pod.scheduled = true;
                const sim::Time entered = pod.queued.value_or(s.start);
                schedulingSli_.push_back({s.end, seconds(s.end - entered)});
            }
        }
        if (s.stage == sim::kStageImagePull) pod.pullSeconds += seconds(s.end - s.start);
        if (s.stage == sim::kStageRunning && !pod.started) {
            pod.started = true;
            startSli_.push_back({s.start, std::max(0.0, seconds(s.start - *pod.created) - pod.pullSeconds)});
        }
    }
}

void MetricsSampler::sampleQuantiles(const std::string& name, Observations& observations, sim::Time now) {
    const sim::Time from = now - options_.latencyWindow;
    std::erase_if(observations, [&](const auto& o) { return o.first <= from; });
    std::vector<double> values;
    for (const auto& [t, v] : observations)
        if (t <= now) values.push_back(v);
    if (values.empty()) return;
    for (const char* q : {"0.5", "0.9", "0.99"})
        series_[name + "{quantile=\"" + q + "\"}"].push_back({now, quantile(values, std::stod(q))});
}

void MetricsSampler::sample() {
    ++samplings_;
    const sim::Time now = clock_.now();
    std::vector<const core::Pod*> pods;
    pods.reserve(pods_.items().size());
    for (const auto& [key, obj] : pods_.items()) pods.push_back(&static_cast<const core::Pod&>(*obj));
    std::vector<const core::Node*> nodes;
    for (const auto& [key, obj] : nodes_.items()) nodes.push_back(&static_cast<const core::Node&>(*obj));
    for (const auto& [name, value] : objectGauges(pods, nodes)) series_[name].push_back({now, value});
    if (scheduler_) {
        auto& q = scheduler_->scheduler().queue();
        series_["scheduler_pending_pods{queue=\"active\"}"].push_back({now, double(q.activeQLen())});
        series_["scheduler_pending_pods{queue=\"backoff\"}"].push_back({now, double(q.backoffQLen())});
        series_["scheduler_pending_pods{queue=\"unschedulable\"}"].push_back({now, double(q.unschedulablePodsLen())});
        const auto& attempts = scheduler_->attemptsByResult();
        for (const char* result : {"scheduled", "unschedulable", "error"}) {
            auto it = attempts.find(result);
            series_["scheduler_schedule_attempts_total{result=\"" + std::string(result) + "\"}"].push_back(
                {now, it == attempts.end() ? 0.0 : double(it->second)});
        }
    }
    if (journeys_) {
        readJourneys();
        sampleQuantiles("scheduler_scheduling_attempt_duration_seconds", attemptDurations_, now);
        sampleQuantiles("scheduler_pod_scheduling_sli_duration_seconds", schedulingSli_, now);
        sampleQuantiles("kubelet_pod_start_sli_duration_seconds", startSli_, now);
    }
}

}  // namespace pilothouse::cluster
