#include "cluster/metrics_sampler.h"

#include "api/resource/quantity.h"
#include "api/scheme.h"
#include "core_v1.pb.h"

namespace pilothouse::cluster {

namespace core = k8s::io::api::core::v1;

namespace {

// A quantity as a number in the unit the scheduler counts (milli-cores for cpu, bytes otherwise).
double amount(const google::protobuf::Map<std::string, std::string>& list, const std::string& name) {
    auto it = list.find(name);
    if (it == list.end()) return 0;
    auto q = resource::Quantity::parse(it->second);
    if (!q) return 0;
    return name == "cpu" ? double(q->milliValue()) : double(q->value());
}

}  // namespace

MetricsSampler::MetricsSampler(apiserver::APIServer& server, const sim::Clock& clock, SchedulerComponent* scheduler,
                               sim::Duration interval)
    : clock_(clock),
      scheduler_(scheduler),
      interval_(interval),
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
    next_ += interval_;
    while (next_ <= clock_.now()) next_ += interval_;
    return false;  // sampling writes nothing: it never makes others work
}

void MetricsSampler::sample() {
    const sim::Time now = clock_.now();
    std::map<std::string, double> phases = {{"Pending", 0}, {"Running", 0}, {"Succeeded", 0}, {"Failed", 0}};
    double cpuRequested = 0, memRequested = 0;
    for (const auto& [key, obj] : pods_.items()) {
        const auto& pod = static_cast<const core::Pod&>(*obj);
        phases[pod.status().phase().empty() ? "Pending" : pod.status().phase()] += 1;
        if (pod.spec().node_name().empty() || pod.status().phase() == "Succeeded" || pod.status().phase() == "Failed") continue;
        for (const auto& c : pod.spec().containers()) {
            cpuRequested += amount(c.resources().requests(), "cpu");
            memRequested += amount(c.resources().requests(), "memory");
        }
    }
    for (const auto& [phase, count] : phases) series_["pods{phase=\"" + phase + "\"}"].push_back({now, count});
    double cpuAllocatable = 0, memAllocatable = 0;
    for (const auto& [key, obj] : nodes_.items()) {
        const auto& node = static_cast<const core::Node&>(*obj);
        cpuAllocatable += amount(node.status().allocatable(), "cpu");
        memAllocatable += amount(node.status().allocatable(), "memory");
    }
    series_["node_requested_ratio{resource=\"cpu\"}"].push_back({now, cpuAllocatable > 0 ? cpuRequested / cpuAllocatable : 0});
    series_["node_requested_ratio{resource=\"memory\"}"].push_back({now, memAllocatable > 0 ? memRequested / memAllocatable : 0});
    if (scheduler_) {
        auto& q = scheduler_->scheduler().queue();
        series_["scheduler_pending_pods{queue=\"active\"}"].push_back({now, double(q.activeQLen())});
        series_["scheduler_pending_pods{queue=\"backoff\"}"].push_back({now, double(q.backoffQLen())});
        series_["scheduler_pending_pods{queue=\"unschedulable\"}"].push_back({now, double(q.unschedulablePodsLen())});
    }
}

}  // namespace pilothouse::cluster
