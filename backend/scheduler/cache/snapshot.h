// The per-cycle view of the cluster the framework reads (pkg/scheduler/internal/cache/snapshot.go):
// NodeInfos in node-tree order, plus the nodes with pods that have (anti-)affinity. Updated
// incrementally by Cache::updateSnapshot at the start of each cycle; stable during the cycle.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "scheduler/framework/interface.h"

namespace pilothouse::scheduler::cache {

class Snapshot final : public framework::NodeInfoLister {
public:
    const std::vector<framework::NodeInfo*>& list() const override { return list_; }
    const std::vector<framework::NodeInfo*>& havePodsWithAffinityList() const override { return withAffinity_; }
    const std::vector<framework::NodeInfo*>& havePodsWithRequiredAntiAffinityList() const override { return withAntiAffinity_; }
    framework::NodeInfo* get(const std::string& nodeName) const override;
    size_t numNodes() const { return list_.size(); }

private:
    friend class Cache;
    std::map<std::string, std::unique_ptr<framework::NodeInfo>> nodes_;
    std::map<std::string, int64_t> generations_;
    std::vector<framework::NodeInfo*> list_, withAffinity_, withAntiAffinity_;
    int64_t generation_ = -1;
    int64_t treeVersion_ = -1;  // the cache's node-tree version the lists were built from
};

}  // namespace pilothouse::scheduler::cache
