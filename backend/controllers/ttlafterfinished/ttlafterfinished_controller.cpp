#include "controllers/ttlafterfinished/ttlafterfinished_controller.h"

#include "api/object.h"
#include "api/scheme.h"
#include "controllers/job/job_controller.h"

namespace pilothouse::controller::ttlafterfinished {

namespace batch = k8s::io::api::batch::v1;

namespace {

// needsCleanup: a TTL and finished.
bool needsCleanup(const batch::Job& job) {
    return job.spec().has_ttl_seconds_after_finished() && job::isJobFinished(job);
}

// jobFinishTime: when the Complete/Failed condition became True.
std::optional<sim::Time> finishTime(const batch::Job& job) {
    for (const auto& c : job.status().conditions())
        if ((c.type() == "Complete" || c.type() == "Failed") && c.status() == "True") {
            if (c.last_transition_time().empty()) return std::nullopt;
            return sim::fromUnixNanos(parseTime(c.last_transition_time()));
        }
    return std::nullopt;
}

}  // namespace

TTLAfterFinishedController::TTLAfterFinishedController(apiserver::APIServer& server, const sim::Clock& clock,
                                                       TTLAfterFinishedControllerOptions options)
    : clock_(clock),
      client_(server, options.token),
      informers_(options.informers ? options.informers : std::make_shared<client::SharedInformerFactory>(server, options.token)),
      jobInformer_(informers_->informerFor(resourceType("jobs"))),
      queue_(clock) {
    setResyncPeriod(clock, options.resyncPeriod, {&jobInformer_});
}

Status TTLAfterFinishedController::start() {
    jobInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { enqueueIfNeeded(static_cast<const batch::Job&>(*o)); },
        [this](const client::ObjectPtr&, const client::ObjectPtr& o) {
            enqueueIfNeeded(static_cast<const batch::Job&>(*o));
        },
        nullptr,
    });
    return jobInformer_.start();
}

StatusOr<bool> TTLAfterFinishedController::reconcile() {
    bool did = false;
    for (;;) {
        auto a = jobInformer_.sync();
        if (!a) return a.status();
        did = did || *a > 0;
        if (!queue_.processNext([this](const std::string& key) { return processJob(key); })) break;
        did = true;
    }
    return did;
}

void TTLAfterFinishedController::enqueueIfNeeded(const batch::Job& job) {
    if (job.metadata().has_deletion_timestamp() || !needsCleanup(job)) return;
    queue_.add(client::keyOf(job));
}

std::optional<sim::Duration> TTLAfterFinishedController::timeLeft(const batch::Job& job) const {
    if (job.metadata().has_deletion_timestamp() || !needsCleanup(job)) return std::nullopt;
    auto finishedAt = finishTime(job);
    if (!finishedAt) return std::nullopt;  // upstream: an error, the Job is not cleaned up
    const sim::Time expireAt = *finishedAt + std::chrono::seconds(job.spec().ttl_seconds_after_finished());
    return expireAt - clock_.now();
}

Status TTLAfterFinishedController::processJob(const std::string& key) {
    auto cached = jobInformer_.getAs<batch::Job>(key);
    if (!cached) return {};
    auto left = timeLeft(*cached);
    if (!left) return {};
    if (*left > sim::Duration::zero()) {
        queue_.addAfter(key, *left);
        return {};
    }
    // The cache may be stale: check the Job as stored before deleting it.
    const std::string ns = cached->metadata().namespace_(), name = cached->metadata().name();
    auto fresh = client_.get("jobs", ns, name);
    if (!fresh) return isNotFound(fresh.status()) ? Status() : fresh.status();
    const auto& job = static_cast<const batch::Job&>(**fresh);
    left = timeLeft(job);
    if (!left) return {};
    if (*left > sim::Duration::zero()) {
        queue_.addAfter(key, *left);
        return {};
    }
    // Foreground, with the UID as precondition: the Job goes after its pods, and only this Job.
    Status st = client_.remove("jobs", ns, name, -1, "Foreground", job.metadata().uid());
    if (!st.isOk() && !isNotFound(st)) return st;
    return {};
}

}  // namespace pilothouse::controller::ttlafterfinished
