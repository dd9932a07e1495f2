// One scheduling attempt for one pod (pkg/scheduler/schedule_one.go), as a story in order:
//
//   PreFilter -> [nominated node first] -> Filter over nodes, from a rotating start index, until
//   enough feasible nodes are found (percentageOfNodesToScore, adaptive by default) -> if none:
//   FitError (and the caller runs PostFilter / preemption) -> PreScore -> Score + NormalizeScore
//   (weighted) -> selectHost (highest total; among tied nodes one chosen uniformly with the seeded
//   random stream)
//
// It also writes the explanation record: each node's verdict from each filter plugin, each score
// plugin's raw, normalized and weighted score, and the choice. With `explainAll`, every node is
// evaluated (as if percentageOfNodesToScore were 100) and every filter plugin is run on every
// rejected node, so the record shows all the reasons, not only the first.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "scheduler/framework/runtime/framework.h"

namespace pilothouse::scheduler {

using framework::NodeToStatusMap;
using framework::Pod;

struct Diagnosis {
    NodeToStatusMap nodeToStatus;
    std::set<std::string> unschedulablePlugins;
    std::string preFilterMsg;
    std::string postFilterMsg;
};

// framework.FitError: the FailedScheduling message, exactly as v1.28 builds it.
struct FitError {
    int numAllNodes = 0;
    Diagnosis diagnosis;
    std::string message() const;
};

struct NodeExplanation {
    std::string node;
    std::map<std::string, std::vector<std::string>> filter;  // rejecting plugin -> reasons
    std::string rejectedBy;                                    // where upstream stopped
    bool feasible = false;
    bool evaluated = false;                                    // reached by the filter loop
    int scoreRow = -1;                                         // feasible nodes: its row in Explanation::scores
    int64_t total = 0;
};

// The score plugins' results for the feasible nodes of one attempt, a row per node, stored column
// by column (copied from the framework's score table in a few allocations, not one per node).
struct ScoreSheet {
    std::vector<std::string> nodes;                // the feasible nodes scored, in order (rows)
    std::vector<int64_t> totals;                   // [row]: sum of normalized × weight
    std::vector<std::string> plugins;              // plugins that scored, profile order
    std::vector<int64_t> weights;                  // per plugin
    std::vector<std::vector<int64_t>> raw;         // [plugin][row]
    std::vector<std::vector<int64_t>> normalized;  // [plugin][row]
};

struct Explanation {
    std::string pod;  // namespace/name
    std::string profile;
    std::vector<std::string> filterPlugins;
    std::vector<std::pair<std::string, int64_t>> scorePlugins;  // name, weight
    std::string preFilterRejection;  // "plugin: message" when PreFilter rejected the pod
    // With explainAll: every node, in snapshot order, feasible ones pointing at their score row.
    // Otherwise, to keep the record of each of thousands of attempts small: the nodes the filters
    // rejected, in the order they were evaluated (the scheduler stops once it has found enough
    // feasible nodes; a PreFilter rejection evaluates none); the feasible ones are the rows of
    // `scores` (none when a single feasible node was taken without scoring).
    std::vector<NodeExplanation> nodes;
    ScoreSheet scores;
    int evaluatedNodes = 0;
    int feasibleNodes = 0;
    std::string selectedNode;
    std::string message;        // FailedScheduling text when no node
    std::string nominatedNode;  // preemption
    std::vector<std::string> victims;
    std::vector<std::string> preemptionCandidates;

    // A feasible node's scores, one per plugin that scored (empty for other nodes).
    std::vector<framework::PluginScore> scoresOf(const NodeExplanation& node) const;
    // The scores of the feasible node in row `row` of `scores`.
    std::vector<framework::PluginScore> scoresAt(size_t row) const;
};

struct ScheduleResult {
    std::string suggestedHost;
    int evaluatedNodes = 0;
    int feasibleNodes = 0;
};

// The parts of the scheduler that persist across attempts: the rotating start index and the
// cluster-wide percentageOfNodesToScore.
class SchedulingAlgorithm {
public:
    explicit SchedulingAlgorithm(std::optional<int32_t> percentageOfNodesToScore = std::nullopt)
        : percentageOfNodesToScore_(percentageOfNodesToScore) {}

    struct Outcome {
        std::optional<ScheduleResult> result;  // set when a node was found
        std::optional<FitError> fitError;      // set when no node fits
        pilothouse::Status error;              // an internal error (neither of the above)
    };

    // `explanation` may be null. `explainAll`: evaluate every node and every filter plugin.
    Outcome schedulePod(framework::Framework& fwk, framework::CycleState& state, const Pod& pod,
                        Explanation* explanation, bool explainAll);

    // kube-scheduler's adaptive rule: all nodes below 100; otherwise percentage (or 50 - n/125,
    // at least 5) of them, at least 100.
    int32_t numFeasibleNodesToFind(const std::optional<int32_t>& profilePercentage, int32_t numAllNodes) const;

private:
    std::optional<int32_t> percentageOfNodesToScore_;
    size_t nextStartNodeIndex_ = 0;
    // Per-attempt buffers, kept so that an attempt does not allocate them again.
    std::vector<const framework::NodeInfo*> feasibleBuf_;
    framework::ScoreTable scoresBuf_;
};

// Builds the explanation's identity fields (pod, profile, plugin lists).
void beginExplanation(Explanation& e, const framework::Framework& fwk, const Pod& pod);

}  // namespace pilothouse::scheduler
