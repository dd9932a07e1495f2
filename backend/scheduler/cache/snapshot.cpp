#include "scheduler/cache/snapshot.h"

namespace pilothouse::scheduler::cache {

framework::NodeInfo* Snapshot::get(const std::string& nodeName) const {
    auto it = nodes_.find(nodeName);
    return it == nodes_.end() ? nullptr : it->second.get();
}

}  // namespace pilothouse::scheduler::cache
