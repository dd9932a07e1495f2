#include "controllers/endpoint/endpoints_controller.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "api/object.h"
#include "api/scheme.h"
#include "controllers/controller_utils.h"
#include "core_v1.pb.h"
#include "util/rfc3339.h"

namespace pilothouse::controller::endpoint {

namespace core = k8s::io::api::core::v1;

namespace {

constexpr const char* kHeadlessLabel = "service.kubernetes.io/headless";
constexpr const char* kTriggerTimeAnnotation = "endpoints.kubernetes.io/last-change-trigger-time";
constexpr const char* kOverCapacityAnnotation = "endpoints.kubernetes.io/over-capacity";

// endpointutil.ShouldPodBeInEndpoints.
bool shouldPodBeInEndpoints(const core::Pod& pod, bool includeTerminating) {
    const std::string& phase = pod.status().phase();
    if (phase == "Succeeded" || phase == "Failed") return false;
    if (pod.status().pod_ip().empty() && pod.status().pod_ips().empty()) return false;
    if (!includeTerminating && pod.metadata().has_deletion_timestamp()) return false;
    return true;
}

using AddressKey = std::pair<std::string, std::string>;  // IP, target UID
using PortKey = std::tuple<std::string, int32_t, std::string, std::string>;  // name, port, protocol, appProtocol

PortKey portKey(const core::EndpointPort& p) {
    return {p.name(), p.port(), p.protocol(), p.has_app_protocol() ? "\x01" + p.app_protocol() : ""};
}

// One pod's entry before packing: its address, ready or not, for one port (nullopt: no ports,
// a headless Service).
struct Entry {
    core::EndpointAddress address;
    bool ready = false;
    std::optional<core::EndpointPort> port;
};

// endpoints.RepackSubsets: addresses grouped by the set of ports they offer, each address ready
// for a port if any entry says so.
std::vector<core::EndpointSubset> repackSubsets(const std::vector<Entry>& entries) {
    std::map<AddressKey, core::EndpointAddress> allAddrs;
    // port (sentinel port -1: no ports) -> address -> ready
    std::map<PortKey, std::map<AddressKey, bool>> byPort;
    std::map<PortKey, core::EndpointPort> ports;
    for (const auto& e : entries) {
        const AddressKey ak{e.address.ip(), e.address.target_ref().uid()};
        allAddrs.emplace(ak, e.address);
        core::EndpointPort p;
        if (e.port) p = *e.port;
        else p.set_port(-1);
        const PortKey pk = portKey(p);
        ports.emplace(pk, p);
        auto [it, inserted] = byPort[pk].emplace(ak, e.ready);
        if (!inserted && e.ready) it->second = true;
    }
    // The set of (address, ready) -> the ports offered by exactly that set.
    std::map<std::map<AddressKey, bool>, std::vector<PortKey>> byAddressSet;
    for (const auto& [pk, addrs] : byPort) byAddressSet[addrs].push_back(pk);
    std::vector<core::EndpointSubset> out;
    for (const auto& [addrs, pks] : byAddressSet) {
        core::EndpointSubset ss;
        for (const auto& [ak, ready] : addrs)  // sorted by IP, then UID
            *(ready ? ss.add_addresses() : ss.add_not_ready_addresses()) = allAddrs.at(ak);
        for (const auto& pk : pks)
            if (ports.at(pk).port() > 0) *ss.add_ports() = ports.at(pk);
        out.push_back(std::move(ss));
    }
    return out;
}

// truncateEndpoints: at most `max` addresses; ready ones are kept first, each subset keeping its
// proportion (rounded up). Returns whether anything was cut.
bool truncateEndpoints(std::vector<core::EndpointSubset>& subsets, int maxCapacity) {
    int totalReady = 0, totalNotReady = 0;
    for (const auto& ss : subsets) {
        totalReady += ss.addresses_size();
        totalNotReady += ss.not_ready_addresses_size();
    }
    if (totalReady + totalNotReady <= maxCapacity) return false;
    const bool truncateReady = totalReady > maxCapacity;
    const int max = truncateReady ? maxCapacity : maxCapacity - totalReady;
    const int numTotal = truncateReady ? totalReady : totalNotReady;
    int canBeAdded = max;
    for (auto& ss : subsets) {
        const int inSubset = truncateReady ? ss.addresses_size() : ss.not_ready_addresses_size();
        int toBeAdded = int(std::ceil(double(inSubset) / double(numTotal) * double(max)));
        toBeAdded = std::min(toBeAdded, canBeAdded);
        if (truncateReady) {
            if (ss.addresses_size() > toBeAdded) ss.mutable_addresses()->DeleteSubrange(toBeAdded, ss.addresses_size() - toBeAdded);
            ss.clear_not_ready_addresses();
            canBeAdded -= ss.addresses_size();
        } else {
            if (ss.not_ready_addresses_size() > toBeAdded)
                ss.mutable_not_ready_addresses()->DeleteSubrange(toBeAdded, ss.not_ready_addresses_size() - toBeAdded);
            canBeAdded -= ss.not_ready_addresses_size();
        }
    }
    return true;
}

bool sameSubsets(const google::protobuf::RepeatedPtrField<core::EndpointSubset>& have,
                 const std::vector<core::EndpointSubset>& want) {
    if (have.size() != int(want.size())) return false;
    for (size_t i = 0; i < want.size(); ++i)
        if (have.Get(int(i)).SerializeAsString() != want[i].SerializeAsString()) return false;
    return true;
}

}  // namespace

EndpointsController::EndpointsController(apiserver::APIServer& server, const sim::Clock& clock,
                                         EndpointsControllerOptions options)
    : options_(std::move(options)),
      client_(server, options_.token),
      informers_(options_.informers ? options_.informers : std::make_shared<client::SharedInformerFactory>(server, options_.token)),
      services_(informers_->informerFor(resourceType("services"))),
      pods_(informers_->informerFor(resourceType("pods"))),
      endpoints_(informers_->informerFor(resourceType("endpoints"))),
      queue_(clock),
      clock_(clock),
      recorder_(server, clock, "endpoint-controller", "", options_.token) {}

Status EndpointsController::start() {
    setResyncPeriod(clock_, options_.resyncPeriod, {&services_, &pods_, &endpoints_});
    auto enqueue = [this](const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); };
    services_.addHandlers({enqueue, [enqueue](const client::ObjectPtr&, const client::ObjectPtr& o) { enqueue(o); },
                           enqueue});
    pods_.addHandlers({[this](const client::ObjectPtr& o) { enqueueServicesSelecting(o); },
                       [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
                           enqueueServicesSelecting(old);
                           enqueueServicesSelecting(o);
                       },
                       [this](const client::ObjectPtr& o) { enqueueServicesSelecting(o); }});
    // An Endpoints object deleted by someone else is recreated (onEndpointsDelete).
    endpoints_.addHandlers({nullptr, nullptr, [this](const client::ObjectPtr& o) {
                                if (services_.get(client::keyOf(*o))) queue_.add(client::keyOf(*o));
                            }});
    PH_RETURN_IF_ERROR(endpoints_.start());
    PH_RETURN_IF_ERROR(pods_.start());
    return services_.start();
}

void EndpointsController::enqueueServicesSelecting(const client::ObjectPtr& obj) {
    const auto& pod = static_cast<const core::Pod&>(*obj);
    const std::string prefix = pod.metadata().namespace_() + "/";
    const auto& items = services_.items();
    for (auto it = items.lower_bound(prefix); it != items.end() && it->first.starts_with(prefix); ++it)
        if (serviceSelectsPod(static_cast<const core::Service&>(*it->second), pod)) queue_.add(it->first);
}

StatusOr<bool> EndpointsController::reconcile() {
    for (auto* inf : {&endpoints_, &pods_, &services_}) {
        auto n = inf->sync();
        if (!n) return n.status();
    }
    bool did = false;
    while (queue_.processNext([this](const std::string& key) { return syncService(key); })) did = true;
    return did;
}

Status EndpointsController::syncService(const std::string& key) {
    const auto slash = key.find('/');
    const std::string ns = key.substr(0, slash), name = key.substr(slash + 1);
    auto svcObj = services_.getAs<core::Service>(key);
    if (!svcObj) {
        // The Service is gone: so are its Endpoints.
        triggers_.erase(key);
        Status st = client_.remove("endpoints", ns, name);
        return st.isOk() || isNotFound(st) ? Status() : st;
    }
    const core::Service& svc = *svcObj;
    if (svc.spec().selector().empty()) return {};  // someone else manages these Endpoints

    const bool tolerateUnready = svc.spec().publish_not_ready_addresses();
    const bool headless = svc.spec().cluster_ip() == "None";
    std::vector<Entry> entries;
    std::vector<const core::Pod*> selected;
    const std::string prefix = ns + "/";
    const auto& pods = pods_.items();
    for (auto it = pods.lower_bound(prefix); it != pods.end() && it->first.starts_with(prefix); ++it) {
        const auto& pod = static_cast<const core::Pod&>(*it->second);
        if (!serviceSelectsPod(svc, pod)) continue;
        selected.push_back(&pod);
        if (!shouldPodBeInEndpoints(pod, tolerateUnready)) continue;
        core::EndpointAddress addr;
        addr.set_ip(pod.status().pod_ip().empty() ? pod.status().pod_ips(0).ip() : pod.status().pod_ip());
        addr.set_node_name(pod.spec().node_name());
        if (!pod.spec().hostname().empty() && pod.spec().subdomain() == svc.metadata().name())
            addr.set_hostname(pod.spec().hostname());
        auto* ref = addr.mutable_target_ref();
        ref->set_kind("Pod");
        ref->set_namespace_(pod.metadata().namespace_());
        ref->set_name(pod.metadata().name());
        ref->set_uid(pod.metadata().uid());
        const bool ready = tolerateUnready || isPodReady(pod);
        if (svc.spec().ports().empty()) {
            if (headless) entries.push_back({addr, ready, std::nullopt});
            continue;
        }
        for (const auto& sp : svc.spec().ports()) {
            const int32_t port = findPort(pod, sp);
            if (port < 0) continue;  // the pod has no such port
            core::EndpointPort ep;
            ep.set_name(sp.name());
            ep.set_port(port);
            ep.set_protocol(sp.protocol().empty() ? "TCP" : sp.protocol());
            if (sp.has_app_protocol()) ep.set_app_protocol(sp.app_protocol());
            entries.push_back({addr, ready, ep});
        }
    }
    std::vector<core::EndpointSubset> subsets = repackSubsets(entries);

    // The trigger time: the earliest change since the last sync (TriggerTimeTracker).
    TriggerState& state = triggers_[key];
    int64_t minChanged = 0;
    auto consider = [&](int64_t t) {
        if (t != 0 && (minChanged == 0 || t < minChanged)) minChanged = t;
    };
    std::map<std::string, int64_t> podTimes;
    for (const core::Pod* pod : selected) {
        const core::PodCondition* ready = podCondition(pod->status(), "Ready");
        const int64_t t = ready ? parseTime(ready->last_transition_time()) : 0;
        if (t == 0) continue;
        podTimes[pod->metadata().name()] = t;
        auto last = state.lastPodTriggerTimes.find(pod->metadata().name());
        if (last == state.lastPodTriggerTimes.end() || t > last->second) consider(t);
    }
    const int64_t serviceTime = parseTime(svc.metadata().creation_timestamp());
    if (serviceTime > state.lastServiceTriggerTime) consider(serviceTime);
    state.lastPodTriggerTimes = std::move(podTimes);
    state.lastServiceTriggerTime = serviceTime;

    auto current = endpoints_.getAs<core::Endpoints>(key);
    const bool create = !current;
    core::Endpoints desired;
    if (current) desired.CopyFrom(*current);
    const bool truncated = truncateEndpoints(subsets, options_.maxCapacity);
    const auto& currentAnnotations = desired.metadata().annotations();
    const bool capacityAnnotationCorrect = truncated ? currentAnnotations.contains(kOverCapacityAnnotation) &&
                                                           currentAnnotations.at(kOverCapacityAnnotation) == "truncated"
                                                     : !currentAnnotations.contains(kOverCapacityAnnotation);
    auto compareLabels = desired.metadata().labels();
    compareLabels.erase(kHeadlessLabel);
    std::map<std::string, std::string> a(compareLabels.begin(), compareLabels.end());
    std::map<std::string, std::string> b(svc.metadata().labels().begin(), svc.metadata().labels().end());
    if (!create && sameSubsets(desired.subsets(), subsets) && a == b && capacityAnnotationCorrect) return {};

    auto* meta = desired.mutable_metadata();
    if (create) {
        meta->set_name(name);
        meta->set_namespace_(ns);
    }
    desired.clear_subsets();
    for (auto& ss : subsets) *desired.add_subsets() = std::move(ss);
    meta->clear_labels();
    for (const auto& [k, v] : svc.metadata().labels()) (*meta->mutable_labels())[k] = v;
    if (headless) (*meta->mutable_labels())[kHeadlessLabel] = "";
    auto* ann = meta->mutable_annotations();
    if (minChanged != 0) (*ann)[kTriggerTimeAnnotation] = rfc3339::formatNano(minChanged);
    else ann->erase(kTriggerTimeAnnotation);
    if (truncated) (*ann)[kOverCapacityAnnotation] = "truncated";
    else ann->erase(kOverCapacityAnnotation);

    auto written = create ? client_.create("endpoints", desired) : client_.update("endpoints", desired);
    if (written) return {};
    const Status& failed = written.status();
    // Creating in a namespace being deleted is expected to fail; everything else is reported.
    const bool namespaceTerminating = create && failed.reason() == "Forbidden" &&
                                      failed.message().find("because it is being terminated") != std::string::npos;
    if (!namespaceTerminating) {
        if (create)
            (void)recorder_.event(desired, "Warning", "FailedToCreateEndpoint",
                                  "Failed to create endpoint for service " + ns + "/" + name + ": " + failed.message());
        else
            (void)recorder_.event(desired, "Warning", "FailedToUpdateEndpoint",
                                  "Failed to update endpoint " + ns + "/" + name + ": " + failed.message());
    }
    return failed;
}

}  // namespace pilothouse::controller::endpoint
