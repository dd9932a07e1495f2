#include "apiserver/validation/apps.h"

#include "apiserver/validation/object_meta.h"
#include "apiserver/validation/pod.h"

namespace pilothouse::apiserver::validation {

namespace apps = k8s::io::api::apps::v1;
namespace core = k8s::io::api::core::v1;

namespace {

std::optional<int> percentValue(const IntOrString& v) {
    if (v.type() != 1 || !isValidPercent(v.str_val()).empty()) return std::nullopt;
    const std::string digits = v.str_val().substr(0, v.str_val().size() - 1);
    try {
        return std::stoi(digits);
    } catch (...) {
        return 0;
    }
}

int64_t intOrPercentValue(const IntOrString& v) {
    if (auto p = percentValue(v)) return *p;
    return intOrStringValue(v);
}

PodValidationOptions templateOptions(const core::PodTemplateSpec* oldTemplate) {
    return podValidationOptions(nullptr, oldTemplate ? &oldTemplate->spec() : nullptr,
                                oldTemplate ? &oldTemplate->metadata() : nullptr, false);
}

// ValidatePodTemplateSpecForReplicaSet / ForRC: selector must match, then the full template.
ErrorList validateTemplateForReplicas(const core::PodTemplateSpec& tmpl, bool selectorEmpty, bool matches,
                                      const std::string& path, const std::string& kindName,
                                      const PodValidationOptions& opts) {
    ErrorList errs;
    if (!selectorEmpty && !matches)
        errs.push_back(invalid(child(child(path, "metadata"), "labels"), goStringMap(tmpl.metadata().labels()),
                               "`selector` does not match template `labels`"));
    append(errs, validatePodTemplateSpec(tmpl, path, opts));
    if (tmpl.spec().restart_policy() != "Always")
        errs.push_back(notSupported(child(child(path, "spec"), "restartPolicy"), quote(tmpl.spec().restart_policy()), {"Always"}));
    if (tmpl.spec().has_active_deadline_seconds())
        errs.push_back(forbidden(child(child(path, "spec"), "activeDeadlineSeconds"),
                                 "activeDeadlineSeconds in " + kindName + " is not Supported"));
    return errs;
}

// The selector checks shared by Deployment and ReplicaSet specs; returns whether the template
// part can be validated (LabelSelectorAsSelector succeeded).
ErrorList validateSelectorAndTemplate(bool hasSelector, const LabelSelector& selector, const core::PodTemplateSpec& tmpl,
                                      const std::string& path, const std::string& emptyMsg, const std::string& kindName,
                                      const PodValidationOptions& opts) {
    ErrorList errs;
    const std::string sp = child(path, "selector");
    if (!hasSelector) {
        errs.push_back(required(sp, ""));
    } else {
        append(errs, validateLabelSelector(&selector, sp));
        if (labelSelectorEmpty(selector)) errs.push_back(invalid(sp, goLabelSelector(selector), emptyMsg));
    }
    // LabelSelectorAsSelector(nil) is labels.Nothing(): it converts, matches nothing and is not empty.
    if (hasSelector && !labelSelectorConvertible(selector)) {
        errs.push_back(invalid(sp, goLabelSelector(selector), "invalid label selector"));
    } else {
        const bool empty = hasSelector && labelSelectorEmpty(selector);
        const bool matches = hasSelector && labelSelectorMatches(selector, tmpl.metadata().labels());
        append(errs, validateTemplateForReplicas(tmpl, empty, matches, child(path, "template"), kindName, opts));
    }
    return errs;
}

ErrorList validateDeploymentSpec(const apps::DeploymentSpec& spec, const core::PodTemplateSpec* oldTemplate) {
    const std::string path = "spec";
    const auto opts = templateOptions(oldTemplate);
    ErrorList errs = validateNonnegativeField(spec.has_replicas() ? spec.replicas() : 1, child(path, "replicas"));
    append(errs, validateSelectorAndTemplate(spec.has_selector(), spec.selector(), spec.template_(), path,
                                             "empty selector is invalid for deployment", "ReplicaSet", opts));
    // ValidateDeploymentStrategy
    const std::string stp = child(path, "strategy");
    const auto& st = spec.strategy();
    if (st.type() == "Recreate") {
        if (st.has_rolling_update())
            errs.push_back(forbidden(child(stp, "rollingUpdate"), "may not be specified when strategy `type` is 'Recreate'"));
    } else if (st.type() == "RollingUpdate") {
        if (!st.has_rolling_update()) {
            errs.push_back(required(child(stp, "rollingUpdate"), "this should be defaulted and never be nil"));
        } else {
            const std::string rp = child(stp, "rollingUpdate");
            const auto& ru = st.rolling_update();
            append(errs, validatePositiveIntOrPercent(ru.max_unavailable(), child(rp, "maxUnavailable")));
            append(errs, validatePositiveIntOrPercent(ru.max_surge(), child(rp, "maxSurge")));
            if (intOrPercentValue(ru.max_unavailable()) == 0 && intOrPercentValue(ru.max_surge()) == 0)
                errs.push_back(invalid(child(rp, "maxUnavailable"), goIntOrString(ru.max_unavailable()),
                                       "may not be 0 when `maxSurge` is 0"));
            append(errs, isNotMoreThan100Percent(ru.max_unavailable(), child(rp, "maxUnavailable")));
        }
    } else {
        const std::string rendered =
            "apps.DeploymentStrategy{Type:" + quote(st.type()) + ", RollingUpdate:" +
            (st.has_rolling_update() ? goPointer("*apps.RollingUpdateDeployment") : "(*apps.RollingUpdateDeployment)(nil)") + "}";
        errs.push_back(notSupported(stp, rendered, {"Recreate", "RollingUpdate"}));
    }
    append(errs, validateNonnegativeField(spec.min_ready_seconds(), child(path, "minReadySeconds")));
    if (spec.has_revision_history_limit())
        append(errs, validateNonnegativeField(spec.revision_history_limit(), child(path, "revisionHistoryLimit")));
    if (spec.has_progress_deadline_seconds()) {
        append(errs, validateNonnegativeField(spec.progress_deadline_seconds(), child(path, "progressDeadlineSeconds")));
        if (spec.progress_deadline_seconds() <= spec.min_ready_seconds())
            errs.push_back(invalid(child(path, "progressDeadlineSeconds"), goInt(spec.progress_deadline_seconds()),
                                   "must be greater than minReadySeconds"));
    }
    return errs;
}

ErrorList validateReplicaSetSpec(const apps::ReplicaSetSpec& spec, const core::PodTemplateSpec* oldTemplate) {
    const std::string path = "spec";
    const auto opts = templateOptions(oldTemplate);
    ErrorList errs = validateNonnegativeField(spec.has_replicas() ? spec.replicas() : 1, child(path, "replicas"));
    append(errs, validateNonnegativeField(spec.min_ready_seconds(), child(path, "minReadySeconds")));
    append(errs, validateSelectorAndTemplate(spec.has_selector(), spec.selector(), spec.template_(), path,
                                             "empty selector is invalid for deployment", "ReplicaSet", opts));
    return errs;
}

ErrorList validateStatefulSetSpec(const apps::StatefulSetSpec& spec, const core::PodTemplateSpec* oldTemplate) {
    const std::string path = "spec";
    const auto opts = templateOptions(oldTemplate);
    ErrorList errs;
    const std::string& pmp = spec.pod_management_policy();
    if (pmp.empty()) errs.push_back(required(child(path, "podManagementPolicy"), ""));
    else if (pmp != "OrderedReady" && pmp != "Parallel")
        errs.push_back(invalid(child(path, "podManagementPolicy"), quote(pmp), "must be 'OrderedReady' or 'Parallel'"));
    append(errs, validateNonnegativeField(spec.has_replicas() ? spec.replicas() : 1, child(path, "replicas")));
    append(errs, validateNonnegativeField(spec.min_ready_seconds(), child(path, "minReadySeconds")));
    const std::string sp = child(path, "selector");
    if (!spec.has_selector()) {
        errs.push_back(required(sp, ""));
    } else {
        append(errs, validateLabelSelector(&spec.selector(), sp));
        if (labelSelectorEmpty(spec.selector()))
            errs.push_back(invalid(sp, goLabelSelector(spec.selector()), "empty selector is invalid for statefulset"));
    }
    const auto& tmpl = spec.template_();
    const std::string tp = child(path, "template");
    if (spec.has_selector() && !labelSelectorConvertible(spec.selector())) {
        errs.push_back(invalid(sp, goLabelSelector(spec.selector()), ""));
    } else {
        // ValidatePodTemplateSpecForStatefulSet: v1.28 checks labels and annotations only.
        const bool empty = spec.has_selector() && labelSelectorEmpty(spec.selector());
        const bool matches = spec.has_selector() && labelSelectorMatches(spec.selector(), tmpl.metadata().labels());
        if (!empty && !matches)
            errs.push_back(invalid(child(child(tp, "metadata"), "labels"), goStringMap(tmpl.metadata().labels()),
                                   "`selector` does not match template `labels`"));
        append(errs, validateLabels(tmpl.metadata().labels(), child(tp, "labels")));
        append(errs, validateAnnotations(tmpl.metadata().annotations(), child(tp, "annotations")));
        append(errs, validatePodSpecificAnnotations(tmpl.metadata().annotations(), tmpl.spec(), child(tp, "annotations"), opts));
    }
    if (tmpl.spec().restart_policy() != "Always")
        errs.push_back(notSupported(child(child(tp, "spec"), "restartPolicy"), quote(tmpl.spec().restart_policy()), {"Always"}));
    if (tmpl.spec().has_active_deadline_seconds())
        errs.push_back(forbidden(child(child(tp, "spec"), "activeDeadlineSeconds"), "activeDeadlineSeconds in StatefulSet is not Supported"));
    return errs;
}

// ValidateDaemonSetUpdateStrategy: OnDelete, or RollingUpdate with exactly one of maxUnavailable and
// maxSurge non-zero, both within 0..100%.
ErrorList validateDaemonSetUpdateStrategy(const apps::DaemonSetUpdateStrategy& st, const std::string& path) {
    ErrorList errs;
    if (st.type() == "OnDelete") return errs;
    if (st.type() != "RollingUpdate") {
        const std::string rendered =
            "apps.DaemonSetUpdateStrategy{Type:" + quote(st.type()) + ", RollingUpdate:" +
            (st.has_rolling_update() ? goPointer("*apps.RollingUpdateDaemonSet") : "(*apps.RollingUpdateDaemonSet)(nil)") + "}";
        errs.push_back(notSupported(path, rendered, {"RollingUpdate", "OnDelete"}));
        return errs;
    }
    const std::string rp = child(path, "rollingUpdate");
    if (!st.has_rolling_update()) {
        errs.push_back(required(rp, ""));
        return errs;
    }
    const auto& ru = st.rolling_update();
    append(errs, validatePositiveIntOrPercent(ru.max_unavailable(), child(rp, "maxUnavailable")));
    append(errs, validatePositiveIntOrPercent(ru.max_surge(), child(rp, "maxSurge")));
    append(errs, isNotMoreThan100Percent(ru.max_unavailable(), child(rp, "maxUnavailable")));
    append(errs, isNotMoreThan100Percent(ru.max_surge(), child(rp, "maxSurge")));
    const bool hasUnavailable = intOrPercentValue(ru.max_unavailable()) != 0;
    const bool hasSurge = intOrPercentValue(ru.max_surge()) != 0;
    if (hasUnavailable && hasSurge)
        errs.push_back(invalid(child(rp, "maxSurge"), goIntOrString(ru.max_surge()),
                               "may not be set when maxUnavailable is non-zero"));
    else if (!hasUnavailable && !hasSurge)
        errs.push_back(required(child(rp, "maxUnavailable"), "cannot be 0 when maxSurge is 0"));
    return errs;
}

ErrorList validateDaemonSetSpec(const apps::DaemonSetSpec& spec, const core::PodTemplateSpec* oldTemplate) {
    const std::string path = "spec";
    auto opts = templateOptions(oldTemplate);
    ErrorList errs;
    const std::string sp = child(path, "selector");
    if (spec.has_selector()) append(errs, validateLabelSelector(&spec.selector(), sp));
    const auto& tmpl = spec.template_();
    const std::string tp = child(path, "template");
    // LabelSelectorAsSelector(nil) matches nothing.
    if (!spec.has_selector() || (labelSelectorConvertible(spec.selector()) &&
                                 !labelSelectorMatches(spec.selector(), tmpl.metadata().labels())))
        errs.push_back(invalid(child(child(tp, "metadata"), "labels"), goStringMap(tmpl.metadata().labels()),
                               "`selector` does not match template `labels`"));
    if (spec.has_selector() && labelSelectorEmpty(spec.selector()))
        errs.push_back(invalid(sp, goLabelSelector(spec.selector()), "empty selector is invalid for daemonset"));
    append(errs, validatePodTemplateSpec(tmpl, tp, opts));
    if (tmpl.spec().restart_policy() != "Always")
        errs.push_back(notSupported(child(child(tp, "spec"), "restartPolicy"), quote(tmpl.spec().restart_policy()), {"Always"}));
    if (tmpl.spec().has_active_deadline_seconds())
        errs.push_back(forbidden(child(child(tp, "spec"), "activeDeadlineSeconds"), "activeDeadlineSeconds in DaemonSet is not Supported"));
    append(errs, validateNonnegativeField(spec.min_ready_seconds(), child(path, "minReadySeconds")));
    append(errs, validateDaemonSetUpdateStrategy(spec.update_strategy(), child(path, "updateStrategy")));
    if (spec.has_revision_history_limit())
        append(errs, validateNonnegativeField(spec.revision_history_limit(), child(path, "revisionHistoryLimit")));
    return errs;
}

ErrorList selectorImmutable(bool newHas, const LabelSelector& newSel, bool oldHas, const LabelSelector& oldSel) {
    const std::string n = newHas ? goLabelSelector(newSel) : "null";
    const std::string o = oldHas ? goLabelSelector(oldSel) : "null";
    if (newHas && oldHas && semanticEqual(newSel, oldSel)) return {};
    return validateImmutableString(n, o, "spec.selector");
}

ErrorList replicaStatus(int64_t replicas, int64_t fully, int64_t ready, int64_t available, int64_t observed,
                        const std::string& path, bool withFully) {
    ErrorList errs;
    append(errs, validateNonnegativeField(replicas, child(path, "replicas")));
    if (withFully) append(errs, validateNonnegativeField(fully, child(path, "fullyLabeledReplicas")));
    append(errs, validateNonnegativeField(ready, child(path, "readyReplicas")));
    append(errs, validateNonnegativeField(available, child(path, "availableReplicas")));
    append(errs, validateNonnegativeField(observed, child(path, "observedGeneration")));
    const char* msg = "cannot be greater than status.replicas";
    if (withFully && fully > replicas) errs.push_back(invalid(child(path, "fullyLabeledReplicas"), goInt(fully), msg));
    if (ready > replicas) errs.push_back(invalid(child(path, "readyReplicas"), goInt(ready), msg));
    if (available > replicas) errs.push_back(invalid(child(path, "availableReplicas"), goInt(available), msg));
    if (available > ready) errs.push_back(invalid(child(path, "availableReplicas"), goInt(available), "cannot be greater than readyReplicas"));
    return errs;
}

}  // namespace

ErrorList validatePositiveIntOrPercent(const IntOrString& v, const std::string& path) {
    ErrorList errs;
    if (v.type() == 1) {
        for (const auto& m : isValidPercent(v.str_val())) errs.push_back(invalid(path, goIntOrString(v), m));
    } else if (v.type() == 0) {
        append(errs, validateNonnegativeField(intOrStringValue(v), path));
    } else {
        errs.push_back(invalid(path, goIntOrString(v), "must be an integer or percentage (e.g '5%%')"));
    }
    return errs;
}

ErrorList isNotMoreThan100Percent(const IntOrString& v, const std::string& path) {
    auto p = percentValue(v);
    if (!p || *p <= 100) return {};
    return {invalid(path, goIntOrString(v), "must not be greater than 100%")};
}

// ---- Deployment ----

ErrorList validateDeployment(const apps::Deployment& d) {
    ErrorList errs = validateObjectMeta(d.metadata(), true, nameIsDNSSubdomain, "metadata");
    append(errs, validateDeploymentSpec(d.spec(), nullptr));
    return errs;
}

ErrorList validateDeploymentUpdate(const apps::Deployment& d, const apps::Deployment& old) {
    ErrorList errs = validateObjectMetaUpdate(d.metadata(), old.metadata(), "metadata");
    append(errs, validateDeploymentSpec(d.spec(), &old.spec().template_()));
    append(errs, selectorImmutable(d.spec().has_selector(), d.spec().selector(), old.spec().has_selector(), old.spec().selector()));
    return errs;
}

ErrorList validateDeploymentStatusUpdate(const apps::Deployment& d, const apps::Deployment& old) {
    ErrorList errs = validateObjectMetaUpdate(d.metadata(), old.metadata(), "metadata");
    const std::string p = "status";
    const auto& s = d.status();
    append(errs, validateNonnegativeField(s.observed_generation(), child(p, "observedGeneration")));
    append(errs, validateNonnegativeField(s.replicas(), child(p, "replicas")));
    append(errs, validateNonnegativeField(s.updated_replicas(), child(p, "updatedReplicas")));
    append(errs, validateNonnegativeField(s.ready_replicas(), child(p, "readyReplicas")));
    append(errs, validateNonnegativeField(s.available_replicas(), child(p, "availableReplicas")));
    append(errs, validateNonnegativeField(s.unavailable_replicas(), child(p, "unavailableReplicas")));
    if (s.has_collision_count()) append(errs, validateNonnegativeField(s.collision_count(), child(p, "collisionCount")));
    const char* msg = "cannot be greater than status.replicas";
    if (s.updated_replicas() > s.replicas()) errs.push_back(invalid(child(p, "updatedReplicas"), goInt(s.updated_replicas()), msg));
    if (s.ready_replicas() > s.replicas()) errs.push_back(invalid(child(p, "readyReplicas"), goInt(s.ready_replicas()), msg));
    if (s.available_replicas() > s.replicas()) errs.push_back(invalid(child(p, "availableReplicas"), goInt(s.available_replicas()), msg));
    if (s.available_replicas() > s.ready_replicas())
        errs.push_back(invalid(child(p, "availableReplicas"), goInt(s.available_replicas()), "cannot be greater than readyReplicas"));
    const auto& o = old.status();
    if ((!s.has_collision_count() && o.has_collision_count()) ||
        (s.has_collision_count() && o.has_collision_count() && s.collision_count() < o.collision_count()))
        errs.push_back(invalid(child(p, "collisionCount"), goInt(s.has_collision_count() ? s.collision_count() : 0), "cannot be decremented"));
    return errs;
}

// ---- ReplicaSet ----

ErrorList validateReplicaSet(const apps::ReplicaSet& rs) {
    ErrorList errs = validateObjectMeta(rs.metadata(), true, nameIsDNSSubdomain, "metadata");
    append(errs, validateReplicaSetSpec(rs.spec(), nullptr));
    return errs;
}

ErrorList validateReplicaSetUpdate(const apps::ReplicaSet& rs, const apps::ReplicaSet& old) {
    ErrorList errs = validateObjectMetaUpdate(rs.metadata(), old.metadata(), "metadata");
    append(errs, validateReplicaSetSpec(rs.spec(), &old.spec().template_()));
    append(errs, selectorImmutable(rs.spec().has_selector(), rs.spec().selector(), old.spec().has_selector(), old.spec().selector()));
    return errs;
}

ErrorList validateReplicaSetStatusUpdate(const apps::ReplicaSet& rs, const apps::ReplicaSet& old) {
    ErrorList errs = validateObjectMetaUpdate(rs.metadata(), old.metadata(), "metadata");
    const auto& s = rs.status();
    append(errs, replicaStatus(s.replicas(), s.fully_labeled_replicas(), s.ready_replicas(), s.available_replicas(),
                               s.observed_generation(), "status", true));
    return errs;
}

// ---- StatefulSet ----

ErrorList validateStatefulSet(const apps::StatefulSet& ss) {
    ErrorList errs = validateObjectMeta(ss.metadata(), true, nameIsDNSLabel, "metadata");
    append(errs, validateStatefulSetSpec(ss.spec(), nullptr));
    return errs;
}

ErrorList validateStatefulSetUpdate(const apps::StatefulSet& ss, const apps::StatefulSet& old) {
    ErrorList errs = validateObjectMetaUpdate(ss.metadata(), old.metadata(), "metadata");
    append(errs, validateStatefulSetSpec(ss.spec(), &old.spec().template_()));
    apps::StatefulSetSpec clone = ss.spec();
    if (old.spec().has_replicas()) clone.set_replicas(old.spec().replicas());
    else clone.clear_replicas();
    *clone.mutable_template_() = old.spec().template_();
    clone.set_min_ready_seconds(old.spec().min_ready_seconds());
    if (!semanticEqual(clone, old.spec()))
        errs.push_back(forbidden("spec", "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', "
                                         "'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"));
    return errs;
}

ErrorList validateStatefulSetStatusUpdate(const apps::StatefulSet& ss, const apps::StatefulSet& old) {
    ErrorList errs;
    const std::string p = "status";
    const auto& s = ss.status();
    append(errs, validateNonnegativeField(s.replicas(), child(p, "replicas")));
    append(errs, validateNonnegativeField(s.ready_replicas(), child(p, "readyReplicas")));
    append(errs, validateNonnegativeField(s.current_replicas(), child(p, "currentReplicas")));
    append(errs, validateNonnegativeField(s.updated_replicas(), child(p, "updatedReplicas")));
    append(errs, validateNonnegativeField(s.available_replicas(), child(p, "availableReplicas")));
    append(errs, validateNonnegativeField(s.observed_generation(), child(p, "observedGeneration")));
    const char* msg = "cannot be greater than status.replicas";
    if (s.ready_replicas() > s.replicas()) errs.push_back(invalid(child(p, "readyReplicas"), goInt(s.ready_replicas()), msg));
    if (s.current_replicas() > s.replicas()) errs.push_back(invalid(child(p, "currentReplicas"), goInt(s.current_replicas()), msg));
    if (s.updated_replicas() > s.replicas()) errs.push_back(invalid(child(p, "updatedReplicas"), goInt(s.updated_replicas()), msg));
    if (s.available_replicas() > s.replicas()) errs.push_back(invalid(child(p, "availableReplicas"), goInt(s.available_replicas()), msg));
    if (s.available_replicas() > s.ready_replicas())
        errs.push_back(invalid(child(p, "availableReplicas"), goInt(s.available_replicas()), "cannot be greater than status.readyReplicas"));
    append(errs, validateObjectMetaUpdate(ss.metadata(), old.metadata(), "metadata"));
    return errs;
}

// ---- DaemonSet ----

ErrorList validateDaemonSet(const apps::DaemonSet& ds) {
    ErrorList errs = validateObjectMeta(ds.metadata(), true, nameIsDNSSubdomain, "metadata");
    append(errs, validateDaemonSetSpec(ds.spec(), nullptr));
    return errs;
}

ErrorList validateDaemonSetUpdate(const apps::DaemonSet& ds, const apps::DaemonSet& old) {
    ErrorList errs = validateObjectMetaUpdate(ds.metadata(), old.metadata(), "metadata");
    append(errs, validateDaemonSetSpec(ds.spec(), &old.spec().template_()));
    append(errs, selectorImmutable(ds.spec().has_selector(), ds.spec().selector(), old.spec().has_selector(), old.spec().selector()));
    return errs;
}

ErrorList validateDaemonSetStatusUpdate(const apps::DaemonSet& ds, const apps::DaemonSet& old) {
    ErrorList errs = validateObjectMetaUpdate(ds.metadata(), old.metadata(), "metadata");
    const std::string p = "status";
    const auto& s = ds.status();
    append(errs, validateNonnegativeField(s.current_number_scheduled(), child(p, "currentNumberScheduled")));
    append(errs, validateNonnegativeField(s.number_misscheduled(), child(p, "numberMisscheduled")));
    append(errs, validateNonnegativeField(s.desired_number_scheduled(), child(p, "desiredNumberScheduled")));
    append(errs, validateNonnegativeField(s.number_ready(), child(p, "numberReady")));
    append(errs, validateNonnegativeField(s.observed_generation(), child(p, "observedGeneration")));
    append(errs, validateNonnegativeField(s.updated_number_scheduled(), child(p, "updatedNumberScheduled")));
    append(errs, validateNonnegativeField(s.number_available(), child(p, "numberAvailable")));
    append(errs, validateNonnegativeField(s.number_unavailable(), child(p, "numberUnavailable")));
    if (s.has_collision_count())
        append(errs, validateNonnegativeField(s.collision_count(), child(p, "collisionCount")));
    // apivalidation.IsDecremented: a collision count may grow, never shrink or go away.
    const int64_t oldCount = old.status().has_collision_count() ? old.status().collision_count() : -1;
    const int64_t newCount = s.has_collision_count() ? s.collision_count() : -1;
    if (old.status().has_collision_count() && newCount < oldCount)
        errs.push_back(invalid(child(p, "collisionCount"), goInt(s.has_collision_count() ? s.collision_count() : 0),
                               "cannot be decremented"));
    return errs;
}

// ---- ControllerRevision ----

ErrorList validateControllerRevision(const apps::ControllerRevision& revision) {
    ErrorList errs = validateObjectMeta(revision.metadata(), true, nameIsDNSSubdomain, "metadata");
    if (revision.data().empty()) errs.push_back(required("data", "data is mandatory"));
    append(errs, validateNonnegativeField(revision.revision(), "revision"));
    return errs;
}

ErrorList validateControllerRevisionUpdate(const apps::ControllerRevision& revision, const apps::ControllerRevision& old) {
    ErrorList errs = validateObjectMetaUpdate(revision.metadata(), old.metadata(), "metadata");
    append(errs, validateControllerRevision(revision));
    if (revision.data() != old.data())
        errs.push_back(invalid("data", "runtime.RawExtension{Raw:[]uint8{...}, Object:runtime.Object(nil)}",
                               "field is immutable"));
    return errs;
}

// ---- ReplicationController ----

namespace {
ErrorList validateRCSpec(const core::ReplicationControllerSpec& spec, const core::PodTemplateSpec* oldTemplate) {
    const std::string path = "spec";
    ErrorList errs = validateNonnegativeField(spec.min_ready_seconds(), child(path, "minReadySeconds"));
    if (spec.selector().empty()) errs.push_back(required(child(path, "selector"), ""));
    append(errs, validateNonnegativeField(spec.has_replicas() ? spec.replicas() : 1, child(path, "replicas")));
    const std::string tp = child(path, "template");
    if (!spec.has_template_()) {
        errs.push_back(required(tp, ""));
        return errs;
    }
    bool matches = true;
    for (const auto& [k, v] : spec.selector()) {
        auto it = spec.template_().metadata().labels().find(k);
        if (it == spec.template_().metadata().labels().end() || it->second != v) matches = false;
    }
    append(errs, validateTemplateForReplicas(spec.template_(), spec.selector().empty(), matches, tp,
                                             "ReplicationController", templateOptions(oldTemplate)));
    return errs;
}
}  // namespace

ErrorList validateReplicationController(const core::ReplicationController& rc) {
    ErrorList errs = validateObjectMeta(rc.metadata(), true, nameIsDNSSubdomain, "metadata");
    append(errs, validateRCSpec(rc.spec(), nullptr));
    return errs;
}

ErrorList validateReplicationControllerUpdate(const core::ReplicationController& rc, const core::ReplicationController& old) {
    ErrorList errs = validateObjectMetaUpdate(rc.metadata(), old.metadata(), "metadata");
    append(errs, validateRCSpec(rc.spec(), old.spec().has_template_() ? &old.spec().template_() : nullptr));
    return errs;
}

ErrorList validateReplicationControllerStatusUpdate(const core::ReplicationController& rc,
                                                    const core::ReplicationController& old) {
    ErrorList errs = validateObjectMetaUpdate(rc.metadata(), old.metadata(), "metadata");
    const auto& s = rc.status();
    append(errs, replicaStatus(s.replicas(), s.fully_labeled_replicas(), s.ready_replicas(), s.available_replicas(),
                               s.observed_generation(), "status", true));
    return errs;
}

}  // namespace pilothouse::apiserver::validation
