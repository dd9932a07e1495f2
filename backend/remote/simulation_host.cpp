#include "remote/simulation_host.h"

#include <iostream>

#include "apiserver/errors.h"
#include "cluster/metrics_sampler.h"

namespace pilothouse::remote {

namespace {
// How often the driver ticks, and how much wall time one tick may run the simulation before the
// session is let go (writes and state reads wait at most about this long).
constexpr std::chrono::milliseconds kTick{33};
constexpr std::chrono::milliseconds kBudget{25};

bool isWrite(const apiserver::Request& r) { return cluster::Session::isWrite(r); }
}  // namespace

StatusOr<std::unique_ptr<SimulationHost>> SimulationHost::start(cluster::SessionOptions options, cluster::Scenario scenario) {
    auto session = cluster::Session::start(std::move(options), std::move(scenario));
    if (!session) return session.status();
    return adopt(std::move(*session));
}

std::unique_ptr<SimulationHost> SimulationHost::adopt(std::unique_ptr<cluster::Session> session) {
    std::unique_ptr<SimulationHost> host(new SimulationHost());
    host->session_ = std::move(session);
    host->generation_ = host->session_->generation();
    host->publishSnapshot();
    SimulationHost* self = host.get();
    host->session_->setReplaceHooks(
        [self] {
            // Every watch leaves the old API server before it goes; new ones wait for the new one.
            const Status expired = apiserver::newResourceExpired(
                "the simulation was rewound or reset and its store started again; list again");
            if (WatchRegistry* r = self->registry_.load()) r->suspend(expired);
            self->watches_.endAll(expired);
            self->clusterMutex_.lock();
        },
        [self] {
            self->generation_ = self->session_->generation();
            self->clusterMutex_.unlock();
            if (WatchRegistry* r = self->registry_.load()) r->resume();
        });
    return host;
}

SimulationHost::~SimulationHost() { stop(); }

void SimulationHost::setWatchRegistry(WatchRegistry* registry) { registry_ = registry; }

void SimulationHost::run() {
    if (driver_.joinable()) return;
    stopping_ = false;
    driver_ = std::thread([this] { drive(); });
}

void SimulationHost::stop() {
    stopping_ = true;
    if (driver_.joinable()) driver_.join();
}

std::unique_ptr<cluster::Session> SimulationHost::release() {
    stop();
    session_->setReplaceHooks({}, {});
    return std::move(session_);
}

void SimulationHost::drive() {
    while (!stopping_) {
        const auto started = std::chrono::steady_clock::now();
        bool moved = false;
        {
            std::lock_guard lock(sessionMutex_);
            if (session_->playing()) {
                const auto before = session_->elapsed();
                if (Status st = session_->tick(kBudget); !st.isOk()) {
                    // The simulation cannot go on (a component's error): it stops where it is.
                    std::cerr << "pilothouse-server: simulation paused: " << st.message() << std::endl;
                    session_->setPlaying(false);
                }
                moved = session_->elapsed() != before;
            }
            if (moved) publishSnapshot();
        }
        if (moved) notifyChanged();
        std::this_thread::sleep_until(started + kTick);
    }
}

void SimulationHost::publishSnapshot() {
    cluster::Cluster& c = session_->cluster();
    auto snapshot = std::make_shared<Snapshot>();
    snapshot->generation = session_->generation();
    snapshot->epochUnixNanos = sim::toUnixNanos(c.loop().epoch());
    snapshot->nowUnixNanos = sim::toUnixNanos(c.loop().now());
    snapshot->playing = session_->playing();
    snapshot->speed = session_->speed();
    snapshot->asFastAsPossible = session_->asFastAsPossible();
    snapshot->revision = c.controlPlane().store().currentRevision();
    snapshot->lastJourneySeq = c.journeys().lastSeq();
    snapshot->scenario = session_->scenario().name;
    if (auto* sampler = dynamic_cast<cluster::MetricsSampler*>(c.find("metrics")))
        snapshot->metricsSamplings = sampler->samplings();
    snapshot_.store(std::move(snapshot));
}

void SimulationHost::notifyChanged() {
    changes_.fetch_add(1);
    std::lock_guard lock(listenerMutex_);
    if (listener_) listener_();
}

void SimulationHost::setChangeListener(std::function<void()> listener) {
    std::lock_guard lock(listenerMutex_);
    listener_ = std::move(listener);
}

apiserver::Response SimulationHost::handle(apiserver::Request request) {
    if (isWrite(request)) return withSession([&](cluster::Session& s) { return s.request(std::move(request)); });
    return withCluster([&](cluster::Cluster& c) { return c.apiServer().handle(request); });
}

StatusOr<std::unique_ptr<apiserver::WatchStream>> SimulationHost::watch(const apiserver::Request& request) {
    // Ended (410 Expired) when the cluster is replaced, before the old API server goes: whoever
    // holds it sees the error and watches again.
    auto stream = withCluster([&](cluster::Cluster& c) { return c.apiServer().watch(request); });
    if (!stream) return stream.status();
    return watches_.adopt(std::move(*stream));
}

Status SimulationHost::authorize(const std::string& token, apiserver::Attributes attributes) {
    return withCluster([&](cluster::Cluster& c) { return c.apiServer().authorizeRequest(token, std::move(attributes)); });
}

int64_t SimulationHost::nowUnixNanos() {
    return withCluster([&](cluster::Cluster& c) { return c.apiServer().clock().nowUnixNanos(); });
}

}  // namespace pilothouse::remote
