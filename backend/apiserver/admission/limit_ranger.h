// LimitRanger (plugin/pkg/admission/limitranger): applies the LimitRanges of a pod's namespace.
// Mutating (pods on create): every container and init container gets the `default` (limits) and
// `defaultRequest` (requests) of the LimitRanges' Container items for resources it leaves out, and
// the pod is annotated kubernetes.io/limit-ranger: "LimitRanger plugin set: cpu, memory request
// for container web; cpu limit for container web". A Container item is read with the API's
// defaulting (default from max, defaultRequest from default, then from min).
// Validating (pods on create): Container items bound each container, Pod items the pod's total,
// with upstream's messages (several joined as "[a, b]"), e.g.
//   pods "web" is forbidden: maximum cpu usage per Container is 2, but limit is 3
//   minimum memory usage per Container is 64Mi, but request is 32Mi
//   maximum cpu usage per Pod is 1.  No limit is specified
//   cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000
// Pod updates are not looked at (their containers' resources cannot change).
#pragma once

#include "apiserver/admission/interface.h"

namespace pilothouse::apiserver::admission {

class LimitRanger final : public MutationInterface, public ValidationInterface {
public:
    static constexpr const char* kPluginName = "LimitRanger";
    static constexpr const char* kAnnotation = "kubernetes.io/limit-ranger";

    std::string name() const override { return kPluginName; }
    bool handles(Operation op) const override;
    Status admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                 std::vector<sim::Phrase>* notes) override;
    Status validate(const AdmissionAttributes& attrs, const ObjectLister& lister,
                    std::vector<sim::Phrase>* notes) override;
};

}  // namespace pilothouse::apiserver::admission
