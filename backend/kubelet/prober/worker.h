// One probe of one container (pkg/kubelet/prober/worker.go, v1.28): the worker ticks every
// periodSeconds from when the pod was added; a tick probes only when the container is running,
// past initialDelaySeconds, and (for readiness and liveness) past its startup probe. A result
// becomes the reported result only after failureThreshold failures or successThreshold
// successes in a row. Readiness starts as Failure, liveness as Success, startup as Unknown. A
// failed liveness or startup result puts the worker on hold until the container is restarted.
//
// Probes themselves are simulated: they succeed unless broken (Kubelet::breakProbe).
#pragma once

#include <cstdint>
#include <string>

#include "core_v1.pb.h"
#include "sim/clock.h"

namespace pilothouse::kubelet::prober {

enum class ProbeType { Startup, Readiness, Liveness };
enum class Result { Unknown, Success, Failure };

// "Startup", "Readiness", "Liveness" (as events write them).
const char* probeTypeName(ProbeType type);

class Worker {
public:
    Worker(ProbeType type, const k8s::io::api::core::v1::Probe& spec, sim::Time podAdded);

    ProbeType type() const { return type_; }
    // The reported result.
    Result result() const { return result_; }
    sim::Time nextTick() const { return nextTick_; }
    bool onHold() const { return onHold_; }

    // One tick at nextTick(): `probed` is whether the container could be probed now (running,
    // past the initial delay, startup done); `succeeded` the simulated outcome. Returns whether
    // the reported result changed. Moves nextTick() on by one period.
    bool tick(bool probed, bool succeeded);
    // A new container instance: results start over and the hold ends.
    void containerRestarted();
    // Whether `runningFor` is past initialDelaySeconds (whole seconds, as upstream truncates).
    bool pastInitialDelay(sim::Duration runningFor) const;

private:
    ProbeType type_;
    int32_t period_, initialDelay_, successThreshold_, failureThreshold_;
    sim::Time nextTick_;
    Result result_;
    Result lastResult_ = Result::Unknown;
    int resultRun_ = 0;
    bool onHold_ = false;
};

// The Unhealthy event's output part for a failing probe of this kind: "HTTP probe failed with
// statuscode: 500", "dial tcp 10.244.0.5:8080: connect: connection refused", or "" for exec.
std::string simulatedFailureOutput(const k8s::io::api::core::v1::Probe& spec, const std::string& podIP);

}  // namespace pilothouse::kubelet::prober
