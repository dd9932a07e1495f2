// The prober manager (pkg/kubelet/prober/prober_manager.go and prober.go, v1.28): runs each
// container's probe workers at their ticks, records Unhealthy events for failed probes, turns
// readiness results into the container's ready flag and liveness/startup failures into a kill
// and restart. A member of Kubelet.
#include "kubelet/kubelet.h"

namespace pilothouse::kubelet {

using State = ContainerRecord::State;

bool Kubelet::runProbes(PodWorker& w) {
    const sim::Time now = clock_.now();
    bool did = false;
    for (auto& c : w.containers) {
        for (auto& p : c.probes) {
            while (p.nextTick() <= now) {
                const sim::Time at = p.nextTick();
                const bool running = c.state == State::Running && at >= c.startedAt;
                // Readiness and liveness wait for the startup probe; startup stops once passed.
                bool probed = running && p.pastInitialDelay(at - c.startedAt) && !p.onHold();
                if (p.type() == prober::ProbeType::Startup && c.started) probed = false;
                if (p.type() != prober::ProbeType::Startup && !c.started) probed = false;
                auto broken = w.brokenProbes.find({c.name, int(p.type())});
                const bool ok = broken == w.brokenProbes.end();
                if (probed && !ok)
                    event(w, "Warning", "Unhealthy",
                          std::string(prober::probeTypeName(p.type())) + " probe failed: " + broken->second, &c);
                if (probed) did = true;
                if (!p.tick(probed, ok)) continue;
                did = true;
                w.statusDirty = true;
                switch (p.type()) {
                    case prober::ProbeType::Readiness: {
                        const bool wasReady = c.ready;
                        c.ready = p.result() == prober::Result::Success;
                        if (c.ready && !wasReady && !c.init)
                            record(w, sim::kStageProbes, c.startedAt, now, sim::Phrase{sim::Phrase::Id::ContainerReady, {c.name}});
                        break;
                    }
                    case prober::ProbeType::Startup:
                        if (p.result() == prober::Result::Success) {
                            c.started = true;
                            // Without a readiness probe the container is ready once started.
                            bool hasReadiness = false;
                            for (const auto& q : c.probes) hasReadiness |= q.type() == prober::ProbeType::Readiness;
                            if (!hasReadiness) c.ready = true;
                        } else if (p.result() == prober::Result::Failure) {
                            c.killRequested = true;
                            c.killMessage = "Container " + c.name + " failed startup probe, will be restarted";
                            w.syncRequested = true;
                        }
                        break;
                    case prober::ProbeType::Liveness:
                        if (p.result() == prober::Result::Failure) {
                            c.killRequested = true;
                            c.killMessage = "Container " + c.name + " failed liveness probe, will be restarted";
                            w.syncRequested = true;
                        }
                        break;
                }
            }
        }
    }
    return did;
}

}  // namespace pilothouse::kubelet
