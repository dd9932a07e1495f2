// PodTopologySpread's PreScore state (podtopologyspread/scoring.go at v1.28): the soft
// constraints, the candidate nodes that lack a required topology key (scored 0), the matching pod
// counts per (topologyKey, value) of the candidates' domains (hostname counts are taken in Score),
// and each constraint's weight log(size + 2) for its number of domains.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "scheduler/framework/cycle_state.h"
#include "scheduler/plugins/podtopologyspread/common.h"
#include "scheduler/plugins/podtopologyspread/filtering.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

inline const framework::StateKey kPreScoreStateKey{"PreScorePodTopologySpread"};

class PreScoreState : public framework::StateData {
public:
    std::vector<Constraint> constraints;
    std::set<std::string, std::less<>> ignoredNodes;
    std::map<TopologyPair, int64_t> topologyPairToPodCounts;
    std::vector<double> topologyNormalizingWeight;
    std::vector<std::string> selectorKeys;  // constraints[i].selector.toString(), for MatchCountCache

    std::unique_ptr<framework::StateData> clone() const override {
        return std::make_unique<PreScoreState>(*this);
    }
};

// log(size + 2): the weight of a topology with `size` domains among the candidates.
double topologyNormalizingWeight(int64_t size);
// A domain's contribution: count * weight + (maxSkew - 1).
double scoreForCount(int64_t count, int32_t maxSkew, double weight);

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
