// The scheduler's cache (pkg/scheduler/internal/cache): what the informers have seen of nodes and
// bound pods, plus the pods the scheduler has assumed onto nodes while their binding is in flight,
// so that the next cycle already counts them.
//
// A pod's life in the cache:
//
//               +-------------------------------------------+  +----+
//               |                            Add            |  |    |
//               |                                           |  |    | Update
//               +      Assume                Add            v  v    |
//   Initial +--------> Assumed +------------+---> Added <--+
//               ^         +   +             |       +
//               |         |   |             |       |
//               |         |   |     Add     |       | Remove
//               |         |   |             |       |
//               |         |   |             +       |
//               +---------+   +---------> Expired   +----> Deleted
//                 Forget          Expire
//
// (Expiry of assumed pods whose binding never shows up is not needed here: bindings go through the
// in-process API server and either succeed or fail at once, and a failure is Forgotten.)
//
// Single-threaded (the scheduler's loop).
#pragma once

#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

#include "scheduler/cache/image_states.h"
#include "scheduler/cache/node_tree.h"
#include "scheduler/cache/snapshot.h"
#include "scheduler/framework/types.h"

namespace pilothouse::scheduler::cache {

using framework::Node;
using framework::NodeInfo;
using framework::Pod;
using framework::PodInfo;

class Cache {
public:
    void addNode(std::shared_ptr<const Node> node);
    void updateNode(std::shared_ptr<const Node> node);
    void removeNode(const Node& node);

    // A pod seen bound by the informer (Assumed -> Added, or Initial -> Added).
    void addPod(std::shared_ptr<const Pod> pod);
    void updatePod(std::shared_ptr<const Pod> oldPod, std::shared_ptr<const Pod> newPod);
    void removePod(const Pod& pod);

    // The scheduler's decision, counted before the binding is confirmed.
    void assumePod(std::shared_ptr<const Pod> podWithNodeName);
    void finishBinding(const Pod& pod);
    void forgetPod(const Pod& pod);
    bool isAssumed(const Pod& pod) const;

    // Brings `snapshot` up to date (only changed NodeInfos are copied, by generation).
    void updateSnapshot(Snapshot& snapshot);

    size_t nodeCount() const { return nodes_.size(); }
    size_t podCount() const { return podStates_.size(); }
    size_t imageCount() const { return images_.imageCount(); }  // image names on any node
    const NodeInfo* nodeInfo(const std::string& name) const;

private:
    NodeInfo& nodeInfoFor(const std::string& nodeName);
    void addPodToNode(const std::shared_ptr<const Pod>& pod);
    void removePodFromNode(const Pod& pod);
    // The node's NodeInfo takes `node`, and its image summary as of now.
    void setNode(std::shared_ptr<const Node> node);

    struct PodState {
        std::shared_ptr<const Pod> pod;
        bool assumed = false;
        bool bindingFinished = false;
    };
    std::map<std::string, std::unique_ptr<NodeInfo>> nodes_;  // by node name
    std::map<std::string, PodState> podStates_;               // by uid
    NodeTree tree_;
    int64_t treeVersion_ = 0;            // bumped when the node tree's order may have changed
    std::vector<std::string> treeOrder_;  // tree_.list(), cached
    int64_t treeOrderVersion_ = -1;
    int64_t generation_ = 0;
    std::map<std::string, int64_t> nodeGenerations_;  // node name -> cache generation of last change
    // Nodes changed since the last updateSnapshot of `synced_` (the usual single snapshot): only
    // these are looked at, instead of every node every cycle.
    std::set<std::string> dirty_;
    const Snapshot* synced_ = nullptr;
    ImageStates images_;
};

}  // namespace pilothouse::scheduler::cache
