#include "controllers/nodelifecycle/node_lifecycle_controller.h"

#include <google/protobuf/util/message_differencer.h>

#include <algorithm>

#include "api/object.h"
#include "api/scheme.h"

namespace pilothouse::controller::nodelifecycle {

namespace coordination = k8s::io::api::coordination::v1;

namespace {


constexpr char kNotReadyTaint[] = "node.kubernetes.io/not-ready";
constexpr char kUnreachableTaint[] = "node.kubernetes.io/unreachable";
constexpr sim::Duration kNodeEvictionPeriod = std::chrono::milliseconds(100);

core::Taint taint(const char* key, const char* effect) {
    core::Taint t;
    t.set_key(key);
    t.set_effect(effect);
    return t;
}

bool hasTaint(const core::Node& node, const std::string& key, const std::string& effect) {
    for (const auto& t : node.spec().taints())
        if (t.key() == key && t.effect() == effect) return true;
    return false;
}

core::NodeCondition* findCondition(core::NodeStatus* s, const std::string& type) {
    for (auto& c : *s->mutable_conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

// nodeConditionToTaintKeyStatusMap.
const char* noScheduleTaintFor(const core::NodeCondition& c) {
    if (c.type() == "Ready") return c.status() == "False" ? kNotReadyTaint : c.status() == "Unknown" ? kUnreachableTaint : nullptr;
    if (c.status() != "True") return nullptr;
    if (c.type() == "MemoryPressure") return "node.kubernetes.io/memory-pressure";
    if (c.type() == "DiskPressure") return "node.kubernetes.io/disk-pressure";
    if (c.type() == "NetworkUnavailable") return "node.kubernetes.io/network-unavailable";
    if (c.type() == "PIDPressure") return "node.kubernetes.io/pid-pressure";
    return nullptr;
}

bool isConditionTaintKey(const std::string& key) {
    return key == kNotReadyTaint || key == kUnreachableTaint || key == "node.kubernetes.io/memory-pressure" ||
           key == "node.kubernetes.io/disk-pressure" || key == "node.kubernetes.io/network-unavailable" ||
           key == "node.kubernetes.io/pid-pressure";
}

}  // namespace

NodeLifecycleController::NodeLifecycleController(apiserver::APIServer& server, const sim::Clock& clock,
                                                 NodeLifecycleControllerOptions options)
    : server_(server),
      clock_(clock),
      options_(std::move(options)),
      client_(server, options_.token),
      informers_(options_.informers ? options_.informers : std::make_shared<client::SharedInformerFactory>(server, options_.token)),
      nodeInformer_(informers_->informerFor(resourceType("nodes"))),
      leaseInformer_(informers_->informerFor(resourceType("leases"), client::ListOptions{"kube-node-lease", "", ""})),
      podInformer_(informers_->informerFor(resourceType("pods"))),
      recorder_(server, clock, "node-controller", "", options_.token),
      taintManager_(client_, clock, nodeInformer_, podInformer_, options_.token) {}

Status NodeLifecycleController::start() {
    setResyncPeriod(clock_, options_.resyncPeriod, {&nodeInformer_, &leaseInformer_, &podInformer_});
    // A node's pods without reading every pod (before the node handlers: a shared informer replays
    // its nodes to them at once).
    podInformer_.addIndexer(scheduler::kNodeNameIndex, scheduler::podNodeNameIndex);
    nodeInformer_.addHandlers({
        [this](const client::ObjectPtr& o) {
            const auto& node = static_cast<const core::Node&>(*o);
            noScheduleDirty_.insert(node.metadata().name());
            taintManager_.nodeUpdated(nullptr, &node);
        },
        [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
            const auto& node = static_cast<const core::Node&>(*o);
            noScheduleDirty_.insert(node.metadata().name());
            taintManager_.nodeUpdated(static_cast<const core::Node*>(old.get()), &node);
        },
        [this](const client::ObjectPtr& o) {
            const auto& node = static_cast<const core::Node&>(*o);
            health_.erase(node.metadata().name());
            taintManager_.nodeUpdated(&node, nullptr);
        },
    });
    podInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { taintManager_.podUpdated(nullptr, static_cast<const core::Pod*>(o.get())); },
        [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
            taintManager_.podUpdated(static_cast<const core::Pod*>(old.get()), static_cast<const core::Pod*>(o.get()));
        },
        [this](const client::ObjectPtr& o) { taintManager_.podUpdated(static_cast<const core::Pod*>(o.get()), nullptr); },
    });
    PH_RETURN_IF_ERROR(nodeInformer_.start());
    PH_RETURN_IF_ERROR(leaseInformer_.start());
    return podInformer_.start();
}

std::string NodeLifecycleController::zoneOf(const core::Node& node) {
    const auto& l = node.metadata().labels();
    auto get = [&](const char* a, const char* b) {
        auto it = l.find(a);
        if (it != l.end()) return it->second;
        it = l.find(b);
        return it != l.end() ? it->second : std::string();
    };
    const std::string region = get("topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region");
    const std::string zone = get("topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone");
    if (region.empty() && zone.empty()) return "";
    return region + ":\x00:" + zone;
}

StatusOr<bool> NodeLifecycleController::reconcile() {
    bool did = false;
    for (;;) {
        bool round = false;
        for (client::Informer* inf : {&nodeInformer_, &leaseInformer_, &podInformer_}) {
            auto n = inf->sync();
            if (!n) return n.status();
            round = round || *n > 0;
        }
        std::set<std::string> dirty;
        dirty.swap(noScheduleDirty_);
        for (const auto& name : dirty) PH_RETURN_IF_ERROR(doNoScheduleTaintingPass(name));
        const sim::Time now = clock_.now();
        if (!lastMonitor_ || now >= *lastMonitor_ + options_.nodeMonitorPeriod) {
            lastMonitor_ = now;
            PH_RETURN_IF_ERROR(monitorNodeHealth());
            round = true;
        }
        bool queued = false;
        for (const auto& [z, zone] : zones_) queued = queued || !zone.queue.empty();
        if (queued && (!lastTaintPass_ || now >= *lastTaintPass_ + kNodeEvictionPeriod)) {
            lastTaintPass_ = now;
            auto r = doNoExecuteTaintingPass();
            if (!r) return r.status();
            round = round || *r;
        }
        auto evicted = taintManager_.run();
        if (!evicted) return evicted.status();
        round = round || *evicted;
        if (!round) break;
        did = true;
    }
    return did;
}

std::optional<sim::Time> NodeLifecycleController::nextWakeup() const {
    std::optional<sim::Time> next;
    auto consider = [&](sim::Time t) {
        if (!next || t < *next) next = t;
    };
    if (lastMonitor_) consider(*lastMonitor_ + options_.nodeMonitorPeriod);
    bool queued = false;
    for (const auto& [z, zone] : zones_) queued = queued || !zone.queue.empty();
    if (queued) consider(lastTaintPass_ ? *lastTaintPass_ + kNodeEvictionPeriod : clock_.now());
    if (auto t = taintManager_.nextFireTime()) consider(*t);
    if (auto t = nextResync({&nodeInformer_, &leaseInformer_, &podInformer_})) consider(*t);
    return next;
}

// ---- health ----

StatusOr<std::pair<core::NodeCondition, std::optional<core::NodeCondition>>> NodeLifecycleController::tryUpdateNodeHealth(
    core::Node& node) {
    const std::string name = node.metadata().name();
    const sim::Time now = clock_.now();
    core::NodeCondition observed;
    sim::Duration gracePeriod;
    core::NodeCondition* current = findCondition(node.mutable_status(), "Ready");
    if (!current) {
        observed.set_type("Ready");
        observed.set_status("Unknown");
        observed.set_last_heartbeat_time(node.metadata().creation_timestamp());
        observed.set_last_transition_time(node.metadata().creation_timestamp());
        gracePeriod = options_.nodeStartupGracePeriod;
    } else {
        observed = *current;
        gracePeriod = options_.nodeMonitorGracePeriod;
    }
    auto it = health_.find(name);
    if (it == health_.end()) {
        NodeHealth h;
        h.probeTimestamp = h.readyTransitionTimestamp = now;
        if (!current) {
            // Never posted: the probe starts at the node's creation.
            const int64_t created = parseTime(node.metadata().creation_timestamp());
            if (created) h.probeTimestamp = sim::fromUnixNanos(created);
        }
        if (current) h.ready = *current;
        it = health_.emplace(name, h).first;
    } else {
        NodeHealth& h = it->second;
        const bool hadSaved = h.ready.has_value();
        if (hadSaved != (current != nullptr) ||
            (hadSaved && current && h.ready->last_heartbeat_time() != current->last_heartbeat_time())) {
            if (hadSaved && current && h.ready->last_transition_time() != current->last_transition_time())
                h.readyTransitionTimestamp = now;
            else if (hadSaved != (current != nullptr))
                h.readyTransitionTimestamp = now;
            h.probeTimestamp = now;
        }
        if (current) {
            h.ready = *current;
        } else {
            h.ready.reset();
        }
    }
    NodeHealth& h = it->second;
    // A renewed Lease counts as a heartbeat.
    if (auto lease = leaseInformer_.getAs<coordination::Lease>("kube-node-lease/" + name)) {
        const std::string renew = lease->spec().renew_time();
        if (!h.hasLease || parseTime(h.leaseRenewTime) < parseTime(renew)) {
            h.hasLease = true;
            h.leaseRenewTime = renew;
            h.probeTimestamp = now;
        }
    }
    if (now > h.probeTimestamp + gracePeriod) {
        const std::string nowText = formatTime(now);
        for (const char* type : {"Ready", "MemoryPressure", "DiskPressure", "PIDPressure"}) {
            core::NodeCondition* c = findCondition(node.mutable_status(), type);
            if (!c) {
                c = node.mutable_status()->add_conditions();
                c->set_type(type);
                c->set_status("Unknown");
                c->set_reason("NodeStatusNeverUpdated");
                c->set_message("Kubelet never posted node status.");
                c->set_last_heartbeat_time(node.metadata().creation_timestamp());
                c->set_last_transition_time(nowText);
            } else if (c->status() != "Unknown") {
                c->set_status("Unknown");
                c->set_reason("NodeStatusUnknown");
                c->set_message("Kubelet stopped posting node status.");
                c->set_last_transition_time(nowText);
            }
        }
        current = findCondition(node.mutable_status(), "Ready");
        if (!google::protobuf::util::MessageDifferencer::Equals(*current, observed)) {
            auto r = client_.update("nodes", node, "status");
            if (!r) return r.status();
            node = static_cast<const core::Node&>(**r);
            h.ready = *findCondition(node.mutable_status(), "Ready");
            h.readyTransitionTimestamp = now;
            current = findCondition(node.mutable_status(), "Ready");
        }
    }
    std::optional<core::NodeCondition> cur;
    if (current) cur = *current;
    return std::make_pair(observed, cur);
}

Status NodeLifecycleController::monitorNodeHealth() {
    std::vector<core::Node> nodes;
    for (const auto& [key, obj] : nodeInformer_.items()) nodes.push_back(static_cast<const core::Node&>(*obj));
    // classifyNodes: new and vanished nodes.
    std::set<std::string> seen;
    for (const auto& node : nodes) {
        seen.insert(node.metadata().name());
        if (knownNodes_.contains(node.metadata().name())) continue;
        knownNodes_.insert(node.metadata().name());
        (void)recorder_.event(node, "Normal", "RegisteredNode",
                              "Node " + node.metadata().name() + " event: Registered Node " + node.metadata().name() +
                                  " in Controller");
        Zone& zone = zones_[zoneOf(node)];
        if (zone.state == "Initial" && zone.qps == 0) {
            zone.qps = options_.evictionLimiterQPS;
            zone.last = clock_.now();
        }
        Status err;
        markNodeAsReachable(node, &err);
        if (!err.isOk()) return err;
    }
    for (auto it = knownNodes_.begin(); it != knownNodes_.end();) {
        if (seen.contains(*it)) {
            ++it;
            continue;
        }
        core::Node gone;
        gone.mutable_metadata()->set_name(*it);
        api::setTypeMeta(&gone, resourceType("nodes"));
        (void)recorder_.event(gone, "Normal", "RemovingNode",
                              "Node " + *it + " event: Removing Node " + *it + " from Controller");
        it = knownNodes_.erase(it);
    }

    std::map<std::string, std::vector<std::string>> zoneToReady;  // zone -> Ready status per node
    for (auto& node : nodes) {
        auto r = tryUpdateNodeHealth(node);
        if (!r) {
            if (isConflict(r.status()) || isNotFound(r.status())) continue;  // next pass
            return r.status();
        }
        const auto& [observed, current] = *r;
        zoneToReady[zoneOf(node)].push_back(current ? current->status() : "");
        if (!current) continue;
        if (current->status() != "True" && observed.status() == "True") {
            (void)recorder_.event(node, "Normal", "NodeNotReady",
                                  "Node " + node.metadata().name() + " status is now: NodeNotReady");
            PH_RETURN_IF_ERROR(markPodsNotReady(node.metadata().name()));
        }
        PH_RETURN_IF_ERROR(processTaintBaseEviction(node, observed));
    }
    handleDisruption(zoneToReady);
    return {};
}

Status NodeLifecycleController::markPodsNotReady(const std::string& nodeName) {
    std::vector<std::pair<std::string, std::string>> targets;
    for (const auto& [key, obj] : podInformer_.items()) {
        const auto& pod = static_cast<const core::Pod&>(*obj);
        if (pod.spec().node_name() == nodeName) targets.emplace_back(pod.metadata().namespace_(), pod.metadata().name());
    }
    const std::string now = formatTime(clock_.now());
    for (const auto& [ns, name] : targets) {
        auto r = client_.updateWithRetry(
            "pods", ns, name,
            [&](google::protobuf::Message* m) {
                auto* pod = static_cast<core::Pod*>(m);
                for (auto& c : *pod->mutable_status()->mutable_conditions()) {
                    if (c.type() != "Ready") continue;
                    if (c.status() == "False") return false;
                    c.set_status("False");
                    c.set_last_transition_time(now);
                    return true;
                }
                return false;
            },
            "status");
        if (!r) {
            if (isNotFound(r.status())) continue;
            return r.status();
        }
        const auto& pod = static_cast<const core::Pod&>(**r);
        const auto* ready = podCondition(pod.status(), "Ready");
        if (ready && ready->status() == "False" && ready->last_transition_time() == now)
            (void)recorder_.event(pod, "Warning", "NodeNotReady", "Node is not ready");
    }
    return {};
}

// ---- taints ----

Status NodeLifecycleController::swapTaints(const std::string& nodeName, const std::vector<core::Taint>& add,
                                           const std::vector<core::Taint>& remove) {
    const std::string now = formatTime(clock_.now());
    auto r = client_.updateWithRetry("nodes", "", nodeName, [&](google::protobuf::Message* m) {
        auto* taints = static_cast<core::Node*>(m)->mutable_spec()->mutable_taints();
        bool changed = false;
        for (const auto& t : remove)
            for (int i = taints->size() - 1; i >= 0; --i)
                if (taints->Get(i).key() == t.key() && taints->Get(i).effect() == t.effect()) {
                    taints->DeleteSubrange(i, 1);
                    changed = true;
                }
        for (core::Taint t : add) {
            t.set_time_added(now);
            bool present = false;
            for (auto& existing : *taints)
                if (existing.key() == t.key() && existing.effect() == t.effect()) {
                    present = true;
                    if (existing.value() != t.value()) {
                        existing = t;
                        changed = true;
                    }
                }
            if (!present) {
                *taints->Add() = t;
                changed = true;
            }
        }
        return changed;
    });
    return r || isNotFound(r.status()) ? Status() : r.status();
}

Status NodeLifecycleController::doNoScheduleTaintingPass(const std::string& nodeName) {
    auto node = nodeInformer_.getAs<core::Node>(nodeName);
    if (!node) return {};
    std::vector<core::Taint> want;
    for (const auto& c : node->status().conditions())
        if (const char* key = noScheduleTaintFor(c)) want.push_back(taint(key, "NoSchedule"));
    if (node->spec().unschedulable()) want.push_back(taint("node.kubernetes.io/unschedulable", "NoSchedule"));
    std::vector<core::Taint> have;
    for (const auto& t : node->spec().taints())
        if (t.effect() == "NoSchedule" && (t.key() == "node.kubernetes.io/unschedulable" || isConditionTaintKey(t.key())))
            have.push_back(t);
    auto contains = [](const std::vector<core::Taint>& v, const core::Taint& t) {
        for (const auto& x : v)
            if (x.key() == t.key() && x.effect() == t.effect()) return true;
        return false;
    };
    std::vector<core::Taint> add, remove;
    for (const auto& t : want)
        if (!contains(have, t)) add.push_back(t);
    for (const auto& t : have)
        if (!contains(want, t)) remove.push_back(t);
    if (add.empty() && remove.empty()) return {};
    return swapTaints(nodeName, add, remove);
}

bool NodeLifecycleController::markNodeAsReachable(const core::Node& node, Status* error) {
    std::vector<core::Taint> remove;
    for (const char* key : {kUnreachableTaint, kNotReadyTaint})
        if (hasTaint(node, key, "NoExecute")) remove.push_back(taint(key, "NoExecute"));
    auto& queue = zones_[zoneOf(node)].queue;
    queue.erase(std::remove(queue.begin(), queue.end(), node.metadata().name()), queue.end());
    if (remove.empty()) return false;
    *error = swapTaints(node.metadata().name(), {}, remove);
    return error->isOk();
}

Status NodeLifecycleController::processTaintBaseEviction(const core::Node& node, const core::NodeCondition& observed) {
    const std::string name = node.metadata().name();
    auto& queue = zones_[zoneOf(node)].queue;
    auto enqueue = [&](const char* key) {
        // markNodeForTainting: re-queued unless already tainted so.
        if (!hasTaint(node, key, "NoExecute")) queue.erase(std::remove(queue.begin(), queue.end(), name), queue.end());
        if (std::find(queue.begin(), queue.end(), name) == queue.end()) queue.push_back(name);
    };
    if (observed.status() == "False") {
        if (hasTaint(node, kUnreachableTaint, "NoExecute"))
            return swapTaints(name, {taint(kNotReadyTaint, "NoExecute")}, {taint(kUnreachableTaint, "NoExecute")});
        enqueue(kNotReadyTaint);
    } else if (observed.status() == "Unknown") {
        if (hasTaint(node, kNotReadyTaint, "NoExecute"))
            return swapTaints(name, {taint(kUnreachableTaint, "NoExecute")}, {taint(kNotReadyTaint, "NoExecute")});
        enqueue(kUnreachableTaint);
    } else if (observed.status() == "True") {
        Status err;
        markNodeAsReachable(node, &err);
        return err;
    }
    return {};
}

StatusOr<bool> NodeLifecycleController::doNoExecuteTaintingPass() {
    const sim::Time now = clock_.now();
    bool did = false;
    for (auto& [zoneKey, zone] : zones_) {
        // Token bucket (burst 1) on the virtual clock.
        if (zone.qps > 0) {
            const double elapsed = std::chrono::duration<double>(now - zone.last).count();
            zone.tokens = std::min(1.0, zone.tokens + elapsed * zone.qps);
        }
        zone.last = now;
        while (!zone.queue.empty()) {
            if (zone.qps <= 0 || zone.tokens < 1.0) break;
            zone.tokens -= 1.0;
            const std::string name = zone.queue.front();
            zone.queue.erase(zone.queue.begin());
            auto node = nodeInformer_.getAs<core::Node>(name);
            if (!node) continue;
            const core::NodeCondition* ready = nullptr;
            for (const auto& c : node->status().conditions())
                if (c.type() == "Ready") ready = &c;
            if (!ready) continue;
            Status st;
            if (ready->status() == "False") {
                st = swapTaints(name, {taint(kNotReadyTaint, "NoExecute")}, {taint(kUnreachableTaint, "NoExecute")});
            } else if (ready->status() == "Unknown") {
                st = swapTaints(name, {taint(kUnreachableTaint, "NoExecute")}, {taint(kNotReadyTaint, "NoExecute")});
            } else {
                continue;  // ready again: nothing to taint
            }
            if (!st.isOk()) {
                zone.queue.push_back(name);  // try again later
                return st;
            }
            did = true;
        }
    }
    return did;
}

void NodeLifecycleController::handleDisruption(const std::map<std::string, std::vector<std::string>>& zoneToReady) {
    std::map<std::string, std::string> newStates;
    bool allAreFullyDisrupted = true;
    for (const auto& [zone, statuses] : zoneToReady) {
        int ready = 0, notReady = 0;
        for (const auto& s : statuses) (s == "True" ? ready : notReady)++;
        std::string state = "Normal";
        if (ready == 0 && notReady > 0) {
            state = "FullDisruption";
        } else if (notReady > 2 &&
                   static_cast<double>(notReady) / static_cast<double>(notReady + ready) >= options_.unhealthyZoneThreshold) {
            state = "PartialDisruption";
        }
        newStates[zone] = state;
        if (state != "FullDisruption") allAreFullyDisrupted = false;
    }
    bool allWasFullyDisrupted = true;
    for (auto it = zones_.begin(); it != zones_.end();) {
        if (!zoneToReady.contains(it->first)) {
            it = zones_.erase(it);
            continue;
        }
        if (it->second.state != "FullDisruption") allWasFullyDisrupted = false;
        ++it;
    }
    auto setLimiter = [&](Zone& zone, size_t size, const std::string& state) {
        double qps = options_.evictionLimiterQPS;
        if (state == "PartialDisruption")
            qps = static_cast<int>(size) > options_.largeClusterSizeThreshold ? options_.secondaryEvictionLimiterQPS : 0;
        if (qps != zone.qps) {
            zone.qps = qps;
            zone.tokens = zone.tokens >= 1.0 ? 1.0 : 0.0;
            zone.last = clock_.now();
        }
    };
    if (allAreFullyDisrupted && allWasFullyDisrupted) return;
    if (allAreFullyDisrupted) {
        // Every node is not ready: the control plane's side is suspect; stop all evictions.
        for (const auto& [key, obj] : nodeInformer_.items()) {
            Status err;
            markNodeAsReachable(static_cast<const core::Node&>(*obj), &err);
        }
        for (auto& [k, zone] : zones_) {
            zone.qps = 0;
            zone.state = "FullDisruption";
        }
        allFullyDisrupted_ = true;
        return;
    }
    if (allWasFullyDisrupted && !zones_.empty()) {
        // Leaving full disruption: every node gets a fresh grace period.
        for (auto& [name, h] : health_) h.probeTimestamp = h.readyTransitionTimestamp = clock_.now();
        for (auto& [k, zone] : zones_) {
            setLimiter(zone, zoneToReady.at(k).size(), newStates[k]);
            zone.state = newStates[k];
        }
        allFullyDisrupted_ = false;
        return;
    }
    for (auto& [k, zone] : zones_) {
        if (zone.state == newStates[k]) continue;
        setLimiter(zone, zoneToReady.at(k).size(), newStates[k]);
        zone.state = newStates[k];
    }
}

}  // namespace pilothouse::controller::nodelifecycle
