// kubectl's drain (k8s.io/kubectl/pkg/drain and pkg/cmd/drain, v1.28) on the simulated cluster, as
// `kubectl drain NODE --ignore-daemonsets --delete-emptydir-data --timeout=T` runs it:
//
//   1. Cordon: spec.unschedulable=true ("node/NODE cordoned", or "node/NODE already cordoned").
//   2. The node's pods (every namespace), through kubectl's filters in order: DaemonSet-managed
//      pods are left ("Warning: ignoring DaemonSet-managed Pods: ns/pod"; a pod whose DaemonSet is
//      gone stops the drain), mirror pods are left, pods with emptyDir volumes go with a warning
//      ("deleting Pods with local storage"), and a pod without a controller stops the drain
//      ("cannot delete Pods that declare no controller (use --force to override): ns/pod").
//      Finished (Succeeded/Failed) pods always go.
//   3. Each pod through the eviction subresource ("evicting pod ns/pod"). A 429 (the pod's
//      disruption budget) is tried again 5 s later, printing "error when evicting pods/"pod" -n
//      "ns" (will retry after 5s): <message>"; a NotFound counts as done; any other error ends
//      that pod. An evicted pod is watched every second until it is gone ("pod/pod evicted").
//   4. "node/NODE drained" when every pod is gone; else "unable to drain node "NODE" due to
//      error: <errors>, continuing command...". After the timeout no eviction is tried again and
//      waiting stops ("global timeout reached: 5m0s").
//
// Everything runs on the cluster's event loop (the retries and polls are events 5 s / 1 s later);
// each line kubectl would print is reported, at its virtual time, with ok = false for error lines.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cluster/cluster.h"

namespace pilothouse::cluster {

// kubectl's EvictPod: a policy/v1 Eviction for the pod (deleteOptions without a grace period:
// the pod's own) POSTed to pods/eviction. `token`: the client's bearer token.
Status evictPod(apiserver::APIServer& server, const std::string& ns, const std::string& name,
                const std::string& token = "");

// Go's time.Duration text, as kubectl prints a timeout: "5m0s", "30s", "1h0m0s", "500ms".
std::string goDuration(sim::Duration d);

class Drain {
public:
    // One line of kubectl's output; ok = false for an error line.
    using Report = std::function<void(bool ok, const std::string& line)>;

    // Neither the cluster nor the report is owned; both must outlive the drain's events.
    Drain(Cluster& cluster, std::string node, sim::Duration timeout, Report report);
    Drain(const Drain&) = delete;
    Drain& operator=(const Drain&) = delete;

    // Cordons and starts evicting, now.
    void start();
    // Whether it reported its last line (drained or not).
    bool finished() const { return finished_; }

private:
    struct PodToEvict {
        std::string namespace_, name, uid;
        bool done = false;
        std::string error;  // why it failed, "" when it went
    };

    void attemptEviction(size_t i);
    void waitForDelete(size_t i);
    void podFinished(size_t i, std::string error);
    bool timedOut() const;

    Cluster& cluster_;
    std::string node_;
    sim::Duration timeout_;
    Report report_;
    sim::Time deadline_{};
    std::vector<PodToEvict> pods_;
    bool finished_ = false;
};

}  // namespace pilothouse::cluster
