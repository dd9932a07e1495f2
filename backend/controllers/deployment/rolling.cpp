// upstream pkg/controller/deployment/rolling.go: the RollingUpdate strategy. The new ReplicaSet
// grows while all ReplicaSets together stay within replicas + maxSurge; old ones shrink while at
// least replicas - maxUnavailable pods stay available (unhealthy old pods go first).
#include <algorithm>

#include "controllers/deployment/deployment_controller.h"
#include "controllers/deployment/util/deployment_util.h"

namespace pilothouse::controller::deployment {

namespace {

std::vector<const apps::ReplicaSet*> raw(const std::vector<std::shared_ptr<apps::ReplicaSet>>& v) {
    std::vector<const apps::ReplicaSet*> out;
    for (const auto& p : v)
        if (p) out.push_back(p.get());
    return out;
}

}  // namespace

Status DeploymentController::rolloutRolling(apps::Deployment& d, const RSList& rsList) {
    auto all = getAllReplicaSetsAndSyncRevision(d, rsList, true);
    if (!all) return all.status();
    RSPtr newRS = all->first;
    RSList oldRSs = all->second;
    RSList allRSs = oldRSs;
    allRSs.push_back(newRS);

    auto scaledUp = reconcileNewReplicaSet(allRSs, newRS, d);
    if (!scaledUp) return scaledUp.status();
    allRSs.back() = newRS;
    if (*scaledUp) return syncRolloutStatus(allRSs, newRS, d);

    RSList activeOld;
    for (const auto& rs : oldRSs)
        if (util::replicasOf(*rs) > 0) activeOld.push_back(rs);
    auto scaledDown = reconcileOldReplicaSets(allRSs, activeOld, newRS, d);
    if (!scaledDown) return scaledDown.status();
    if (*scaledDown) return syncRolloutStatus(allRSs, newRS, d);

    if (util::deploymentComplete(d, d.status())) PH_RETURN_IF_ERROR(cleanupDeployment(oldRSs, d));
    return syncRolloutStatus(allRSs, newRS, d);
}

StatusOr<bool> DeploymentController::reconcileNewReplicaSet(const RSList& allRSs, RSPtr& newRS,
                                                            const apps::Deployment& d) {
    const int32_t replicas = util::replicasOf(d);
    if (util::replicasOf(*newRS) == replicas) return false;
    if (util::replicasOf(*newRS) > replicas) return scaleReplicaSetAndRecordEvent(newRS, replicas, d);
    const int32_t count = util::newRSNewReplicas(d, raw(allRSs), *newRS);
    return scaleReplicaSetAndRecordEvent(newRS, count, d);
}

StatusOr<bool> DeploymentController::reconcileOldReplicaSets(const RSList& allRSs, RSList& oldRSs, const RSPtr& newRS,
                                                             const apps::Deployment& d) {
    if (util::replicaCount(raw(oldRSs)) == 0) return false;
    const int32_t allPodsCount = util::replicaCount(raw(allRSs));
    const int32_t minAvailable = util::replicasOf(d) - util::maxUnavailable(d);
    const int32_t newRSUnavailable = util::replicasOf(*newRS) - newRS->status().available_replicas();
    // Old pods that may go now without dropping below minAvailable, counting the new ReplicaSet's
    // pods that are not available yet as already missing.
    const int32_t maxScaledDown = allPodsCount - minAvailable - newRSUnavailable;
    if (maxScaledDown <= 0) return false;

    auto cleaned = cleanupUnhealthyReplicas(oldRSs, d, maxScaledDown);
    if (!cleaned) return cleaned.status();
    RSList all = oldRSs;
    all.push_back(newRS);
    auto scaledDown = scaleDownOldReplicaSetsForRollingUpdate(all, oldRSs, d);
    if (!scaledDown) return scaledDown.status();
    return *cleaned + *scaledDown > 0;
}

StatusOr<int32_t> DeploymentController::cleanupUnhealthyReplicas(RSList& oldRSs, const apps::Deployment& d,
                                                                 int32_t maxCleanupCount) {
    std::stable_sort(oldRSs.begin(), oldRSs.end(),
                     [](const RSPtr& a, const RSPtr& b) { return util::olderFirst(a.get(), b.get()); });
    int32_t total = 0;
    for (auto& rs : oldRSs) {
        if (total >= maxCleanupCount) break;
        const int32_t replicas = util::replicasOf(*rs);
        if (replicas == 0 || replicas == rs->status().available_replicas()) continue;
        const int32_t count = std::min(maxCleanupCount - total, replicas - rs->status().available_replicas());
        const int32_t newCount = replicas - count;
        if (newCount > replicas)
            return Status(StatusCode::Internal, "when cleaning up unhealthy replicas, got invalid request to scale down " +
                                                    rs->metadata().name() + " " + std::to_string(replicas) + " -> " +
                                                    std::to_string(newCount));
        auto r = scaleReplicaSetAndRecordEvent(rs, newCount, d);
        if (!r) return r.status();
        total += count;
    }
    return total;
}

StatusOr<int32_t> DeploymentController::scaleDownOldReplicaSetsForRollingUpdate(const RSList& allRSs, RSList& oldRSs,
                                                                                const apps::Deployment& d) {
    const int32_t minAvailable = util::replicasOf(d) - util::maxUnavailable(d);
    const int32_t available = util::availableReplicaCount(raw(allRSs));
    if (available <= minAvailable) return 0;
    std::stable_sort(oldRSs.begin(), oldRSs.end(),
                     [](const RSPtr& a, const RSPtr& b) { return util::olderFirst(a.get(), b.get()); });
    const int32_t totalToScaleDown = available - minAvailable;
    int32_t total = 0;
    for (auto& rs : oldRSs) {
        if (total >= totalToScaleDown) break;
        const int32_t replicas = util::replicasOf(*rs);
        if (replicas == 0) continue;
        const int32_t count = std::min(replicas, totalToScaleDown - total);
        auto r = scaleReplicaSetAndRecordEvent(rs, replicas - count, d);
        if (!r) return r.status();
        total += count;
    }
    return total;
}

}  // namespace pilothouse::controller::deployment
