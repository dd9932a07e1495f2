#include "scheduler/plugins/defaultpreemption/pdb_violation.h"

#include <optional>

#include "api/labels.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

PDBSplit splitByPDBViolation(const std::vector<std::shared_ptr<const framework::PodInfo>>& pods,
                             const std::vector<std::shared_ptr<const PodDisruptionBudget>>& pdbs) {
    // Parsed selectors; nullopt for PDBs that select nothing.
    std::vector<std::optional<api::Selector>> selectors;
    std::vector<int64_t> allowed;
    selectors.reserve(pdbs.size());
    for (const auto& pdb : pdbs) {
        allowed.push_back(pdb->status().disruptions_allowed());
        std::optional<api::Selector> sel;
        if (pdb->spec().has_selector()) {
            auto parsed = api::Selector::fromLabelSelector(pdb->spec().selector());
            if (parsed && !parsed->empty()) sel = *parsed;
        }
        selectors.push_back(std::move(sel));
    }

    PDBSplit out;
    for (const auto& info : pods) {
        const framework::Pod& pod = *info->pod;
        bool violated = false;
        if (!pod.metadata().labels().empty()) {
            for (size_t i = 0; i < pdbs.size(); ++i) {
                const PodDisruptionBudget& pdb = *pdbs[i];
                if (pdb.metadata().namespace_() != pod.metadata().namespace_()) continue;
                if (!selectors[i] || !selectors[i]->matches(pod.metadata().labels())) continue;
                if (pdb.status().disrupted_pods().contains(pod.metadata().name())) continue;
                if (--allowed[i] < 0) violated = true;
            }
        }
        (violated ? out.violating : out.nonViolating).push_back(info);
    }
    return out;
}

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
