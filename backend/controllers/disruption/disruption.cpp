#include "controllers/disruption/disruption.h"

#include "api/intstr.h"
#include "api/object.h"
#include "api/pod_conditions.h"
#include "api/poddisruptionbudget.h"
#include "api/scheme.h"
#include "apps_v1.pb.h"

namespace pilothouse::controller::disruption {

namespace apps = k8s::io::api::apps::v1;

namespace {

// schema.ParseGroupVersion of an owner reference's apiVersion: {group, version}.
StatusOr<std::pair<std::string, std::string>> parseGroupVersion(const std::string& apiVersion) {
    if (apiVersion.empty() || apiVersion == "/") return std::pair<std::string, std::string>{};
    const size_t slash = apiVersion.find('/');
    if (slash == std::string::npos) return std::pair<std::string, std::string>{"", apiVersion};
    if (apiVersion.find('/', slash + 1) != std::string::npos)
        return Status(StatusCode::InvalidArgument, "unexpected GroupVersion string: " + apiVersion);
    return std::pair<std::string, std::string>{apiVersion.substr(0, slash), apiVersion.substr(slash + 1)};
}

// verifyGroupKind: the reference is to `kind` in one of `groups`.
StatusOr<bool> isGroupKind(const metav1::OwnerReference& ref, const std::string& kind,
                           std::initializer_list<const char*> groups) {
    auto gv = parseGroupVersion(ref.api_version());
    if (!gv) return gv.status();
    if (ref.kind() != kind) return false;
    for (const char* g : groups)
        if (gv->first == g) return true;
    return false;
}

template <typename T>
int32_t specReplicas(const T& object) {
    return object.spec().has_replicas() ? object.spec().replicas() : 1;
}

// Go's %v of a *metav1.LabelSelector (its generated String()), as the UnmanagedPods event prints it.
std::string goLabelSelector(const policy::PodDisruptionBudget& pdb) {
    if (!pdb.spec().has_selector()) return "nil";
    const auto& sel = pdb.spec().selector();
    std::string expressions = "[]LabelSelectorRequirement{";
    for (const auto& r : sel.match_expressions()) {
        std::string values = "[";
        for (int i = 0; i < r.values_size(); ++i) values += (i ? " " : "") + r.values(i);
        values += "]";
        expressions += "LabelSelectorRequirement{Key:" + r.key() + ",Operator:" + r.operator_() + ",Values:" + values + ",},";
    }
    expressions += "}";
    std::map<std::string, std::string> sorted(sel.match_labels().begin(), sel.match_labels().end());
    std::string labels = "map[string]string{";
    for (const auto& [k, v] : sorted) labels += k + ": " + v + ",";
    labels += "}";
    return "&LabelSelector{MatchLabels:" + labels + ",MatchExpressions:" + expressions + ",}";
}

bool sameDisruptedPods(const google::protobuf::Map<std::string, std::string>& a, const std::map<std::string, std::string>& b) {
    if (a.size() != b.size()) return false;
    for (const auto& [k, v] : b) {
        auto it = a.find(k);
        if (it == a.end() || it->second != v) return false;
    }
    return true;
}

bool isTerminalPhase(const std::string& phase) { return phase == "Succeeded" || phase == "Failed"; }

}  // namespace

DisruptionController::DisruptionController(apiserver::APIServer& server, const sim::Clock& clock,
                                           DisruptionControllerOptions options)
    : clock_(clock),
      options_(std::move(options)),
      client_(server, options_.token),
      informers_(options_.informers ? options_.informers : std::make_shared<client::SharedInformerFactory>(server, options_.token)),
      podInformer_(informers_->informerFor(resourceType("pods"))),
      pdbInformer_(informers_->informerFor(resourceType("poddisruptionbudgets"))),
      rcInformer_(informers_->informerFor(resourceType("replicationcontrollers"))),
      rsInformer_(informers_->informerFor(resourceType("replicasets"))),
      deploymentInformer_(informers_->informerFor(resourceType("deployments"))),
      statefulSetInformer_(informers_->informerFor(resourceType("statefulsets"))),
      queue_(clock),
      recheckQueue_(clock),
      stalePodDisruptionQueue_(clock),
      recorder_(server, clock, "controllermanager", "", options_.token) {}

Status DisruptionController::start() {
    setResyncPeriod(clock_, options_.resyncPeriod,
                    {&podInformer_, &pdbInformer_, &rcInformer_, &rsInformer_, &deploymentInformer_, &statefulSetInformer_});
    const auto enqueue = [this](const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); };
    pdbInformer_.addHandlers({enqueue, [enqueue](const client::ObjectPtr&, const client::ObjectPtr& o) { enqueue(o); },
                              enqueue});
    podInformer_.addHandlers({
        [this](const client::ObjectPtr& o) {
            const auto& pod = static_cast<const core::Pod&>(*o);
            enqueuePdbForPod(pod);
            checkStaleDisruption(pod);
        },
        [this](const client::ObjectPtr&, const client::ObjectPtr& o) {
            const auto& pod = static_cast<const core::Pod&>(*o);
            enqueuePdbForPod(pod);
            checkStaleDisruption(pod);
        },
        [this](const client::ObjectPtr& o) { enqueuePdbForPod(static_cast<const core::Pod&>(*o)); },
    });
    // The workload informers are listers only: their changes reach the budgets through the pods.
    for (client::Informer* informer :
         {&rcInformer_, &rsInformer_, &deploymentInformer_, &statefulSetInformer_, &pdbInformer_, &podInformer_})
        PH_RETURN_IF_ERROR(informer->start());
    return {};
}

std::optional<sim::Time> DisruptionController::nextWakeup() const {
    return earliest({queue_.nextReadyTime(), recheckQueue_.nextReadyTime(), stalePodDisruptionQueue_.nextReadyTime(),
                     nextResync({&podInformer_, &pdbInformer_, &rcInformer_, &rsInformer_, &deploymentInformer_,
                                 &statefulSetInformer_})});
}

StatusOr<bool> DisruptionController::reconcile() {
    bool did = false;
    for (;;) {
        size_t applied = 0;
        for (client::Informer* informer :
             {&rcInformer_, &rsInformer_, &deploymentInformer_, &statefulSetInformer_, &pdbInformer_, &podInformer_}) {
            auto n = informer->sync();
            if (!n) return n.status();
            applied += *n;
        }
        did = did || applied > 0;
        // The recheck worker hands due budgets to the main queue, rate-limited.
        bool worked = false;
        while (auto key = recheckQueue_.get()) {
            queue_.addRateLimited(*key);
            worked = true;
        }
        if (queue_.processNext([this](const std::string& key) { return sync(key); })) worked = true;
        if (stalePodDisruptionQueue_.processNext([this](const std::string& key) { return syncStalePodDisruption(key); }))
            worked = true;
        if (!worked) break;
        did = true;
    }
    return did;
}

// ---- event handlers ----

const policy::PodDisruptionBudget* DisruptionController::pdbForPod(const core::Pod& pod) {
    // The lister's GetPodPodDisruptionBudgets, in key order.
    std::vector<const policy::PodDisruptionBudget*> pdbs;
    for (const auto& [key, obj] : pdbInformer_.items()) {
        const auto& pdb = static_cast<const policy::PodDisruptionBudget&>(*obj);
        if (api::selectsPod(pdb, pod)) pdbs.push_back(&pdb);
    }
    if (pdbs.empty()) return nullptr;
    if (pdbs.size() > 1)
        (void)recorder_.event(pod, "Warning", "MultiplePodDisruptionBudgets",
                              "Pod \"" + pod.metadata().namespace_() + "\"/\"" + pod.metadata().name() +
                                  "\" matches multiple PodDisruptionBudgets.  Chose \"" + pdbs[0]->metadata().name() +
                                  "\" arbitrarily.");
    return pdbs[0];
}

void DisruptionController::enqueuePdbForPod(const core::Pod& pod) {
    if (const policy::PodDisruptionBudget* pdb = pdbForPod(pod)) queue_.add(client::keyOf(*pdb));
}

std::optional<sim::Duration> DisruptionController::staleDisruptionIn(const core::Pod& pod) const {
    if (pod.metadata().has_deletion_timestamp()) return std::nullopt;
    const core::PodCondition* cond = api::podCondition(pod.status(), api::kDisruptionTarget);
    // The kubelet's own disruption conditions never go stale, nor those of finished pods.
    if (!cond || cond->status() != "True" || cond->reason() == "TerminationByKubelet" ||
        isTerminalPhase(pod.status().phase()))
        return std::nullopt;
    const sim::Time since = sim::fromUnixNanos(parseTime(cond->last_transition_time()));
    const sim::Duration wait = options_.stalePodDisruptionTimeout - (clock_.now() - since);
    return wait < sim::Duration::zero() ? sim::Duration::zero() : wait;
}

void DisruptionController::checkStaleDisruption(const core::Pod& pod) {
    if (auto wait = staleDisruptionIn(pod)) stalePodDisruptionQueue_.addAfter(client::keyOf(pod), *wait);
}

Status DisruptionController::syncStalePodDisruption(const std::string& key) {
    auto pod = podInformer_.getAs<core::Pod>(key);
    if (!pod) return {};
    auto wait = staleDisruptionIn(*pod);
    if (!wait) return {};
    if (*wait > sim::Duration::zero()) {
        stalePodDisruptionQueue_.addAfter(key, *wait);
        return {};
    }
    core::Pod updated = *pod;
    core::PodCondition cond;
    cond.set_type(api::kDisruptionTarget);
    cond.set_status("False");
    if (!api::updatePodCondition(updated.mutable_status(), std::move(cond), clock_.nowUnixNanos())) return {};
    auto written = client_.update("pods", updated, "status");
    return written ? Status() : written.status();
}

// ---- sync ----

Status DisruptionController::sync(const std::string& key) {
    auto pdb = pdbInformer_.getAs<policy::PodDisruptionBudget>(key);
    if (!pdb) return {};  // deleted
    Status st = trySync(*pdb);
    // A lost race is retried as it is; anything else makes the budget safe first.
    if (st.isOk() || isConflict(st)) return st;
    return failSafe(*pdb, st);
}

StatusOr<std::vector<const core::Pod*>> DisruptionController::podsForPdb(const policy::PodDisruptionBudget& pdb) const {
    std::vector<const core::Pod*> pods;
    if (!pdb.spec().has_selector()) return pods;  // a nil selector selects nothing
    auto selector = api::Selector::fromLabelSelector(pdb.spec().selector());
    if (!selector) return selector.status();
    for (const auto& [key, obj] : podInformer_.items()) {
        const auto& pod = static_cast<const core::Pod&>(*obj);
        if (pod.metadata().namespace_() == pdb.metadata().namespace_() && selector->matches(pod.metadata().labels()))
            pods.push_back(&pod);
    }
    return pods;
}

Status DisruptionController::trySync(const policy::PodDisruptionBudget& pdb) {
    auto pods = podsForPdb(pdb);
    if (!pods) {
        (void)recorder_.event(pdb, "Warning", "NoPods", "Failed to get pods: " + pods.status().message());
        return pods.status();
    }
    if (pods->empty()) (void)recorder_.event(pdb, "Normal", "NoPods", "No matching pods found");

    auto expected = expectedPodCount(pdb, *pods);
    if (!expected) {
        (void)recorder_.event(pdb, "Warning", "CalculateExpectedPodCountFailed",
                              "Failed to calculate the number of expected pods: " + expected.status().message());
        return expected.status();
    }
    if (!expected->unmanagedPods.empty())
        (void)recorder_.event(pdb, "Warning", "UnmanagedPods",
                              "Pods selected by this PodDisruptionBudget (selector: " + goLabelSelector(pdb) +
                                  ") were found to be unmanaged. As a result, the status of the PDB cannot be calculated "
                                  "correctly, which may result in undefined behavior. To account for these pods please "
                                  "set \".spec.minAvailable\" field of the PDB to an integer value.");

    const sim::Time now = clock_.now();
    auto [disruptedPods, recheckTime] = buildDisruptedPodMap(*pods, pdb, now);
    int32_t currentHealthy = 0;
    for (const core::Pod* pod : *pods) {
        if (pod->metadata().has_deletion_timestamp()) continue;  // being deleted
        if (auto it = disruptedPods.find(pod->metadata().name()); it != disruptedPods.end() &&
            sim::fromUnixNanos(parseTime(it->second)) + kDeletionTimeout > now)
            continue;  // its eviction was granted: expected to go soon
        if (api::isPodReady(*pod)) ++currentHealthy;
    }
    Status st = updatePdbStatus(pdb, currentHealthy, expected->desiredHealthy, expected->expectedCount, disruptedPods);
    if (st.isOk() && recheckTime) recheckQueue_.addAfter(client::keyOf(pdb), *recheckTime - now);
    return st;
}

StatusOr<DisruptionController::ExpectedCount> DisruptionController::expectedPodCount(
    const policy::PodDisruptionBudget& pdb, const std::vector<const core::Pod*>& pods) const {
    ExpectedCount out;
    const auto& spec = pdb.spec();
    if (spec.has_max_unavailable()) {
        auto scale = expectedScale(pods);
        if (!scale) return scale.status();
        out.expectedCount = scale->first;
        out.unmanagedPods = std::move(scale->second);
        auto maxUnavailable = api::scaledValueFromIntOrPercent(spec.max_unavailable(), out.expectedCount, true);
        if (!maxUnavailable) return maxUnavailable.status();
        out.desiredHealthy = std::max(0, out.expectedCount - *maxUnavailable);
    } else if (spec.has_min_available()) {
        if (spec.min_available().type() == 0) {
            out.desiredHealthy = spec.min_available().int_val();
            out.expectedCount = static_cast<int32_t>(pods.size());
        } else {
            auto scale = expectedScale(pods);
            if (!scale) return scale.status();
            out.expectedCount = scale->first;
            out.unmanagedPods = std::move(scale->second);
            auto minAvailable = api::scaledValueFromIntOrPercent(spec.min_available(), out.expectedCount, true);
            if (!minAvailable) return minAvailable.status();
            out.desiredHealthy = *minAvailable;
        }
    }
    return out;
}

StatusOr<std::pair<int32_t, std::vector<std::string>>> DisruptionController::expectedScale(
    const std::vector<const core::Pod*>& pods) const {
    // The denominator of a percentage: the scale of every controller of the budget's pods, each once.
    std::map<std::string, int32_t> controllerScale;  // controller uid -> scale
    std::vector<std::string> unmanaged;
    for (const core::Pod* pod : pods) {
        const metav1::OwnerReference* ref = getControllerOf(pod->metadata());
        if (!ref) {
            unmanaged.push_back(pod->metadata().name());
            continue;
        }
        if (controllerScale.contains(ref->uid())) continue;
        auto found = findController(*ref, pod->metadata().namespace_());
        if (!found) return found.status();
        if (!*found) return Status(StatusCode::FailedPrecondition, "found no controllers for pod \"" + pod->metadata().name() + "\"");
        controllerScale[(*found)->uid] = (*found)->scale;
    }
    int32_t expected = 0;
    for (const auto& [uid, scale] : controllerScale) expected += scale;
    return std::make_pair(expected, std::move(unmanaged));
}

StatusOr<std::optional<DisruptionController::ControllerScale>> DisruptionController::findController(
    const metav1::OwnerReference& ref, const std::string& ns) const {
    using Found = std::optional<ControllerScale>;
    // getPodReplicationController
    auto isRC = isGroupKind(ref, "ReplicationController", {""});
    if (!isRC) return isRC.status();
    if (*isRC) {
        auto rc = rcInformer_.getAs<core::ReplicationController>(ns + "/" + ref.name());
        if (rc && rc->metadata().uid() == ref.uid()) return Found(ControllerScale{rc->metadata().uid(), specReplicas(*rc)});
    }
    auto isRS = isGroupKind(ref, "ReplicaSet", {"apps", "extensions"});
    if (!isRS) return isRS.status();
    if (*isRS) {
        auto rs = rsInformer_.getAs<apps::ReplicaSet>(ns + "/" + ref.name());
        if (rs && rs->metadata().uid() == ref.uid()) {
            const metav1::OwnerReference* rsRef = getControllerOf(rs->metadata());
            // getPodDeployment: a ReplicaSet of a Deployment counts as its Deployment.
            if (rsRef) {
                auto isDeployment = isGroupKind(*rsRef, "Deployment", {"apps", "extensions"});
                if (!isDeployment) return isDeployment.status();
                if (*isDeployment) {
                    auto d = deploymentInformer_.getAs<apps::Deployment>(ns + "/" + rsRef->name());
                    if (d && d->metadata().uid() == rsRef->uid())
                        return Found(ControllerScale{d->metadata().uid(), specReplicas(*d)});
                }
            }
            // getPodReplicaSet: one of its own (not controlled by a Deployment).
            if (!rsRef || rsRef->kind() != "Deployment")
                return Found(ControllerScale{rs->metadata().uid(), specReplicas(*rs)});
        }
    }
    auto isSS = isGroupKind(ref, "StatefulSet", {"apps"});
    if (!isSS) return isSS.status();
    if (*isSS) {
        auto ss = statefulSetInformer_.getAs<apps::StatefulSet>(ns + "/" + ref.name());
        if (ss && ss->metadata().uid() == ref.uid()) return Found(ControllerScale{ss->metadata().uid(), specReplicas(*ss)});
    }
    // getScaleController: any kind with a scale subresource (here: the four workload kinds above,
    // read again through their scale; a ReplicaSet whose Deployment is gone lands here).
    auto gv = parseGroupVersion(ref.api_version());
    if (!gv) return gv.status();
    const api::ResourceType* type = nullptr;
    for (const auto& t : api::Scheme::instance().types())
        if (t.group == gv->first && t.kind == ref.kind()) type = &t;
    if (!type)
        return Status(StatusCode::NotFound, "no matches for kind \"" + ref.kind() + "\" in version \"" +
                                                (gv->first.empty() ? gv->second : gv->first + "/" + gv->second) + "\"");
    const std::string key = ns + "/" + ref.name();
    client::ObjectPtr scaled;
    if (type->resource == "replicasets") scaled = rsInformer_.get(key);
    else if (type->resource == "deployments") scaled = deploymentInformer_.get(key);
    else if (type->resource == "statefulsets") scaled = statefulSetInformer_.get(key);
    else if (type->resource == "replicationcontrollers") scaled = rcInformer_.get(key);
    else return Status(StatusCode::FailedPrecondition, type->qualifiedResource() + " does not implement the scale subresource");
    if (!scaled || api::metadata(*scaled).uid() != ref.uid()) return Found();
    int32_t replicas = 1;
    if (type->resource == "replicasets") replicas = specReplicas(static_cast<const apps::ReplicaSet&>(*scaled));
    else if (type->resource == "deployments") replicas = specReplicas(static_cast<const apps::Deployment&>(*scaled));
    else if (type->resource == "statefulsets") replicas = specReplicas(static_cast<const apps::StatefulSet&>(*scaled));
    else replicas = specReplicas(static_cast<const core::ReplicationController&>(*scaled));
    return Found(ControllerScale{ref.uid(), replicas});
}

std::pair<std::map<std::string, std::string>, std::optional<sim::Time>> DisruptionController::buildDisruptedPodMap(
    const std::vector<const core::Pod*>& pods, const policy::PodDisruptionBudget& pdb, sim::Time now) {
    std::map<std::string, std::string> result;
    std::optional<sim::Time> recheck;
    const auto& disrupted = pdb.status().disrupted_pods();
    if (disrupted.empty()) return {result, recheck};
    for (const core::Pod* pod : pods) {
        if (pod->metadata().has_deletion_timestamp()) continue;  // already being deleted
        auto it = disrupted.find(pod->metadata().name());
        if (it == disrupted.end()) continue;
        const sim::Time expectedDeletion = sim::fromUnixNanos(parseTime(it->second)) + kDeletionTimeout;
        if (expectedDeletion < now) {
            // Upstream prints the budget's namespace twice.
            (void)recorder_.event(*pod, "Warning", "NotDeleted",
                                  "Pod was expected by PDB " + pdb.metadata().namespace_() + "/" +
                                      pdb.metadata().namespace_() + " to be deleted but it wasn't");
        } else {
            if (!recheck || expectedDeletion < *recheck) recheck = expectedDeletion;
            result[pod->metadata().name()] = it->second;
        }
    }
    return {result, recheck};
}

Status DisruptionController::updatePdbStatus(const policy::PodDisruptionBudget& pdb, int32_t currentHealthy,
                                              int32_t desiredHealthy, int32_t expectedCount,
                                              const std::map<std::string, std::string>& disruptedPods) {
    // expectedPods must be above 0, so that a budget that selected nothing so far is safe when its
    // first pods appear before this controller has looked again.
    int32_t disruptionsAllowed = currentHealthy - desiredHealthy;
    if (expectedCount <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
    const auto& st = pdb.status();
    if (st.current_healthy() == currentHealthy && st.desired_healthy() == desiredHealthy &&
        st.expected_pods() == expectedCount && st.disruptions_allowed() == disruptionsAllowed &&
        sameDisruptedPods(st.disrupted_pods(), disruptedPods) && st.observed_generation() == pdb.metadata().generation() &&
        api::conditionsAreUpToDate(pdb))
        return {};
    policy::PodDisruptionBudget updated = pdb;
    auto* status = updated.mutable_status();
    status->set_current_healthy(currentHealthy);
    status->set_desired_healthy(desiredHealthy);
    status->set_expected_pods(expectedCount);
    status->set_disruptions_allowed(disruptionsAllowed);
    status->mutable_disrupted_pods()->clear();
    for (const auto& [pod, time] : disruptedPods) (*status->mutable_disrupted_pods())[pod] = time;
    status->set_observed_generation(pdb.metadata().generation());
    api::updateDisruptionAllowedCondition(&updated, clock_.nowUnixNanos());
    // Not retried here: a Conflict comes back through the work queue.
    auto written = client_.update("poddisruptionbudgets", updated, "status");
    return written ? Status() : written.status();
}

Status DisruptionController::failSafe(const policy::PodDisruptionBudget& pdb, const Status& error) {
    policy::PodDisruptionBudget updated = pdb;
    updated.mutable_status()->set_disruptions_allowed(0);
    policy::Condition cond;
    cond.set_type(api::kDisruptionAllowedCondition);
    cond.set_status("False");
    cond.set_reason(api::kSyncFailedReason);
    cond.set_message(error.message());
    cond.set_observed_generation(updated.status().observed_generation());
    api::setStatusCondition(updated.mutable_status(), cond, clock_.nowUnixNanos());
    auto written = client_.update("poddisruptionbudgets", updated, "status");
    return written ? Status() : written.status();
}

}  // namespace pilothouse::controller::disruption
