// The scheduler cache's record of container images (imageStates in kube-scheduler v1.28's
// pkg/scheduler/internal/cache): for every image name on any node, its size and the set of nodes
// that have it. ImageLocality scores with a per-node summary of it.
//
// The summary a node gets — each of its images' size and number of nodes — is taken when that node
// is added or updated, and kept as it was: when later nodes bring the same image, the nodes
// already cached keep their older, smaller count until their own next update (for a kubelet, its
// next status update). So the same cluster can score differently depending on the order its nodes
// arrived in; that is kube-scheduler v1.28's behaviour, mirrored here.
//
// An image's size is the one reported by the first node that brought it, while any node has it.
#pragma once

#include <map>
#include <set>
#include <string>

#include "scheduler/framework/types.h"

namespace pilothouse::scheduler::cache {

class ImageStates {
public:
    // Records `node`'s images and returns its summary at this moment (NodeInfo::setImageStates).
    // For an update, call removeNode with the previous version first, as upstream does.
    std::map<std::string, framework::ImageStateSummary> addNode(const framework::Node& node);
    // Forgets `node` from its images; an image no node has any more is dropped.
    void removeNode(const framework::Node& node);

    size_t imageCount() const { return images_.size(); }

private:
    struct State {
        int64_t size = 0;
        std::set<std::string> nodes;
    };
    std::map<std::string, State> images_;  // by image name
};

}  // namespace pilothouse::scheduler::cache
