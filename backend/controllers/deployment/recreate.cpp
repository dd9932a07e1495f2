// upstream pkg/controller/deployment/recreate.go: the Recreate strategy. Every old ReplicaSet goes
// to zero, then (once no old pod is left running) the new one is created at full size.
#include "controllers/deployment/deployment_controller.h"
#include "controllers/deployment/util/deployment_util.h"

namespace pilothouse::controller::deployment {

Status DeploymentController::rolloutRecreate(apps::Deployment& d, const RSList& rsList, const PodMap& podMap) {
    auto all = getAllReplicaSetsAndSyncRevision(d, rsList, false);
    if (!all) return all.status();
    RSPtr newRS = all->first;
    RSList oldRSs = all->second;
    auto allOf = [&] {
        RSList a = oldRSs;
        if (newRS) a.push_back(newRS);
        return a;
    };

    // Scale down the old ReplicaSets.
    bool scaledDown = false;
    for (auto& rs : oldRSs) {
        if (util::replicasOf(*rs) == 0) continue;
        auto r = scaleReplicaSetAndRecordEvent(rs, 0, d);
        if (!r) return r.status();
        scaledDown = scaledDown || *r;
    }
    if (scaledDown) return syncRolloutStatus(allOf(), newRS, d);

    // Wait until no old pod runs (status.replicas of old ReplicaSets, then the pods themselves).
    bool oldPodsRunning = false;
    for (const auto& rs : oldRSs) oldPodsRunning = oldPodsRunning || rs->status().replicas() > 0;
    for (const auto& [uid, pods] : podMap) {
        if (newRS && newRS->metadata().uid() == uid) continue;
        for (const auto& pod : pods)
            if (pod->status().phase() != "Failed" && pod->status().phase() != "Succeeded") oldPodsRunning = true;
    }
    if (oldPodsRunning) return syncRolloutStatus(allOf(), newRS, d);

    if (!newRS) {
        auto created = getAllReplicaSetsAndSyncRevision(d, rsList, true);
        if (!created) return created.status();
        newRS = created->first;
        oldRSs = created->second;
    }
    auto r = scaleReplicaSetAndRecordEvent(newRS, util::replicasOf(d), d);
    if (!r) return r.status();
    if (util::deploymentComplete(d, d.status())) PH_RETURN_IF_ERROR(cleanupDeployment(oldRSs, d));
    return syncRolloutStatus(allOf(), newRS, d);
}

}  // namespace pilothouse::controller::deployment
