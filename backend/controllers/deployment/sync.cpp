// upstream pkg/controller/deployment/sync.go: finding and creating the new ReplicaSet, scaling,
// history cleanup and status.
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>

#include "api/object.h"
#include "api/scheme.h"
#include "controllers/deployment/deployment_controller.h"
#include "controllers/deployment/util/deployment_util.h"

namespace pilothouse::controller::deployment {

namespace {

std::vector<const apps::ReplicaSet*> raw(const std::vector<std::shared_ptr<apps::ReplicaSet>>& v) {
    std::vector<const apps::ReplicaSet*> out;
    for (const auto& p : v) out.push_back(p.get());
    return out;
}

}  // namespace

Status DeploymentController::updateStatus(apps::Deployment& d) {
    auto r = client_.update("deployments", d, "status");
    if (!r) return r.status();
    d = static_cast<const apps::Deployment&>(**r);
    return {};
}

Status DeploymentController::sync(apps::Deployment& d, const RSList& rsList) {
    auto all = getAllReplicaSetsAndSyncRevision(d, rsList, false);
    if (!all) return all.status();
    auto& [newRS, oldRSs] = *all;
    PH_RETURN_IF_ERROR(scale(d, newRS, oldRSs));
    if (d.spec().paused()) PH_RETURN_IF_ERROR(cleanupDeployment(oldRSs, d));
    RSList allRSs = oldRSs;
    if (newRS) allRSs.push_back(newRS);
    return syncDeploymentStatus(allRSs, newRS, d);
}

Status DeploymentController::syncStatusOnly(apps::Deployment& d, const RSList& rsList) {
    auto all = getAllReplicaSetsAndSyncRevision(d, rsList, false);
    if (!all) return all.status();
    auto& [newRS, oldRSs] = *all;
    RSList allRSs = oldRSs;
    if (newRS) allRSs.push_back(newRS);
    return syncDeploymentStatus(allRSs, newRS, d);
}

Status DeploymentController::checkPausedConditions(apps::Deployment& d) {
    if (!util::hasProgressDeadline(d)) return {};
    const auto* cond = util::condition(d.status(), util::kProgressing);
    if (cond && cond->reason() == util::kTimedOutReason) return {};
    const bool pausedCondExists = cond && cond->reason() == util::kPausedDeployReason;
    if (d.spec().paused() && !pausedCondExists) {
        util::setCondition(d.mutable_status(), util::newCondition(util::kProgressing, "Unknown",
                                                                  util::kPausedDeployReason, "Deployment is paused",
                                                                  clock_.now()));
    } else if (!d.spec().paused() && pausedCondExists) {
        util::setCondition(d.mutable_status(), util::newCondition(util::kProgressing, "Unknown",
                                                                  util::kResumedDeployReason,
                                                                  "Deployment is resumed", clock_.now()));
    } else {
        return {};
    }
    return updateStatus(d);
}

StatusOr<bool> DeploymentController::isScalingEvent(apps::Deployment& d, const RSList& rsList) {
    auto all = getAllReplicaSetsAndSyncRevision(d, rsList, false);
    if (!all) return all.status();
    RSList allRSs = all->second;
    if (all->first) allRSs.push_back(all->first);
    for (const auto* rs : util::filterActive(raw(allRSs))) {
        auto desired = util::intAnnotation(*rs, util::kDesiredReplicasAnnotation);
        if (desired && *desired != util::replicasOf(d)) return true;
    }
    return false;
}

StatusOr<std::pair<DeploymentController::RSPtr, DeploymentController::RSList>>
DeploymentController::getAllReplicaSetsAndSyncRevision(apps::Deployment& d, const RSList& rsList,
                                                       bool createIfNotExisted) {
    // FindNewReplicaSet: the oldest whose template equals the deployment's (ignoring the hash).
    RSList sorted = rsList;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const RSPtr& a, const RSPtr& b) { return util::olderFirst(a.get(), b.get()); });
    RSList oldRSs;
    RSPtr found;
    for (const auto& rs : sorted) {
        if (!found && util::equalIgnoreHash(rs->spec().template_(), d.spec().template_())) {
            found = rs;
        }
    }
    for (const auto& rs : rsList)
        if (rs != found) oldRSs.push_back(rs);
    auto newRS = getNewReplicaSet(d, rsList, oldRSs, createIfNotExisted);
    if (!newRS) return newRS.status();
    return std::make_pair(*newRS, oldRSs);
}

StatusOr<DeploymentController::RSPtr> DeploymentController::getNewReplicaSet(apps::Deployment& d, const RSList& rsList,
                                                                              const RSList& oldRSs,
                                                                              bool createIfNotExisted) {
    RSPtr existing;
    {
        RSList sorted = rsList;
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](const RSPtr& a, const RSPtr& b) { return util::olderFirst(a.get(), b.get()); });
        for (const auto& rs : sorted)
            if (util::equalIgnoreHash(rs->spec().template_(), d.spec().template_())) {
                existing = rs;
                break;
            }
    }
    const std::string newRevision = std::to_string(util::maxRevision(raw(oldRSs)) + 1);

    if (existing) {
        auto rsCopy = std::make_shared<apps::ReplicaSet>(*existing);
        const bool annotationsUpdated = util::setNewReplicaSetAnnotations(d, rsCopy.get(), newRevision, true);
        const bool minReadyNeedsUpdate = rsCopy->spec().min_ready_seconds() != d.spec().min_ready_seconds();
        if (annotationsUpdated || minReadyNeedsUpdate) {
            rsCopy->mutable_spec()->set_min_ready_seconds(d.spec().min_ready_seconds());
            auto r = client_.update("replicasets", *rsCopy);
            if (!r) return r.status();
            rsCopy = std::make_shared<apps::ReplicaSet>(static_cast<const apps::ReplicaSet&>(**r));
        }
        // The deployment's revision follows its new ReplicaSet's.
        bool needsUpdate = false;
        auto* annotations = d.mutable_metadata()->mutable_annotations();
        const std::string rev = rsCopy->metadata().annotations().contains(util::kRevisionAnnotation)
                                    ? rsCopy->metadata().annotations().at(util::kRevisionAnnotation)
                                    : std::string();
        if (!annotations->contains(util::kRevisionAnnotation) || annotations->at(util::kRevisionAnnotation) != rev) {
            (*annotations)[util::kRevisionAnnotation] = rev;
            needsUpdate = true;
        }
        if (!util::condition(d.status(), util::kProgressing) && util::hasProgressDeadline(d)) {
            util::setCondition(d.mutable_status(),
                               util::newCondition(util::kProgressing, "True", util::kFoundNewRSReason,
                                                  "Found new replica set \"" + rsCopy->metadata().name() + "\"",
                                                  clock_.now()));
            needsUpdate = true;
        }
        if (needsUpdate) PH_RETURN_IF_ERROR(updateStatus(d));
        return rsCopy;
    }
    if (!createIfNotExisted) return RSPtr();

    // A new ReplicaSet from the template, named by its hash.
    std::optional<int32_t> collisionCount;
    if (d.status().has_collision_count()) collisionCount = d.status().collision_count();
    const std::string hash = util::computeHash(d.spec().template_(), collisionCount);
    auto newRS = std::make_shared<apps::ReplicaSet>();
    api::setTypeMeta(newRS.get(), resourceType("replicasets"));
    auto* meta = newRS->mutable_metadata();
    meta->set_name(d.metadata().name() + "-" + hash);
    meta->set_namespace_(d.metadata().namespace_());
    *meta->add_owner_references() = newControllerRef(d, "apps/v1", "Deployment");
    auto* spec = newRS->mutable_spec();
    *spec->mutable_template_() = d.spec().template_();
    (*spec->mutable_template_()->mutable_metadata()->mutable_labels())[util::kDefaultDeploymentUniqueLabelKey] = hash;
    *meta->mutable_labels() = spec->template_().metadata().labels();
    *spec->mutable_selector() = d.spec().selector();
    (*spec->mutable_selector()->mutable_match_labels())[util::kDefaultDeploymentUniqueLabelKey] = hash;
    spec->set_min_ready_seconds(d.spec().min_ready_seconds());
    spec->set_replicas(0);
    RSList allRSs = oldRSs;
    allRSs.push_back(newRS);
    const int32_t newReplicasCount = util::newRSNewReplicas(d, raw(allRSs), *newRS);
    spec->set_replicas(newReplicasCount);
    util::setNewReplicaSetAnnotations(d, newRS.get(), newRevision, false);

    bool alreadyExists = false;
    RSPtr created;
    auto r = client_.create("replicasets", *newRS);
    if (r) {
        created = std::make_shared<apps::ReplicaSet>(static_cast<const apps::ReplicaSet&>(**r));
    } else if (isAlreadyExists(r.status())) {
        alreadyExists = true;
        // Ours from an earlier sync whose watch event has not arrived, or a hash collision.
        auto current = client_.get("replicasets", meta->namespace_(), meta->name());
        if (!current) return current.status();
        const auto& rs = static_cast<const apps::ReplicaSet&>(**current);
        const auto* ref = getControllerOf(rs.metadata());
        if (ref && ref->uid() == d.metadata().uid() &&
            util::equalIgnoreHash(rs.spec().template_(), d.spec().template_())) {
            created = std::make_shared<apps::ReplicaSet>(rs);
        } else {
            d.mutable_status()->set_collision_count(d.status().has_collision_count() ? d.status().collision_count() + 1
                                                                                     : 1);
            PH_RETURN_IF_ERROR(updateStatus(d));
            return r.status();
        }
    } else {
        const std::string msg = "Failed to create new replica set \"" + meta->name() + "\": " + r.status().message();
        if (util::hasProgressDeadline(d)) {
            util::setCondition(d.mutable_status(), util::newCondition(util::kProgressing, "False",
                                                                      util::kFailedRSCreateReason, msg, clock_.now()));
            (void)updateStatus(d);
        }
        (void)recorder_.event(d, "Warning", util::kFailedRSCreateReason, msg);
        return r.status();
    }
    if (!alreadyExists && newReplicasCount > 0)
        (void)recorder_.event(d, "Normal", "ScalingReplicaSet",
                              "Scaled up replica set " + created->metadata().name() + " to " +
                                  std::to_string(newReplicasCount));
    bool needsUpdate = false;
    auto* annotations = d.mutable_metadata()->mutable_annotations();
    if (!annotations->contains(util::kRevisionAnnotation) ||
        annotations->at(util::kRevisionAnnotation) != newRevision) {
        (*annotations)[util::kRevisionAnnotation] = newRevision;
        needsUpdate = true;
    }
    if (!alreadyExists && util::hasProgressDeadline(d)) {
        util::setCondition(d.mutable_status(),
                           util::newCondition(util::kProgressing, "True", util::kNewReplicaSetReason,
                                              "Created new replica set \"" + created->metadata().name() + "\"",
                                              clock_.now()));
        needsUpdate = true;
    }
    if (needsUpdate) PH_RETURN_IF_ERROR(updateStatus(d));
    return created;
}

Status DeploymentController::scale(apps::Deployment& d, const RSPtr& newRS, RSList& oldRSs) {
    const int32_t replicas = util::replicasOf(d);
    // FindActiveOrLatest: one active ReplicaSet (or none, then the newest) takes the whole size.
    {
        RSList newestFirst = oldRSs;
        std::stable_sort(newestFirst.begin(), newestFirst.end(),
                         [](const RSPtr& a, const RSPtr& b) { return util::olderFirst(b.get(), a.get()); });
        RSList all = newestFirst;
        if (newRS) all.push_back(newRS);
        RSList active;
        for (const auto& rs : all)
            if (util::replicasOf(*rs) > 0) active.push_back(rs);
        RSPtr target;
        if (!newRS && oldRSs.empty()) {
            target = nullptr;
        } else if (active.empty()) {
            target = newRS ? newRS : newestFirst.front();
        } else if (active.size() == 1) {
            target = active.front();
        }
        if (target || (!newRS && oldRSs.empty())) {
            if (!target || util::replicasOf(*target) == replicas) return {};
            RSPtr t = target;
            auto r = scaleReplicaSetAndRecordEvent(t, replicas, d);
            return r ? Status() : r.status();
        }
    }
    // The new ReplicaSet is saturated: old ones go to zero.
    if (util::isSaturated(d, newRS.get())) {
        for (auto& rs : oldRSs) {
            if (util::replicasOf(*rs) == 0) continue;
            auto r = scaleReplicaSetAndRecordEvent(rs, 0, d);
            if (!r) return r.status();
        }
        return {};
    }
    if (!util::isRollingUpdate(d)) return {};
    // Proportional scaling across the active ReplicaSets of a rollout in progress.
    RSList all;
    for (auto& rs : oldRSs)
        if (util::replicasOf(*rs) > 0) all.push_back(rs);
    if (newRS && util::replicasOf(*newRS) > 0) all.push_back(newRS);
    if (all.empty()) return {};
    const int32_t allReplicas = util::replicaCount(raw(all));
    const int32_t allowedSize = replicas > 0 ? replicas + util::maxSurge(d) : 0;
    const int32_t toAdd = allowedSize - allReplicas;
    std::string op;
    if (toAdd > 0) {
        std::stable_sort(all.begin(), all.end(),
                         [](const RSPtr& a, const RSPtr& b) { return util::bySizeNewer(a.get(), b.get()); });
        op = "up";
    } else if (toAdd < 0) {
        std::stable_sort(all.begin(), all.end(),
                         [](const RSPtr& a, const RSPtr& b) { return util::bySizeOlder(a.get(), b.get()); });
        op = "down";
    }
    std::map<std::string, int32_t> nameToSize;
    int32_t added = 0;
    for (const auto& rs : all) {
        if (toAdd != 0) {
            const int32_t p = util::proportion(*rs, d, toAdd, added);
            nameToSize[rs->metadata().name()] = util::replicasOf(*rs) + p;
            added += p;
        } else {
            nameToSize[rs->metadata().name()] = util::replicasOf(*rs);
        }
    }
    if (toAdd != 0) {
        int32_t& first = nameToSize[all.front()->metadata().name()];
        first += toAdd - added;
        if (first < 0) first = 0;
    }
    for (auto& rs : all) {
        RSPtr copy = rs;
        auto r = scaleReplicaSet(copy, nameToSize[rs->metadata().name()], d, op);
        if (!r) return r.status();
    }
    return {};
}

StatusOr<bool> DeploymentController::scaleReplicaSetAndRecordEvent(RSPtr& rs, int32_t newScale,
                                                                   const apps::Deployment& d) {
    if (util::replicasOf(*rs) == newScale) return false;
    const std::string op = util::replicasOf(*rs) < newScale ? "up" : "down";
    return scaleReplicaSet(rs, newScale, d, op);
}

StatusOr<bool> DeploymentController::scaleReplicaSet(RSPtr& rs, int32_t newScale, const apps::Deployment& d,
                                                     const std::string& op) {
    const bool sizeNeedsUpdate = util::replicasOf(*rs) != newScale;
    const int32_t desired = util::replicasOf(d);
    const int32_t max = desired + util::maxSurge(d);
    const bool annotationsNeedUpdate = util::replicasAnnotationsNeedUpdate(*rs, desired, max);
    if (!sizeNeedsUpdate && !annotationsNeedUpdate) return false;
    const int32_t oldScale = util::replicasOf(*rs);
    apps::ReplicaSet copy = *rs;
    copy.mutable_spec()->set_replicas(newScale);
    util::setReplicasAnnotations(&copy, desired, max);
    auto r = client_.update("replicasets", copy);
    if (!r) return r.status();
    rs = std::make_shared<apps::ReplicaSet>(static_cast<const apps::ReplicaSet&>(**r));
    if (!sizeNeedsUpdate) return false;
    (void)recorder_.event(d, "Normal", "ScalingReplicaSet",
                          "Scaled " + op + " replica set " + rs->metadata().name() + " to " + std::to_string(newScale) +
                              " from " + std::to_string(oldScale));
    return true;
}

Status DeploymentController::cleanupDeployment(const RSList& oldRSs, const apps::Deployment& d) {
    if (!d.spec().has_revision_history_limit()) return {};
    std::vector<const apps::ReplicaSet*> cleanable;
    for (const auto& rs : oldRSs)
        if (!rs->metadata().has_deletion_timestamp()) cleanable.push_back(rs.get());
    const int32_t diff = static_cast<int32_t>(cleanable.size()) - d.spec().revision_history_limit();
    if (diff <= 0) return {};
    std::stable_sort(cleanable.begin(), cleanable.end(), util::byRevision);
    for (int32_t i = 0; i < diff; ++i) {
        const apps::ReplicaSet* rs = cleanable[i];
        // Only empty, fully observed ReplicaSets go.
        if (rs->status().replicas() != 0 || util::replicasOf(*rs) != 0 ||
            rs->metadata().generation() > rs->status().observed_generation() ||
            rs->metadata().has_deletion_timestamp())
            continue;
        Status st = client_.remove("replicasets", rs->metadata().namespace_(), rs->metadata().name());
        if (!st.isOk() && !isNotFound(st)) return st;
    }
    return {};
}

apps::DeploymentStatus DeploymentController::calculateStatus(const RSList& allRSs, const RSPtr& newRS,
                                                             const apps::Deployment& d) const {
    const auto all = raw(allRSs);
    const int32_t available = util::availableReplicaCount(all);
    const int32_t total = util::replicaCount(all);
    apps::DeploymentStatus s;
    s.set_observed_generation(d.metadata().generation());
    s.set_replicas(util::actualReplicaCount(all));
    s.set_updated_replicas(newRS ? util::actualReplicaCount({newRS.get()}) : 0);
    s.set_ready_replicas(util::readyReplicaCount(all));
    s.set_available_replicas(available);
    s.set_unavailable_replicas(std::max(0, total - available));
    if (d.status().has_collision_count()) s.set_collision_count(d.status().collision_count());
    *s.mutable_conditions() = d.status().conditions();
    if (available >= util::replicasOf(d) - util::maxUnavailable(d)) {
        util::setCondition(&s, util::newCondition(util::kAvailable, "True", util::kMinimumReplicasAvailable,
                                                  "Deployment has minimum availability.", clock_.now()));
    } else {
        util::setCondition(&s, util::newCondition(util::kAvailable, "False", util::kMinimumReplicasUnavailable,
                                                  "Deployment does not have minimum availability.", clock_.now()));
    }
    return s;
}

Status DeploymentController::syncDeploymentStatus(const RSList& allRSs, const RSPtr& newRS, apps::Deployment& d) {
    apps::DeploymentStatus s = calculateStatus(allRSs, newRS, d);
    if (google::protobuf::util::MessageDifferencer::Equals(s, d.status())) return {};
    *d.mutable_status() = s;
    return updateStatus(d);
}

}  // namespace pilothouse::controller::deployment
