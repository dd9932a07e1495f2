#include "controllers/daemon/daemon_controller.h"

#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <set>

#include "api/object.h"
#include "api/scheme.h"
#include "controllers/daemon/util/daemonset_util.h"
#include "scheduler/plugins/helper/node_affinity.h"
#include "scheduler/plugins/helper/taints.h"

namespace pilothouse::controller::daemon {

namespace {

namespace helper = scheduler::plugins::helper;


const char kGroupVersion[] = "apps/v1";
const char kKind[] = "DaemonSet";

constexpr sim::Duration kBackoffInitial = std::chrono::seconds(1);
constexpr sim::Duration kBackoffMax = std::chrono::minutes(15);

bool sameLabels(const google::protobuf::Map<std::string, std::string>& a,
                const google::protobuf::Map<std::string, std::string>& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [k, v] : a) {
        auto it = b.find(k);
        if (it == b.end() || it->second != v) return false;
    }
    return true;
}

// podByCreationTimestampAndPhase: scheduled pods first, then the oldest, then by name.
bool podBefore(const core::Pod& a, const core::Pod& b) {
    const bool aScheduled = !a.spec().node_name().empty(), bScheduled = !b.spec().node_name().empty();
    if (aScheduled != bScheduled) return aScheduled;
    const int64_t ta = parseTime(a.metadata().creation_timestamp()), tb = parseTime(b.metadata().creation_timestamp());
    if (ta == tb) return a.metadata().name() < b.metadata().name();
    return ta < tb;
}

template <typename P>
void sortPods(std::vector<P>& pods) {
    std::stable_sort(pods.begin(), pods.end(), [](const P& a, const P& b) { return podBefore(*a, *b); });
}

std::string quoteName(const apps::DaemonSet& ds) { return "\"" + ds.metadata().name() + "\""; }

bool isTerminal(const core::Pod& pod) {
    return pod.status().phase() == "Failed" || pod.status().phase() == "Succeeded";
}

}  // namespace

// ---- NodeShouldRunDaemonPod ----

NodeDecision nodeShouldRunDaemonPod(const core::Node& node, const apps::DaemonSet& ds) {
    // NewPod: the template with the daemon tolerations, bound to the node.
    const auto& tmplSpec = ds.spec().template_().spec();
    if (!tmplSpec.node_name().empty() && tmplSpec.node_name() != node.metadata().name()) return {};
    core::Pod pod;
    *pod.mutable_metadata() = ds.spec().template_().metadata();
    pod.mutable_metadata()->set_namespace_(ds.metadata().namespace_());
    *pod.mutable_spec() = tmplSpec;
    pod.mutable_spec()->set_node_name(node.metadata().name());
    util::addOrUpdateDaemonPodTolerations(pod.mutable_spec());
    // Parse errors of the affinity are ignored, as upstream does (the pod just does not fit).
    if (!helper::RequiredNodeAffinity::fromPod(pod).match(node)) return {};
    const auto& taints = node.spec().taints();
    const auto& tolerations = pod.spec().tolerations();
    if (helper::findMatchingUntoleratedTaint(taints, tolerations, helper::doNotScheduleTaintsFilter)) {
        // A pod already there may stay while it tolerates every NoExecute taint.
        const bool noExecuteUntolerated = helper::findMatchingUntoleratedTaint(
            taints, tolerations, [](const core::Taint& t) { return t.effect() == helper::kTaintEffectNoExecute; });
        return {false, !noExecuteUntolerated};
    }
    return {true, true};
}

// ---- construction ----

DaemonSetsController::DaemonSetsController(apiserver::APIServer& server, const sim::Clock& clock,
                                           DaemonSetsControllerOptions options)
    : server_(server),
      clock_(clock),
      options_(std::move(options)),
      client_(server, options_.token),
      random_(sim::Random(options_.seed).fork("daemonset-controller")),
      informers_(options_.informers ? options_.informers : std::make_shared<client::SharedInformerFactory>(server, options_.token)),
      dsInformer_(informers_->informerFor(resourceType("daemonsets"))),
      historyInformer_(informers_->informerFor(resourceType("controllerrevisions"))),
      podInformer_(informers_->informerFor(resourceType("pods"))),
      nodeInformer_(informers_->informerFor(resourceType("nodes"))),
      queue_(clock),
      expectations_(clock),
      recorder_(server, clock, "daemonset-controller", "", options_.token) {}

Status DaemonSetsController::start() {
    setResyncPeriod(clock_, options_.resyncPeriod, {&dsInformer_, &historyInformer_, &podInformer_, &nodeInformer_});
    dsInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); },
        [this](const client::ObjectPtr&, const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); },
        [this](const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); },
    });
    historyInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { revisionChanged(static_cast<const apps::ControllerRevision&>(*o)); },
        [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
            if (api::metadata(*old).resource_version() == api::metadata(*o).resource_version()) return;
            revisionChanged(static_cast<const apps::ControllerRevision&>(*o));
        },
        [this](const client::ObjectPtr& o) { revisionChanged(static_cast<const apps::ControllerRevision&>(*o)); },
    });
    podInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { addPod(static_cast<const core::Pod&>(*o)); },
        [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
            updatePod(static_cast<const core::Pod&>(*old), static_cast<const core::Pod&>(*o));
        },
        [this](const client::ObjectPtr& o) { deletePod(static_cast<const core::Pod&>(*o)); },
    });
    nodeInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { addNode(static_cast<const core::Node&>(*o)); },
        [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
            updateNode(static_cast<const core::Node&>(*old), static_cast<const core::Node&>(*o));
        },
        nullptr,  // upstream has no node deletion handler
    });
    PH_RETURN_IF_ERROR(dsInformer_.start());
    PH_RETURN_IF_ERROR(historyInformer_.start());
    PH_RETURN_IF_ERROR(nodeInformer_.start());
    return podInformer_.start();
}

StatusOr<bool> DaemonSetsController::reconcile() {
    bool did = false;
    for (;;) {
        size_t applied = 0;
        for (client::Informer* inf : {&dsInformer_, &historyInformer_, &nodeInformer_, &podInformer_}) {
            auto n = inf->sync();
            if (!n) return n.status();
            applied += *n;
        }
        did = did || applied > 0;
        if (!queue_.processNext([this](const std::string& key) { return syncDaemonSet(key); })) break;
        did = true;
    }
    return did;
}

// ---- event handlers ----

const apps::DaemonSet* DaemonSetsController::resolveControllerRef(const std::string& ns,
                                                                  const metav1::OwnerReference* ref) const {
    if (!ref || ref->kind() != kKind) return nullptr;
    auto ds = dsInformer_.getAs<apps::DaemonSet>(ns + "/" + ref->name());
    if (!ds || ds->metadata().uid() != ref->uid()) return nullptr;
    return ds.get();
}

std::vector<std::string> DaemonSetsController::daemonSetsSelecting(const core::Pod& pod) const {
    std::vector<std::string> keys;
    for (const auto& [key, obj] : dsInformer_.items()) {
        const auto& ds = static_cast<const apps::DaemonSet&>(*obj);
        if (ds.metadata().namespace_() != pod.metadata().namespace_()) continue;
        auto sel = api::Selector::fromLabelSelector(ds.spec().selector());
        if (!sel || sel->empty()) continue;
        if (sel->matches(pod.metadata().labels())) keys.push_back(key);
    }
    return keys;
}

void DaemonSetsController::addPod(const core::Pod& pod) {
    if (pod.metadata().has_deletion_timestamp()) {
        deletePod(pod);
        return;
    }
    if (const metav1::OwnerReference* ref = getControllerOf(pod.metadata())) {
        const apps::DaemonSet* ds = resolveControllerRef(pod.metadata().namespace_(), ref);
        if (!ds) return;
        const std::string key = client::keyOf(*ds);
        expectations_.creationObserved(key);
        queue_.add(key);
        return;
    }
    for (const auto& key : daemonSetsSelecting(pod)) queue_.add(key);
}

void DaemonSetsController::updatePod(const core::Pod& oldPod, const core::Pod& pod) {
    if (pod.metadata().resource_version() == oldPod.metadata().resource_version()) return;
    if (pod.metadata().has_deletion_timestamp()) {
        deletePod(pod);
        return;
    }
    const metav1::OwnerReference* oldRef = getControllerOf(oldPod.metadata());
    const metav1::OwnerReference* ref = getControllerOf(pod.metadata());
    const bool refChanged = (oldRef == nullptr) != (ref == nullptr) || (oldRef && ref && oldRef->uid() != ref->uid());
    if (refChanged && oldRef) {
        if (const apps::DaemonSet* ds = resolveControllerRef(oldPod.metadata().namespace_(), oldRef))
            queue_.add(client::keyOf(*ds));
    }
    if (ref) {
        const apps::DaemonSet* ds = resolveControllerRef(pod.metadata().namespace_(), ref);
        if (!ds) return;
        const std::string key = client::keyOf(*ds);
        queue_.add(key);
        // Ready now: available minReadySeconds (and a second) later.
        if (!isPodReady(oldPod) && isPodReady(pod) && ds->spec().min_ready_seconds() > 0)
            queue_.addAfter(key, std::chrono::seconds(ds->spec().min_ready_seconds() + 1));
        return;
    }
    if (!sameLabels(pod.metadata().labels(), oldPod.metadata().labels()) || refChanged)
        for (const auto& key : daemonSetsSelecting(pod)) queue_.add(key);
}

void DaemonSetsController::deletePod(const core::Pod& pod) {
    const apps::DaemonSet* ds = resolveControllerRef(pod.metadata().namespace_(), getControllerOf(pod.metadata()));
    if (!ds) return;
    const std::string key = client::keyOf(*ds);
    expectations_.deletionObserved(key);
    queue_.add(key);
}

void DaemonSetsController::addNode(const core::Node& node) {
    for (const auto& [key, obj] : dsInformer_.items())
        if (nodeShouldRunDaemonPod(node, static_cast<const apps::DaemonSet&>(*obj)).shouldRun) queue_.add(key);
}

void DaemonSetsController::updateNode(const core::Node& oldNode, const core::Node& node) {
    // Only what NodeShouldRunDaemonPod reads matters (labels, taints, name); heartbeats do not.
    if (sameLabels(oldNode.metadata().labels(), node.metadata().labels()) &&
        google::protobuf::util::MessageDifferencer::Equals(oldNode.spec(), node.spec()))
        return;
    for (const auto& [key, obj] : dsInformer_.items()) {
        const auto& ds = static_cast<const apps::DaemonSet&>(*obj);
        const NodeDecision before = nodeShouldRunDaemonPod(oldNode, ds), after = nodeShouldRunDaemonPod(node, ds);
        if (before.shouldRun != after.shouldRun || before.shouldContinueRunning != after.shouldContinueRunning)
            queue_.add(key);
    }
}

void DaemonSetsController::revisionChanged(const apps::ControllerRevision& revision) {
    if (const apps::DaemonSet* ds =
            resolveControllerRef(revision.metadata().namespace_(), getControllerOf(revision.metadata())))
        queue_.add(client::keyOf(*ds));
}

// ---- backoff ----

bool DaemonSetsController::inBackoffSinceUpdate(const std::string& key, sim::Time now) const {
    auto it = failedPodsBackoff_.find(key);
    if (it == failedPodsBackoff_.end()) return false;
    if (now - it->second.lastUpdate > 2 * kBackoffMax) return false;  // expired
    return now - it->second.lastUpdate < it->second.delay;
}

void DaemonSetsController::nextBackoff(const std::string& key, sim::Time now) {
    auto it = failedPodsBackoff_.find(key);
    if (it == failedPodsBackoff_.end() || now - it->second.lastUpdate > 2 * kBackoffMax) {
        failedPodsBackoff_[key] = Backoff{kBackoffInitial, now};
        return;
    }
    it->second.delay = std::min(it->second.delay * 2, kBackoffMax);
    it->second.lastUpdate = now;
}

// ---- sync ----

std::vector<DaemonSetsController::NodePtr> DaemonSetsController::nodes() const {
    std::vector<NodePtr> out;
    for (const auto& [key, obj] : nodeInformer_.items()) out.push_back(std::static_pointer_cast<const core::Node>(obj));
    return out;
}

Status DaemonSetsController::syncDaemonSet(const std::string& key) {
    auto cached = dsInformer_.getAs<apps::DaemonSet>(key);
    if (!cached) {
        expectations_.remove(key);
        return {};
    }
    const apps::DaemonSet ds = *cached;  // a copy: nothing below may change it
    const std::vector<NodePtr> nodeList = nodes();
    const auto& sel = ds.spec().selector();
    if (sel.match_labels().empty() && sel.match_expressions().empty()) {
        (void)recorder_.event(ds, "Warning", "SelectingAll",
                              "This daemon set is selecting all pods. A non-empty selector is required.");
        return {};
    }
    // Being deleted: its history may already be gone, so neither pods nor status are touched.
    if (ds.metadata().has_deletion_timestamp()) return {};
    auto history = constructHistory(ds);
    if (!history) return history.status();
    const auto& [cur, old] = *history;
    const auto& curLabels = cur->metadata().labels();
    auto hashIt = curLabels.find(util::kUniqueLabelKey);
    const std::string hash = hashIt == curLabels.end() ? "" : hashIt->second;
    if (!expectations_.satisfied(key)) return updateDaemonSetStatus(ds, nodeList, hash, false);
    Status err = updateDaemonSet(ds, nodeList, hash, old);
    Status statusErr = updateDaemonSetStatus(ds, nodeList, hash, true);
    if (!err.isOk()) return err;
    return statusErr;
}

Status DaemonSetsController::updateDaemonSet(const apps::DaemonSet& ds, const std::vector<NodePtr>& nodeList,
                                             const std::string& hash, const std::vector<RevisionPtr>& old) {
    PH_RETURN_IF_ERROR(manage(ds, nodeList, hash));
    if (expectations_.satisfied(client::keyOf(ds)) && ds.spec().update_strategy().type() == "RollingUpdate")
        PH_RETURN_IF_ERROR(rollingUpdate(ds, nodeList, hash));
    Status st = cleanupHistory(ds, old);
    if (!st.isOk()) return st.withContext("failed to clean up revisions of DaemonSet: ");
    return {};
}

StatusOr<std::vector<DaemonSetsController::PodPtr>> DaemonSetsController::claimPods(const apps::DaemonSet& ds) {
    auto selector = api::Selector::fromLabelSelector(ds.spec().selector());
    if (!selector) return selector.status();
    std::vector<PodPtr> claimed;
    std::optional<Status> canAdopt;  // checked once, lazily, against the API server
    const bool deleting = ds.metadata().has_deletion_timestamp();
    const std::string uid = ds.metadata().uid();
    for (const auto& [key, obj] : podInformer_.items()) {
        auto pod = std::static_pointer_cast<const core::Pod>(obj);
        if (pod->metadata().namespace_() != ds.metadata().namespace_()) continue;
        const bool matches = !selector->empty() && selector->matches(pod->metadata().labels());
        if (const metav1::OwnerReference* ref = getControllerOf(pod->metadata())) {
            if (ref->uid() != uid) continue;
            if (matches) {
                claimed.push_back(pod);
                continue;
            }
            if (deleting) continue;
            // Release: ours, but its labels no longer match.
            auto r = client_.updateWithRetry("pods", pod->metadata().namespace_(), pod->metadata().name(),
                                             [&](google::protobuf::Message* m) {
                                                 auto* refs = api::mutableMetadata(m)->mutable_owner_references();
                                                 for (int i = 0; i < refs->size(); ++i) {
                                                     if (refs->Get(i).uid() != uid) continue;
                                                     refs->DeleteSubrange(i, 1);
                                                     return true;
                                                 }
                                                 return false;
                                             });
            if (!r && !isNotFound(r.status())) return r.status();
            continue;
        }
        if (deleting || !matches || pod->metadata().has_deletion_timestamp()) continue;
        if (!canAdopt) {
            auto fresh = client_.get("daemonsets", ds.metadata().namespace_(), ds.metadata().name());
            if (!fresh) {
                canAdopt = fresh.status();
            } else if (api::metadata(**fresh).uid() != uid) {
                canAdopt = Status(StatusCode::FailedPrecondition, "original " + client::keyOf(ds) +
                                                                      " is gone: got uid " + api::metadata(**fresh).uid() +
                                                                      ", wanted " + uid);
            } else if (api::metadata(**fresh).has_deletion_timestamp()) {
                canAdopt = Status(StatusCode::FailedPrecondition, client::keyOf(ds) + " has just been deleted at " +
                                                                      api::metadata(**fresh).deletion_timestamp());
            } else {
                canAdopt = Status();
            }
        }
        if (!canAdopt->isOk()) return *canAdopt;
        auto r = adopt(client_, "pods", pod->metadata().namespace_(), pod->metadata().name(),
                       newControllerRef(ds, kGroupVersion, kKind));
        if (!r) {
            if (isNotFound(r.status())) continue;
            return r.status();
        }
        const metav1::OwnerReference* now = getControllerOf(api::metadata(**r));
        if (now && now->uid() == uid)
            claimed.push_back(std::shared_ptr<const core::Pod>(static_cast<core::Pod*>(r->release())));
    }
    return claimed;
}

StatusOr<DaemonSetsController::NodeToPods> DaemonSetsController::nodesToDaemonPods(const apps::DaemonSet& ds,
                                                                                 bool includeDeletedTerminal) {
    auto claimed = claimPods(ds);
    if (!claimed) return claimed.status();
    NodeToPods out;
    for (const PodPtr& pod : *claimed) {
        // A terminal pod on its way out: nothing left to do with it.
        if (!includeDeletedTerminal && isTerminal(*pod) && pod->metadata().has_deletion_timestamp()) continue;
        auto node = util::targetNodeName(*pod);
        if (!node) continue;  // upstream logs and skips it
        out[*node].push_back(pod);
    }
    return out;
}

Status DaemonSetsController::manage(const apps::DaemonSet& ds, const std::vector<NodePtr>& nodeList,
                                    const std::string& hash) {
    auto nodeToPods = nodesToDaemonPods(ds, false);
    if (!nodeToPods) return nodeToPods.status().withContext("couldn't get node to daemon pod mapping for daemon set " +
                                                            quoteName(ds) + ": ");
    std::vector<std::string> nodesNeedingPods, podsToDelete;
    for (const NodePtr& node : nodeList) podsShouldBeOnNode(*node, *nodeToPods, ds, hash, &nodesNeedingPods, &podsToDelete);
    // Unscheduled pods meant for nodes that are gone: they would never be scheduled, and pod GC
    // only collects pods bound to missing nodes.
    std::set<std::string> existing;
    for (const NodePtr& node : nodeList) existing.insert(node->metadata().name());
    for (const auto& [nodeName, pods] : *nodeToPods) {
        if (existing.contains(nodeName)) continue;
        for (const PodPtr& pod : pods)
            if (pod->spec().node_name().empty()) podsToDelete.push_back(pod->metadata().name());
    }
    return syncNodes(ds, podsToDelete, nodesNeedingPods, hash);
}

void DaemonSetsController::podsShouldBeOnNode(const core::Node& node, const NodeToPods& nodeToPods,
                                              const apps::DaemonSet& ds, const std::string& hash,
                                              std::vector<std::string>* nodesNeedingPods,
                                              std::vector<std::string>* podsToDelete) {
    const NodeDecision decision = nodeShouldRunDaemonPod(node, ds);
    const std::string& nodeName = node.metadata().name();
    auto found = nodeToPods.find(nodeName);
    const bool exists = found != nodeToPods.end();
    if (decision.shouldRun && !exists) {
        nodesNeedingPods->push_back(nodeName);
        return;
    }
    if (!decision.shouldContinueRunning) {
        // Not wanted here: every daemon pod on the node goes.
        if (exists)
            for (const PodPtr& pod : found->second)
                if (!pod->metadata().has_deletion_timestamp()) podsToDelete->push_back(pod->metadata().name());
        return;
    }
    static const std::vector<PodPtr> kNone;
    std::vector<PodPtr> running;
    for (const PodPtr& pod : exists ? found->second : kNone) {
        if (pod->metadata().has_deletion_timestamp()) continue;
        const std::string who = pod->metadata().namespace_() + "/" + pod->metadata().name();
        if (pod->status().phase() == "Failed") {
            // The kubelet may keep rejecting the pod: delete and recreate it no faster than the backoff.
            const std::string backoffKey =
                ds.metadata().uid() + "/" + std::to_string(ds.status().observed_generation()) + "/" + nodeName;
            const sim::Time now = clock_.now();
            if (inBackoffSinceUpdate(backoffKey, now)) {
                queue_.addAfter(client::keyOf(ds), failedPodsBackoff_[backoffKey].delay);
                continue;
            }
            nextBackoff(backoffKey, now);
            (void)recorder_.event(ds, "Warning", "FailedDaemonPod",
                                  "Found failed daemon pod " + who + " on node " + nodeName + ", will try to kill it");
            podsToDelete->push_back(pod->metadata().name());
            continue;
        }
        if (pod->status().phase() == "Succeeded") {
            (void)recorder_.event(ds, "Normal", "SucceededDaemonPod",
                                  "Found succeeded daemon pod " + who + " on node " + nodeName +
                                      ", will try to delete it");
            podsToDelete->push_back(pod->metadata().name());
            continue;
        }
        running.push_back(pod);
    }
    sortPods(running);
    if (!util::allowsSurge(ds)) {
        // One pod per node: the oldest stays.
        for (size_t i = 1; i < running.size(); ++i) podsToDelete->push_back(running[i]->metadata().name());
        return;
    }
    if (running.size() <= 1) {
        if (running.empty() && decision.shouldRun) nodesNeedingPods->push_back(nodeName);
        return;
    }
    // Surging: the oldest new pod and the oldest old pod may both stay while the new one is not
    // available yet and the old one is ready; every other pod goes.
    PodPtr oldestNew, oldestOld;
    for (const PodPtr& pod : running) {
        if (util::isPodUpdated(*pod, hash)) {
            if (!oldestNew) {
                oldestNew = pod;
                continue;
            }
        } else if (!oldestOld) {
            oldestOld = pod;
            continue;
        }
        podsToDelete->push_back(pod->metadata().name());
    }
    if (oldestNew && oldestOld &&
        (!isPodReady(*oldestOld) || isPodAvailable(*oldestNew, ds.spec().min_ready_seconds(), clock_.now())))
        podsToDelete->push_back(oldestOld->metadata().name());
}

Status DaemonSetsController::syncNodes(const apps::DaemonSet& ds, const std::vector<std::string>& podsToDelete,
                                       const std::vector<std::string>& nodesNeedingPods, const std::string& hash) {
    const std::string key = client::keyOf(ds);
    const int createDiff = std::min(static_cast<int>(nodesNeedingPods.size()), options_.burstReplicas);
    const int deleteDiff = std::min(static_cast<int>(podsToDelete.size()), options_.burstReplicas);
    expectations_.setExpectations(key, createDiff, deleteDiff);
    Status first;
    const core::PodTemplateSpec tmpl = util::createPodTemplate(ds.spec().template_(), util::templateGeneration(ds), hash);
    int next = 0;
    auto [created, createErr] = slowStartBatch(createDiff, 1, [&]() -> Status {
        Status st = createPod(ds, tmpl, nodesNeedingPods[next++]);
        if (!st.isOk()) expectations_.creationObserved(key);
        return st;
    });
    (void)created;
    // The creations never attempted (after a failing batch) will not be observed either.
    if (next < createDiff) expectations_.lowerExpectations(key, createDiff - next, 0);
    if (!createErr.isOk()) first = createErr;
    for (int i = 0; i < deleteDiff; ++i) {
        const std::string& name = podsToDelete[i];
        Status st = client_.remove("pods", ds.metadata().namespace_(), name);
        if (st.isOk()) {
            (void)recorder_.event(ds, "Normal", "SuccessfulDelete", "Deleted pod: " + name);
            continue;
        }
        expectations_.deletionObserved(key);
        if (isNotFound(st)) continue;
        (void)recorder_.event(ds, "Warning", "FailedDelete", "Error deleting: " + st.message());
        if (first.isOk()) first = Status(st.code(), "unable to delete pods: " + st.message());
    }
    return first;
}

Status DaemonSetsController::createPod(const apps::DaemonSet& ds, const core::PodTemplateSpec& tmpl,
                                       const std::string& nodeName) {
    core::Pod pod;
    auto* meta = pod.mutable_metadata();
    *meta->mutable_labels() = tmpl.metadata().labels();
    *meta->mutable_annotations() = tmpl.metadata().annotations();
    *meta->mutable_finalizers() = tmpl.metadata().finalizers();
    meta->set_namespace_(ds.metadata().namespace_());
    meta->set_generate_name(ds.metadata().name() + "-");
    *meta->add_owner_references() = newControllerRef(ds, kGroupVersion, kKind);
    *pod.mutable_spec() = tmpl.spec();
    // Pinned to its node for the default scheduler; nothing else in the template can conflict.
    util::replaceDaemonSetPodNodeNameNodeAffinity(pod.mutable_spec(), nodeName);
    api::setTypeMeta(&pod, resourceType("pods"));
    return controller::createPod(client_, recorder_, random_, ds, pod);
}

Status DaemonSetsController::updateDaemonSetStatus(const apps::DaemonSet& ds, const std::vector<NodePtr>& nodeList,
                                                   const std::string& hash, bool updateObservedGen) {
    auto nodeToPods = nodesToDaemonPods(ds, false);
    if (!nodeToPods) return nodeToPods.status().withContext("couldn't get node to daemon pod mapping for daemon set " +
                                                            quoteName(ds) + ": ");
    int32_t desired = 0, current = 0, misscheduled = 0, ready = 0, updated = 0, available = 0;
    const sim::Time now = clock_.now();
    for (const NodePtr& node : nodeList) {
        const bool shouldRun = nodeShouldRunDaemonPod(*node, ds).shouldRun;
        auto it = nodeToPods->find(node->metadata().name());
        const bool scheduled = it != nodeToPods->end() && !it->second.empty();
        if (!shouldRun) {
            if (scheduled) ++misscheduled;
            continue;
        }
        ++desired;
        if (!scheduled) continue;
        ++current;
        std::vector<PodPtr> pods = it->second;
        sortPods(pods);
        const core::Pod& pod = *pods.front();
        if (isPodReady(pod)) {
            ++ready;
            if (isPodAvailable(pod, ds.spec().min_ready_seconds(), now)) ++available;
        }
        if (util::isPodUpdated(pod, hash)) ++updated;
    }
    const int32_t unavailable = desired - available;
    const auto& s = ds.status();
    const bool unchanged = s.desired_number_scheduled() == desired && s.current_number_scheduled() == current &&
                           s.number_misscheduled() == misscheduled && s.number_ready() == ready &&
                           s.updated_number_scheduled() == updated && s.number_available() == available &&
                           s.number_unavailable() == unavailable &&
                           s.observed_generation() >= ds.metadata().generation();
    if (!unchanged) {
        apps::DaemonSet toUpdate = ds;
        for (int attempt = 0;; ++attempt) {
            auto* st = toUpdate.mutable_status();
            if (updateObservedGen) st->set_observed_generation(ds.metadata().generation());
            st->set_desired_number_scheduled(desired);
            st->set_current_number_scheduled(current);
            st->set_number_misscheduled(misscheduled);
            st->set_number_ready(ready);
            st->set_updated_number_scheduled(updated);
            st->set_number_available(available);
            st->set_number_unavailable(unavailable);
            auto r = client_.update("daemonsets", toUpdate, "status");
            if (r) break;
            // statusUpdateRetries = 1: once more on the latest object, then the queue retries.
            if (attempt >= 1) return r.status();
            auto fresh = client_.get("daemonsets", ds.metadata().namespace_(), ds.metadata().name());
            if (!fresh) return fresh.status();
            toUpdate = static_cast<const apps::DaemonSet&>(**fresh);
        }
    }
    // Ready pods become available minReadySeconds later: look again then.
    if (ds.spec().min_ready_seconds() > 0 && ready != available)
        queue_.addAfter(client::keyOf(ds), std::chrono::seconds(ds.spec().min_ready_seconds()));
    return {};
}

}  // namespace pilothouse::controller::daemon
