#include "kubelet/prober/worker.h"

#include <chrono>

namespace pilothouse::kubelet::prober {

const char* probeTypeName(ProbeType type) {
    switch (type) {
        case ProbeType::Startup: return "Startup";
        case ProbeType::Readiness: return "Readiness";
        case ProbeType::Liveness: return "Liveness";
    }
    return "";
}

Worker::Worker(ProbeType type, const k8s::io::api::core::v1::Probe& spec, sim::Time podAdded)
    : type_(type),
      period_(spec.period_seconds() > 0 ? spec.period_seconds() : 10),
      initialDelay_(spec.initial_delay_seconds()),
      successThreshold_(spec.success_threshold() > 0 ? spec.success_threshold() : 1),
      failureThreshold_(spec.failure_threshold() > 0 ? spec.failure_threshold() : 3),
      nextTick_(podAdded),
      result_(type == ProbeType::Readiness ? Result::Failure
              : type == ProbeType::Liveness ? Result::Success
                                            : Result::Unknown) {}

bool Worker::tick(bool probed, bool succeeded) {
    nextTick_ += std::chrono::seconds(period_);
    if (!probed || onHold_) return false;
    const Result r = succeeded ? Result::Success : Result::Failure;
    if (r == lastResult_) {
        ++resultRun_;
    } else {
        lastResult_ = r;
        resultRun_ = 1;
    }
    if ((r == Result::Failure && resultRun_ < failureThreshold_) ||
        (r == Result::Success && resultRun_ < successThreshold_))
        return false;
    const bool changed = r != result_;
    result_ = r;
    if ((type_ == ProbeType::Liveness || type_ == ProbeType::Startup) && r == Result::Failure) {
        onHold_ = true;
        resultRun_ = 0;
    }
    return changed;
}

void Worker::containerRestarted() {
    onHold_ = false;
    lastResult_ = Result::Unknown;
    resultRun_ = 0;
    result_ = type_ == ProbeType::Readiness ? Result::Failure
              : type_ == ProbeType::Liveness ? Result::Success
                                             : Result::Unknown;
}

bool Worker::pastInitialDelay(sim::Duration runningFor) const {
    return std::chrono::duration_cast<std::chrono::seconds>(runningFor).count() >= initialDelay_;
}

std::string simulatedFailureOutput(const k8s::io::api::core::v1::Probe& spec, const std::string& podIP) {
    if (spec.has_http_get()) return "HTTP probe failed with statuscode: 500";
    if (spec.has_tcp_socket()) {
        const auto& port = spec.tcp_socket().port();
        const std::string p = port.type() == 1 ? port.str_val() : std::to_string(port.int_val());
        return "dial tcp " + podIP + ":" + p + ": connect: connection refused";
    }
    if (spec.has_grpc())
        return "timeout: failed to connect service \"" + podIP + ":" + std::to_string(spec.grpc().port()) +
               "\" within 1s";
    return "";
}

}  // namespace pilothouse::kubelet::prober
