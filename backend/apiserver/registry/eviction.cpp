#include "apiserver/registry/eviction.h"

#include "api/pod_conditions.h"
#include "api/poddisruptionbudget.h"
#include "apiserver/errors.h"
#include "util/rfc3339.h"

namespace pilothouse::apiserver::registry {

namespace core = k8s::io::api::core::v1;
namespace policy = k8s::io::api::policy::v1;
namespace metav1 = k8s::io::apimachinery::pkg::apis::meta::v1;

namespace {

// EvictionsRetry: how often a conflicting write is tried (upstream waits ~500 ms between tries;
// here the tries follow each other at the same instant).
constexpr int kEvictionsRetrySteps = 20;
// MaxDisruptedPodSize: evictions the controller has not confirmed yet that a budget may hold.
constexpr int kMaxDisruptedPodSize = 2000;

constexpr const char* kViolatesBudget = "Cannot evict pod as it would violate the pod's disruption budget.";

bool isConflict(const Status& s) { return s.reason() == "Conflict"; }

// Go's %v of a []string: "[All]", "[]".
std::string goList(const google::protobuf::RepeatedPtrField<std::string>& values) {
    std::string out = "[";
    for (int i = 0; i < values.size(); ++i) out += (i ? " " : "") + values.Get(i);
    return out + "]";
}

// canIgnorePDB: the pod already stopped counting for its budget (not running yet, finished, or
// on its way out), so deleting it disrupts nothing the budget protects.
bool canIgnorePDB(const core::Pod& pod) {
    const std::string& phase = pod.status().phase();
    return phase == "Succeeded" || phase == "Failed" || phase == "Pending" || pod.metadata().has_deletion_timestamp();
}

// shouldEnforceResourceVersion: a pod that could still become ready (and count) is deleted only
// as it was read.
bool shouldEnforceResourceVersion(const core::Pod& pod) {
    const std::string& phase = pod.status().phase();
    return !(phase == "Succeeded" || phase == "Failed" || pod.metadata().has_deletion_timestamp());
}

bool resourceVersionIsUnset(const policy::DeleteOptions& options) {
    return !options.has_preconditions() || !options.preconditions().has_resource_version();
}

// The 429 for a budget whose status the controller has not caught up with yet.
Status stillBeingProcessed(const std::string& pdbName) {
    Status s = newTooManyRequests(kViolatesBudget, 10);
    s.addCause({api::kDisruptionBudgetCause, "The disruption budget " + pdbName + " is still being processed by the server.", ""});
    return s;
}

// checkAndDecrement: the budget allows one more disruption, which this eviction takes.
Status checkAndDecrement(const std::string& podName, policy::PodDisruptionBudget pdb, const EvictionOptions& options,
                         EvictionStorage& storage) {
    const std::string& name = pdb.metadata().name();
    auto* status = pdb.mutable_status();
    if (status->observed_generation() < pdb.metadata().generation()) return stillBeingProcessed(name);
    if (status->disruptions_allowed() < 0)
        return newForbidden("poddisruptionbudget.policy", name, "pdb disruptions allowed is negative");
    if (status->disrupted_pods_size() > kMaxDisruptedPodSize)
        return newForbidden("poddisruptionbudget.policy", name,
                            "DisruptedPods map too big - too many evictions not confirmed by PDB controller");
    if (status->disruptions_allowed() == 0) {
        Status s = newTooManyRequests(kViolatesBudget, 0);
        s.addCause({api::kDisruptionBudgetCause,
                    "The disruption budget " + name + " needs " + std::to_string(status->desired_healthy()) +
                        " healthy pods and has " + std::to_string(status->current_healthy()) + " currently",
                    ""});
        return s;
    }
    const int32_t before = status->disruptions_allowed();
    status->set_disruptions_allowed(before - 1);
    if (status->disruptions_allowed() == 0) api::updateDisruptionAllowedCondition(&pdb, options.nowNanos);
    storage.note("PodDisruptionBudget " + name, true,
                 "disruptionsAllowed " + std::to_string(before) + " -> " + std::to_string(before - 1) +
                     (options.dryRun ? " (dry run)" : ""));
    if (options.dryRun) return {};
    // Tell the disruption controller the pod is about to go, so it no longer counts it as healthy
    // (until it is deleted, or for at most 2 minutes).
    (*status->mutable_disrupted_pods())[podName] = rfc3339::format(options.nowNanos);
    return storage.updatePodDisruptionBudgetStatus(pdb);
}

// addConditionAndDeletePod: DisruptionTarget=True on the latest pod (checked against the delete's
// preconditions), then the delete; a resourceVersion precondition follows our own status write.
Status addConditionAndDeletePod(const std::string& name, policy::DeleteOptions options, const EvictionOptions& eo,
                                EvictionStorage& storage) {
    if (!eo.dryRun) {
        auto rv = storage.updatePodStatus(name, [&](core::Pod& latest) -> Status {
            if (options.has_preconditions()) {
                const auto& pre = options.preconditions();
                if (pre.has_uid() && !pre.uid().empty() && pre.uid() != latest.metadata().uid())
                    return newConflict("Pod", name,
                                       "the UID in the precondition (" + pre.uid() + ") does not match the UID in record (" +
                                           latest.metadata().uid() + "). The object might have been deleted and then recreated");
                if (pre.has_resource_version() && !pre.resource_version().empty() &&
                    pre.resource_version() != latest.metadata().resource_version())
                    return newConflict("Pod", name,
                                       "the ResourceVersion in the precondition (" + pre.resource_version() +
                                           ") does not match the ResourceVersion in record (" +
                                           latest.metadata().resource_version() + "). The object might have been modified");
            }
            core::PodCondition cond;
            cond.set_type(api::kDisruptionTarget);
            cond.set_status("True");
            cond.set_reason("EvictionByEvictionAPI");
            cond.set_message("Eviction API: evicting");
            api::updatePodCondition(latest.mutable_status(), std::move(cond), eo.nowNanos);
            return {};
        });
        if (!rv) return rv.status();
        if (!resourceVersionIsUnset(options)) options.mutable_preconditions()->set_resource_version(*rv);
    }
    return storage.deletePod(name, options);
}

metav1::Status success() {
    metav1::Status s;
    s.set_api_version("v1");
    s.set_kind("Status");
    s.mutable_metadata();
    s.set_status("Success");
    s.set_code(201);  // the create handler's code for a Status without one
    return s;
}

}  // namespace

StatusOr<metav1::Status> evict(const std::string& name, const policy::Eviction& eviction, const EvictionOptions& options,
                               EvictionStorage& storage) {
    if (name != eviction.metadata().name()) return newBadRequest("name in URL does not match name in Eviction object");
    // propagateDryRun: the request's dryRun goes into the deleteOptions unless they have their own.
    policy::DeleteOptions deleteOptions = eviction.delete_options();
    if (options.dryRun) {
        if (deleteOptions.dry_run().empty()) {
            deleteOptions.add_dry_run("All");
        } else if (deleteOptions.dry_run().size() != 1 || deleteOptions.dry_run(0) != "All") {
            // Not an API error upstream: the handler answers 500 with reason Unknown.
            Status s(StatusCode::Internal, "Non-matching dry-run options in request and content: [All] and " +
                                               goList(deleteOptions.dry_run()));
            s.setReason("Unknown", 500);
            return s;
        }
    }
    EvictionOptions eo = options;
    eo.dryRun = !deleteOptions.dry_run().empty();
    const bool callerSetResourceVersion = !resourceVersionIsUnset(deleteOptions);

    // 1. A pod the budgets can ignore is deleted right away (read again after a lost race, unless
    // the caller pinned a resourceVersion).
    std::unique_ptr<core::Pod> pod;
    for (int attempt = 0; attempt < kEvictionsRetrySteps; ++attempt) {
        auto got = storage.getPod(name);
        if (!got) return got.status();
        pod = std::move(*got);
        if (!canIgnorePDB(*pod)) break;
        policy::DeleteOptions opts = deleteOptions;
        if (shouldEnforceResourceVersion(*pod) && !callerSetResourceVersion)
            opts.mutable_preconditions()->set_resource_version(pod->metadata().resource_version());
        storage.note("pod " + name, true,
                     pod->metadata().has_deletion_timestamp() ? "being deleted: no budget applies"
                                                              : "phase " + pod->status().phase() + ": no budget applies");
        Status st = addConditionAndDeletePod(name, opts, eo, storage);
        if (st.isOk()) return success();
        if (!isConflict(st) || callerSetResourceVersion || attempt + 1 == kEvictionsRetrySteps) return st;
    }

    // 2. The budgets that select the pod.
    auto all = storage.listPodDisruptionBudgets();
    if (!all) return all.status();
    std::vector<std::unique_ptr<policy::PodDisruptionBudget>> pdbs;
    for (auto& pdb : *all)
        if (api::selectsPod(*pdb, *pod)) pdbs.push_back(std::move(pdb));
    if (pdbs.size() > 1) {
        // Upstream returns this as a Failure status with code 500 and no reason.
        Status s(StatusCode::Internal,
                 "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.");
        s.setReason("", 500);
        storage.note("PodDisruptionBudget", false, s.message());
        return s;
    }
    std::string pdbName;
    bool checkedNotCharged = false;  // updateDeletionOptions upstream
    if (pdbs.size() == 1) {
        std::unique_ptr<policy::PodDisruptionBudget> pdb = std::move(pdbs[0]);
        pdbName = pdb->metadata().name();
        if (!api::isPodReady(*pod)) {
            const auto& spec = pdb->spec();
            const bool alwaysAllow =
                spec.has_unhealthy_pod_eviction_policy() && spec.unhealthy_pod_eviction_policy() == "AlwaysAllow";
            const auto& st = pdb->status();
            if (alwaysAllow || (st.current_healthy() >= st.desired_healthy() && st.desired_healthy() > 0)) {
                checkedNotCharged = true;
                storage.note("PodDisruptionBudget " + pdbName, true,
                             alwaysAllow ? "unready pod, unhealthyPodEvictionPolicy AlwaysAllow"
                                         : "unready pod, the budget is met (" + std::to_string(st.current_healthy()) +
                                               " healthy, " + std::to_string(st.desired_healthy()) + " desired)");
            }
        }
        if (!checkedNotCharged) {
            Status st;
            for (int attempt = 0; attempt < kEvictionsRetrySteps; ++attempt) {
                if (attempt > 0) {
                    auto fresh = storage.getPodDisruptionBudget(pdbName);
                    if (!fresh) return fresh.status();
                    pdb = std::move(*fresh);
                }
                st = checkAndDecrement(name, *pdb, eo, storage);
                if (st.isOk() || !isConflict(st)) break;
            }
            if (!st.isOk()) {
                storage.note("PodDisruptionBudget " + pdbName, false,
                             st.message() + (st.causes().empty() ? "" : " " + st.causes()[0].message));
                return st;
            }
        }
    }

    // 3. The delete.
    policy::DeleteOptions opts = deleteOptions;
    if (checkedNotCharged) opts.mutable_preconditions()->set_resource_version(pod->metadata().resource_version());
    Status st = addConditionAndDeletePod(name, opts, eo, storage);
    if (!st.isOk()) {
        // The pod changed since it was checked (it may have become ready): the client tries again.
        if (isConflict(st) && checkedNotCharged && !callerSetResourceVersion) return stillBeingProcessed(pdbName);
        return st;
    }
    return success();
}

}  // namespace pilothouse::apiserver::registry
