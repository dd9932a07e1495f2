// Counting the pods that match a constraint's selector, node by node, is most of
// PodTopologySpread's work: PreFilter and PreScore walk every node's pods in every cycle, so a
// cluster of N pods costs O(N) per pod scheduled. A node's count only changes when its pods do,
// so counts are remembered per node — by the Node's UID and its NodeInfo's generation, which
// every pod added or removed advances — and per selector and namespace. The result is the same
// count; only the snapshot's own NodeInfos are remembered (preemption's dry runs work on copies).
#pragma once

#include <string>
#include <unordered_map>

#include "scheduler/framework/types.h"
#include "scheduler/plugins/podtopologyspread/common.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {

class MatchCountCache {
public:
    // `selectorKey`: the selector's toString(), computed once per constraint per cycle.
    // `cacheable`: the NodeInfo is the snapshot's (not a dry run's copy).
    int64_t count(const framework::NodeInfo& node, const SpreadSelector& selector, const std::string& selectorKey,
                  const std::string& ns, bool cacheable);

private:
    struct Entry {
        int64_t generation = -1;
        int64_t count = 0;
    };
    // selector + "\n" + namespace -> node UID -> entry.
    std::unordered_map<std::string, std::unordered_map<std::string, Entry>> entries_;
    size_t size_ = 0;
};

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
