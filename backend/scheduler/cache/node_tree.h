// The order in which the scheduler walks nodes (pkg/scheduler/internal/cache/node_tree.go): nodes
// grouped by zone (region + zone labels), zones in the order they first appeared, and the list
// taken round-robin across zones — so the first nodes a filter pass meets are spread over zones.
#pragma once

#include <map>
#include <string>
#include <unordered_set>
#include <vector>

#include "core_v1.pb.h"

namespace pilothouse::scheduler::cache {

// utilnode.GetZoneKey: "region:\x00:zone" from topology.kubernetes.io/{region,zone} (or the
// failure-domain.beta.kubernetes.io labels); "" when the node has neither.
std::string zoneKey(const k8s::io::api::core::v1::Node& node);

class NodeTree {
public:
    void addNode(const k8s::io::api::core::v1::Node& node);
    void removeNode(const k8s::io::api::core::v1::Node& node);
    // Zone round-robin order.
    std::vector<std::string> list() const;
    size_t numNodes() const { return numNodes_; }

private:
    std::vector<std::string> zones_;
    std::map<std::string, std::vector<std::string>> tree_;
    std::unordered_set<std::string> members_;  // every name in tree_ (adding 5,000 nodes was quadratic)
    size_t numNodes_ = 0;
};

}  // namespace pilothouse::scheduler::cache
