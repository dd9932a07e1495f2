// The DaemonSet controller's updates and history (upstream pkg/controller/daemon/update.go):
// rolling updates within maxUnavailable or maxSurge, and the ControllerRevisions that record each
// template (the current one is found by its data, a patch that replaces spec.template).
#include <algorithm>
#include <set>

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "api/object.h"
#include "api/scheme.h"
#include "controllers/daemon/daemon_controller.h"
#include "controllers/daemon/util/daemonset_util.h"
#include "controllers/deployment/util/deployment_util.h"

namespace pilothouse::controller::daemon {

namespace {

const char kGroupVersion[] = "apps/v1";
const char kKind[] = "DaemonSet";

// getPatch: {"spec":{"template":<template with "$patch":"replace">}} as compact JSON, keys sorted
// (Go marshals the map it builds that way).
std::string revisionData(const apps::DaemonSet& ds) {
    codec::Value tmpl = codec::encodeMessage(ds.spec().template_());
    tmpl.set("$patch", "replace");
    codec::Value spec = codec::Value::object();
    spec.set("template", std::move(tmpl));
    codec::Value patch = codec::Value::object();
    patch.set("spec", std::move(spec));
    patch.sortKeys();
    return codec::toJson(patch, codec::JsonStyle::Compact);
}

// Match: the revision holds the DaemonSet's current template.
bool matches(const apps::DaemonSet& ds, const apps::ControllerRevision& revision) {
    return revisionData(ds) == revision.data();
}

std::string hashLabel(const apps::ControllerRevision& revision) {
    auto it = revision.metadata().labels().find(util::kUniqueLabelKey);
    return it == revision.metadata().labels().end() ? "" : it->second;
}

bool findUpdatedPodsOnNode(const std::vector<std::shared_ptr<const core::Pod>>& pods, const std::string& hash,
                           const core::Pod** newPod, const core::Pod** oldPod) {
    *newPod = *oldPod = nullptr;
    for (const auto& pod : pods) {
        if (pod->metadata().has_deletion_timestamp()) continue;
        const core::Pod** slot = util::isPodUpdated(*pod, hash) ? newPod : oldPod;
        if (*slot) {
            *newPod = *oldPod = nullptr;
            return false;  // two of a kind: the manage loop cleans this node up first
        }
        *slot = pod.get();
    }
    return true;
}

}  // namespace

// ---- rolling update ----

Status DaemonSetsController::rollingUpdate(const apps::DaemonSet& ds, const std::vector<NodePtr>& nodeList,
                                           const std::string& hash) {
    auto mapped = nodesToDaemonPods(ds, false);
    if (!mapped) return mapped.status().withContext("couldn't get node to daemon pod mapping for daemon set \"" +
                                                    ds.metadata().name() + "\": ");
    NodeToPods& nodeToPods = *mapped;
    // updatedDesiredNodeCounts: nodes that should run the pod count even without one.
    int desired = 0;
    for (const NodePtr& node : nodeList) {
        if (!nodeShouldRunDaemonPod(*node, ds).shouldRun) continue;
        ++desired;
        nodeToPods[node->metadata().name()];  // present, maybe empty
    }
    int maxUnavailable = util::unavailableCount(ds, desired);
    const int maxSurge = util::surgeCount(ds, desired);
    // Neither surge nor unavailability (only possible by hand-made objects): accept one unavailable.
    if (desired > 0 && maxUnavailable == 0 && maxSurge == 0) maxUnavailable = 1;
    const sim::Time now = clock_.now();
    const int32_t minReady = ds.spec().min_ready_seconds();

    if (maxSurge == 0) {
        // Delete just enough old pods to stay within maxUnavailable; manage() creates their
        // replacements. Deleted pods do not count as unavailable, so a down node does not stall us.
        int numUnavailable = 0;
        std::vector<std::string> allowedReplacements, candidates;
        for (const auto& [nodeName, pods] : nodeToPods) {
            const core::Pod *newPod, *oldPod;
            if (!findUpdatedPodsOnNode(pods, hash, &newPod, &oldPod)) {
                ++numUnavailable;
                continue;
            }
            if ((!oldPod && !newPod) || (oldPod && newPod)) {
                ++numUnavailable;  // manage() creates or deletes here
            } else if (newPod) {
                if (!isPodAvailable(*newPod, minReady, now)) ++numUnavailable;
            } else if (!isPodAvailable(*oldPod, minReady, now)) {
                allowedReplacements.push_back(oldPod->metadata().name());  // unavailable anyway
            } else if (numUnavailable < maxUnavailable) {
                candidates.push_back(oldPod->metadata().name());
            }
        }
        const int remaining =
            std::min(std::max(maxUnavailable - numUnavailable, 0), static_cast<int>(candidates.size()));
        std::vector<std::string> toDelete = allowedReplacements;
        toDelete.insert(toDelete.end(), candidates.begin(), candidates.begin() + remaining);
        return syncNodes(ds, toDelete, {}, hash);
    }

    // Surging: a new pod beside each old one (at most maxSurge beside available old pods at a
    // time); an old pod goes once the new pod on its node is available.
    std::vector<std::string> oldPodsToDelete, candidateNodes, allowedNodes;
    int numSurge = 0;
    for (const auto& [nodeName, pods] : nodeToPods) {
        const core::Pod *newPod, *oldPod;
        if (!findUpdatedPodsOnNode(pods, hash, &newPod, &oldPod)) {
            ++numSurge;
            continue;
        }
        if (!oldPod) continue;  // manage() handles it
        if (!newPod) {
            if (!isPodAvailable(*oldPod, minReady, now))
                allowedNodes.push_back(nodeName);
            else if (numSurge < maxSurge)
                candidateNodes.push_back(nodeName);
            continue;
        }
        if (!isPodAvailable(*newPod, minReady, now)) {
            ++numSurge;
            continue;
        }
        oldPodsToDelete.push_back(oldPod->metadata().name());
    }
    const int remaining = std::min(std::max(maxSurge - numSurge, 0), static_cast<int>(candidateNodes.size()));
    std::vector<std::string> toCreate = allowedNodes;
    toCreate.insert(toCreate.end(), candidateNodes.begin(), candidateNodes.begin() + remaining);
    return syncNodes(ds, oldPodsToDelete, toCreate, hash);
}

// ---- history ----

StatusOr<std::vector<DaemonSetsController::RevisionPtr>> DaemonSetsController::controlledHistories(
    const apps::DaemonSet& ds) {
    auto selector = api::Selector::fromLabelSelector(ds.spec().selector());
    if (!selector) return selector.status();
    std::vector<RevisionPtr> out;
    for (const auto& [key, obj] : historyInformer_.items()) {
        auto revision = std::static_pointer_cast<const apps::ControllerRevision>(obj);
        if (revision->metadata().namespace_() != ds.metadata().namespace_()) continue;
        const bool selected = selector->matches(revision->metadata().labels());
        const metav1::OwnerReference* ref = getControllerOf(revision->metadata());
        if (ref) {
            if (ref->uid() == ds.metadata().uid() && selected) out.push_back(revision);
            continue;
        }
        // An orphan with our labels: adopt it (ClaimControllerRevisions).
        if (!selected || ds.metadata().has_deletion_timestamp() || revision->metadata().has_deletion_timestamp())
            continue;
        auto r = adopt(client_, "controllerrevisions", revision->metadata().namespace_(), revision->metadata().name(),
                       newControllerRef(ds, kGroupVersion, kKind));
        if (!r) {
            if (isNotFound(r.status())) continue;
            return r.status();
        }
        const metav1::OwnerReference* now = getControllerOf(api::metadata(**r));
        if (now && now->uid() == ds.metadata().uid())
            out.push_back(std::shared_ptr<const apps::ControllerRevision>(
                static_cast<apps::ControllerRevision*>(r->release())));
    }
    return out;
}

StatusOr<std::pair<DaemonSetsController::RevisionPtr, std::vector<DaemonSetsController::RevisionPtr>>>
DaemonSetsController::constructHistory(const apps::DaemonSet& ds) {
    auto histories = controlledHistories(ds);
    if (!histories) return histories.status();
    std::vector<RevisionPtr> current, old;
    for (RevisionPtr history : *histories) {
        // Older revisions may lack the hash label: their name stands in for it.
        if (hashLabel(*history).empty()) {
            apps::ControllerRevision toUpdate = *history;
            (*toUpdate.mutable_metadata()->mutable_labels())[util::kUniqueLabelKey] = toUpdate.metadata().name();
            auto r = client_.update("controllerrevisions", toUpdate);
            if (!r) return r.status();
            history = std::shared_ptr<const apps::ControllerRevision>(
                static_cast<apps::ControllerRevision*>(r->release()));
        }
        (matches(ds, *history) ? current : old).push_back(history);
    }
    int64_t maxOld = 0;
    for (const RevisionPtr& h : old) maxOld = std::max(maxOld, h->revision());
    const int64_t currRevision = maxOld + 1;
    RevisionPtr cur;
    if (current.empty()) {
        auto created = snapshot(ds, currRevision);
        if (!created) return created.status();
        cur = *created;
    } else {
        auto deduped = dedupCurHistories(ds, current);
        if (!deduped) return deduped.status();
        cur = *deduped;
        if (cur->revision() < currRevision) {
            apps::ControllerRevision toUpdate = *cur;
            toUpdate.set_revision(currRevision);
            auto r = client_.update("controllerrevisions", toUpdate);
            if (!r) return r.status();
            cur = std::shared_ptr<const apps::ControllerRevision>(static_cast<apps::ControllerRevision*>(r->release()));
        }
    }
    return std::make_pair(cur, old);
}

StatusOr<DaemonSetsController::RevisionPtr> DaemonSetsController::snapshot(const apps::DaemonSet& ds,
                                                                          int64_t revision) {
    const std::optional<int32_t> collisionCount =
        ds.status().has_collision_count() ? std::optional<int32_t>(ds.status().collision_count()) : std::nullopt;
    const std::string hash = deployment::util::computeHash(ds.spec().template_(), collisionCount);
    const std::string name = ds.metadata().name() + "-" + hash;
    apps::ControllerRevision history;
    api::setTypeMeta(&history, resourceType("controllerrevisions"));
    auto* meta = history.mutable_metadata();
    meta->set_name(name);
    meta->set_namespace_(ds.metadata().namespace_());
    *meta->mutable_labels() = ds.spec().template_().metadata().labels();
    (*meta->mutable_labels())[util::kUniqueLabelKey] = hash;
    *meta->mutable_annotations() = ds.metadata().annotations();
    *meta->add_owner_references() = newControllerRef(ds, kGroupVersion, kKind);
    history.set_data(revisionData(ds));
    history.set_revision(revision);
    auto created = client_.create("controllerrevisions", history);
    if (created)
        return RevisionPtr(static_cast<apps::ControllerRevision*>(created->release()));
    if (!isAlreadyExists(created.status())) return created.status();
    // The name is taken: by this very template (created earlier), or by another one (a hash
    // collision, resolved by bumping status.collisionCount and trying again later).
    auto existing = client_.get("controllerrevisions", ds.metadata().namespace_(), name);
    if (!existing) return existing.status();
    const auto& existingRevision = static_cast<const apps::ControllerRevision&>(**existing);
    if (matches(ds, existingRevision))
        return RevisionPtr(static_cast<apps::ControllerRevision*>(existing->release()));
    auto fresh = client_.get("daemonsets", ds.metadata().namespace_(), ds.metadata().name());
    if (!fresh) return fresh.status();
    apps::DaemonSet currDS = static_cast<const apps::DaemonSet&>(**fresh);
    const auto& cs = currDS.status();
    if (cs.has_collision_count() != ds.status().has_collision_count() ||
        cs.collision_count() != ds.status().collision_count())
        return Status(StatusCode::Aborted,
                      "found a stale collision count (" + std::to_string(ds.status().collision_count()) +
                          ", expected " + std::to_string(cs.collision_count()) + ") of DaemonSet \"" +
                          ds.metadata().name() + "\" while processing; will retry until it is updated");
    currDS.mutable_status()->set_collision_count(cs.has_collision_count() ? cs.collision_count() + 1 : 1);
    auto updated = client_.update("daemonsets", currDS, "status");
    if (!updated) return updated.status();
    return created.status();
}

StatusOr<DaemonSetsController::RevisionPtr> DaemonSetsController::dedupCurHistories(
    const apps::DaemonSet& ds, const std::vector<RevisionPtr>& current) {
    if (current.size() == 1) return current.front();
    RevisionPtr keep = current.front();
    for (const RevisionPtr& h : current)
        if (h->revision() > keep->revision()) keep = h;
    const std::string keepHash = hashLabel(*keep);
    for (const RevisionPtr& dup : current) {
        if (dup == keep) continue;
        // Pods of the duplicate move to the kept revision's hash before it goes.
        const std::string dupHash = hashLabel(*dup);
        std::vector<std::string> relabel;
        for (const auto& [k, obj] : podInformer_.items()) {
            const auto& pod = static_cast<const core::Pod&>(*obj);
            if (pod.metadata().namespace_() != ds.metadata().namespace_()) continue;
            const metav1::OwnerReference* ref = getControllerOf(pod.metadata());
            if (!ref || ref->uid() != ds.metadata().uid()) continue;
            auto it = pod.metadata().labels().find(util::kUniqueLabelKey);
            if (it != pod.metadata().labels().end() && it->second == dupHash) relabel.push_back(pod.metadata().name());
        }
        for (const std::string& podName : relabel) {
            auto r = client_.updateWithRetry("pods", ds.metadata().namespace_(), podName,
                                             [&](google::protobuf::Message* m) {
                                                 (*api::mutableMetadata(m)->mutable_labels())[util::kUniqueLabelKey] =
                                                     keepHash;
                                                 return true;
                                             });
            if (!r && !isNotFound(r.status())) return r.status();
        }
        Status st = client_.remove("controllerrevisions", dup->metadata().namespace_(), dup->metadata().name());
        if (!st.isOk() && !isNotFound(st)) return st;
    }
    return keep;
}

Status DaemonSetsController::cleanupHistory(const apps::DaemonSet& ds, const std::vector<RevisionPtr>& old) {
    auto nodeToPods = nodesToDaemonPods(ds, true);
    if (!nodeToPods) return nodeToPods.status().withContext("couldn't get node to daemon pod mapping for daemon set \"" +
                                                            ds.metadata().name() + "\": ");
    const int toKeep = ds.spec().has_revision_history_limit() ? ds.spec().revision_history_limit() : 10;
    int toKill = static_cast<int>(old.size()) - toKeep;
    if (toKill <= 0) return {};
    std::set<std::string> liveHashes;
    for (const auto& [node, pods] : *nodeToPods) {
        for (const PodPtr& pod : pods) {
            auto it = pod->metadata().labels().find(util::kUniqueLabelKey);
            if (it != pod->metadata().labels().end() && !it->second.empty()) liveHashes.insert(it->second);
        }
    }
    // Oldest revisions first; one still used by a pod stays.
    std::vector<RevisionPtr> sorted = old;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const RevisionPtr& a, const RevisionPtr& b) { return a->revision() < b->revision(); });
    for (const RevisionPtr& history : sorted) {
        if (toKill <= 0) break;
        if (liveHashes.contains(hashLabel(*history))) continue;
        Status st = client_.remove("controllerrevisions", history->metadata().namespace_(), history->metadata().name());
        if (!st.isOk() && !isNotFound(st)) return st;
        --toKill;
    }
    return {};
}

}  // namespace pilothouse::controller::daemon
