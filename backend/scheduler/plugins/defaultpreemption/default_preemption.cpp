#include "scheduler/plugins/defaultpreemption/default_preemption.h"

#include "scheduler/plugins/defaultpreemption/go_sort.h"
#include "scheduler/plugins/defaultpreemption/pod_order.h"

namespace pilothouse::scheduler::plugins::defaultpreemption {

using framework::Code;
using framework::PodInfo;
using framework::Status;

bool podTerminatingByPreemption(const framework::Pod& pod, bool podDisruptionConditions) {
    if (!pod.metadata().has_deletion_timestamp()) return false;
    if (!podDisruptionConditions) return true;
    for (const auto& c : pod.status().conditions())
        if (c.type() == "DisruptionTarget") return c.status() == "True" && c.reason() == "PreemptionByScheduler";
    return false;
}

std::pair<framework::PostFilterResult, Status> DefaultPreemption::postFilter(
    framework::CycleState& state, const framework::Pod& pod, const framework::NodeToStatusMap& filteredNodeStatuses) {
    auto [result, status] = evaluator_.preempt(state, pod, filteredNodeStatuses);
    const std::string msg = status.message();
    if (!msg.empty()) return {result, Status(status.code(), "preemption: " + msg)};
    return {result, status};
}

std::pair<int32_t, int32_t> DefaultPreemption::offsetAndNumCandidates(int32_t numNodes) {
    const auto offset = static_cast<int32_t>(handle_.randomInt(static_cast<uint64_t>(numNodes)));
    return {offset, numCandidates(args_, numNodes)};
}

std::pair<bool, std::string> DefaultPreemption::podEligibleToPreemptOthers(const framework::Pod& pod,
                                                                           const Status* nominatedNodeStatus) {
    if (pod.spec().has_preemption_policy() && pod.spec().preemption_policy() == "Never")
        return {false, "not eligible due to preemptionPolicy=Never."};
    const std::string& nominated = pod.status().nominated_node_name();
    if (!nominated.empty()) {
        // The filters now rule the nominated node out for good: look for another one.
        if (nominatedNodeStatus && nominatedNodeStatus->code() == Code::UnschedulableAndUnresolvable) return {true, ""};
        if (const framework::NodeInfo* node = handle_.snapshot().get(nominated)) {
            const int32_t priority = podPriority(pod);
            for (const auto& p : node->pods())
                if (podPriority(*p->pod) < priority && podTerminatingByPreemption(*p->pod, gates_.podDisruptionConditions))
                    return {false, "not eligible due to a terminating pod on the nominated node."};
        }
    }
    return {true, ""};
}

VictimSelection DefaultPreemption::selectVictimsOnNode(
    framework::CycleState& state, const framework::Pod& pod, framework::NodeInfo& node,
    const std::vector<std::shared_ptr<const PodDisruptionBudget>>& pdbs) {
    VictimSelection out;
    auto removePod = [&](const std::shared_ptr<const PodInfo>& pi) -> Status {
        if (!node.removePod(*pi->pod))
            return Status::error("no corresponding pod " + pi->pod->metadata().name() + " in pods of node " +
                                 node.nodeName());
        Status s = handle_.runPreFilterExtensionRemovePod(state, pod, pi, node);
        return s.isSuccess() ? Status() : Status::error(s.message());
    };
    auto addPod = [&](const std::shared_ptr<const PodInfo>& pi) -> Status {
        node.addPod(pi);
        Status s = handle_.runPreFilterExtensionAddPod(state, pod, pi, node);
        return s.isSuccess() ? Status() : Status::error(s.message());
    };

    // Every pod of lower priority goes first, in the node's order.
    const int32_t priority = podPriority(pod);
    std::vector<std::shared_ptr<const PodInfo>> potential;
    for (const auto& pi : node.pods())
        if (podPriority(*pi->pod) < priority) potential.push_back(pi);
    for (const auto& pi : potential) {
        if (Status s = removePod(pi); !s.isSuccess()) {
            out.status = s;
            return out;
        }
    }
    if (potential.empty()) {
        out.status = Status(Code::UnschedulableAndUnresolvable, "No preemption victims found for incoming pod");
        return out;
    }
    // Not even with all of them gone: this node is no candidate, for the filters' reason.
    if (Status s = handle_.runFilterPluginsWithNominatedPods(state, pod, node); !s.isSuccess()) {
        out.status = s;
        return out;
    }

    const int64_t now = handle_.nowNanos();
    goSortSlice(potential, [now](const std::shared_ptr<const PodInfo>& a, const std::shared_ptr<const PodInfo>& b) {
        return moreImportantPod(*a->pod, *b->pod, now);
    });
    PDBSplit split = splitByPDBViolation(potential, pdbs);

    // Add a pod back; it stays when the preemptor still fits, otherwise it is a victim.
    auto reprieve = [&](const std::shared_ptr<const PodInfo>& pi, bool* fits) -> Status {
        if (Status s = addPod(pi); !s.isSuccess()) return s;
        *fits = handle_.runFilterPluginsWithNominatedPods(state, pod, node).isSuccess();
        if (!*fits) {
            if (Status s = removePod(pi); !s.isSuccess()) return s;
            out.victims.push_back(pi->pod);
        }
        return {};
    };
    for (const auto& pi : split.violating) {
        bool fits = false;
        if (Status s = reprieve(pi, &fits); !s.isSuccess()) {
            out = VictimSelection{{}, 0, s};
            return out;
        }
        if (!fits) ++out.numPDBViolations;
    }
    for (const auto& pi : split.nonViolating) {
        bool fits = false;
        if (Status s = reprieve(pi, &fits); !s.isSuccess()) {
            out = VictimSelection{{}, 0, s};
            return out;
        }
    }
    return out;
}

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates) {
    auto decoded = decodeArgs(args);
    if (!decoded) return decoded.status();
    PH_RETURN_IF_ERROR(validateArgs(*decoded));
    return std::shared_ptr<framework::Plugin>(std::make_shared<DefaultPreemption>(*decoded, handle, gates));
}

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
