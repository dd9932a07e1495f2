#include "controllers/replicaset/replica_set.h"

#include <google/protobuf/util/message_differencer.h>

#include <algorithm>

#include "api/object.h"
#include "api/scheme.h"

namespace pilothouse::controller::replicaset {

namespace {


std::string podKey(const core::Pod& pod) { return pod.metadata().namespace_() + "/" + pod.metadata().name(); }

bool sameLabels(const google::protobuf::Map<std::string, std::string>& a,
                const google::protobuf::Map<std::string, std::string>& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [k, v] : a) {
        auto it = b.find(k);
        if (it == b.end() || it->second != v) return false;
    }
    return true;
}

const char kGroupVersion[] = "apps/v1";
const char kKind[] = "ReplicaSet";

}  // namespace

ReplicaSetController::ReplicaSetController(apiserver::APIServer& server, const sim::Clock& clock,
                                           ReplicaSetControllerOptions options)
    : server_(server),
      clock_(clock),
      options_(std::move(options)),
      client_(server, options_.token),
      random_(sim::Random(options_.seed).fork("replicaset-controller")),
      informers_(options_.informers ? options_.informers : std::make_shared<client::SharedInformerFactory>(server, options_.token)),
      rsInformer_(informers_->informerFor(resourceType("replicasets"))),
      podInformer_(informers_->informerFor(resourceType("pods"))),
      queue_(clock),
      expectations_(clock),
      recorder_(server, clock, "replicaset-controller", "", options_.token) {}

Status ReplicaSetController::start() {
    setResyncPeriod(clock_, options_.resyncPeriod, {&rsInformer_, &podInformer_});
    rsInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); },
        [this](const client::ObjectPtr&, const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); },
        [this](const client::ObjectPtr& o) {
            const std::string key = client::keyOf(*o);
            expectations_.remove(key);
            expectedDeletions_.erase(key);
            queue_.add(key);
        },
    });
    podInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { addPod(static_cast<const core::Pod&>(*o)); },
        [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
            updatePod(static_cast<const core::Pod&>(*old), static_cast<const core::Pod&>(*o));
        },
        [this](const client::ObjectPtr& o) { deletePod(static_cast<const core::Pod&>(*o)); },
    });
    PH_RETURN_IF_ERROR(rsInformer_.start());
    return podInformer_.start();
}

StatusOr<bool> ReplicaSetController::reconcile() {
    bool did = false;
    for (;;) {
        auto a = rsInformer_.sync();
        if (!a) return a.status();
        auto b = podInformer_.sync();
        if (!b) return b.status();
        did = did || *a + *b > 0;
        if (!queue_.processNext([this](const std::string& key) { return syncReplicaSet(key); })) break;
        did = true;
    }
    return did;
}

// ---- event handlers ----

const apps::ReplicaSet* ReplicaSetController::resolveControllerRef(const std::string& ns,
                                                                   const metav1::OwnerReference* ref) const {
    if (!ref || ref->kind() != kKind) return nullptr;
    auto rs = rsInformer_.getAs<apps::ReplicaSet>(ns + "/" + ref->name());
    if (!rs || rs->metadata().uid() != ref->uid()) return nullptr;
    return rs.get();
}

std::vector<std::string> ReplicaSetController::replicaSetsSelecting(const core::Pod& pod) const {
    std::vector<std::string> keys;
    for (const auto& [key, obj] : rsInformer_.items()) {
        const auto& rs = static_cast<const apps::ReplicaSet&>(*obj);
        if (rs.metadata().namespace_() != pod.metadata().namespace_()) continue;
        auto sel = api::Selector::fromLabelSelector(rs.spec().selector());
        if (!sel || sel->empty()) continue;  // an empty selector matches nothing here
        if (sel->matches(pod.metadata().labels())) keys.push_back(key);
    }
    return keys;
}

void ReplicaSetController::addPod(const core::Pod& pod) {
    if (pod.metadata().has_deletion_timestamp()) {
        // Seen first while already being deleted (a restart): count it as deleted.
        deletePod(pod);
        return;
    }
    if (const metav1::OwnerReference* ref = getControllerOf(pod.metadata())) {
        const apps::ReplicaSet* rs = resolveControllerRef(pod.metadata().namespace_(), ref);
        if (!rs) return;
        const std::string key = client::keyOf(*rs);
        expectations_.creationObserved(key);
        queue_.add(key);
        return;
    }
    // An orphan: wake every ReplicaSet that selects it, one may adopt it.
    for (const auto& key : replicaSetsSelecting(pod)) queue_.add(key);
}

void ReplicaSetController::updatePod(const core::Pod& oldPod, const core::Pod& pod) {
    if (pod.metadata().resource_version() == oldPod.metadata().resource_version()) return;  // resync
    const bool labelsChanged = !sameLabels(pod.metadata().labels(), oldPod.metadata().labels());
    if (pod.metadata().has_deletion_timestamp()) {
        // Graceful deletion started: observe it now, the pod is no longer active.
        deletePod(pod);
        if (labelsChanged) deletePod(oldPod);
        return;
    }
    const metav1::OwnerReference* oldRef = getControllerOf(oldPod.metadata());
    const metav1::OwnerReference* ref = getControllerOf(pod.metadata());
    const bool refChanged = (oldRef == nullptr) != (ref == nullptr) || (oldRef && ref && oldRef->uid() != ref->uid());
    if (refChanged && oldRef) {
        if (const apps::ReplicaSet* rs = resolveControllerRef(oldPod.metadata().namespace_(), oldRef))
            queue_.add(client::keyOf(*rs));
    }
    if (ref) {
        const apps::ReplicaSet* rs = resolveControllerRef(pod.metadata().namespace_(), ref);
        if (!rs) return;
        const std::string key = client::keyOf(*rs);
        queue_.add(key);
        // A pod that just became ready is available minReadySeconds later: look again then.
        if (!isPodReady(oldPod) && isPodReady(pod) && rs->spec().min_ready_seconds() > 0)
            queue_.addAfter(key, std::chrono::seconds(rs->spec().min_ready_seconds() + 1));
        return;
    }
    if (labelsChanged || refChanged)
        for (const auto& key : replicaSetsSelecting(pod)) queue_.add(key);
}

void ReplicaSetController::observeDeletion(const std::string& rsKey, const std::string& podKey) {
    auto it = expectedDeletions_.find(rsKey);
    if (it == expectedDeletions_.end() || !it->second.erase(podKey)) return;
    expectations_.deletionObserved(rsKey);
}

void ReplicaSetController::deletePod(const core::Pod& pod) {
    const metav1::OwnerReference* ref = getControllerOf(pod.metadata());
    const apps::ReplicaSet* rs = resolveControllerRef(pod.metadata().namespace_(), ref);
    if (!rs) return;
    const std::string key = client::keyOf(*rs);
    observeDeletion(key, podKey(pod));
    queue_.add(key);
}

// ---- sync ----

Status ReplicaSetController::syncReplicaSet(const std::string& key) {
    auto cached = rsInformer_.getAs<apps::ReplicaSet>(key);
    if (!cached) {
        expectations_.remove(key);
        expectedDeletions_.erase(key);
        return {};
    }
    const apps::ReplicaSet rs = *cached;  // a copy: informer syncs below must not change it
    const bool needsSync = expectations_.satisfied(key);
    auto selector = api::Selector::fromLabelSelector(rs.spec().selector());
    if (!selector) return selector.status();

    std::vector<const core::Pod*> active;
    for (const auto& [k, obj] : podInformer_.items()) {
        const auto& pod = static_cast<const core::Pod&>(*obj);
        if (pod.metadata().namespace_() == rs.metadata().namespace_() && isPodActive(pod)) active.push_back(&pod);
    }
    auto claimed = claimPods(rs, *selector, active);
    if (!claimed) return claimed.status();

    Status manageError;
    if (needsSync && !rs.metadata().has_deletion_timestamp()) manageError = manageReplicas(*claimed, rs);
    PH_RETURN_IF_ERROR(updateStatus(rs, *claimed, manageError));
    return manageError;
}

StatusOr<std::vector<const core::Pod*>> ReplicaSetController::claimPods(const apps::ReplicaSet& rs,
                                                                       const api::Selector& selector,
                                                                       const std::vector<const core::Pod*>& pods) {
    std::vector<const core::Pod*> claimed;
    std::optional<Status> canAdopt;  // checked once, lazily, against the API server
    const bool rsDeleting = rs.metadata().has_deletion_timestamp();
    auto matches = [&](const core::Pod& pod) { return !selector.empty() && selector.matches(pod.metadata().labels()); };
    for (const core::Pod* pod : pods) {
        const metav1::OwnerReference* ref = getControllerOf(pod->metadata());
        if (ref) {
            if (ref->uid() != rs.metadata().uid()) continue;  // someone else's
            if (matches(*pod)) {
                claimed.push_back(pod);
                continue;
            }
            if (rsDeleting) continue;
            // Release: our pod no longer matches.
            const std::string uid = rs.metadata().uid();
            auto r = client_.updateWithRetry("pods", pod->metadata().namespace_(), pod->metadata().name(),
                                             [&](google::protobuf::Message* m) {
                                                 auto* refs = api::mutableMetadata(m)->mutable_owner_references();
                                                 for (int i = 0; i < refs->size(); ++i) {
                                                     if (refs->Get(i).uid() == uid) {
                                                         refs->DeleteSubrange(i, 1);
                                                         return true;
                                                     }
                                                 }
                                                 return false;
                                             });
            if (!r && !isNotFound(r.status())) return r.status();
            continue;
        }
        if (rsDeleting || !matches(*pod) || pod->metadata().has_deletion_timestamp()) continue;
        if (!canAdopt) {
            auto fresh = client_.get("replicasets", rs.metadata().namespace_(), rs.metadata().name());
            if (!fresh) {
                canAdopt = fresh.status();
            } else if (api::metadata(**fresh).uid() != rs.metadata().uid()) {
                canAdopt = Status(StatusCode::FailedPrecondition,
                                  "original " + client::keyOf(rs) + " is gone: got uid " +
                                      api::metadata(**fresh).uid() + ", wanted " + rs.metadata().uid());
            } else if (api::metadata(**fresh).has_deletion_timestamp()) {
                canAdopt = Status(StatusCode::FailedPrecondition, client::keyOf(rs) + " has just been deleted at " +
                                                                      api::metadata(**fresh).deletion_timestamp());
            } else {
                canAdopt = Status();
            }
        }
        if (!canAdopt->isOk()) return *canAdopt;
        // Adopt: add our controller reference, unless someone else got there first.
        const metav1::OwnerReference ref2 = newControllerRef(rs, kGroupVersion, kKind);
        auto r = adopt(client_, "pods", pod->metadata().namespace_(), pod->metadata().name(), ref2);
        if (!r) {
            if (isNotFound(r.status())) continue;
            return r.status();
        }
        const metav1::OwnerReference* now = getControllerOf(api::metadata(**r));
        if (now && now->uid() == rs.metadata().uid()) claimed.push_back(pod);
    }
    return claimed;
}

Status ReplicaSetController::createPod(const apps::ReplicaSet& rs) {
    core::Pod pod;
    auto* meta = pod.mutable_metadata();
    const auto& tmeta = rs.spec().template_().metadata();
    *meta->mutable_labels() = tmeta.labels();
    *meta->mutable_annotations() = tmeta.annotations();
    *meta->mutable_finalizers() = tmeta.finalizers();
    meta->set_namespace_(rs.metadata().namespace_());
    meta->set_generate_name(rs.metadata().name() + "-");
    *meta->add_owner_references() = newControllerRef(rs, kGroupVersion, kKind);
    *pod.mutable_spec() = rs.spec().template_().spec();
    api::setTypeMeta(&pod, resourceType("pods"));
    return controller::createPod(client_, recorder_, random_, rs, pod);
}

std::vector<const core::Pod*> ReplicaSetController::relatedPods(const apps::ReplicaSet& rs) const {
    // Pods of every ReplicaSet with the same controller (the Deployment's other revisions).
    std::set<std::string> siblings{rs.metadata().uid()};
    if (const metav1::OwnerReference* owner = getControllerOf(rs.metadata())) {
        for (const auto& [key, obj] : rsInformer_.items()) {
            const auto& other = static_cast<const apps::ReplicaSet&>(*obj);
            const metav1::OwnerReference* o = getControllerOf(other.metadata());
            if (o && o->uid() == owner->uid() && other.metadata().namespace_() == rs.metadata().namespace_())
                siblings.insert(other.metadata().uid());
        }
    }
    std::vector<const core::Pod*> out;
    for (const auto& [key, obj] : podInformer_.items()) {
        const auto& pod = static_cast<const core::Pod&>(*obj);
        const metav1::OwnerReference* o = getControllerOf(pod.metadata());
        if (o && siblings.contains(o->uid()) && isPodActive(pod)) out.push_back(&pod);
    }
    return out;
}

Status ReplicaSetController::manageReplicas(const std::vector<const core::Pod*>& pods, const apps::ReplicaSet& rs) {
    const std::string key = client::keyOf(rs);
    const int replicas = rs.spec().has_replicas() ? rs.spec().replicas() : 1;
    int diff = static_cast<int>(pods.size()) - replicas;
    if (diff < 0) {
        diff = std::min(-diff, options_.burstReplicas);
        expectations_.expectCreations(key, diff);
        auto [created, err] = slowStartBatch(diff, 1, [&] { return createPod(rs); });
        // The ones never attempted (after a failing batch) will not be observed either.
        for (int skipped = diff - created; skipped > 0; --skipped) expectations_.creationObserved(key);
        return err;
    }
    if (diff > 0) {
        diff = std::min(diff, options_.burstReplicas);
        std::vector<const core::Pod*> ordered = pods;
        if (diff < static_cast<int>(ordered.size())) {
            std::map<std::string, int> onNode;
            for (const core::Pod* p : relatedPods(rs))
                if (!p->spec().node_name().empty()) ++onNode[p->spec().node_name()];
            std::vector<int> ranks;
            for (const core::Pod* p : ordered)
                ranks.push_back(p->spec().node_name().empty() ? 0 : onNode[p->spec().node_name()]);
            sortActivePodsWithRanks(ordered, ranks, clock_.now());
        }
        ordered.resize(diff);
        // Copies: deleting may change the informer's objects.
        std::vector<std::pair<std::string, std::string>> targets;  // namespace, name
        auto& expected = expectedDeletions_[key];
        for (const core::Pod* p : ordered) {
            targets.emplace_back(p->metadata().namespace_(), p->metadata().name());
            expected.insert(podKey(*p));
        }
        expectations_.expectDeletions(key, diff);
        Status first;
        for (const auto& [ns, name] : targets) {
            Status st = client_.remove("pods", ns, name);
            if (st.isOk()) {
                (void)recorder_.event(rs, "Normal", "SuccessfulDelete", "Deleted pod: " + name);
                continue;
            }
            observeDeletion(key, ns + "/" + name);
            if (isNotFound(st)) continue;
            (void)recorder_.event(rs, "Warning", "FailedDelete", "Error deleting: " + st.message());
            if (first.isOk()) first = st;
        }
        return first;
    }
    return {};
}

Status ReplicaSetController::updateStatus(const apps::ReplicaSet& rs, const std::vector<const core::Pod*>& pods,
                                          const Status& manageError) {
    apps::ReplicaSetStatus status = rs.status();
    int fullyLabeled = 0, ready = 0, available = 0;
    const auto& templateLabels = rs.spec().template_().metadata().labels();
    for (const core::Pod* pod : pods) {
        bool all = true;
        for (const auto& [k, v] : templateLabels) {
            auto it = pod->metadata().labels().find(k);
            if (it == pod->metadata().labels().end() || it->second != v) all = false;
        }
        if (all) ++fullyLabeled;
        if (isPodReady(*pod)) {
            ++ready;
            if (isPodAvailable(*pod, rs.spec().min_ready_seconds(), clock_.now())) ++available;
        }
    }
    // The ReplicaFailure condition: set on a failed create/delete, removed after a clean sync.
    int failureIndex = -1;
    for (int i = 0; i < status.conditions_size(); ++i)
        if (status.conditions(i).type() == "ReplicaFailure") failureIndex = i;
    if (!manageError.isOk() && failureIndex < 0) {
        const int replicas = rs.spec().has_replicas() ? rs.spec().replicas() : 1;
        const int diff = static_cast<int>(pods.size()) - replicas;
        auto* c = status.add_conditions();
        c->set_type("ReplicaFailure");
        c->set_status("True");
        c->set_reason(diff < 0 ? "FailedCreate" : diff > 0 ? "FailedDelete" : "");
        c->set_message(manageError.message());
        c->set_last_transition_time(formatTime(clock_.now()));
    } else if (manageError.isOk() && failureIndex >= 0) {
        status.mutable_conditions()->DeleteSubrange(failureIndex, 1);
    }
    status.set_replicas(static_cast<int32_t>(pods.size()));
    status.set_fully_labeled_replicas(fullyLabeled);
    status.set_ready_replicas(ready);
    status.set_available_replicas(available);
    status.set_observed_generation(rs.metadata().generation());
    apps::ReplicaSet updated = rs;
    if (!google::protobuf::util::MessageDifferencer::Equals(status, rs.status())) {
        *updated.mutable_status() = status;
        auto r = client_.update("replicasets", updated, "status");
        if (!r && isConflict(r.status())) {
            // statusUpdateRetries = 1: once more on the latest object.
            auto fresh = client_.get("replicasets", rs.metadata().namespace_(), rs.metadata().name());
            if (!fresh) return fresh.status();
            updated = static_cast<const apps::ReplicaSet&>(**fresh);
            *updated.mutable_status() = status;
            updated.mutable_status()->set_observed_generation(updated.metadata().generation());
            r = client_.update("replicasets", updated, "status");
        }
        if (!r) return r.status();
        updated = static_cast<const apps::ReplicaSet&>(**r);
    }
    const int replicas = updated.spec().has_replicas() ? updated.spec().replicas() : 1;
    if (manageError.isOk() && updated.spec().min_ready_seconds() > 0 && updated.status().ready_replicas() == replicas &&
        updated.status().available_replicas() != replicas)
        queue_.addAfter(client::keyOf(updated), std::chrono::seconds(updated.spec().min_ready_seconds()));
    return {};
}

}  // namespace pilothouse::controller::replicaset
