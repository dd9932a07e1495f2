// PodTopologySpread's PreFilter state (podtopologyspread/filtering.go at v1.28). As in v1.28 the
// counts are keyed by (topologyKey, value) and the critical paths and domain counts by topology
// key, so constraints sharing a topology key share them (upstream changed this in v1.33).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scheduler/framework/cycle_state.h"
#include "scheduler/plugins/podtopologyspread/common.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

inline const framework::StateKey kPreFilterStateKey{"PreFilterPodTopologySpread"};
inline constexpr const char* kErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints";
inline constexpr const char* kErrReasonNodeLabelNotMatch =
    "node(s) didn't match pod topology spread constraints (missing required label)";

using TopologyPair = std::pair<std::string, std::string>;  // (key, value)

// The two domains with the fewest matching pods of one topology key: paths[0] always holds the
// minimum; paths[1] is not necessarily the second minimum. Starts at MaxInt32 ("none").
struct CriticalPaths {
    struct Path {
        std::string topologyValue;
        int64_t matchNum = 2147483647;
    };
    Path paths[2];
    void update(const std::string& value, int64_t num);
};

class PreFilterState : public framework::StateData {
public:
    std::shared_ptr<const std::vector<Constraint>> constraints = std::make_shared<std::vector<Constraint>>();
    std::map<std::string, CriticalPaths> tpKeyToCriticalPaths;
    // Computed only with the MinDomainsInPodTopologySpread gate (nil otherwise, as upstream).
    std::optional<std::map<std::string, int64_t>> tpKeyToDomainsNum;
    std::map<TopologyPair, int64_t> tpPairToMatchNum;

    std::unique_ptr<framework::StateData> clone() const override {
        return std::make_unique<PreFilterState>(*this);
    }
};

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
