#include "scheduler/plugins/helper/taints.h"

namespace pilothouse::scheduler::plugins::helper {

bool toleratesTaint(const Toleration& toleration, const Taint& taint) {
    if (!toleration.effect().empty() && toleration.effect() != taint.effect()) return false;
    if (!toleration.key().empty() && toleration.key() != taint.key()) return false;
    const std::string& op = toleration.operator_();
    if (op.empty() || op == "Equal") return toleration.value() == taint.value();
    if (op == "Exists") return true;
    return false;  // an operator the API would have rejected tolerates nothing
}

bool tolerationsTolerateTaint(const Tolerations& tolerations, const Taint& taint) {
    for (const auto& t : tolerations)
        if (toleratesTaint(t, taint)) return true;
    return false;
}

const Taint* findMatchingUntoleratedTaint(const Taints& taints, const Tolerations& tolerations,
                                          const std::function<bool(const Taint&)>& inclusionFilter) {
    for (const auto& taint : taints) {
        if (inclusionFilter && !inclusionFilter(taint)) continue;
        if (!tolerationsTolerateTaint(tolerations, taint)) return &taint;
    }
    return nullptr;
}

bool doNotScheduleTaintsFilter(const Taint& taint) {
    return taint.effect() == kTaintEffectNoSchedule || taint.effect() == kTaintEffectNoExecute;
}

}  // namespace pilothouse::scheduler::plugins::helper
