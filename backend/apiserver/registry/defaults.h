// Defaulting (k8s.io/kubernetes/pkg/apis/*/v1/defaults.go): the values the API server fills in
// when a request leaves them out, applied to every create and update before admission.
// E.g. a Pod gets restartPolicy Always, dnsPolicy ClusterFirst, schedulerName default-scheduler,
// terminationGracePeriodSeconds 30; a container gets imagePullPolicy Always for ":latest" or an
// untagged image and IfNotPresent otherwise; requests are copied from limits where absent.
#pragma once

#include <google/protobuf/message.h>

#include "api/scheme.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::registry {

void applyDefaults(const api::ResourceType& type, google::protobuf::Message* object);

// Pieces reused by other kinds' defaulting (pod templates) and by tests.
void defaultPodSpec(k8s::io::api::core::v1::PodSpec* spec);
// The pod's QoS class (Guaranteed, Burstable, BestEffort) as the kubelet and API server compute it.
std::string computeQosClass(const k8s::io::api::core::v1::PodSpec& spec);

}  // namespace pilothouse::apiserver::registry
