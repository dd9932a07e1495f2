// Priority (plugin/pkg/admission/priority): resolves a pod's priority from its PriorityClass.
// Mutating, for pods on create:
//  - spec.priorityClassName names the class; with no name, the globalDefault class (the one with
//    the lowest value if several) is used and its name written to the pod, and with no default
//    class the priority is 0 and preemptionPolicy PreemptLowerPriority;
//  - spec.priority and spec.preemptionPolicy are set from the class; a pod that already sets a
//    different value is Forbidden ("the integer value of priority (5) must not be provided in pod
//    spec; priority admission controller computed 1000 from the given PriorityClass name", and the
//    PreemptionPolicy counterpart);
//  - an unknown class is Forbidden: no PriorityClass with name X was found.
// On pod update the previous priority/preemptionPolicy are carried over when left out.
// system-node-critical (2000001000) and system-cluster-critical (2000000000) resolve even when
// no such object is stored (kube-apiserver creates them at start-up).
// Validating, for priorityclasses on create/update: a second globalDefault class is Forbidden
// ("PriorityClass X is already marked as default. Only one default can exist").
#pragma once

#include <optional>
#include <string>

#include "apiserver/admission/interface.h"

namespace k8s::io::api::scheduling::v1 {
class PriorityClass;
}

namespace pilothouse::apiserver::admission {

// What a pod's priority resolves to: from its PriorityClass, the globalDefault class, or neither
// (no class name, value 0, PreemptLowerPriority). `pilothousectl schedule` resolves the pods of a
// snapshot with the same rules (scheduler/snapshot_scheduler.h).
struct ResolvedPriority {
    std::string className;
    int32_t value = 0;
    std::string preemptionPolicy = "PreemptLowerPriority";
};
ResolvedPriority resolvedFrom(const k8s::io::api::scheduling::v1::PriorityClass& pc);
// system-node-critical and system-cluster-critical, which resolve without a stored object.
std::optional<ResolvedPriority> builtInPriorityClass(const std::string& name);
// The Forbidden texts for a pod that sets a value other than its class's.
std::string priorityMismatchMessage(int32_t given, const ResolvedPriority& computed);
std::string preemptionPolicyMismatchMessage(const std::string& given, const ResolvedPriority& computed);

class Priority final : public MutationInterface, public ValidationInterface {
public:
    static constexpr const char* kPluginName = "Priority";
    static constexpr const char* kSystemNodeCritical = "system-node-critical";
    static constexpr const char* kSystemClusterCritical = "system-cluster-critical";
    static constexpr int32_t kSystemNodeCriticalValue = 2000001000;
    static constexpr int32_t kSystemClusterCriticalValue = 2000000000;

    std::string name() const override { return kPluginName; }
    bool handles(Operation op) const override;
    Status admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                 std::vector<sim::Phrase>* notes) override;
    Status validate(const AdmissionAttributes& attrs, const ObjectLister& lister,
                    std::vector<sim::Phrase>* notes) override;
};

}  // namespace pilothouse::apiserver::admission
