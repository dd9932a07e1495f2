#include "api/poddisruptionbudget.h"

#include "util/rfc3339.h"

namespace pilothouse::api {

namespace policy = k8s::io::api::policy::v1;

bool setStatusCondition(policy::PodDisruptionBudgetStatus* status, const policy::Condition& condition,
                        int64_t nowNanos) {
    policy::Condition* existing = nullptr;
    for (auto& c : *status->mutable_conditions())
        if (c.type() == condition.type()) existing = &c;
    if (!existing) {
        policy::Condition* added = status->add_conditions();
        *added = condition;
        if (added->last_transition_time().empty()) added->set_last_transition_time(rfc3339::format(nowNanos));
        return true;
    }
    bool changed = false;
    if (existing->status() != condition.status()) {
        existing->set_status(condition.status());
        existing->set_last_transition_time(condition.last_transition_time().empty() ? rfc3339::format(nowNanos)
                                                                                    : condition.last_transition_time());
        changed = true;
    }
    if (existing->reason() != condition.reason()) {
        existing->set_reason(condition.reason());
        changed = true;
    }
    if (existing->message() != condition.message()) {
        existing->set_message(condition.message());
        changed = true;
    }
    if (existing->observed_generation() != condition.observed_generation()) {
        existing->set_observed_generation(condition.observed_generation());
        changed = true;
    }
    return changed;
}

void updateDisruptionAllowedCondition(policy::PodDisruptionBudget* pdb, int64_t nowNanos) {
    policy::Condition c;
    c.set_type(kDisruptionAllowedCondition);
    c.set_observed_generation(pdb->status().observed_generation());
    if (pdb->status().disruptions_allowed() > 0) {
        c.set_status("True");
        c.set_reason(kSufficientPodsReason);
    } else {
        c.set_status("False");
        c.set_reason(kInsufficientPodsReason);
    }
    setStatusCondition(pdb->mutable_status(), c, nowNanos);
}

bool conditionsAreUpToDate(const policy::PodDisruptionBudget& pdb) {
    const policy::Condition* cond = nullptr;
    for (const auto& c : pdb.status().conditions())
        if (c.type() == kDisruptionAllowedCondition) cond = &c;
    if (!cond) return false;
    if (pdb.status().observed_generation() != pdb.metadata().generation()) return false;
    if (pdb.status().disruptions_allowed() > 0) return cond->status() == "True" && cond->reason() == kSufficientPodsReason;
    return cond->status() == "False" && cond->reason() == kInsufficientPodsReason;
}

std::optional<Selector> podSelector(const policy::PodDisruptionBudget& pdb) {
    if (!pdb.spec().has_selector()) return std::nullopt;
    auto parsed = Selector::fromLabelSelector(pdb.spec().selector());
    if (!parsed) return std::nullopt;
    return std::move(*parsed);
}

bool selectsPod(const policy::PodDisruptionBudget& pdb, const k8s::io::api::core::v1::Pod& pod) {
    if (pdb.metadata().namespace_() != pod.metadata().namespace_()) return false;
    auto selector = podSelector(pdb);
    return selector && selector->matches(pod.metadata().labels());
}

}  // namespace pilothouse::api
