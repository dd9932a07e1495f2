#include "apiserver/validation/batch.h"

#include <set>

#include "apiserver/validation/object_meta.h"
#include "apiserver/validation/pod.h"

namespace pilothouse::apiserver::validation {

namespace batch = k8s::io::api::batch::v1;
namespace core = k8s::io::api::core::v1;

namespace {

constexpr int kMaxParallelismForIndexedJob = 100000;

bool isIndexed(const batch::JobSpec& spec) { return spec.has_completion_mode() && spec.completion_mode() == "Indexed"; }

// ValidateHasLabel: the template must carry key=expected.
ErrorList validateHasLabel(const ObjectMeta& meta, const std::string& path, const std::string& key,
                           const std::string& expected) {
    const std::string p = key.empty() ? path : validation::key(child(path, "labels"), key);
    auto it = meta.labels().find(key);
    if (it == meta.labels().end()) return {required(p, expected)};
    if (it->second != expected) return {invalid(p, goStringMap(meta.labels()), "must be '" + expected + "'")};
    return {};
}

// validateGeneratedSelector: without manualSelector, the generated labels and selector must be
// there and name this Job.
ErrorList validateGeneratedSelector(const batch::Job& job) {
    const auto& spec = job.spec();
    if (spec.has_manual_selector() && spec.manual_selector()) return {};
    if (!spec.has_selector()) return {};  // reported by validateJobSpec
    ErrorList errs;
    const std::string& uid = job.metadata().uid();
    if (uid.empty()) errs.push_back(required("metadata.uid", ""));
    const auto& tmeta = spec.template_().metadata();
    const std::string tp = "spec.template.metadata";
    append(errs, validateHasLabel(tmeta, tp, "controller-uid", uid));
    append(errs, validateHasLabel(tmeta, tp, "job-name", job.metadata().name()));
    append(errs, validateHasLabel(tmeta, tp, "batch.kubernetes.io/controller-uid", uid));
    append(errs, validateHasLabel(tmeta, tp, "batch.kubernetes.io/job-name", job.metadata().name()));
    StringMap expected;
    expected["batch.kubernetes.io/controller-uid"] = uid;
    if (labelSelectorConvertible(spec.selector()) && !labelSelectorMatches(spec.selector(), expected))
        errs.push_back(invalid("spec.selector", goLabelSelector(spec.selector()), "`selector` not auto-generated"));
    return errs;
}

// validateJobSpec: counts, completion mode, the template and its restart policy.
ErrorList validateJobSpecFields(const batch::JobSpec& spec, const PodValidationOptions& opts) {
    ErrorList errs;
    const std::string p = "spec";
    if (spec.has_parallelism()) append(errs, validateNonnegativeField(spec.parallelism(), child(p, "parallelism")));
    if (spec.has_completions()) append(errs, validateNonnegativeField(spec.completions(), child(p, "completions")));
    if (spec.has_active_deadline_seconds())
        append(errs, validateNonnegativeField(spec.active_deadline_seconds(), child(p, "activeDeadlineSeconds")));
    if (spec.has_backoff_limit()) append(errs, validateNonnegativeField(spec.backoff_limit(), child(p, "backoffLimit")));
    if (spec.has_ttl_seconds_after_finished())
        append(errs, validateNonnegativeField(spec.ttl_seconds_after_finished(), child(p, "ttlSecondsAfterFinished")));
    if (spec.has_completion_mode()) {
        const std::string& mode = spec.completion_mode();
        if (mode != "NonIndexed" && mode != "Indexed")
            errs.push_back(notSupported(child(p, "completionMode"), quote(mode), {"NonIndexed", "Indexed"}));
        if (mode == "Indexed") {
            if (!spec.has_completions())
                errs.push_back(required(child(p, "completions"), "when completion mode is Indexed"));
            if (spec.has_parallelism() && spec.parallelism() > kMaxParallelismForIndexedJob)
                errs.push_back(invalid(child(p, "parallelism"), goInt(spec.parallelism()),
                                       "must be less than or equal to " + std::to_string(kMaxParallelismForIndexedJob) +
                                           " when completion mode is Indexed"));
        }
    }
    append(errs, validatePodTemplateSpec(spec.template_(), child(p, "template"), opts));
    const std::string& policy = spec.template_().spec().restart_policy();
    if (policy != "OnFailure" && policy != "Never")
        errs.push_back(notSupported("spec.template.spec.restartPolicy", quote(policy), {"OnFailure", "Never"}));
    return errs;
}

// ValidateJobSpec: the above plus the selector and that it selects the template.
ErrorList validateJobSpec(const batch::JobSpec& spec, const PodValidationOptions& opts) {
    ErrorList errs = validateJobSpecFields(spec, opts);
    if (!spec.has_selector()) {
        errs.push_back(required("spec.selector", ""));
    } else {
        append(errs, validateLabelSelector(&spec.selector(), "spec.selector"));
    }
    // LabelSelectorAsSelector(nil) selects nothing.
    if (!spec.has_selector() || labelSelectorConvertible(spec.selector())) {
        const bool matches = spec.has_selector() && labelSelectorMatches(spec.selector(), spec.template_().metadata().labels());
        if (!matches)
            errs.push_back(invalid("spec.template.metadata.labels", goStringMap(spec.template_().metadata().labels()),
                                   "`selector` does not match template `labels`"));
    }
    return errs;
}

PodValidationOptions templateOptions(const core::PodTemplateSpec* oldTemplate) {
    return podValidationOptions(nullptr, oldTemplate ? &oldTemplate->spec() : nullptr,
                                oldTemplate ? &oldTemplate->metadata() : nullptr, false);
}

std::string goOptionalInt(bool has, int64_t v) { return has ? goInt(v) : "null"; }

}  // namespace

ErrorList validateJob(const batch::Job& job) {
    ErrorList errs = validateObjectMeta(job.metadata(), true, nameIsDNSSubdomain, "metadata");
    append(errs, validateGeneratedSelector(job));
    append(errs, validateJobSpec(job.spec(), templateOptions(nullptr)));
    const auto& spec = job.spec();
    if (isIndexed(spec) && spec.has_completions() && spec.completions() > 0) {
        // Indexed pods are named (hostname) "<job>-<index>": the largest must be a DNS label.
        const std::string hostname = job.metadata().name() + "-" + std::to_string(spec.completions() - 1);
        if (!isDNS1123Label(hostname).empty())
            errs.push_back(invalid("metadata.name", quote(job.metadata().name()),
                                   "will not able to create pod with invalid DNS label: " + hostname));
    }
    return errs;
}

ErrorList validateJobUpdate(const batch::Job& job, const batch::Job& old) {
    ErrorList errs = validateObjectMetaUpdate(job.metadata(), old.metadata(), "metadata");
    const auto& spec = job.spec();
    const auto& oldSpec = old.spec();
    append(errs, validateJobSpec(spec, templateOptions(&oldSpec.template_())));
    // Completions: immutable, but an Indexed Job may change it together with parallelism.
    const bool sameCompletions = spec.has_completions() == oldSpec.has_completions() &&
                                 (!spec.has_completions() || spec.completions() == oldSpec.completions());
    if (!sameCompletions) {
        if (!isIndexed(spec)) {
            errs.push_back(invalid("spec.completions", goOptionalInt(spec.has_completions(), spec.completions()),
                                   kFieldImmutableErrorMsg));
        } else if (spec.has_completions() && spec.completions() != spec.parallelism()) {
            errs.push_back(invalid("spec.completions", goInt(spec.completions()),
                                   "can only be modified in tandem with spec.parallelism"));
        }
    }
    if (spec.has_selector() != oldSpec.has_selector() ||
        (spec.has_selector() && !semanticEqual(spec.selector(), oldSpec.selector())))
        append(errs, validateImmutableString(spec.has_selector() ? goLabelSelector(spec.selector()) : "null",
                                             oldSpec.has_selector() ? goLabelSelector(oldSpec.selector()) : "null",
                                             "spec.selector"));
    // The template is immutable; a suspended Job that never started may change where its pods go.
    core::PodTemplateSpec oldTemplate = oldSpec.template_();
    const bool suspended = oldSpec.has_suspend() && oldSpec.suspend();
    if (suspended && old.status().start_time().empty()) {
        const auto& t = spec.template_();
        *oldTemplate.mutable_spec()->mutable_node_selector() = t.spec().node_selector();
        *oldTemplate.mutable_spec()->mutable_tolerations() = t.spec().tolerations();
        *oldTemplate.mutable_metadata()->mutable_annotations() = t.metadata().annotations();
        *oldTemplate.mutable_metadata()->mutable_labels() = t.metadata().labels();
        *oldTemplate.mutable_spec()->mutable_scheduling_gates() = t.spec().scheduling_gates();
        if (t.spec().has_affinity()) {
            *oldTemplate.mutable_spec()->mutable_affinity()->mutable_node_affinity() = t.spec().affinity().node_affinity();
            if (!t.spec().affinity().has_node_affinity()) oldTemplate.mutable_spec()->mutable_affinity()->clear_node_affinity();
        } else if (oldTemplate.spec().has_affinity()) {
            oldTemplate.mutable_spec()->mutable_affinity()->clear_node_affinity();
            if (!oldTemplate.spec().affinity().has_pod_affinity() && !oldTemplate.spec().affinity().has_pod_anti_affinity())
                oldTemplate.mutable_spec()->clear_affinity();
        }
    }
    if (!semanticEqual(spec.template_(), oldTemplate))
        errs.push_back(invalid("spec.template", "core.PodTemplateSpec{...}", kFieldImmutableErrorMsg));
    if (spec.completion_mode() != oldSpec.completion_mode() || spec.has_completion_mode() != oldSpec.has_completion_mode())
        errs.push_back(invalid("spec.completionMode",
                               spec.has_completion_mode() ? quote(spec.completion_mode()) : "null", kFieldImmutableErrorMsg));
    return errs;
}

ErrorList validateJobStatusUpdate(const batch::Job& job, const batch::Job& old) {
    ErrorList errs = validateObjectMetaUpdate(job.metadata(), old.metadata(), "metadata");
    const auto& s = job.status();
    const std::string p = "status";
    append(errs, validateNonnegativeField(s.active(), child(p, "active")));
    append(errs, validateNonnegativeField(s.succeeded(), child(p, "succeeded")));
    append(errs, validateNonnegativeField(s.failed(), child(p, "failed")));
    if (s.has_ready()) append(errs, validateNonnegativeField(s.ready(), child(p, "ready")));
    if (s.has_uncounted_terminated_pods()) {
        const std::string up = child(p, "uncountedTerminatedPods");
        std::set<std::string> seen;
        auto check = [&](const StringList& uids, const char* name) {
            for (int i = 0; i < uids.size(); ++i) {
                const std::string ip = index(child(up, name), i);
                if (uids[i].empty()) errs.push_back(invalid(ip, quote(uids[i]), "must not be empty"));
                else if (!seen.insert(uids[i]).second) errs.push_back(duplicate(ip, quote(uids[i])));
            }
        };
        check(s.uncounted_terminated_pods().succeeded(), "succeeded");
        check(s.uncounted_terminated_pods().failed(), "failed");
    }
    return errs;
}

}  // namespace pilothouse::apiserver::validation
