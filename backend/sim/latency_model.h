// Modelled latencies: how long API requests, etcd writes, watch deliveries and component work take
// in virtual time. Components do not run work "instantly": they schedule it as events this far
// ahead, so the GUI can show requests in flight and the order in which things happen matches a
// real cluster's (e.g. the scheduler sees a pod a watch-delivery after the API server stored it).
//
// Each latency is a base plus optional jitter: a sample is uniform in [base - jitter, base +
// jitter] (never negative), drawn from a seeded Random stream, so jittered runs are still
// reproducible. The defaults are small-cluster figures, not measurements of any particular cluster.
//
// LatencyModel is a plain value (thread-compatible). LatencySampler pairs a model with a Random
// stream and is used by one component (one thread) at a time.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sim/clock.h"
#include "sim/random.h"
#include "util/status.h"

namespace pilothouse::sim {

struct Latency {
    Duration base{};
    Duration jitter{};  // half-width of the uniform spread around base
    bool operator==(const Latency&) const = default;
};

struct LatencyModel {
    // Client -> API server -> response, excluding storage (authn, admission, validation, encoding).
    Latency apiRequest{std::chrono::microseconds(2000), std::chrono::microseconds(1000)};
    // The API server's write to the store (etcd raft commit + fsync).
    Latency etcdWrite{std::chrono::microseconds(2000), std::chrono::microseconds(500)};
    // A read from the store (served from the watch cache / etcd range).
    Latency etcdRead{std::chrono::microseconds(500), std::chrono::microseconds(200)};
    // A stored change reaching one watcher (informer).
    Latency watchDelivery{std::chrono::microseconds(1000), std::chrono::microseconds(500)};
    // One scheduling cycle for one pod (filter + score + reserve), before the bind request.
    Latency schedulingCycle{std::chrono::microseconds(1000), std::chrono::microseconds(300)};
    // One controller reconcile of one object, before the requests it makes.
    Latency controllerReconcile{std::chrono::microseconds(500), std::chrono::microseconds(200)};
    // A kubelet noticing a pod bound to its node and starting to sync it.
    Latency kubeletSync{std::chrono::milliseconds(10), std::chrono::milliseconds(5)};
    // Pulling an image not yet on the node.
    Latency imagePull{std::chrono::milliseconds(2000), std::chrono::milliseconds(1000)};
    // Creating and starting one container once its image is present.
    Latency containerStart{std::chrono::milliseconds(500), std::chrono::milliseconds(200)};
    // Stopping one container after SIGTERM (a process that exits promptly).
    Latency containerStop{std::chrono::milliseconds(100), std::chrono::milliseconds(50)};

    // The defaults above.
    static LatencyModel defaults() { return {}; }
    // Every latency zero: work happens at the time it is scheduled (unit tests of pure logic).
    static LatencyModel instantaneous();
    // The same bases without jitter.
    LatencyModel withoutJitter() const;

    // InvalidArgument naming the field when a base or jitter is negative.
    Status validate() const;

    // The fields by name ("apiRequest", "etcdWrite", ...), for scenario files and the GUI.
    struct Field {
        const char* name;
        Latency LatencyModel::*member;
    };
    static const std::vector<Field>& fields();
    // NotFound (listing the known names) for an unknown name.
    StatusOr<Latency> get(std::string_view name) const;
    // NotFound for an unknown name, InvalidArgument for a negative base or jitter.
    Status set(std::string_view name, Latency value);

    bool operator==(const LatencyModel&) const = default;
};

// A sample of `latency`: uniform in [base - jitter, base + jitter], clamped at zero. With a null
// rng or zero jitter returns base and draws nothing.
Duration sampleLatency(const Latency& latency, Random* rng);

// A model plus the Random stream its jitter comes from (typically loop-seed.fork("latency/NAME")).
class LatencySampler {
public:
    explicit LatencySampler(LatencyModel model = {}, Random rng = Random(0), bool jitter = true)
        : model_(model), rng_(rng), jitter_(jitter) {}

    const LatencyModel& model() const { return model_; }
    void setModel(const LatencyModel& model) { model_ = model; }
    bool jitterEnabled() const { return jitter_; }
    void setJitterEnabled(bool on) { jitter_ = on; }

    Duration sample(const Latency& latency) {
        return sampleLatency(latency, jitter_ ? &rng_ : nullptr);
    }
    Duration sample(Latency LatencyModel::*field) { return sample(model_.*field); }

    Duration apiRequest() { return sample(&LatencyModel::apiRequest); }
    Duration etcdWrite() { return sample(&LatencyModel::etcdWrite); }
    Duration etcdRead() { return sample(&LatencyModel::etcdRead); }
    Duration watchDelivery() { return sample(&LatencyModel::watchDelivery); }
    Duration schedulingCycle() { return sample(&LatencyModel::schedulingCycle); }
    Duration controllerReconcile() { return sample(&LatencyModel::controllerReconcile); }
    Duration kubeletSync() { return sample(&LatencyModel::kubeletSync); }
    Duration imagePull() { return sample(&LatencyModel::imagePull); }
    Duration containerStart() { return sample(&LatencyModel::containerStart); }
    Duration containerStop() { return sample(&LatencyModel::containerStop); }

private:
    LatencyModel model_;
    Random rng_;
    bool jitter_;
};

}  // namespace pilothouse::sim
