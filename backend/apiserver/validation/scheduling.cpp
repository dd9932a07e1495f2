#include "apiserver/validation/scheduling.h"

#include "apiserver/validation/object_meta.h"
#include "apiserver/validation/pod.h"

namespace pilothouse::apiserver::validation {

namespace sched = k8s::io::api::scheduling::v1;

namespace {

// IsKnownSystemPriorityClass: empty string when known, else the error text.
std::string knownSystemPriorityClass(const std::string& name, int32_t value, bool globalDefault) {
    struct System {
        const char* name;
        int32_t value;
    };
    static const System systems[] = {{"system-node-critical", kSystemCriticalPriority + 1000},
                                     {"system-cluster-critical", kSystemCriticalPriority}};
    for (const auto& s : systems) {
        if (name != s.name) continue;
        if (value != s.value) return "value of " + name + " PriorityClass must be " + std::to_string(s.value);
        if (globalDefault) return "globalDefault of " + name + " PriorityClass must be false";
        return {};
    }
    return name + " is not a known system priority class";
}

}  // namespace

ErrorList validatePriorityClass(const sched::PriorityClass& pc) {
    ErrorList errs = validateObjectMeta(pc.metadata(), false, nameIsDNSSubdomain, "metadata");
    if (pc.metadata().name().rfind("system-", 0) == 0) {
        const std::string err = knownSystemPriorityClass(pc.metadata().name(), pc.value(), pc.global_default());
        if (!err.empty())
            errs.push_back(forbidden("metadata.name",
                                     "priority class names with 'system-' prefix are reserved for system use only. error: " + err));
    } else if (pc.value() > kHighestUserDefinablePriority) {
        errs.push_back(forbidden("value", "maximum allowed value of a user defined priority is " +
                                              std::to_string(kHighestUserDefinablePriority)));
    }
    if (pc.has_preemption_policy()) append(errs, validatePreemptionPolicy(pc.preemption_policy(), "preemptionPolicy"));
    return errs;
}

ErrorList validatePriorityClassUpdate(const sched::PriorityClass& pc, const sched::PriorityClass& old) {
    ErrorList errs = validateObjectMetaUpdate(pc.metadata(), old.metadata(), "metadata");
    if (pc.value() != old.value()) errs.push_back(forbidden("value", "may not be changed in an update."));
    const std::string n = pc.has_preemption_policy() ? quote(pc.preemption_policy()) : "null";
    const std::string o = old.has_preemption_policy() ? quote(old.preemption_policy()) : "null";
    append(errs, validateImmutableString(n, o, "preemptionPolicy"));
    return errs;
}

}  // namespace pilothouse::apiserver::validation
