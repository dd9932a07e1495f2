#include "kubelet/kubelet.h"

#include "api/object.h"
#include "api/scheme.h"
#include "kubelet/lifecycle/predicate.h"
#include "kubelet/nodestatus/setters.h"
#include "sim/random.h"

namespace pilothouse::kubelet {

namespace core = k8s::io::api::core::v1;

namespace {

std::string derivedInternalIP(const std::string& nodeName, uint64_t seed) {
    const uint64_t h = sim::Random::deriveSeed(seed, "internal-ip:" + nodeName);
    return "10.0." + std::to_string((h >> 8) % 250) + "." + std::to_string(2 + h % 250);
}

}  // namespace

Kubelet::Kubelet(apiserver::APIServer& server, const sim::Clock& clock, KubeletOptions options,
                 sim::JourneyLog* journey, std::string token)
    : server_(server),
      clock_(clock),
      options_(std::move(options)),
      journey_(journey),
      token_(std::move(token)),
      recorder_(server, clock, "kubelet", options_.nodeName, token_),
      images_(options_),
      statusManager_(server, clock, token_),
      crashLoopBackoff_(options_.crashLoopBackOffInitial, options_.crashLoopBackOffMax) {
    if (options_.internalIP.empty()) options_.internalIP = derivedInternalIP(options_.nodeName, options_.seed);
    lease_ = std::make_unique<nodelease::Controller>(server_, clock_, options_.nodeName, token_,
                                                     options_.leaseDurationSeconds, options_.leaseRenewInterval);
}

Kubelet::~Kubelet() = default;

Status Kubelet::registerNode() {
    const auto* nodes = api::Scheme::instance().byName("nodes");
    apiserver::Request get;
    get.verb = "get";
    get.type = nodes;
    get.name = options_.nodeName;
    get.token = token_;
    get.fieldManager = "kubelet";
    auto resp = server_.handle(get);
    // The labels and annotation a kubelet gives its Node (initialNode). The simulated machine is
    // what a Node the scenario made says it is (its kubernetes.io/os and arch), else linux/amd64.
    auto defaults = [&](const core::Node* existing) {
        auto label = [&](const char* key, const std::string& fallback) {
            if (!existing) return fallback;
            auto it = existing->metadata().labels().find(key);
            return it == existing->metadata().labels().end() || it->second.empty() ? fallback : it->second;
        };
        const std::string arch = label("kubernetes.io/arch", "amd64"), os = label("kubernetes.io/os", "linux");
        return std::map<std::string, std::string>{{"beta.kubernetes.io/arch", arch},
                                                  {"beta.kubernetes.io/os", os},
                                                  {"kubernetes.io/arch", arch},
                                                  {"kubernetes.io/hostname", label("kubernetes.io/hostname", options_.nodeName)},
                                                  {"kubernetes.io/os", os}};
    };
    const char* kAttachDetach = "volumes.kubernetes.io/controller-managed-attach-detach";
    if (resp.ok()) {
        // tryRegisterWithAPIServer with a Node that exists: the default labels and the
        // attach/detach annotation are made what this kubelet would give a new Node.
        auto node = std::make_shared<core::Node>(static_cast<const core::Node&>(*resp.object));
        bool changed = false;
        auto& labels = *node->mutable_metadata()->mutable_labels();
        for (const auto& [k, v] : defaults(node.get())) {
            if (labels[k] == v) continue;
            labels[k] = v;
            changed = true;
        }
        auto& annotations = *node->mutable_metadata()->mutable_annotations();
        if (annotations[kAttachDetach] != "true") {
            annotations[kAttachDetach] = "true";
            changed = true;
        }
        if (!changed) return {};
        apiserver::Request update;
        update.verb = "update";
        update.type = nodes;
        update.name = options_.nodeName;
        update.token = token_;
        update.fieldManager = "kubelet";
        update.body = node;
        auto updated = server_.handle(update);
        // Changed meanwhile: the next start, or a later status update, is no worse off.
        if (!updated.ok() && updated.status.reason() != "Conflict") return updated.status;
        return {};
    }
    if (resp.status.reason() != "NotFound" || !options_.registerNode) return {};
    auto node = std::make_shared<core::Node>();
    node->mutable_metadata()->set_name(options_.nodeName);
    for (const auto& [k, v] : defaults(nullptr)) (*node->mutable_metadata()->mutable_labels())[k] = v;
    (*node->mutable_metadata()->mutable_annotations())[kAttachDetach] = "true";
    for (const auto& [k, v] : options_.capacity) {
        (*node->mutable_status()->mutable_capacity())[k] = v;
        (*node->mutable_status()->mutable_allocatable())[k] = v;
    }
    apiserver::Request create;
    create.verb = "create";
    create.type = nodes;
    create.token = token_;
    create.fieldManager = "kubelet";
    create.body = node;
    auto created = server_.handle(create);
    if (!created.ok() && created.status.reason() != "AlreadyExists") return created.status;
    return {};
}

Status Kubelet::start() {
    startedAt_ = clock_.now();
    PH_RETURN_IF_ERROR(registerNode());
    nodes_ = std::make_unique<client::Informer>(server_, *api::Scheme::instance().byName("nodes"), token_,
                                                client::ListOptions{"", "", "metadata.name=" + options_.nodeName});
    PH_RETURN_IF_ERROR(nodes_->start());
    pods_ = std::make_unique<client::Informer>(server_, *api::Scheme::instance().byName("pods"), token_,
                                               client::ListOptions{"", "", "spec.nodeName=" + options_.nodeName});
    pods_->addHandlers({
        [this](const client::ObjectPtr& o) { changed_.insert(client::keyOf(*o)); },
        [this](const client::ObjectPtr&, const client::ObjectPtr& o) { changed_.insert(client::keyOf(*o)); },
        [this](const client::ObjectPtr& o) { deleted_.insert(client::keyOf(*o)); },
    });
    PH_RETURN_IF_ERROR(pods_->start());
    // What a starting kubelet records on its Node.
    if (auto node = nodes_->getAs<core::Node>(options_.nodeName)) {
        recorder_.event(*node, "Normal", "Starting", "Starting kubelet.");
    }
    PH_RETURN_IF_ERROR(lease_->renew());
    auto posted = syncNodeStatus(true);
    if (!posted) return posted.status();
    if (auto node = nodes_->getAs<core::Node>(options_.nodeName))
        recorder_.event(*node, "Normal", "NodeAllocatableEnforced", "Updated Node Allocatable limit across pods");
    return {};
}

// --- Node status -----------------------------------------------------------------------------

StatusOr<bool> Kubelet::syncNodeStatus(bool force) {
    const sim::Time now = clock_.now();
    lastStatusCompute_ = now;
    const auto* nodes = api::Scheme::instance().byName("nodes");
    for (int attempt = 0; attempt < 5; ++attempt) {
        apiserver::Request get;
        get.verb = "get";
        get.type = nodes;
        get.name = options_.nodeName;
        get.token = token_;
        get.fieldManager = "kubelet";
        auto current = server_.handle(get);
        if (!current.ok()) {
            if (current.status.reason() == "NotFound") return false;  // not registered (registerNode off)
            return current.status;
        }
        auto node = std::make_shared<core::Node>(static_cast<const core::Node&>(*current.object));
        nodestatus::Inputs in;
        in.memoryPressure = memoryPressure_;
        in.diskPressure = diskPressure_;
        in.pidPressure = pidPressure_;
        in.internalIP = options_.internalIP;
        in.hostname = options_.nodeName;
        in.capacity = options_.capacity;
        in.images = images_.nodeImages();
        in.seed = options_.seed;
        std::vector<std::string> events;
        const core::NodeStatus before = node->status();
        nodestatus::setNodeStatus(node.get(), in, now, &events);
        const bool due = !lastStatusReport_ || now - *lastStatusReport_ >= options_.nodeStatusReportFrequency;
        if (!force && !due && !nodestatus::statusChanged(before, node->status())) return false;
        apiserver::Request update;
        update.verb = "update";
        update.type = nodes;
        update.subresource = "status";
        update.name = options_.nodeName;
        update.token = token_;
        update.fieldManager = "kubelet";
        update.body = node;
        auto resp = server_.handle(update);
        if (resp.ok()) {
            lastStatusReport_ = now;
            forceStatus_ = false;
            for (const auto& reason : events)
                recorder_.event(*node, "Normal", reason, "Node " + options_.nodeName + " status is now: " + reason);
            return true;
        }
        if (resp.status.reason() != "Conflict") return resp.status;
    }
    return Status(StatusCode::Aborted, "node status update kept conflicting");
}

// --- Failure injection -----------------------------------------------------------------------

void Kubelet::stop() { stopped_ = true; }

void Kubelet::recover() {
    if (!stopped_) return;
    stopped_ = false;
    forceStatus_ = true;
    // Renew at once: reconcile sees the lease overdue.
}

Status Kubelet::setCondition(const std::string& type, bool pressure) {
    if (type == "MemoryPressure")
        memoryPressure_ = pressure;
    else if (type == "DiskPressure")
        diskPressure_ = pressure;
    else if (type == "PIDPressure")
        pidPressure_ = pressure;
    else
        return Status(StatusCode::InvalidArgument,
                      "unknown node condition \"" + type + "\" (MemoryPressure, DiskPressure or PIDPressure)");
    return {};
}

void Kubelet::markImageMissing(const std::string& image, bool missing) { images_.markMissing(image, missing); }

Status Kubelet::breakProbe(const std::string& podKey, const std::string& container, prober::ProbeType type,
                           bool broken, const std::string& output) {
    auto it = workers_.find(podKey);
    if (it == workers_.end()) return Status(StatusCode::NotFound, "pod " + podKey + " is not on " + options_.nodeName);
    PodWorker& w = it->second;
    const ContainerRecord* c = nullptr;
    for (const auto& r : w.containers)
        if (r.name == container) c = &r;
    if (!c) return Status(StatusCode::NotFound, "pod " + podKey + " has no container " + container);
    const auto key = std::make_pair(container, int(type));
    if (!broken) {
        w.brokenProbes.erase(key);
        return {};
    }
    const core::Container& spec = w.spec(*c);
    const core::Probe& probe = type == prober::ProbeType::Startup     ? spec.startup_probe()
                               : type == prober::ProbeType::Readiness ? spec.readiness_probe()
                                                                      : spec.liveness_probe();
    w.brokenProbes[key] = output.empty() ? prober::simulatedFailureOutput(probe, w.podIP) : output;
    return {};
}

Status Kubelet::crashContainer(const std::string& podKey, const std::string& container, int32_t exitCode) {
    auto it = workers_.find(podKey);
    if (it == workers_.end()) return Status(StatusCode::NotFound, "pod " + podKey + " is not on " + options_.nodeName);
    for (auto& c : it->second.containers) {
        if (c.name != container) continue;
        if (c.state != ContainerRecord::State::Running)
            return Status(StatusCode::FailedPrecondition, "container " + container + " is not running");
        c.exitAt = clock_.now();
        c.scriptedExitCode = exitCode;
        c.noticeAt = nextRelist(clock_.now());
        return {};
    }
    return Status(StatusCode::NotFound, "pod " + podKey + " has no container " + container);
}

// --- Observation -----------------------------------------------------------------------------

std::vector<std::string> Kubelet::podKeys() const {
    std::vector<std::string> out;
    for (const auto& [k, w] : workers_) out.push_back(k);
    return out;
}

const PodWorker* Kubelet::worker(const std::string& podKey) const {
    auto it = workers_.find(podKey);
    return it == workers_.end() ? nullptr : &it->second;
}

void Kubelet::event(const PodWorker& w, const std::string& type, const std::string& reason,
                    const std::string& message, const ContainerRecord* container) {
    std::string fieldPath;
    if (container)
        fieldPath = std::string(container->init ? "spec.initContainers{" : "spec.containers{") + container->name + "}";
    // Events are best effort upstream too: a failure to record one does not stop the kubelet.
    (void)recorder_.event(*w.pod, type, reason, message, fieldPath);
}

void Kubelet::record(const PodWorker& w, const char* stage, sim::Time start, sim::Time end, std::string detail,
                     bool failed) {
    if (!journey_) return;
    journey_->record(w.key, sim::JourneyStage{stage, start, end, std::move(detail), failed});
}

void Kubelet::record(const PodWorker& w, const char* stage, sim::Time start, sim::Time end, sim::Phrase said) {
    if (!journey_) return;
    journey_->record(w.key, sim::saidStage(stage, start, end, {std::move(said)}));
}

// --- Pods: informer, admission ----------------------------------------------------------------

void Kubelet::takeInPods() {
    const sim::Time now = clock_.now();
    for (const auto& key : deleted_) {
        if (pods_->get(key)) continue;  // deleted and re-created under the same name
        auto it = workers_.find(key);
        if (it == workers_.end()) continue;
        PodWorker& w = it->second;
        releaseIP(w);
        if (w.terminationBegan && w.phase != PodWorker::Phase::Terminated)
            record(w, sim::kStageTermination, *w.terminationBegan, now, sim::Phrase{sim::Phrase::Id::Deleted});
        statusManager_.forget(key);
        workers_.erase(it);
    }
    deleted_.clear();
    for (const auto& key : changed_) {
        auto pod = pods_->getAs<core::Pod>(key);
        if (!pod) continue;
        auto it = workers_.find(key);
        if (it != workers_.end() && it->second.uid != pod->metadata().uid()) {
            releaseIP(it->second);
            workers_.erase(it);
            it = workers_.end();
        }
        if (it == workers_.end()) {
            // Pods already finished before this kubelet saw them are not run again.
            if (pod->status().phase() == "Succeeded" || pod->status().phase() == "Failed") continue;
            PodWorker w;
            w.key = key;
            w.uid = pod->metadata().uid();
            w.pod = pod;
            w.seenAt = now;
            w.admitAt = now + options_.admissionDuration;
            for (int i = 0; i < pod->spec().init_containers_size(); ++i) {
                ContainerRecord c;
                c.name = pod->spec().init_containers(i).name();
                c.init = true;
                c.index = i;
                c.waitingReason = "PodInitializing";
                w.containers.push_back(std::move(c));
            }
            w.numInit = w.containers.size();
            for (int i = 0; i < pod->spec().containers_size(); ++i) {
                ContainerRecord c;
                c.name = pod->spec().containers(i).name();
                c.index = i;
                c.waitingReason = w.numInit > 0 ? "PodInitializing" : "ContainerCreating";
                w.containers.push_back(std::move(c));
            }
            workers_.emplace(key, std::move(w));
            continue;
        }
        it->second.pod = pod;
    }
    changed_.clear();
}

std::vector<const core::Pod*> Kubelet::activePods(const PodWorker* except) const {
    std::vector<const core::Pod*> out;
    for (const auto& [k, w] : workers_) {
        if (&w == except) continue;
        if (w.phase == PodWorker::Phase::Running || w.phase == PodWorker::Phase::Terminating)
            if (!w.terminal) out.push_back(w.pod.get());
    }
    return out;
}

void Kubelet::admit(PodWorker& w) {
    const sim::Time now = clock_.now();
    lifecycle::PodAdmitResult result;
    if (auto node = nodes_->getAs<core::Node>(options_.nodeName)) {
        result = lifecycle::admit(*w.pod, *node, activePods(&w));
    } else {
        result.admit = false;
        result.reason = "InvalidNodeInfo";
        result.message = "Kubelet cannot get node info.";
    }
    w.startTime = now;
    if (!result.admit) {
        w.phase = PodWorker::Phase::Rejected;
        w.rejectReason = result.reason;
        w.rejectMessage = "Pod was rejected: " + result.message;
        event(w, "Warning", result.reason, result.message);
        record(w, sim::kStageKubeletAdmission, w.seenAt, now, result.reason + ": " + result.message, true);
    } else {
        w.phase = PodWorker::Phase::Running;
        w.syncRequested = true;
        record(w, sim::kStageKubeletAdmission, w.seenAt, now, sim::Phrase{sim::Phrase::Id::Admitted});
        // Probe workers tick from when the pod is added (prober manager AddPod).
        for (auto& c : w.containers) {
            const core::Container& spec = w.spec(c);
            if (c.init) continue;
            if (spec.has_startup_probe()) c.probes.emplace_back(prober::ProbeType::Startup, spec.startup_probe(), now);
            if (spec.has_readiness_probe())
                c.probes.emplace_back(prober::ProbeType::Readiness, spec.readiness_probe(), now);
            if (spec.has_liveness_probe())
                c.probes.emplace_back(prober::ProbeType::Liveness, spec.liveness_probe(), now);
        }
    }
    w.statusDirty = true;
}

// --- The reconcile loop -----------------------------------------------------------------------

sim::Time Kubelet::nextRelist(sim::Time t) const {
    const auto period = options_.plegRelistPeriod;
    if (period <= sim::Duration::zero()) return t;
    const auto since = t - startedAt_;
    auto ticks = since / period;
    if (startedAt_ + ticks * period < t) ++ticks;
    return startedAt_ + ticks * period;
}

bool Kubelet::process(PodWorker& w) {
    const sim::Time now = clock_.now();
    bool did = false;
    if (w.phase == PodWorker::Phase::Admitting) {
        if (now < w.admitAt) return false;
        admit(w);
        did = true;
    }
    if (w.phase == PodWorker::Phase::Running && w.pod->metadata().has_deletion_timestamp()) {
        startTermination(w);
        did = true;
    }
    if (w.phase == PodWorker::Phase::Rejected && w.pod->metadata().has_deletion_timestamp()) {
        w.phase = PodWorker::Phase::Terminated;
        (void)statusManager_.deletePod(w.pod->metadata().namespace_(), w.pod->metadata().name());
        return true;
    }
    if (w.phase == PodWorker::Phase::Terminating) {
        if (w.op.kind == Operation::Kind::KillPod && w.op.due <= now) {
            finishTermination(w);
            did = true;
        }
        return did;
    }
    if (w.phase != PodWorker::Phase::Running) return did;

    if (w.op.kind != Operation::Kind::None && w.op.due <= now) {
        completeOp(w);
        did = true;
    }
    for (auto& c : w.containers) {
        if (c.noticeAt && *c.noticeAt <= now && c.state == ContainerRecord::State::Running) {
            containerExited(w, c, *c.exitAt, c.scriptedExitCode);
            did = true;
        }
    }
    if (runProbes(w)) did = true;
    if (w.retryAt && *w.retryAt <= now) {
        w.retryAt.reset();
        w.syncRequested = true;
    }
    if (w.op.kind == Operation::Kind::None && w.syncRequested && !w.passActive) {
        w.syncRequested = false;
        startSync(w);
        did = true;
    }
    return did;
}

std::optional<sim::Time> Kubelet::nextDue(const PodWorker& w) const {
    std::optional<sim::Time> next;
    auto consider = [&](sim::Time t) {
        if (!next || t < *next) next = t;
    };
    switch (w.phase) {
        case PodWorker::Phase::Admitting: consider(w.admitAt); return next;
        case PodWorker::Phase::Terminating:
            if (w.op.kind != Operation::Kind::None) consider(w.op.due);
            return next;
        case PodWorker::Phase::Running: break;
        default: return next;
    }
    if (w.op.kind != Operation::Kind::None) consider(w.op.due);
    if (w.retryAt) consider(*w.retryAt);
    for (const auto& c : w.containers) {
        if (c.state != ContainerRecord::State::Running) continue;
        if (c.noticeAt) consider(*c.noticeAt);
        for (const auto& p : c.probes)
            if (!p.onHold()) consider(p.nextTick());
    }
    return next;
}

StatusOr<bool> Kubelet::reconcile() {
    if (stopped_) return false;
    bool did = false;
    const sim::Time now = clock_.now();
    auto synced = nodes_->sync();
    if (!synced) return synced.status();
    synced = pods_->sync();
    if (!synced) return synced.status();
    if (auto node = nodes_->getAs<core::Node>(options_.nodeName)) {
        const std::string& cidr = node->spec().pod_cidr().empty() ? options_.fallbackPodCIDR : node->spec().pod_cidr();
        if (cidr != ipam_.range()) PH_RETURN_IF_ERROR(ipam_.setRange(cidr));
    }

    // Heartbeats.
    if (auto due = lease_->nextRenewal(); !due || *due <= now || forceStatus_) {
        PH_RETURN_IF_ERROR(lease_->renew());
        did = true;
    }
    if (forceStatus_ || !lastStatusCompute_ || now - *lastStatusCompute_ >= options_.nodeStatusUpdateFrequency) {
        auto posted = syncNodeStatus(forceStatus_);
        if (!posted) return posted.status();
        did = did || *posted;
    }

    takeInPods();
    // Pods in key order, again until none has anything due now (one step can make another due
    // at the same instant: an operation completing starts the next).
    for (bool any = true; any;) {
        any = false;
        for (auto& [key, w] : workers_)
            if (process(w)) any = did = true;
    }
    for (auto it = workers_.begin(); it != workers_.end(); ++it) {
        auto wrote = flushStatus(it->second);
        if (!wrote) {
            if (wrote.status().code() == StatusCode::NotFound || wrote.status().reason() == "NotFound") continue;
            return wrote.status();
        }
        did = did || *wrote;
    }
    // Terminated pods: after their final status, DELETE with grace 0.
    for (auto& [key, w] : workers_) {
        if (w.phase != PodWorker::Phase::Terminating || w.op.kind != Operation::Kind::None) continue;
        w.phase = PodWorker::Phase::Terminated;
        PH_RETURN_IF_ERROR(statusManager_.deletePod(w.pod->metadata().namespace_(), w.pod->metadata().name()));
        did = true;
    }
    return did;
}

bool Kubelet::hasPendingEvents() const {
    return (pods_ && pods_->hasPendingEvents()) || (nodes_ && nodes_->hasPendingEvents());
}

std::optional<sim::Time> Kubelet::nextWakeup() const {
    if (stopped_) return std::nullopt;
    std::optional<sim::Time> next;
    auto consider = [&](std::optional<sim::Time> t) {
        if (t && (!next || *t < *next)) next = t;
    };
    consider(lease_->nextRenewal());
    if (lastStatusCompute_) consider(*lastStatusCompute_ + options_.nodeStatusUpdateFrequency);
    for (const auto& [key, w] : workers_) consider(nextDue(w));
    return next;
}

}  // namespace pilothouse::kubelet
