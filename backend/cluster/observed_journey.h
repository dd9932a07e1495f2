// A pod's journey as a real cluster recorded it: what a client can read back of the stages the
// simulation records itself (sim/journey.h), from the pod and its events. Every stage is an
// instant at a recorded time, marked observed, with the cluster's own words as its detail:
//
//   creationTimestamp                               storage (the API server stored it)
//   FailedScheduling events (first and last seen)   scheduling, failed: the scheduler's message
//   PodScheduled=False (Unschedulable)              scheduling, failed: the condition's message
//   Scheduled event ("Successfully assigned ...")   scheduling: the scheduler placed it
//   PodScheduled=True                               binding (set when the binding was stored)
//   Initialized=True, or a rejection by the node    kubelet admission (OutOfcpu, ... failed)
//   PodReadyToStartContainers=True, FailedCreatePodSandBox   sandbox
//   Pulling, Pulled, Failed to pull, Back-off pulling image   image pull
//   Created, Started, Back-off restarting, Error: ...         containers
//   containerStatuses[].state.running.startedAt     Running
//   ContainersReady=True                            probes
//   Ready=True                                      Ready
//   deletionTimestamp                               termination (from the request, by its grace
//                                                   period, to the deadline)
//
// What nobody recorded (authentication, admission, the scheduling queue, the sandbox of most
// pods, the endpoints) has no stage: it is not invented. A condition that is False now, or an
// event that expired (events live an hour by default), leaves no stage either. Stages are in
// time order; stages of one second in the order a pod meets them.
#pragma once

#include <vector>

#include "core_v1.pb.h"
#include "sim/journey.h"

namespace pilothouse::cluster {

// `events`: the cluster's events; those whose involvedObject is not this pod (kind, namespace,
// name, and uid when both have one) are skipped.
std::vector<sim::JourneyStage> observedJourney(const k8s::io::api::core::v1::Pod& pod,
                                               const std::vector<const k8s::io::api::core::v1::Event*>& events);

// Whether the event is about a pod; its "namespace/name" then.
bool eventAboutPod(const k8s::io::api::core::v1::Event& event, std::string* podKey);

}  // namespace pilothouse::cluster
