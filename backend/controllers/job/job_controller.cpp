#include "controllers/job/job_controller.h"

#include <google/protobuf/util/message_differencer.h>

#include <algorithm>

#include "api/labels.h"
#include "api/object.h"
#include "api/scheme.h"

namespace pilothouse::controller::job {

namespace {


const char kGroupVersion[] = "batch/v1";
const char kKind[] = "Job";

// The controller's API rate limiter for failed syncs (DefaultJobApiBackOff, MaxJobApiBackOff).
constexpr sim::Duration kDefaultJobApiBackOff = std::chrono::seconds(1);
constexpr sim::Duration kMaxJobApiBackOff = std::chrono::seconds(60);

bool hasJobTrackingFinalizer(const core::Pod& pod) {
    for (const auto& f : pod.metadata().finalizers())
        if (f == kJobTrackingFinalizer) return true;
    return false;
}

bool isIndexedJob(const batch::Job& job) { return job.spec().completion_mode() == "Indexed"; }
bool jobSuspended(const batch::Job& job) { return job.spec().has_suspend() && job.spec().suspend(); }

// isPodFailed: Failed, or deleted before it could succeed (orphans never reach Failed).
bool isPodFailed(const core::Pod& pod) {
    if (pod.status().phase() == "Failed") return true;
    return pod.metadata().has_deletion_timestamp() && pod.status().phase() != "Succeeded";
}

batch::JobCondition* findCondition(batch::JobStatus* status, const std::string& type) {
    for (auto& c : *status->mutable_conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

batch::JobCondition newCondition(const std::string& type, const std::string& status, const std::string& reason,
                                 const std::string& message, sim::Time now) {
    batch::JobCondition c;
    c.set_type(type);
    c.set_status(status);
    c.set_reason(reason);
    c.set_message(message);
    c.set_last_probe_time(formatTime(now));
    c.set_last_transition_time(formatTime(now));
    return c;
}

// ensureJobConditionStatus: updates the condition of that type when it differs; adds it only
// when its status is not False. Returns whether anything changed.
bool ensureJobConditionStatus(batch::JobStatus* status, const std::string& type, const std::string& condStatus,
                              const std::string& reason, const std::string& message, sim::Time now) {
    if (batch::JobCondition* c = findCondition(status, type)) {
        if (c->status() != condStatus || c->reason() != reason || c->message() != message) {
            *c = newCondition(type, condStatus, reason, message, now);
            return true;
        }
        return false;
    }
    if (condStatus == "False") return false;
    *status->add_conditions() = newCondition(type, condStatus, reason, message, now);
    return true;
}

// pastBackoffLimitOnFailure: with restartPolicy OnFailure failures are container restarts.
bool pastBackoffLimitOnFailure(const batch::Job& job, const std::vector<const core::Pod*>& pods) {
    if (job.spec().template_().spec().restart_policy() != "OnFailure") return false;
    int64_t restarts = 0;
    for (const core::Pod* p : pods) {
        if (p->status().phase() != "Running" && p->status().phase() != "Pending") continue;
        for (const auto& cs : p->status().init_container_statuses()) restarts += cs.restart_count();
        for (const auto& cs : p->status().container_statuses()) restarts += cs.restart_count();
    }
    const int32_t limit = job.spec().backoff_limit();
    if (limit == 0) return restarts > 0;
    return restarts >= limit;
}

std::string keyOfPod(const core::Pod& pod) { return pod.metadata().namespace_() + "/" + pod.metadata().name(); }

}  // namespace

bool isJobFinished(const batch::Job& job) {
    for (const auto& c : job.status().conditions())
        if ((c.type() == "Complete" || c.type() == "Failed") && c.status() == "True") return true;
    return false;
}

// What one sync knows (upstream's syncJobCtx).
struct JobController::SyncContext {
    batch::Job job;
    std::vector<const core::Pod*> pods;
    std::vector<const core::Pod*> activePods;
    std::set<std::string> uncountedSucceeded, uncountedFailed;
    std::set<std::string> expectedRmFinalizers;
    int succeeded = 0, failed = 0;
    std::optional<batch::JobCondition> finishedCondition;
    BackoffRecord newBackoffRecord;
    OrderedIntervals prevSucceededIndexes, succeededIndexes;
};

JobController::JobController(apiserver::APIServer& server, const sim::Clock& clock, JobControllerOptions options)
    : server_(server),
      clock_(clock),
      options_(std::move(options)),
      client_(server, options_.token),
      random_(sim::Random(options_.seed).fork("job-controller")),
      informers_(options_.informers ? options_.informers : std::make_shared<client::SharedInformerFactory>(server, options_.token)),
      jobInformer_(informers_->informerFor(resourceType("jobs"))),
      podInformer_(informers_->informerFor(resourceType("pods"))),
      queue_(clock, kDefaultJobApiBackOff, kMaxJobApiBackOff),
      orphanQueue_(clock, kDefaultJobApiBackOff, kMaxJobApiBackOff),
      expectations_(clock),
      recorder_(server, clock, "job-controller", "", options_.token) {}

Status JobController::start() {
    setResyncPeriod(clock_, options_.resyncPeriod, {&jobInformer_, &podInformer_});
    jobInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { addJob(static_cast<const batch::Job&>(*o)); },
        [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
            updateJob(static_cast<const batch::Job&>(*old), static_cast<const batch::Job&>(*o));
        },
        [this](const client::ObjectPtr& o) { deleteJob(static_cast<const batch::Job&>(*o)); },
    });
    podInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { addPod(static_cast<const core::Pod&>(*o)); },
        [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
            updatePod(static_cast<const core::Pod&>(*old), static_cast<const core::Pod&>(*o));
        },
        [this](const client::ObjectPtr& o) { deletePod(static_cast<const core::Pod&>(*o), true); },
    });
    PH_RETURN_IF_ERROR(jobInformer_.start());
    return podInformer_.start();
}

std::optional<sim::Time> JobController::nextWakeup() const {
    return earliest({queue_.nextReadyTime(), orphanQueue_.nextReadyTime(), nextResync({&jobInformer_, &podInformer_})});
}

StatusOr<bool> JobController::reconcile() {
    bool did = false;
    for (;;) {
        auto a = jobInformer_.sync();
        if (!a) return a.status();
        auto b = podInformer_.sync();
        if (!b) return b.status();
        did = did || *a + *b > 0;
        if (queue_.processNext([this](const std::string& key) { return syncJob(key); })) {
            did = true;
            continue;
        }
        if (!orphanQueue_.processNext([this](const std::string& key) { return syncOrphanPod(key); })) break;
        did = true;
    }
    return did;
}

// ---- event handlers ----

const batch::Job* JobController::resolveControllerRef(const std::string& ns, const metav1::OwnerReference* ref) const {
    if (!ref || ref->kind() != kKind) return nullptr;
    auto job = jobInformer_.getAs<batch::Job>(ns + "/" + ref->name());
    if (!job || job->metadata().uid() != ref->uid()) return nullptr;
    return job.get();
}

void JobController::addPod(const core::Pod& pod) {
    if (pod.metadata().has_deletion_timestamp()) {
        // Seen first while already being deleted (a restart): count it as deleted.
        deletePod(pod, false);
        return;
    }
    if (const metav1::OwnerReference* ref = getControllerOf(pod.metadata())) {
        const batch::Job* job = resolveControllerRef(pod.metadata().namespace_(), ref);
        if (!job) {
            if (hasJobTrackingFinalizer(pod)) orphanQueue_.add(keyOfPod(pod));
            return;
        }
        const std::string key = client::keyOf(*job);
        expectations_.creationObserved(key);
        enqueueBatched(key);
        return;
    }
    if (hasJobTrackingFinalizer(pod)) orphanQueue_.add(keyOfPod(pod));
    // An orphan: wake every Job that selects it, one may adopt it.
    enqueueJobsSelecting(pod);
}

// getPodJobs: every Job in the pod's namespace whose selector matches it (an orphan may be adopted).
void JobController::enqueueJobsSelecting(const core::Pod& pod) {
    for (const auto& [key, obj] : jobInformer_.items()) {
        const auto& job = static_cast<const batch::Job&>(*obj);
        if (job.metadata().namespace_() != pod.metadata().namespace_()) continue;
        auto sel = api::Selector::fromLabelSelector(job.spec().selector());
        if (sel && !sel->empty() && sel->matches(pod.metadata().labels())) enqueueBatched(key);
    }
}

void JobController::updatePod(const core::Pod& oldPod, const core::Pod& pod) {
    if (pod.metadata().resource_version() == oldPod.metadata().resource_version()) return;  // resync
    if (pod.metadata().has_deletion_timestamp()) {
        // Graceful deletion started: the pod is no longer active.
        deletePod(pod, false);
        return;
    }
    const bool finalizerRemoved = !hasJobTrackingFinalizer(pod);
    const metav1::OwnerReference* oldRef = getControllerOf(oldPod.metadata());
    const metav1::OwnerReference* ref = getControllerOf(pod.metadata());
    const bool refChanged = (oldRef == nullptr) != (ref == nullptr) || (oldRef && ref && oldRef->uid() != ref->uid());
    if (refChanged && oldRef) {
        if (const batch::Job* job = resolveControllerRef(oldPod.metadata().namespace_(), oldRef)) {
            const std::string key = client::keyOf(*job);
            if (finalizerRemoved) finalizerExpectations_[key].erase(pod.metadata().uid());
            enqueueBatched(key);
        }
    }
    if (ref) {
        const batch::Job* job = resolveControllerRef(pod.metadata().namespace_(), ref);
        if (!job) {
            if (hasJobTrackingFinalizer(pod)) orphanQueue_.add(keyOfPod(pod));
            return;
        }
        const std::string key = client::keyOf(*job);
        if (finalizerRemoved) finalizerExpectations_[key].erase(pod.metadata().uid());
        enqueueBatched(key);
        return;
    }
    if (hasJobTrackingFinalizer(pod)) orphanQueue_.add(keyOfPod(pod));
    enqueueJobsSelecting(pod);
}

void JobController::deletePod(const core::Pod& pod, bool final) {
    const metav1::OwnerReference* ref = getControllerOf(pod.metadata());
    const batch::Job* job = resolveControllerRef(pod.metadata().namespace_(), ref);
    if (!job) {
        if (!final && ref && hasJobTrackingFinalizer(pod)) orphanQueue_.add(keyOfPod(pod));
        return;
    }
    const std::string key = client::keyOf(*job);
    expectations_.deletionObserved(key);
    // The final delete, or a deletion update without the finalizer: nothing more to remove.
    if (final || !hasJobTrackingFinalizer(pod)) finalizerExpectations_[key].erase(pod.metadata().uid());
    enqueueBatched(key);
}

void JobController::addJob(const batch::Job& job) {
    queue_.add(client::keyOf(job));
    if (isJobFinished(job)) cleanupPodFinalizers(job);
}

void JobController::updateJob(const batch::Job& oldJob, const batch::Job& job) {
    const std::string key = client::keyOf(job);
    if (job.metadata().generation() == oldJob.metadata().generation()) {
        enqueueBatched(key);  // a status change, typically after pod events
    } else {
        queue_.add(key);  // the spec changed: sync now
    }
    if (isJobFinished(job)) cleanupPodFinalizers(job);
    // A new activeDeadlineSeconds: look again when it runs out.
    if (!job.status().start_time().empty() && job.spec().has_active_deadline_seconds()) {
        const auto& o = oldJob.spec();
        if (!o.has_active_deadline_seconds() || o.active_deadline_seconds() != job.spec().active_deadline_seconds()) {
            const sim::Duration total = std::chrono::seconds(job.spec().active_deadline_seconds());
            const sim::Duration passed = clock_.now() - sim::fromUnixNanos(parseTime(job.status().start_time()));
            queue_.addAfter(key, std::max(sim::Duration::zero(), total - passed));
        }
    }
}

void JobController::deleteJob(const batch::Job& job) {
    const std::string key = client::keyOf(job);
    queue_.add(key);
    cleanupPodFinalizers(job);
}

void JobController::cleanupPodFinalizers(const batch::Job& job) {
    for (const auto& [key, obj] : podInformer_.items()) {
        const auto& pod = static_cast<const core::Pod&>(*obj);
        if (pod.metadata().namespace_() != job.metadata().namespace_() || !hasJobTrackingFinalizer(pod)) continue;
        const metav1::OwnerReference* ref = getControllerOf(pod.metadata());
        if (ref && ref->uid() == job.metadata().uid()) orphanQueue_.add(key);
    }
}

// syncOrphanPod: a pod with the tracking finalizer whose Job is gone or finished loses it.
Status JobController::syncOrphanPod(const std::string& key) {
    auto pod = podInformer_.getAs<core::Pod>(key);
    if (!pod || !hasJobTrackingFinalizer(*pod)) return {};
    if (const metav1::OwnerReference* ref = getControllerOf(pod->metadata())) {
        const batch::Job* job = resolveControllerRef(pod->metadata().namespace_(), ref);
        if (job && !isJobFinished(*job)) return {};  // its Job still counts it
    }
    Status rm =
        removeFinalizer(client_, "pods", pod->metadata().namespace_(), pod->metadata().name(), kJobTrackingFinalizer);
    if (!rm.isOk() && !isNotFound(rm)) return rm;
    return {};
}

// ---- sync ----

StatusOr<std::vector<const core::Pod*>> JobController::getPodsForJob(const batch::Job& job) {
    auto selector = api::Selector::fromLabelSelector(job.spec().selector());
    if (!selector) return selector.status();
    std::vector<const core::Pod*> out;
    std::optional<Status> canAdopt;
    for (const auto& [key, obj] : podInformer_.items()) {
        const auto& pod = static_cast<const core::Pod&>(*obj);
        if (pod.metadata().namespace_() != job.metadata().namespace_()) continue;
        const metav1::OwnerReference* ref = getControllerOf(pod.metadata());
        if (ref) {
            if (ref->uid() == job.metadata().uid()) out.push_back(&pod);
            continue;
        }
        if (selector->empty() || !selector->matches(pod.metadata().labels()) || pod.metadata().has_deletion_timestamp() ||
            job.metadata().has_deletion_timestamp())
            continue;
        if (!canAdopt) {
            auto fresh = client_.get("jobs", job.metadata().namespace_(), job.metadata().name());
            if (!fresh) canAdopt = fresh.status();
            else if (api::metadata(**fresh).uid() != job.metadata().uid())
                canAdopt = Status(StatusCode::FailedPrecondition, "original Job " + client::keyOf(job) + " is gone");
            else canAdopt = Status();
        }
        if (!canAdopt->isOk()) continue;
        auto r = adopt(client_, "pods", pod.metadata().namespace_(), pod.metadata().name(),
                       newControllerRef(job, kGroupVersion, kKind));
        if (!r) {
            if (isNotFound(r.status())) continue;
            return r.status();
        }
        const metav1::OwnerReference* now = getControllerOf(api::metadata(**r));
        if (now && now->uid() == job.metadata().uid()) out.push_back(&pod);
    }
    return out;
}

Status JobController::syncJob(const std::string& key) {
    auto cached = jobInformer_.getAs<batch::Job>(key);
    if (!cached) {
        expectations_.remove(key);
        finalizerExpectations_.erase(key);
        backoff_.remove(key);
        return {};
    }
    // Finished Jobs are not synced again.
    if (isJobFinished(*cached)) return {};
    const std::string& mode = cached->spec().completion_mode();
    if (!mode.empty() && mode != "NonIndexed" && mode != "Indexed") return {};  // cannot create pods

    SyncContext ctx;
    ctx.job = *cached;  // a copy: the informer may change under us
    batch::Job& job = ctx.job;
    auto* uncounted = job.mutable_status()->mutable_uncounted_terminated_pods();
    ctx.uncountedSucceeded.insert(uncounted->succeeded().begin(), uncounted->succeeded().end());
    ctx.uncountedFailed.insert(uncounted->failed().begin(), uncounted->failed().end());

    // Expectations first, so that a pod that appears after listing defers the sync.
    const bool satisfied = expectations_.satisfied(key);
    auto pods = getPodsForJob(job);
    if (!pods) return pods.status();
    ctx.pods = *pods;
    for (const core::Pod* p : ctx.pods)
        if (isPodActive(*p)) ctx.activePods.push_back(p);
    if (auto it = finalizerExpectations_.find(key); it != finalizerExpectations_.end()) ctx.expectedRmFinalizers = it->second;

    int active = static_cast<int>(ctx.activePods.size());
    // getNewFinishedPods: finished pods still holding the finalizer and not yet uncounted.
    std::vector<const core::Pod*> newSucceeded, newFailed;
    for (const core::Pod* p : ctx.pods) {
        const std::string& uid = p->metadata().uid();
        if (!hasJobTrackingFinalizer(*p) || ctx.expectedRmFinalizers.contains(uid)) continue;
        if (isIndexedJob(job)) {
            const int ix = getCompletionIndex(*p);
            if (ix == kUnknownCompletionIndex || ix >= job.spec().completions()) continue;
        }
        if (p->status().phase() == "Succeeded" && !ctx.uncountedSucceeded.contains(uid)) newSucceeded.push_back(p);
        else if (isPodFailed(*p) && !ctx.uncountedFailed.contains(uid)) newFailed.push_back(p);
    }
    ctx.succeeded = job.status().succeeded() + static_cast<int>(newSucceeded.size()) +
                    static_cast<int>(ctx.uncountedSucceeded.size());
    ctx.failed = job.status().failed() + static_cast<int>(newFailed.size()) + static_cast<int>(ctx.uncountedFailed.size());
    int ready = 0;
    for (const core::Pod* p : ctx.activePods)
        if (isPodReady(*p)) ++ready;

    const sim::Time now = clock_.now();
    // First start (not while suspended).
    if (job.status().start_time().empty() && !jobSuspended(job)) job.mutable_status()->set_start_time(formatTime(now));

    ctx.newBackoffRecord = backoff_.newBackoffRecord(key, newSucceeded, newFailed);

    Status manageError;
    const bool exceedsBackoffLimit = ctx.failed > job.spec().backoff_limit();
    if (exceedsBackoffLimit || pastBackoffLimitOnFailure(job, ctx.pods)) {
        ctx.finishedCondition = newCondition("Failed", "True", "BackoffLimitExceeded",
                                             "Job has reached the specified backoff limit", now);
    } else if (job.spec().has_active_deadline_seconds() && !job.status().start_time().empty() && !jobSuspended(job)) {
        const sim::Duration allowed = std::chrono::seconds(job.spec().active_deadline_seconds());
        const sim::Duration ran = now - sim::fromUnixNanos(parseTime(job.status().start_time()));
        if (ran >= allowed) {
            ctx.finishedCondition = newCondition("Failed", "True", "DeadlineExceeded",
                                                 "Job was active longer than specified deadline", now);
        } else {
            queue_.addAfter(key, allowed - ran);
        }
    }

    if (isIndexedJob(job)) {
        const int completions = job.spec().completions();
        ctx.prevSucceededIndexes = OrderedIntervals::parse(job.status().completed_indexes(), completions);
        std::vector<int> fresh;
        for (const core::Pod* p : ctx.pods) {
            const int ix = getCompletionIndex(*p);
            if (p->status().phase() == "Succeeded" && ix != kUnknownCompletionIndex && ix < completions &&
                hasJobTrackingFinalizer(*p))
                fresh.push_back(ix);
        }
        std::sort(fresh.begin(), fresh.end());
        fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
        ctx.succeededIndexes = ctx.prevSucceededIndexes.withOrderedIndexes(fresh);
        ctx.succeeded = ctx.succeededIndexes.total();
    }

    bool suspendCondChanged = false;
    if (ctx.finishedCondition) {
        // The Job failed: its active pods go (keeping their finalizers: they are counted as failed).
        const int deleted = deleteActivePods(job, ctx.activePods, &manageError);
        if (deleted != active || !satisfied) ctx.finishedCondition.reset();  // not all gone yet
        active -= deleted;
    } else {
        bool manageCalled = false;
        if (satisfied && !job.metadata().has_deletion_timestamp()) {
            manageError = manageJob(job, ctx, &active);
            manageCalled = true;
        }
        bool complete;
        if (!job.spec().has_completions()) {
            // Any success completes the Job once nothing runs any more.
            complete = ctx.succeeded > 0 && active == 0;
        } else {
            complete = ctx.succeeded >= job.spec().completions() && active == 0;
        }
        if (complete) {
            ctx.finishedCondition = newCondition("Complete", "True", "", "", now);
        } else if (manageCalled) {
            if (jobSuspended(job)) {
                if (ensureJobConditionStatus(job.mutable_status(), "Suspended", "True", "JobSuspended", "Job suspended", now)) {
                    suspendCondChanged = true;
                    (void)recorder_.event(job, "Normal", "Suspended", "Job suspended");
                }
            } else if (ensureJobConditionStatus(job.mutable_status(), "Suspended", "False", "JobResumed", "Job resumed",
                                                now)) {
                suspendCondChanged = true;
                (void)recorder_.event(job, "Normal", "Resumed", "Job resumed");
                // The deadline counts the time the Job is continuously active.
                job.mutable_status()->set_start_time(formatTime(now));
            }
        }
    }

    const bool needsStatusUpdate = suspendCondChanged || active != job.status().active() ||
                                   !job.status().has_ready() || job.status().ready() != ready;
    job.mutable_status()->set_active(active);
    job.mutable_status()->set_ready(ready);
    PH_RETURN_IF_ERROR(trackJobStatusAndRemoveFinalizers(ctx, needsStatusUpdate));
    return manageError;
}

std::vector<const core::Pod*> JobController::activePodsForRemoval(const batch::Job& job,
                                                                  const std::vector<const core::Pod*>& active,
                                                                  int rmAtLeast) {
    std::vector<const core::Pod*> rm, left;
    if (isIndexedJob(job)) {
        // Pods without a valid index, or holding an index twice, go first.
        std::set<int> seen;
        std::vector<const core::Pod*> sorted = active;
        std::stable_sort(sorted.begin(), sorted.end(), [](const core::Pod* a, const core::Pod* b) {
            return getCompletionIndex(*a) < getCompletionIndex(*b);
        });
        for (const core::Pod* p : sorted) {
            const int ix = getCompletionIndex(*p);
            if (ix == kUnknownCompletionIndex || ix >= job.spec().completions() || !seen.insert(ix).second) rm.push_back(p);
            else left.push_back(p);
        }
    } else {
        left = active;
    }
    if (static_cast<int>(rm.size()) < rmAtLeast) {
        std::vector<int> ranks(left.size(), 0);
        sortActivePodsWithRanks(left, ranks, sim::Time{});
        const size_t more = std::min(left.size(), static_cast<size_t>(rmAtLeast) - rm.size());
        rm.insert(rm.end(), left.begin(), left.begin() + static_cast<long>(more));
    }
    return rm;
}

int JobController::deleteActivePods(const batch::Job& job, const std::vector<const core::Pod*>& pods, Status* err) {
    std::vector<std::pair<std::string, std::string>> targets;  // copies: deleting changes the informer
    for (const core::Pod* p : pods) targets.emplace_back(p->metadata().namespace_(), p->metadata().name());
    int deleted = static_cast<int>(targets.size());
    for (const auto& [ns, name] : targets) {
        Status st = client_.remove("pods", ns, name);
        if (st.isOk()) {
            (void)recorder_.event(job, "Normal", "SuccessfulDelete", "Deleted pod: " + name);
            continue;
        }
        if (isNotFound(st)) continue;
        (void)recorder_.event(job, "Warning", "FailedDelete", "Error deleting: " + st.message());
        --deleted;
        if (err->isOk()) *err = st;
    }
    return deleted;
}

int JobController::deleteJobPods(const batch::Job& job, const std::vector<const core::Pod*>& pods, Status* err) {
    const std::string key = client::keyOf(job);
    // Copies: the writes below may change the informer's objects.
    std::vector<std::pair<std::string, std::string>> targets;
    std::vector<bool> withFinalizer;
    for (const core::Pod* p : pods) {
        targets.emplace_back(p->metadata().namespace_(), p->metadata().name());
        withFinalizer.push_back(hasJobTrackingFinalizer(*p));
    }
    int deleted = static_cast<int>(targets.size());
    auto fail = [&](const Status& st) {
        expectations_.deletionObserved(key);  // the informer will not see this deletion
        if (isNotFound(st)) return;
        --deleted;
        if (err->isOk()) *err = st;
    };
    for (size_t i = 0; i < targets.size(); ++i) {
        const auto& [ns, name] = targets[i];
        if (withFinalizer[i]) {
            Status rm = removeFinalizer(client_, "pods", ns, name, kJobTrackingFinalizer);
            if (!rm.isOk()) {
                fail(rm);
                continue;
            }
        }
        Status st = client_.remove("pods", ns, name);
        if (st.isOk()) {
            (void)recorder_.event(job, "Normal", "SuccessfulDelete", "Deleted pod: " + name);
            continue;
        }
        if (!isNotFound(st)) (void)recorder_.event(job, "Warning", "FailedDelete", "Error deleting: " + st.message());
        fail(st);
    }
    return deleted;
}

Status JobController::manageJob(batch::Job& job, SyncContext& ctx, int* active) {
    const std::string key = client::keyOf(job);
    const int parallelism = job.spec().parallelism();
    if (jobSuspended(job)) {
        auto rm = activePodsForRemoval(job, ctx.activePods, *active);
        expectations_.expectDeletions(key, static_cast<int>(rm.size()));
        Status err;
        *active -= deleteJobPods(job, rm, &err);
        return err;
    }
    int wantActive;
    if (!job.spec().has_completions()) {
        // Without completions: parallelism pods until the first success, then let them finish.
        wantActive = ctx.succeeded > 0 ? *active : parallelism;
    } else {
        wantActive = std::clamp(job.spec().completions() - ctx.succeeded, 0, parallelism);
    }
    const int rmAtLeast = std::max(0, *active - wantActive);
    auto rm = activePodsForRemoval(job, ctx.activePods, rmAtLeast);
    if (static_cast<int>(rm.size()) > kMaxPodCreateDeletePerSync) rm.resize(kMaxPodCreateDeletePerSync);
    if (!rm.empty()) {
        // Deletions and creations never happen in the same sync; deletions first.
        expectations_.expectDeletions(key, static_cast<int>(rm.size()));
        Status err;
        *active -= deleteJobPods(job, rm, &err);
        return err;
    }
    if (*active >= wantActive) return {};
    const sim::Duration wait = ctx.newBackoffRecord.remainingTime(clock_.now());
    if (wait > sim::Duration::zero()) {
        queue_.addAfter(key, wait);
        return {};
    }
    int diff = std::min(wantActive - *active, kMaxPodCreateDeletePerSync);
    std::vector<int> indexes;
    if (isIndexedJob(job)) {
        indexes = firstPendingIndexes(ctx.activePods, ctx.succeededIndexes, diff, job.spec().completions());
        diff = static_cast<int>(indexes.size());
    }
    if (diff == 0) return {};
    expectations_.expectCreations(key, diff);
    core::PodTemplateSpec tmpl = job.spec().template_();
    if (isIndexedJob(job)) addCompletionIndexEnvVariables(&tmpl);
    bool hasFinalizer = false;
    for (const auto& f : tmpl.metadata().finalizers()) hasFinalizer = hasFinalizer || f == kJobTrackingFinalizer;
    if (!hasFinalizer) tmpl.mutable_metadata()->add_finalizers(kJobTrackingFinalizer);
    size_t next = 0;
    auto [created, err] = slowStartBatch(diff, 1, [&]() -> Status {
        if (indexes.empty()) return createPod(job, tmpl, job.metadata().name() + "-");
        const int ix = indexes[next++];
        core::PodTemplateSpec t = tmpl;
        (*t.mutable_metadata()->mutable_annotations())[kJobCompletionIndexAnnotation] = std::to_string(ix);
        (*t.mutable_metadata()->mutable_labels())[kJobCompletionIndexAnnotation] = std::to_string(ix);
        t.mutable_spec()->set_hostname(job.metadata().name() + "-" + std::to_string(ix));
        return createPod(job, t, podGenerateNameWithIndex(job.metadata().name(), ix));
    });
    // Pods never attempted (after a failing batch) will not be observed either; nor failed ones.
    for (int skipped = diff - created; skipped > 0; --skipped) expectations_.creationObserved(key);
    *active += created;
    return err;
}

Status JobController::createPod(const batch::Job& job, const core::PodTemplateSpec& tmpl, const std::string& generateName) {
    core::Pod pod;
    auto* meta = pod.mutable_metadata();
    *meta->mutable_labels() = tmpl.metadata().labels();
    *meta->mutable_annotations() = tmpl.metadata().annotations();
    *meta->mutable_finalizers() = tmpl.metadata().finalizers();
    meta->set_namespace_(job.metadata().namespace_());
    // Generated names are at most 63 characters: the prefix keeps 58.
    meta->set_generate_name(generateName.size() > 58 ? generateName.substr(0, 58) : generateName);
    *meta->add_owner_references() = newControllerRef(job, kGroupVersion, kKind);
    *pod.mutable_spec() = tmpl.spec();
    api::setTypeMeta(&pod, resourceType("pods"));
    return controller::createPod(client_, recorder_, random_, job, pod);
}

// ---- status and finalizers ----

Status JobController::updateJobStatus(batch::Job& job) {
    auto r = client_.update("jobs", job, "status");
    if (!r) return r.status();
    job = static_cast<const batch::Job&>(**r);
    return {};
}

namespace {

// cleanUncountedPodsWithoutFinalizers: UIDs whose finalizer is gone move into the counters.
bool cleanUncountedPodsWithoutFinalizers(batch::JobStatus* status, const std::set<std::string>& uidsWithFinalizer) {
    bool updated = false;
    auto* u = status->mutable_uncounted_terminated_pods();
    auto filter = [&](google::protobuf::RepeatedPtrField<std::string>* uids, int* counted) {
        google::protobuf::RepeatedPtrField<std::string> kept;
        for (const auto& uid : *uids)
            if (uidsWithFinalizer.contains(uid)) *kept.Add() = uid;
        if (kept.size() == uids->size()) return;
        updated = true;
        *counted += uids->size() - kept.size();
        *uids = kept;
    };
    int succeeded = status->succeeded(), failed = status->failed();
    filter(u->mutable_succeeded(), &succeeded);
    filter(u->mutable_failed(), &failed);
    status->set_succeeded(succeeded);
    status->set_failed(failed);
    return updated;
}

}  // namespace

Status JobController::trackJobStatusAndRemoveFinalizers(SyncContext& ctx, bool needsFlush) {
    batch::Job& job = ctx.job;
    const bool indexed = isIndexedJob(job);
    std::vector<const core::Pod*> pods = ctx.pods;
    if (indexed)
        std::stable_sort(pods.begin(), pods.end(), [](const core::Pod* a, const core::Pod* b) {
            return getCompletionIndex(*a) < getCompletionIndex(*b);
        });
    std::set<std::string> uidsWithFinalizer;
    for (const core::Pod* p : pods)
        if (hasJobTrackingFinalizer(*p) && !ctx.expectedRmFinalizers.contains(p->metadata().uid()))
            uidsWithFinalizer.insert(p->metadata().uid());
    if (cleanUncountedPodsWithoutFinalizers(job.mutable_status(), uidsWithFinalizer)) needsFlush = true;

    auto* uncounted = job.mutable_status()->mutable_uncounted_terminated_pods();
    std::vector<const core::Pod*> podsToRemoveFinalizer;
    std::vector<int> newSucceededIndexes;
    bool reachedMaxUncounted = false;
    for (const core::Pod* pod : pods) {
        const std::string& uid = pod->metadata().uid();
        if (!hasJobTrackingFinalizer(*pod) || ctx.expectedRmFinalizers.contains(uid)) continue;  // done before
        const bool failed = isPodFailed(*pod);
        // canRemoveFinalizer: finished pods, or every pod once the Job is finished or deleted.
        const bool canRemove = job.metadata().has_deletion_timestamp() || ctx.finishedCondition ||
                               pod->status().phase() == "Succeeded" || failed;
        if (!canRemove) continue;
        podsToRemoveFinalizer.push_back(pod);
        if (pod->status().phase() == "Succeeded" && !ctx.uncountedFailed.contains(uid)) {
            if (indexed) {
                const int ix = getCompletionIndex(*pod);
                if (ix != kUnknownCompletionIndex && ix < job.spec().completions() && !ctx.prevSucceededIndexes.has(ix))
                    newSucceededIndexes.push_back(ix);
            } else if (!ctx.uncountedSucceeded.contains(uid)) {
                needsFlush = true;
                *uncounted->add_succeeded() = uid;
            }
        } else if (failed || ctx.finishedCondition) {
            // Once the Job is finished every pod not terminated counts as failed.
            const int ix = getCompletionIndex(*pod);
            if (!ctx.uncountedFailed.contains(uid) &&
                (!indexed || (ix != kUnknownCompletionIndex && ix < job.spec().completions()))) {
                needsFlush = true;
                *uncounted->add_failed() = uid;
            }
        }
        if (static_cast<int>(newSucceededIndexes.size()) + uncounted->succeeded_size() + uncounted->failed_size() >=
            kMaxUncountedPods) {
            reachedMaxUncounted = true;
            break;
        }
    }
    if (indexed) {
        std::sort(newSucceededIndexes.begin(), newSucceededIndexes.end());
        ctx.succeededIndexes = ctx.succeededIndexes.withOrderedIndexes(newSucceededIndexes);
        const std::string text = ctx.succeededIndexes.toString();
        if (text != job.status().completed_indexes()) needsFlush = true;
        job.mutable_status()->set_succeeded(ctx.succeededIndexes.total());
        job.mutable_status()->set_completed_indexes(text);
    }
    PH_RETURN_IF_ERROR(flushUncountedAndRemoveFinalizers(ctx, podsToRemoveFinalizer, uidsWithFinalizer, &needsFlush));

    // enactJobFinished: only once every finished pod is counted.
    bool finished = false;
    if (!reachedMaxUncounted && ctx.finishedCondition) {
        const auto& u = job.status().uncounted_terminated_pods();
        if (u.succeeded().empty() && u.failed().empty()) {
            const auto& c = *ctx.finishedCondition;
            ensureJobConditionStatus(job.mutable_status(), c.type(), c.status(), c.reason(), c.message(), clock_.now());
            if (c.type() == "Complete") job.mutable_status()->set_completion_time(c.last_transition_time());
            finished = true;
            needsFlush = true;
        }
    }
    if (!needsFlush) return {};
    PH_RETURN_IF_ERROR(updateJobStatus(job));
    if (finished) {
        const auto& c = *ctx.finishedCondition;
        if (c.type() == "Complete") {
            if (job.spec().has_completions() && job.status().succeeded() > job.spec().completions())
                (void)recorder_.event(job, "Warning", "TooManySucceededPods",
                                      "Too many succeeded pods running after completion count reached");
            (void)recorder_.event(job, "Normal", "Completed", "Job completed");
        } else {
            (void)recorder_.event(job, "Warning", c.reason(), c.message());
        }
    }
    return {};
}

Status JobController::flushUncountedAndRemoveFinalizers(SyncContext& ctx,
                                                         const std::vector<const core::Pod*>& podsToRemove,
                                                         const std::set<std::string>& uidsWithFinalizer,
                                                         bool* needsFlush) {
    batch::Job& job = ctx.job;
    const std::string key = client::keyOf(job);
    if (*needsFlush) {
        // The UIDs are recorded before any finalizer goes, so no pod is lost.
        PH_RETURN_IF_ERROR(updateJobStatus(job));
        backoff_.update(ctx.newBackoffRecord);
        *needsFlush = false;
    }
    // Copies: the writes below may change the informer's objects.
    std::vector<std::tuple<std::string, std::string, std::string>> targets;  // ns, name, uid
    for (const core::Pod* p : podsToRemove)
        targets.emplace_back(p->metadata().namespace_(), p->metadata().name(), p->metadata().uid());
    auto& expected = finalizerExpectations_[key];
    for (const auto& t : targets) expected.insert(std::get<2>(t));
    Status rmError;
    std::set<std::string> stillWithFinalizer = uidsWithFinalizer;
    for (const auto& [ns, name, uid] : targets) {
        Status rm = removeFinalizer(client_, "pods", ns, name, kJobTrackingFinalizer);
        if (rm.isOk() || isNotFound(rm)) {
            stillWithFinalizer.erase(uid);
            continue;
        }
        expected.erase(uid);
        if (rmError.isOk()) rmError = rm;
    }
    if (cleanUncountedPodsWithoutFinalizers(job.mutable_status(), stillWithFinalizer)) *needsFlush = true;
    if (!rmError.isOk() && *needsFlush) PH_RETURN_IF_ERROR(updateJobStatus(job));
    return rmError;
}

}  // namespace pilothouse::controller::job
