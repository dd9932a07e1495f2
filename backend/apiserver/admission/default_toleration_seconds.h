// DefaultTolerationSeconds (plugin/pkg/admission/defaulttolerationseconds): gives every pod that
// does not already tolerate them the tolerations
//   node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
//   node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
// so that a pod is evicted five minutes after its node fails, not at once. A toleration with the
// same key (or an empty key) and effect NoExecute (or an empty effect) counts as present.
// Mutating; pods on create and update, never their subresources.
#pragma once

#include <cstdint>

#include "apiserver/admission/interface.h"

namespace pilothouse::apiserver::admission {

class DefaultTolerationSeconds final : public MutationInterface {
public:
    static constexpr const char* kPluginName = "DefaultTolerationSeconds";
    static constexpr const char* kTaintNodeNotReady = "node.kubernetes.io/not-ready";
    static constexpr const char* kTaintNodeUnreachable = "node.kubernetes.io/unreachable";

    // --default-not-ready-toleration-seconds / --default-unreachable-toleration-seconds.
    explicit DefaultTolerationSeconds(int64_t notReadySeconds = 300,
                                      int64_t unreachableSeconds = 300)
        : notReadySeconds_(notReadySeconds), unreachableSeconds_(unreachableSeconds) {}

    std::string name() const override { return kPluginName; }
    bool handles(Operation op) const override;
    Status admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                 std::vector<sim::Phrase>* notes) override;

private:
    int64_t notReadySeconds_;
    int64_t unreachableSeconds_;
};

}  // namespace pilothouse::apiserver::admission
