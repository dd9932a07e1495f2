// A real cluster's snapshot as a scenario: the output of
// `kubectl get nodes,pods,priorityclasses -A -o yaml` (one or several files; any other served
// kinds too) becomes the starting cluster of a simulation, so its pending pods meet the same
// scheduler, and the explainer can say why they are pending.
//
// What the API server wrote into the objects is taken out, as `kubectl apply` would need it
// taken out to create them again: uid, resourceVersion, generation, creationTimestamp,
// managedFields, selfLink, deletion marks, and ownerReferences (the owners get new UIDs here; a
// ReplicaSet of the snapshot adopts its pods again by its selector). A Pod keeps spec.nodeName (it
// is bound) and loses its status (the simulated kubelet runs it); a Node keeps its labels, taints,
// capacity, allocatable, addresses and images and loses its conditions (its simulated kubelet
// reports them). Events, Endpoints, EndpointSlices and Leases are skipped: the control plane makes
// its own. Objects are created in the order the API server needs them: Namespaces (one for each
// namespace the objects name), PriorityClasses, Nodes, everything else, then Pods.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "cluster/scenario.h"

namespace pilothouse::cluster {

struct SnapshotFile {
    std::string path;  // for messages and the scenario's name
    std::string text;
};

// Errors name the file and document (YAML syntax, an object that cannot be decoded); a file with
// no object in it is an error. Kinds not served are skipped with a warning.
StatusOr<Scenario> scenarioFromSnapshot(const std::vector<SnapshotFile>& files, std::vector<std::string>* warnings);
// The scenario's Pods without spec.nodeName ("namespace/name"), in the order they are created:
// those the scheduler will try.
std::vector<std::string> unboundPods(const Scenario& scenario);

StatusOr<Scenario> scenarioFromSnapshotFiles(const std::vector<std::string>& paths, std::vector<std::string>* warnings);

}  // namespace pilothouse::cluster
