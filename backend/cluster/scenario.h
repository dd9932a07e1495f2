// A scenario: Kubernetes manifests (the starting cluster) plus timed actions, in one
// multi-document YAML file. One document is the scenario itself:
//
//   apiVersion: pilothouse.dev/v1alpha1
//   kind: Scenario
//   metadata: {name: node-failure}
//   spec:
//     description: What happens to pods when their node stops. (what the scenario shows)
//     learningGoal: Pods are evicted 300 s after ... (optional: what a learner should take away)
//     seed: 7
//     imagePullBandwidth: 20M   (optional: bytes per second each node pulls images at)
//     kubeletTimings: {sandbox: 2s, containerStart: 0s}   (optional: how long each kubelet
//                     step takes; kubelet::timingFields() names them)
//     actions:
//     - {at: 30s, action: failNode, node: node-2}
//     - {at: 1m, action: scale, kind: Deployment, name: web, replicas: 5}
//     - {at: 2m, action: apply, manifest: {apiVersion: v1, kind: Pod, ...}}
//
// Actions: apply (manifest), delete (kind, name or selector (a label selector, as kubectl -l)[,
// namespace][, cascade: background|foreground|orphan, kubectl's --cascade: the propagationPolicy
// sent, Background by default][, gracePeriodSeconds]), scale (kind, name, replicas),
// patch (kind, name, patch: a merge patch[, subresource: status]), cordon / uncordon (node),
// evict (name[, namespace]: a pod, through the pods/eviction subresource, so its
// PodDisruptionBudget applies), drain (node[, timeout: kubectl drain's --timeout, 5m by default;
// evictions a budget refuses are tried again every 5 s until then]: kubectl drain NODE
// --ignore-daemonsets --delete-emptydir-data, see drain.h), failNode / recoverNode
// (node), imageMissing (node optional, image), breakProbe (namespace, name, container, probe:
// liveness|readiness|startup, broken: true|false), configureScheduler (configuration: a
// KubeSchedulerConfiguration: kube-scheduler restarts with it, as after a change of its --config
// file; it lists the cluster again and every pending pod is tried anew). `at` is a duration like
// 30s, 5m, 1m30s, 500ms.
//
// A document of kind KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) in the file is
// the configuration kube-scheduler starts with (v1.28's defaults without one); one of kind
// KubeletConfiguration (kubelet.config.k8s.io/v1beta1) every node's kubelet's (the fields
// kubelet::config::supportedFields() names; others are warned about and ignored).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "api/codec/manifest.h"
#include "kubelet/apis/config/kubelet_configuration.h"
#include "sim/clock.h"

namespace pilothouse::cluster {

struct ScenarioAction {
    sim::Duration at{};
    std::string action;
    std::string node, kind, name, namespace_, image, container, probe;
    std::string cascade;    // delete: kubectl's --cascade (background (default), foreground, orphan)
    std::string selector;   // delete: kubectl's -l: every object of the kind with these labels, instead of name
    std::optional<int32_t> replicas;
    std::string subresource;  // patch: "status" to patch the status subresource
    std::optional<int64_t> gracePeriodSeconds;  // delete: DeleteOptions.gracePeriodSeconds
    codec::Value patch;     // patch: a merge patch
    codec::Value manifest;  // apply: the object
    codec::Value configuration;  // configureScheduler: a KubeSchedulerConfiguration
    bool broken = true;     // breakProbe
    sim::Duration timeout = std::chrono::minutes(5);  // drain: kubectl drain's --timeout
    std::string where;      // "file: document 3: spec.actions[2]" (for messages)
};

struct Scenario {
    std::string name;
    std::string description;
    std::string learningGoal;
    uint64_t seed = 1;
    // spec.imagePullBandwidth: how fast every simulated node pulls images, a quantity of bytes
    // per second ("100M", "12.5Mi"); "" = the kubelet's default (100M).
    std::string imagePullBandwidth;
    // spec.kubeletTimings: how long the simulated kubelets' steps take on the virtual clock, by
    // kubelet::timingFields()'s names ({sandbox: 2s, containerStart: 0s}); a step left out keeps
    // KubeletOptions' default. Pilothouse's own: on a real node the runtime decides these.
    std::map<std::string, sim::Duration> kubeletTimings;
    // spec.epoch: the virtual clock's start, RFC 3339 ("2026-11-29T09:00:00Z"); "" = the default,
    // 2024-01-01T00:00:00Z (sim::kDefaultEpoch). Objects' timestamps count from it.
    std::string epoch;
    // spec.featureGates: --feature-gates of every component ({PodHostIPs: true}); names checked
    // against features::knownFeatureGates.
    std::map<std::string, bool> featureGates;
    // spec.kubeAPIServer.enableAdmissionPlugins / disableAdmissionPlugins: kube-apiserver's
    // --enable-admission-plugins and --disable-admission-plugins, over the default set.
    std::vector<std::string> enableAdmissionPlugins;
    std::vector<std::string> disableAdmissionPlugins;
    // The KubeSchedulerConfiguration document kube-scheduler starts with, as YAML ("" when none:
    // the defaults), and its place ("file: document 2") for messages.
    std::string schedulerConfiguration;
    std::string schedulerConfigurationSource;
    // The KubeletConfiguration document (kubelet.config.k8s.io/v1beta1) every node's kubelet runs
    // with, as YAML ("" when none: v1.28's defaults), and its place for messages.
    std::string kubeletConfiguration;
    std::string kubeletConfigurationSource;
    std::vector<codec::Manifest> objects;  // every other document, in file order
    std::vector<ScenarioAction> actions;   // in file order (run in time order, ties in file order)
};

// Errors name the file, the document and the field ("scenario.yaml: document 4:
// spec.actions[1].at: invalid duration \"5 minutes\""). A file without a Scenario document is a
// scenario without actions (seed 1).
StatusOr<Scenario> loadScenario(std::string_view text, const std::string& source, std::vector<std::string>* warnings);
StatusOr<Scenario> loadScenarioFile(const std::string& path, std::vector<std::string>* warnings);

// The admission plugins kube-apiserver runs for the scenario: controlplane::Options's defaults,
// plus spec.kubeAPIServer.enableAdmissionPlugins, less disableAdmissionPlugins. Errors: a name
// Pilothouse does not implement, or one both enabled and disabled.
StatusOr<std::vector<std::string>> admissionPluginsOf(const Scenario& scenario);

// Every kubelet's configuration: the scenario's KubeletConfiguration document, checked as upstream
// checks it, or v1.28's defaults. Errors name the document and field.
StatusOr<kubelet::config::KubeletConfiguration> kubeletConfigurationOf(const Scenario& scenario);

// spec.imagePullBandwidth's value in bytes per second: a positive quantity ("" = the kubelet's
// default). The error text says what is wrong with it.
StatusOr<double> imagePullBytesPerSecond(const std::string& quantity);

// Go's time.ParseDuration for the units scenarios use: "300ms", "1.5s", "2m", "1h30m".
StatusOr<sim::Duration> parseDuration(const std::string& text);

}  // namespace pilothouse::cluster
