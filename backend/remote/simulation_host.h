// pilothouse-server's simulation: a simulation session (cluster/session.h) driven on a thread of
// its own, shared by every gRPC call.
//
//   driver thread:  every ~33 ms, with the session locked: tick (virtual time moves at speed ×
//                   wall time while playing), take a snapshot, then call the change listener
//                   (the Simulation service's streams, change_stream.h)
//   gRPC threads:   reads (get, list, the watches' streams) go straight to the API server, which
//                   is thread-safe; writes and everything that moves the simulation lock the
//                   session, so they happen between the driver's ticks at one virtual instant and
//                   are recorded (a rewind replays them, the same every time)
//
// As the KubernetesAPI's ApiBackend (api_backend.h) it also deals with the cluster being replaced
// (a rewind, a reset, a new scenario): before the old cluster goes, every watch of the service is
// ended with 410 Expired (its client lists again) and held off until the new one is there; reads
// wait meanwhile.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <thread>

#include "cluster/session.h"
#include "remote/api_backend.h"
#include "remote/endable_watches.h"
#include "remote/watch_reactor.h"

namespace pilothouse::remote {

class SimulationHost final : public ApiBackend {
public:
    // A new session (paused), or one already started; start the driver with run().
    static StatusOr<std::unique_ptr<SimulationHost>> start(cluster::SessionOptions options, cluster::Scenario scenario);
    static std::unique_ptr<SimulationHost> adopt(std::unique_ptr<cluster::Session> session);
    ~SimulationHost() override;  // stops the driver

    // Starts the driver thread (idempotent).
    void run();
    // Stops the driver thread; the session stays as it is.
    void stop();
    // Stops the driver and hands the session over (to be saved and closed); the host is then done.
    std::unique_ptr<cluster::Session> release();

    // The watches to end and hold off while the cluster is replaced (the KubernetesAPI service's).
    void setWatchRegistry(WatchRegistry* registry);

    // ApiBackend.
    apiserver::Response handle(apiserver::Request request) override;
    StatusOr<std::unique_ptr<apiserver::WatchStream>> watch(const apiserver::Request& request) override;
    Status authorize(const std::string& token, apiserver::Attributes attributes) override;
    int64_t nowUnixNanos() override;

    // Runs `f` with the session locked (between two of the driver's ticks) and returns its
    // result; anything that changes the simulation goes through here. Calls the change listener.
    template <typename F>
    auto withSession(F&& f) {
        std::lock_guard lock(sessionMutex_);
        struct Notify {
            SimulationHost* host;
            ~Notify() {
                host->publishSnapshot();  // the session is still locked here
                host->notifyChanged();
            }
        } notify{this};
        return f(*session_);
    }
    // Runs `f` with the session locked, to read it only: not a change, so it wakes nobody (a
    // stream that looked with withSession() would wake itself, and every other stream, at once).
    template <typename F>
    auto readSession(F&& f) {
        std::lock_guard lock(sessionMutex_);
        return f(*session_);
    }
    // Runs `f` with the current cluster, which stays while `f` runs (reads only: the driver may be
    // running it; only thread-safe parts such as the API server and the journey log).
    template <typename F>
    auto withCluster(F&& f) {
        std::shared_lock lock(clusterMutex_);
        return f(session_->cluster());
    }

    // What the session looked like after its last change, taken by the one who changed it while
    // it was locked. Readers that only want to know where the simulation is (the Simulation
    // service's state streams, one per client) read this and never take the session's lock: a
    // reader of low priority preempted while holding it would keep the driver waiting.
    struct Snapshot {
        uint64_t generation = 0;
        int64_t epochUnixNanos = 0;
        int64_t nowUnixNanos = 0;
        bool playing = false;
        double speed = 1;
        bool asFastAsPossible = false;
        int64_t revision = 0;
        int64_t lastJourneySeq = 0;
        std::string scenario;
        int64_t metricsSamplings = -1;  // the metrics sampler's samplings() (-1: no sampler)
    };
    std::shared_ptr<const Snapshot> snapshot() const { return snapshot_.load(); }

    // The cluster's generation (cluster::Session::generation), without locking.
    uint64_t generation() const { return generation_.load(); }
    // Called on the changing thread after each change (with the session possibly still locked: it
    // must only wake others). One listener; null removes it, and once that returns the old one is
    // not running.
    void setChangeListener(std::function<void()> listener);

    // Counts changes: the driver's ticks that moved time, and every withSession() call.
    uint64_t changes() const { return changes_.load(); }

private:
    SimulationHost() = default;
    void drive();
    void notifyChanged();
    // Takes a new snapshot(); the session is locked.
    void publishSnapshot();

    std::unique_ptr<cluster::Session> session_;
    // The watches watch() handed out, ended before the cluster is replaced.
    EndableWatches watches_;
    // Held by the driver's ticks and withSession().
    std::mutex sessionMutex_;
    // Held shared by reads of the cluster, exclusively while it is replaced.
    std::shared_mutex clusterMutex_;
    std::atomic<WatchRegistry*> registry_{nullptr};
    std::atomic<uint64_t> generation_{0};

    std::atomic<std::shared_ptr<const Snapshot>> snapshot_;
    std::mutex listenerMutex_;  // held while the listener runs and while it is replaced
    std::function<void()> listener_;
    std::atomic<uint64_t> changes_{0};

    std::thread driver_;
    std::atomic<bool> stopping_{false};
};

}  // namespace pilothouse::remote
