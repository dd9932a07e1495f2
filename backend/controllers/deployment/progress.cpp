// upstream pkg/controller/deployment/progress.go: the Progressing condition of a rollout
// (ReplicaSetUpdated while it advances, NewReplicaSetAvailable when complete,
// ProgressDeadlineExceeded when it did not advance for progressDeadlineSeconds), ReplicaFailure
// copied from the ReplicaSets, and the re-check when the deadline falls due.
#include <google/protobuf/util/message_differencer.h>

#include "controllers/deployment/deployment_controller.h"
#include "controllers/deployment/util/deployment_util.h"

namespace pilothouse::controller::deployment {

Status DeploymentController::syncRolloutStatus(const RSList& allRSs, const RSPtr& newRS, apps::Deployment& d) {
    apps::DeploymentStatus s = calculateStatus(allRSs, newRS, d);
    if (!util::hasProgressDeadline(d)) util::removeCondition(&s, util::kProgressing);
    const apps::DeploymentCondition* current = util::condition(d.status(), util::kProgressing);
    const bool isComplete = s.replicas() == s.updated_replicas() && current &&
                            current->reason() == util::kNewRSAvailableReason;
    if (util::hasProgressDeadline(d) && !isComplete) {
        const std::string subject = newRS ? "ReplicaSet \"" + newRS->metadata().name() + "\""
                                          : "Deployment \"" + d.metadata().name() + "\"";
        if (util::deploymentComplete(d, s)) {
            util::setCondition(&s, util::newCondition(util::kProgressing, "True", util::kNewRSAvailableReason,
                                                      subject + " has successfully progressed.", clock_.now()));
        } else if (util::deploymentProgressing(d, s)) {
            auto c = util::newCondition(util::kProgressing, "True", util::kReplicaSetUpdatedReason,
                                        subject + " is progressing.", clock_.now());
            if (current) {
                if (current->status() == "True") c.set_last_transition_time(current->last_transition_time());
                util::removeCondition(&s, util::kProgressing);
            }
            util::setCondition(&s, c);
        } else if (util::deploymentTimedOut(d, s, clock_.now())) {
            util::setCondition(&s, util::newCondition(util::kProgressing, "False", util::kTimedOutReason,
                                                      subject + " has timed out progressing.", clock_.now()));
        }
    }
    // ReplicaFailure: the new ReplicaSet's (else an old one's) failure condition.
    const apps::ReplicaSetCondition* failure = nullptr;
    auto findFailure = [&](const RSPtr& rs) {
        if (!rs || failure) return;
        for (const auto& c : rs->status().conditions())
            if (c.type() == "ReplicaFailure") failure = &c;
    };
    findFailure(newRS);
    for (const auto& rs : allRSs) findFailure(rs);
    if (failure) {
        apps::DeploymentCondition c;
        c.set_type(util::kReplicaFailure);
        c.set_status(failure->status());
        c.set_reason(failure->reason());
        c.set_message(failure->message());
        c.set_last_update_time(failure->last_transition_time());
        c.set_last_transition_time(failure->last_transition_time());
        util::setCondition(&s, c);
    } else {
        util::removeCondition(&s, util::kReplicaFailure);
    }
    if (google::protobuf::util::MessageDifferencer::Equals(s, d.status())) {
        requeueStuckDeployment(d, s);
        return {};
    }
    *d.mutable_status() = s;
    return updateStatus(d);
}

void DeploymentController::requeueStuckDeployment(const apps::Deployment& d, const apps::DeploymentStatus& newStatus) {
    const apps::DeploymentCondition* current = util::condition(d.status(), util::kProgressing);
    if (!util::hasProgressDeadline(d) || !current) return;
    if (util::deploymentComplete(d, newStatus) || current->reason() == util::kTimedOutReason) return;
    const int64_t due = parseTime(current->last_update_time()) + int64_t{d.spec().progress_deadline_seconds()} * 1'000'000'000;
    const sim::Duration after = sim::Duration(due - sim::toUnixNanos(clock_.now()));
    if (after < std::chrono::seconds(1)) {
        queue_.addRateLimited(client::keyOf(d));
        return;
    }
    queue_.addAfter(client::keyOf(d), after + std::chrono::seconds(1));
}

}  // namespace pilothouse::controller::deployment
