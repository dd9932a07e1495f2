// What the kubelet computes from its containers' states (pkg/kubelet/status/generate.go and
// kubelet_pods.go getPhase, v1.28): the pod phase and the Initialized, ContainersReady and Ready
// conditions with upstream's reasons and messages ("containers with unready status: [nginx]").
// Times are not set here: the status manager keeps lastTransitionTime while a condition's status
// is unchanged.
#pragma once

#include <string>

#include "core_v1.pb.h"

namespace pilothouse::kubelet::status {

using ContainerStatuses = google::protobuf::RepeatedPtrField<k8s::io::api::core::v1::ContainerStatus>;

// getPhase: Pending / Running / Succeeded / Failed. `podIsTerminal`: the pod is being deleted
// and its containers have stopped (its containers will not be restarted whatever the policy).
std::string getPhase(const k8s::io::api::core::v1::Pod& pod, const ContainerStatuses& init,
                     const ContainerStatuses& regular, bool podIsTerminal);

k8s::io::api::core::v1::PodCondition initializedCondition(const k8s::io::api::core::v1::Pod& pod,
                                                          const ContainerStatuses& init,
                                                          const ContainerStatuses& regular,
                                                          const std::string& phase);
k8s::io::api::core::v1::PodCondition containersReadyCondition(const k8s::io::api::core::v1::Pod& pod,
                                                              const ContainerStatuses& regular,
                                                              const std::string& phase);
k8s::io::api::core::v1::PodCondition podReadyCondition(const k8s::io::api::core::v1::Pod& pod,
                                                       const ContainerStatuses& regular, const std::string& phase);

}  // namespace pilothouse::kubelet::status
