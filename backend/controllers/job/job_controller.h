// The Job controller (upstream pkg/controller/job/job_controller.go, v1.28): runs pods until
// .spec.completions of them succeeded, at most .spec.parallelism at a time.
//
// A sync of one Job ("ns/name" from the work queue):
//   1. Finished Jobs (Complete or Failed condition True) are left alone.
//   2. Its pods: those it controls, plus orphans matching its selector (adopted).
//   3. Counting with finalizers: every pod it creates carries the batch.kubernetes.io/job-tracking
//      finalizer. A pod that finished (Succeeded, Failed, or deleted before succeeding) and still
//      has it is new: its UID goes to status.uncountedTerminatedPods (written first), then the
//      finalizer is removed, then the UID moves into status.succeeded / status.failed. So no pod
//      is counted twice or lost, even if it is deleted right after finishing.
//   4. Failure: more failures than spec.backoffLimit (or, with restartPolicy OnFailure, as many
//      container restarts), or running longer than spec.activeDeadlineSeconds since
//      status.startTime: the active pods are deleted and the Job gets the Failed condition
//      (BackoffLimitExceeded "Job has reached the specified backoff limit" / DeadlineExceeded
//      "Job was active longer than specified deadline") and a Warning event with the same text.
//   5. Otherwise manageJob: suspended Jobs lose their active pods; else pods are deleted above
//      min(parallelism, completions - succeeded) or created up to it (slow-start batches,
//      SuccessfulCreate "Created pod: <name>"), but not before the failure back-off has passed
//      (backoff_utils.h: 10 s doubling to 6 min after consecutive failures).
//   6. Complete once succeeded >= completions (or, without completions, one success and no
//      active pod): the Complete condition, completionTime, the event Completed "Job completed".
//      Suspended / Resumed conditions and events; resuming resets status.startTime.
//   7. Indexed Jobs: each pod gets an index (annotation and label batch.kubernetes.io/job-
//      completion-index, hostname "<job>-<index>", env JOB_COMPLETION_INDEX); the lowest missing
//      indexes are created first, duplicates are deleted, status.completedIndexes lists the
//      succeeded ones ("0-2,4").
//
// Pod events reach the queue after a 1 s batching delay (syncJobBatchPeriod), Job spec changes
// at once; a failed sync is retried after 1 s doubling to 60 s. When a Job is deleted, its
// pods' tracking finalizers are removed (orphan pods).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "batch_v1.pb.h"
#include "client/informer.h"
#include "client/shared_informer_factory.h"
#include "client/record/event_recorder.h"
#include "client/workqueue.h"
#include "cluster/component.h"
#include "controllers/controller_utils.h"
#include "controllers/job/backoff_utils.h"
#include "controllers/job/indexed_job_utils.h"

namespace pilothouse::controller::job {

namespace batch = k8s::io::api::batch::v1;

inline constexpr char kJobTrackingFinalizer[] = "batch.kubernetes.io/job-tracking";

struct JobControllerOptions {
    std::string token;  // bearer token ("" when authentication is off)
    // kube-controller-manager's shared informers; null: the controller makes its own.
    std::shared_ptr<client::SharedInformerFactory> informers;
    sim::Duration resyncPeriod{};  // informers' resync (kube-controller-manager: 12-24 h; 0 = never)
    uint64_t seed = 1;  // pod name suffixes come from Random(seed).fork("job-controller")
};

// IsJobFinished: a Complete or Failed condition with status True.
bool isJobFinished(const batch::Job& job);

class JobController final : public cluster::Component {
public:
    static constexpr int kMaxPodCreateDeletePerSync = 500;
    static constexpr int kMaxUncountedPods = 500;
    static constexpr sim::Duration kSyncJobBatchPeriod = std::chrono::seconds(1);

    // Neither reference is owned; both must outlive the controller.
    JobController(apiserver::APIServer& server, const sim::Clock& clock, JobControllerOptions options = {});

    std::string name() const override { return "job-controller"; }
    Status start() override;
    StatusOr<bool> reconcile() override;
    std::optional<sim::Time> nextWakeup() const override;

private:
    struct SyncContext;

    Status syncJob(const std::string& key);
    Status syncOrphanPod(const std::string& key);
    StatusOr<std::vector<const core::Pod*>> getPodsForJob(const batch::Job& job);
    Status manageJob(batch::Job& job, SyncContext& ctx, int* active);
    Status createPod(const batch::Job& job, const core::PodTemplateSpec& tmpl, const std::string& generateName);
    // deleteActivePods (a failed Job): deletes the pods, which keep their finalizers so that they
    // are counted as failed; returns how many went.
    int deleteActivePods(const batch::Job& job, const std::vector<const core::Pod*>& pods, Status* err);
    // deleteJobPods (suspension, surplus): removes each pod's finalizer (it is not counted), then
    // deletes it, with deletion expectations; returns how many went.
    int deleteJobPods(const batch::Job& job, const std::vector<const core::Pod*>& pods, Status* err);
    std::vector<const core::Pod*> activePodsForRemoval(const batch::Job& job,
                                                       const std::vector<const core::Pod*>& active, int rmAtLeast);
    Status trackJobStatusAndRemoveFinalizers(SyncContext& ctx, bool needsFlush);
    Status flushUncountedAndRemoveFinalizers(SyncContext& ctx, const std::vector<const core::Pod*>& podsToRemove,
                                             const std::set<std::string>& uidsWithFinalizer, bool* needsFlush);
    Status updateJobStatus(batch::Job& job);

    // Event handlers.
    void addPod(const core::Pod& pod);
    void updatePod(const core::Pod& oldPod, const core::Pod& pod);
    void deletePod(const core::Pod& pod, bool final);
    void addJob(const batch::Job& job);
    void updateJob(const batch::Job& oldJob, const batch::Job& job);
    void deleteJob(const batch::Job& job);
    void cleanupPodFinalizers(const batch::Job& job);
    void enqueueJobsSelecting(const core::Pod& pod);
    const batch::Job* resolveControllerRef(const std::string& ns, const metav1::OwnerReference* ref) const;
    void enqueueBatched(const std::string& key) { queue_.addAfter(key, kSyncJobBatchPeriod); }

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    JobControllerOptions options_;
    ApiClient client_;
    sim::Random random_;
    std::shared_ptr<client::SharedInformerFactory> informers_;
    client::Informer &jobInformer_, &podInformer_;
    client::WorkQueue queue_;
    client::WorkQueue orphanQueue_;  // pod keys whose tracking finalizer may have to go
    ControllerExpectations expectations_;
    std::map<std::string, std::set<std::string>> finalizerExpectations_;  // job key -> pod UIDs
    BackoffStore backoff_;
    client::record::EventRecorder recorder_;
};

}  // namespace pilothouse::controller::job
