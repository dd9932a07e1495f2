// NoExecuteTaintManager (upstream pkg/controller/nodelifecycle/scheduler/taint_manager.go, v1.28,
// run by the node lifecycle controller): evicts pods from nodes with NoExecute taints they do not
// tolerate. A pod that does not tolerate every NoExecute taint of its node is deleted at once; one
// that tolerates them all for a while (the smallest tolerationSeconds of the tolerations used) is
// deleted when that time has passed since the taint manager first saw it so; one that tolerates
// them forever stays. Events (source "taint-controller"): TaintManagerEviction
// "Marking for deletion Pod ns/name" when it deletes, "Cancelling deletion of Pod ns/name" when
// the taint goes (or becomes tolerated) before the time.
//
// Timed work on the virtual clock (TimedWorkerQueue): a pod's entry stays after it fired so that
// it is not scheduled twice.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "client/informer.h"
#include "client/record/event_recorder.h"
#include "controllers/controller_utils.h"

namespace pilothouse::controller::nodelifecycle::scheduler {

// The index of pods by spec.nodeName that the node lifecycle controller adds to its pod informer
// (upstream's nodeNameKeyIndex), and what files a pod under it.
inline constexpr char kNodeNameIndex[] = "spec.nodeName";
std::vector<std::string> podNodeNameIndex(const google::protobuf::Message& pod);

// The toleration matches the taint (Toleration.ToleratesTaint).
bool toleratesTaint(const core::Toleration& t, const core::Taint& taint);

class NoExecuteTaintManager {
public:
    // The informers belong to the node lifecycle controller; the taint manager only reads them.
    // `pods` must have the kNodeNameIndex index.
    NoExecuteTaintManager(ApiClient& client, const sim::Clock& clock, const client::Informer& nodes,
                          const client::Informer& pods, std::string token);

    void nodeUpdated(const core::Node* oldNode, const core::Node* node);
    void podUpdated(const core::Pod* oldPod, const core::Pod* pod);
    // Deletes the pods whose time has come; returns whether it did anything.
    StatusOr<bool> run();
    std::optional<sim::Time> nextFireTime() const;

private:
    struct Work {
        sim::Time createdAt, fireAt;
        bool done = false;  // fired: kept so that it is not added again
    };
    void processPodOnNode(const std::string& podKey, const google::protobuf::RepeatedPtrField<core::Toleration>& tol,
                          const std::vector<core::Taint>& taints);
    void cancelWorkWithEvent(const std::string& podKey);
    std::vector<core::Taint> noExecuteTaints(const std::string& nodeName) const;

    ApiClient& client_;
    const sim::Clock& clock_;
    const client::Informer& nodes_;
    const client::Informer& pods_;
    std::map<std::string, Work> work_;  // pod key -> its eviction
    client::record::EventRecorder recorder_;
};

}  // namespace pilothouse::controller::nodelifecycle::scheduler
