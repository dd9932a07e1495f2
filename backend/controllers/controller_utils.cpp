#include "controllers/controller_utils.h"

#include <algorithm>
#include <cmath>

#include "api/object.h"
#include "api/scheme.h"
#include "util/rfc3339.h"

namespace pilothouse::controller {

const api::ResourceType& resourceType(const std::string& resource) {
    const api::ResourceType* t = api::Scheme::instance().byName(resource);
    assert(t && "unknown resource");
    return *t;
}

// ---- requests ----

StatusOr<std::unique_ptr<google::protobuf::Message>> ApiClient::get(const std::string& resource,
                                                                    const std::string& ns, const std::string& name) {
    apiserver::Request r;
    r.verb = "get";
    r.type = &resourceType(resource);
    r.namespace_ = ns;
    r.name = name;
    r.token = token_;
    r.fieldManager = "kube-controller-manager";
    auto resp = server_.handle(r);
    if (!resp.ok()) return resp.status;
    return std::move(resp.object);
}

StatusOr<std::unique_ptr<google::protobuf::Message>> ApiClient::create(const std::string& resource,
                                                                       const google::protobuf::Message& object) {
    apiserver::Request r;
    r.verb = "create";
    r.type = &resourceType(resource);
    r.namespace_ = api::metadata(object).namespace_();
    r.token = token_;
    r.fieldManager = "kube-controller-manager";
    std::shared_ptr<google::protobuf::Message> body(object.New());
    body->CopyFrom(object);
    r.body = std::move(body);
    auto resp = server_.handle(r);
    if (!resp.ok()) return resp.status;
    return std::move(resp.object);
}

StatusOr<std::unique_ptr<google::protobuf::Message>> ApiClient::update(const std::string& resource,
                                                                       const google::protobuf::Message& object,
                                                                       const std::string& subresource) {
    apiserver::Request r;
    r.verb = "update";
    r.type = &resourceType(resource);
    r.namespace_ = api::metadata(object).namespace_();
    r.name = api::metadata(object).name();
    r.subresource = subresource;
    r.token = token_;
    r.fieldManager = "kube-controller-manager";
    std::shared_ptr<google::protobuf::Message> body(object.New());
    body->CopyFrom(object);
    r.body = std::move(body);
    auto resp = server_.handle(r);
    if (!resp.ok()) return resp.status;
    return std::move(resp.object);
}

Status ApiClient::remove(const std::string& resource, const std::string& ns, const std::string& name,
                         int64_t gracePeriodSeconds, const std::string& propagationPolicy, const std::string& uid) {
    apiserver::Request r;
    r.verb = "delete";
    r.type = &resourceType(resource);
    r.namespace_ = ns;
    r.name = name;
    r.token = token_;
    r.fieldManager = "kube-controller-manager";
    r.gracePeriodSeconds = gracePeriodSeconds;
    r.propagationPolicy = propagationPolicy;
    r.preconditionUID = uid;
    return server_.handle(r).status;
}

StatusOr<std::unique_ptr<google::protobuf::Message>> ApiClient::updateWithRetry(
    const std::string& resource, const std::string& ns, const std::string& name,
    const std::function<bool(google::protobuf::Message*)>& mutate, const std::string& subresource) {
    Status last;
    for (int attempt = 0; attempt < 5; ++attempt) {
        auto current = get(resource, ns, name);
        if (!current) return current.status();
        if (!mutate(current->get())) return std::move(*current);
        auto updated = update(resource, **current, subresource);
        if (updated || !isConflict(updated.status())) return updated;
        last = updated.status();
    }
    return last;
}

Status removeFinalizer(ApiClient& client, const std::string& resource, const std::string& ns, const std::string& name,
                       const std::string& finalizer, const std::string& uid) {
    auto r = client.updateWithRetry(resource, ns, name, [&](google::protobuf::Message* m) {
        auto* md = api::mutableMetadata(m);
        if (!uid.empty() && md->uid() != uid) return false;
        auto* fins = md->mutable_finalizers();
        bool changed = false;
        for (int i = fins->size() - 1; i >= 0; --i)
            if (fins->Get(i) == finalizer) {
                fins->DeleteSubrange(i, 1);
                changed = true;
            }
        return changed;
    });
    return r ? Status() : r.status();
}

Status removeOwnerReferences(ApiClient& client, const std::string& resource, const std::string& ns,
                             const std::string& name, const std::string& uid, const std::set<std::string>& ownerUIDs) {
    auto r = client.updateWithRetry(resource, ns, name, [&](google::protobuf::Message* m) {
        auto* md = api::mutableMetadata(m);
        if (!uid.empty() && md->uid() != uid) return false;
        auto* refs = md->mutable_owner_references();
        bool changed = false;
        for (int i = refs->size() - 1; i >= 0; --i)
            if (ownerUIDs.contains(refs->Get(i).uid())) {
                refs->DeleteSubrange(i, 1);
                changed = true;
            }
        return changed;
    });
    return r ? Status() : r.status();
}

bool isNotFound(const Status& s) { return s.reason() == "NotFound"; }
bool isConflict(const Status& s) { return s.reason() == "Conflict"; }
bool isAlreadyExists(const Status& s) { return s.reason() == "AlreadyExists"; }

// ---- owner references ----

metav1::OwnerReference newControllerRef(const google::protobuf::Message& owner, const std::string& apiVersion,
                                        const std::string& kind) {
    metav1::OwnerReference ref;
    ref.set_api_version(apiVersion);
    ref.set_kind(kind);
    ref.set_name(api::metadata(owner).name());
    ref.set_uid(api::metadata(owner).uid());
    ref.set_controller(true);
    ref.set_block_owner_deletion(true);
    return ref;
}

const metav1::OwnerReference* getControllerOf(const metav1::ObjectMeta& meta) {
    for (const auto& ref : meta.owner_references())
        if (ref.has_controller() && ref.controller()) return &ref;
    return nullptr;
}

StatusOr<std::unique_ptr<google::protobuf::Message>> adopt(ApiClient& client, const std::string& resource,
                                                           const std::string& ns, const std::string& name,
                                                           const metav1::OwnerReference& ref) {
    return client.updateWithRetry(resource, ns, name, [&](google::protobuf::Message* m) {
        auto* meta = api::mutableMetadata(m);
        if (getControllerOf(*meta) || meta->has_deletion_timestamp()) return false;
        *meta->add_owner_references() = ref;
        return true;
    });
}

std::string randomString(sim::Random& random, int n) {
    constexpr size_t size = sizeof(kNameAlphabet) - 1;
    std::string out;
    for (int i = 0; i < n; ++i) out.push_back(kNameAlphabet[random.uniformInt(size)]);
    return out;
}

void setResyncPeriod(const sim::Clock& clock, sim::Duration period, std::initializer_list<client::Informer*> informers) {
    for (client::Informer* inf : informers) inf->setResyncPeriod(clock, period);
}

std::optional<sim::Time> earliest(std::initializer_list<std::optional<sim::Time>> times) {
    std::optional<sim::Time> out;
    for (const auto& t : times)
        if (t && (!out || *t < *out)) out = t;
    return out;
}

std::optional<sim::Time> nextResync(std::initializer_list<const client::Informer*> informers) {
    std::optional<sim::Time> out;
    for (const client::Informer* inf : informers) out = earliest({out, inf->nextResync()});
    return out;
}

Status createPod(ApiClient& client, client::record::EventRecorder& recorder, sim::Random& random,
                 const google::protobuf::Message& controller, core::Pod& pod) {
    auto* meta = pod.mutable_metadata();
    Status last;
    for (int attempt = 0; attempt < 3; ++attempt) {
        meta->set_name(meta->generate_name() + randomString(random));
        auto created = client.create("pods", pod);
        if (created) {
            (void)recorder.event(controller, "Normal", "SuccessfulCreate", "Created pod: " + meta->name());
            return {};
        }
        last = created.status();
        if (!isAlreadyExists(last)) break;
    }
    (void)recorder.event(controller, "Warning", "FailedCreate", "Error creating: " + last.message());
    return last;
}

std::string safeEncodeString(const std::string& s) {
    constexpr size_t size = sizeof(kNameAlphabet) - 1;
    std::string out = s;
    for (char& c : out) c = kNameAlphabet[static_cast<unsigned char>(c) % size];
    return out;
}

// ---- expectations ----

bool ControllerExpectations::satisfied(const std::string& key) const {
    auto it = entries_.find(key);
    if (it == entries_.end()) return true;  // never set (or deleted): sync
    const Entry& e = it->second;
    if (e.add <= 0 && e.del <= 0) return true;
    return clock_.now() - e.timestamp > kTimeout;  // expired: sync anyway
}

void ControllerExpectations::set(const std::string& key, int adds, int dels) {
    entries_[key] = Entry{adds, dels, clock_.now()};
}

void ControllerExpectations::lower(const std::string& key, int adds, int dels) {
    auto it = entries_.find(key);
    if (it == entries_.end()) return;
    it->second.add -= adds;
    it->second.del -= dels;
}

// ---- services ----

bool serviceSelectsPod(const core::Service& service, const core::Pod& pod) {
    if (service.spec().selector().empty() || service.metadata().namespace_() != pod.metadata().namespace_())
        return false;
    for (const auto& [k, v] : service.spec().selector()) {
        auto it = pod.metadata().labels().find(k);
        if (it == pod.metadata().labels().end() || it->second != v) return false;
    }
    return true;
}

int32_t findPort(const core::Pod& pod, const core::ServicePort& servicePort) {
    const auto& tp = servicePort.target_port();
    if (tp.type() == 1) {  // a name
        const std::string protocol = servicePort.protocol().empty() ? "TCP" : servicePort.protocol();
        for (const auto& c : pod.spec().containers())
            for (const auto& p : c.ports())
                if (p.name() == tp.str_val() && (p.protocol().empty() ? "TCP" : p.protocol()) == protocol)
                    return p.container_port();
        return -1;
    }
    return tp.int_val() != 0 ? tp.int_val() : servicePort.port();
}

// ---- pods ----

bool isPodActive(const core::Pod& pod) {
    return pod.status().phase() != "Succeeded" && pod.status().phase() != "Failed" &&
           !pod.metadata().has_deletion_timestamp();
}

const core::PodCondition* podCondition(const core::PodStatus& status, const std::string& type) {
    for (const auto& c : status.conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

bool isPodReady(const core::Pod& pod) {
    const auto* c = podCondition(pod.status(), "Ready");
    return c && c->status() == "True";
}

int64_t parseTime(const std::string& text) {
    if (text.empty()) return 0;
    auto t = rfc3339::parse(text);
    return t ? *t : 0;
}

bool isPodAvailable(const core::Pod& pod, int32_t minReadySeconds, sim::Time now) {
    if (!isPodReady(pod)) return false;
    if (minReadySeconds == 0) return true;
    const auto* c = podCondition(pod.status(), "Ready");
    const int64_t since = parseTime(c->last_transition_time());
    return since != 0 && since + int64_t{minReadySeconds} * 1'000'000'000 <= sim::toUnixNanos(now);
}

namespace {

int phaseOrdinal(const std::string& phase) {
    if (phase == "Pending") return 0;
    if (phase == "Unknown") return 1;
    if (phase == "Running") return 2;
    return 0;  // Go's map lookup of a missing key
}

int32_t deletionCost(const core::Pod& pod) {
    auto it = pod.metadata().annotations().find("controller.kubernetes.io/pod-deletion-cost");
    if (it == pod.metadata().annotations().end()) return 0;
    try {
        return std::stoi(it->second);
    } catch (...) {
        return 0;
    }
}

int32_t maxContainerRestarts(const core::Pod& pod) {
    int32_t m = 0;
    for (const auto& cs : pod.status().container_statuses()) m = std::max(m, cs.restart_count());
    return m;
}

int64_t readyTime(const core::Pod& pod) {
    const auto* c = podCondition(pod.status(), "Ready");
    return c && c->status() == "True" ? parseTime(c->last_transition_time()) : 0;
}

// afterOrZero: a zero time is "smaller" than any other; otherwise the later one is.
bool afterOrZero(int64_t t1, int64_t t2) {
    if (t1 == 0 || t2 == 0) return t1 == 0;
    return t1 > t2;
}

int64_t logarithmicRankDiff(int64_t t1, int64_t t2, int64_t now) {
    const int64_t d1 = now - t1, d2 = now - t2;
    const int64_t r1 = d1 > 0 ? static_cast<int64_t>(std::log2(static_cast<double>(d1))) : -1;
    const int64_t r2 = d2 > 0 ? static_cast<int64_t>(std::log2(static_cast<double>(d2))) : -1;
    return r1 - r2;
}

}  // namespace

void sortActivePodsWithRanks(std::vector<const core::Pod*>& pods, const std::vector<int>& ranks, sim::Time now) {
    std::vector<size_t> order(pods.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    const int64_t nowNs = sim::toUnixNanos(now);
    auto timeLess = [&](int64_t t1, int64_t t2, const core::Pod& a, const core::Pod& b) {
        if (nowNs == 0 || t1 == 0 || t2 == 0) return afterOrZero(t1, t2);
        const int64_t diff = logarithmicRankDiff(t1, t2, nowNs);
        if (diff == 0) return a.metadata().uid() < b.metadata().uid();
        return diff < 0;
    };
    auto less = [&](size_t i, size_t j) {
        const core::Pod& a = *pods[i];
        const core::Pod& b = *pods[j];
        // 1. Unassigned < assigned.
        if (a.spec().node_name() != b.spec().node_name() &&
            (a.spec().node_name().empty() || b.spec().node_name().empty()))
            return a.spec().node_name().empty();
        // 2. Pending < Unknown < Running.
        if (a.status().phase() != b.status().phase())
            return phaseOrdinal(a.status().phase()) < phaseOrdinal(b.status().phase());
        // 3. Not ready < ready.
        if (isPodReady(a) != isPodReady(b)) return !isPodReady(a);
        // 4. Lower pod-deletion-cost < higher.
        if (deletionCost(a) != deletionCost(b)) return deletionCost(a) < deletionCost(b);
        // 5. Doubled up (more related pods on the same node) < not.
        if (ranks[i] != ranks[j]) return ranks[i] > ranks[j];
        // 6. Ready for a shorter time < longer.
        if (isPodReady(a) && isPodReady(b)) {
            const int64_t r1 = readyTime(a), r2 = readyTime(b);
            if (r1 != r2) return timeLess(r1, r2, a, b);
        }
        // 7. More container restarts < fewer.
        if (maxContainerRestarts(a) != maxContainerRestarts(b)) return maxContainerRestarts(a) > maxContainerRestarts(b);
        // 8. Newer < older.
        const int64_t c1 = parseTime(a.metadata().creation_timestamp());
        const int64_t c2 = parseTime(b.metadata().creation_timestamp());
        if (c1 != c2) return timeLess(c1, c2, a, b);
        return false;
    };
    std::stable_sort(order.begin(), order.end(), less);
    std::vector<const core::Pod*> sorted;
    for (size_t i : order) sorted.push_back(pods[i]);
    pods = std::move(sorted);
}

// ---- batching ----

std::pair<int, Status> slowStartBatch(int count, int initialBatchSize, const std::function<Status()>& fn) {
    int remaining = count, successes = 0;
    for (int batch = std::min(remaining, initialBatchSize); batch > 0; batch = std::min(2 * batch, remaining)) {
        Status first;
        for (int i = 0; i < batch; ++i) {
            Status s = fn();
            if (s.isOk()) {
                ++successes;
            } else if (first.isOk()) {
                first = s;
            }
        }
        if (!first.isOk()) return {successes, first};
        remaining -= batch;
    }
    return {successes, Status()};
}

std::string formatTime(sim::Time t) { return sim::formatRfc3339(t); }

}  // namespace pilothouse::controller
