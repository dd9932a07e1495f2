// The simulated cluster: the control plane (store + API server), the scheduler, the controllers
// and one kubelet per node, all on one deterministic event loop and its virtual clock — what
// `pilothousectl simulate` and the GUI run.
//
// How time moves: the event loop holds the timed things (scenario actions, and a wake-up for each
// component's nextWakeup()). After every event the cluster settles: it asks each component, in
// the order they were added, to reconcile, and repeats until none did anything (their writes
// reach the others through watches at once, at the same virtual instant). Then the clock jumps
// to the next event. The same inputs and seed give the same run, byte for byte.
#pragma once

#include <map>
#include <mutex>
#include <memory>
#include <tuple>
#include <string>
#include <vector>

#include "cluster/component.h"
#include "kubelet/apis/config/kubelet_configuration.h"
#include "controlplane/control_plane.h"
#include "sim/event_loop.h"
#include "sim/journey.h"

namespace pilothouse::cluster {

struct ClusterOptions {
    std::string storePath = ":memory:";
    uint64_t seed = 1;
    // The API server's --token-auth-file and --anonymous-auth (controlplane::Options); the
    // components run as its loopback client either way.
    std::string tokenFile;
    bool anonymousAuth = false;
    // How fast the simulated nodes pull images, bytes per second (0: the kubelet's default);
    // a scenario's spec.imagePullBandwidth.
    double imagePullBytesPerSecond = 0;
    // How long the kubelets' steps take, by kubelet::timingFields()'s names (the scenario's
    // spec.kubeletTimings); a step not named keeps its default.
    std::map<std::string, sim::Duration> kubeletTimings;
    // Settling stops with an error after this many rounds at one instant (a component that always
    // reports work would otherwise spin forever).
    int maxSettleRounds = 10'000;
    // kube-apiserver's admission plugins (controlplane::Options's default when empty) and every
    // component's feature gates: the scenario's spec.kubeAPIServer and spec.featureGates.
    std::vector<std::string> admissionPlugins;
    features::FeatureGates features;
    // Every node's kubelet configuration (the scenario's KubeletConfiguration document).
    kubelet::config::KubeletConfiguration kubelet;
    // Where the virtual clock starts (the scenario's spec.epoch).
    sim::Time epoch = sim::kDefaultEpoch;
};

class Cluster {
public:
    static StatusOr<std::unique_ptr<Cluster>> create(ClusterOptions options);

    sim::EventLoop& loop() { return loop_; }
    const sim::Clock& clock() const { return loop_.clock(); }
    controlplane::ControlPlane& controlPlane() { return *controlPlane_; }
    apiserver::APIServer& apiServer() { return controlPlane_->apiServer(); }
    const ClusterOptions& options() const { return options_; }

    // Adds (and starts) a component; it is reconciled after those added before it.
    Status add(std::unique_ptr<Component> component);
    const std::vector<std::unique_ptr<Component>>& components() const { return components_; }
    Component* find(const std::string& name) const;

    // Reconciles every component until none does anything, then (re)schedules their wake-ups.
    Status settle();
    // Runs events (and settles after each) up to virtual time `t`, then leaves the clock at t.
    Status runUntil(sim::Time t);
    Status runFor(sim::Duration d) { return runUntil(loop_.now() + d); }

    // Every pod's journey: the API server's stages of its creation (from the request observer),
    // the scheduler's attempts and the kubelet's stages (the components record into it).
    sim::JourneyLog& journeys() { return journeys_; }
    // The store's revision as it was at virtual time `t`: the last revision written at or before
    // t (0 before the first write). What the GUI's timeline reads history at.
    int64_t revisionAt(sim::Time t) const;
    // (virtual time, store revision) each time settling left the store at a new revision.
    const std::vector<std::pair<sim::Time, int64_t>>& revisionTimes() const { return revisionTimes_; }

    // apiserver_request_total: requests by verb, resource and HTTP code ("create pods 201"). A
    // copy: requests come from any thread (a server's clients read concurrently).
    std::map<std::tuple<std::string, std::string, int>, int64_t> requestCounts() const {
        std::lock_guard lock(requestsMutex_);
        return requests_;
    }

private:
    explicit Cluster(ClusterOptions options);
    void scheduleWakeups();
    void observe(const apiserver::Request& request, const apiserver::Response& response);

    ClusterOptions options_;
    sim::EventLoop loop_;
    std::unique_ptr<controlplane::ControlPlane> controlPlane_;
    std::vector<std::unique_ptr<Component>> components_;
    std::vector<std::unique_ptr<std::string>> names_;  // per component: its name (a stable address)
    std::vector<sim::EventId> wakeups_;    // per component: its pending wake-up event
    std::vector<std::optional<sim::Time>> wakeupTimes_;
    sim::JourneyLog journeys_;
    std::vector<std::pair<sim::Time, int64_t>> revisionTimes_;
    mutable std::mutex requestsMutex_;
    std::map<std::tuple<std::string, std::string, int>, int64_t> requests_;  // guarded by requestsMutex_
};

}  // namespace pilothouse::cluster
