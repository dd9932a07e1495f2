#include "controllers/endpointslice/endpointslice_controller.h"

#include <algorithm>

#include "api/labels.h"
#include "api/object.h"
#include "api/scheme.h"
#include "controllers/controller_utils.h"
#include "core_v1.pb.h"
#include "discovery_v1.pb.h"

namespace pilothouse::controller::endpointslice {

namespace core = k8s::io::api::core::v1;
namespace discovery = k8s::io::api::discovery::v1;

namespace {

constexpr const char* kServiceNameLabel = "kubernetes.io/service-name";
constexpr const char* kManagedByLabel = "endpointslice.kubernetes.io/managed-by";
constexpr const char* kManagedBy = "endpointslice-controller.k8s.io";

}  // namespace

EndpointSliceController::EndpointSliceController(apiserver::APIServer& server, const sim::Clock& clock,
                                                 EndpointSliceControllerOptions options)
    : server_(server),
      options_(std::move(options)),
      informers_(options_.informers ? options_.informers : std::make_shared<client::SharedInformerFactory>(server, options_.token)),
      services_(informers_->informerFor(resourceType("services"))),
      pods_(informers_->informerFor(resourceType("pods"))),
      nodes_(informers_->informerFor(resourceType("nodes"))),
      slices_(informers_->informerFor(resourceType("endpointslices"),
                                      client::ListOptions{"", std::string(kManagedByLabel) + "=" + kManagedBy, ""})),
      queue_(clock),
      clock_(clock) {}

Status EndpointSliceController::start() {
    setResyncPeriod(clock_, options_.resyncPeriod, {&services_, &pods_, &nodes_, &slices_});
    services_.addHandlers({[this](const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); },
                           [this](const client::ObjectPtr&, const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); },
                           [this](const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); }});
    pods_.addHandlers({[this](const client::ObjectPtr& o) { enqueueServicesSelecting(o); },
                       [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
                           enqueueServicesSelecting(old);
                           enqueueServicesSelecting(o);
                       },
                       [this](const client::ObjectPtr& o) { enqueueServicesSelecting(o); }});
    slices_.addHandlers({nullptr, nullptr, [this](const client::ObjectPtr& o) {
                             // A managed slice deleted by someone else: the Service's slices are rebuilt.
                             auto it = api::metadata(*o).labels().find(kServiceNameLabel);
                             if (it != api::metadata(*o).labels().end())
                                 queue_.add(api::metadata(*o).namespace_() + "/" + it->second);
                         }});
    PH_RETURN_IF_ERROR(nodes_.start());
    PH_RETURN_IF_ERROR(slices_.start());
    PH_RETURN_IF_ERROR(pods_.start());
    return services_.start();
}

void EndpointSliceController::enqueueServicesSelecting(const client::ObjectPtr& obj) {
    const auto& pod = static_cast<const core::Pod&>(*obj);
    for (const auto& [key, s] : services_.items())
        if (serviceSelectsPod(static_cast<const core::Service&>(*s), pod)) queue_.add(key);
}

StatusOr<bool> EndpointSliceController::reconcile() {
    size_t changes = 0;
    for (auto* inf : {&nodes_, &slices_, &pods_, &services_}) {
        auto n = inf->sync();
        if (!n) return n.status();
        changes += *n;
    }
    bool did = false;
    while (queue_.processNext([this](const std::string& key) { return syncService(key); })) did = true;
    return did;
}

Status EndpointSliceController::syncService(const std::string& key) {
    const auto slash = key.find('/');
    const std::string ns = key.substr(0, slash), name = key.substr(slash + 1);
    auto* slicesType = api::Scheme::instance().byName("endpointslices");
    // The Service's current slices.
    std::vector<std::shared_ptr<const discovery::EndpointSlice>> current;
    for (const auto& [k, o] : slices_.items()) {
        const auto& s = static_cast<const discovery::EndpointSlice&>(*o);
        auto it = s.metadata().labels().find(kServiceNameLabel);
        if (s.metadata().namespace_() == ns && it != s.metadata().labels().end() && it->second == name)
            current.push_back(std::static_pointer_cast<const discovery::EndpointSlice>(o));
    }
    auto svcObj = services_.get(key);
    const auto* svc = svcObj ? &static_cast<const core::Service&>(*svcObj) : nullptr;
    auto remove = [&](const discovery::EndpointSlice& s) -> Status {
        apiserver::Request del;
        del.verb = "delete";
        del.type = slicesType;
        del.namespace_ = ns;
        del.name = s.metadata().name();
        del.token = options_.token;
        del.fieldManager = "kube-controller-manager";
        auto resp = server_.handle(del);
        return resp.ok() || resp.status.reason() == "NotFound" ? Status() : resp.status;
    };
    if (!svc || svc->spec().selector().empty()) {
        // No Service (or no selector: someone else manages its endpoints): our slices go.
        for (const auto& s : current) PH_RETURN_IF_ERROR(remove(*s));
        return {};
    }
    // The desired endpoints, by pod name.
    std::vector<const core::Pod*> pods;
    for (const auto& [k, o] : pods_.items()) {
        const auto& pod = static_cast<const core::Pod&>(*o);
        if (!serviceSelectsPod(*svc, pod) || pod.status().pod_ip().empty()) continue;
        if (pod.status().phase() == "Succeeded" || pod.status().phase() == "Failed") continue;
        pods.push_back(&pod);
    }
    std::vector<discovery::EndpointSlice> desired;
    for (size_t i = 0; i < pods.size() || (i == 0 && desired.empty()); i += size_t(options_.maxEndpointsPerSlice)) {
        discovery::EndpointSlice slice;
        slice.set_address_type("IPv4");
        for (const auto& sp : svc->spec().ports()) {
            auto* p = slice.add_ports();
            p->set_name(sp.name());
            p->set_protocol(sp.protocol().empty() ? "TCP" : sp.protocol());
            // The port number from the first pod that resolves it (upstream groups pods by port).
            for (const core::Pod* pod : pods)
                if (int32_t tp = findPort(*pod, sp); tp > 0) {
                    p->set_port(tp);
                    break;
                }
        }
        for (size_t j = i; j < pods.size() && j < i + size_t(options_.maxEndpointsPerSlice); ++j) {
            const core::Pod& pod = *pods[j];
            auto* e = slice.add_endpoints();
            e->add_addresses(pod.status().pod_ip());
            const bool terminating = !pod.metadata().deletion_timestamp().empty();
            e->mutable_conditions()->set_ready(isPodReady(pod) && !terminating);
            e->mutable_conditions()->set_serving(isPodReady(pod));
            e->mutable_conditions()->set_terminating(terminating);
            if (!pod.spec().node_name().empty()) {
                e->set_node_name(pod.spec().node_name());
                if (auto node = nodes_.get(pod.spec().node_name())) {
                    const auto& labels = api::metadata(*node).labels();
                    if (auto z = labels.find("topology.kubernetes.io/zone"); z != labels.end()) e->set_zone(z->second);
                }
            }
            auto* ref = e->mutable_target_ref();
            ref->set_kind("Pod");
            ref->set_namespace_(pod.metadata().namespace_());
            ref->set_name(pod.metadata().name());
            ref->set_uid(pod.metadata().uid());
        }
        desired.push_back(std::move(slice));
    }
    // Reuse the current slices in name order, create what is missing, delete the rest.
    std::sort(current.begin(), current.end(),
              [](const auto& a, const auto& b) { return a->metadata().name() < b->metadata().name(); });
    for (size_t i = 0; i < desired.size(); ++i) {
        discovery::EndpointSlice& want = desired[i];
        auto* meta = want.mutable_metadata();
        meta->set_namespace_(ns);
        (*meta->mutable_labels())[kServiceNameLabel] = name;
        (*meta->mutable_labels())[kManagedByLabel] = kManagedBy;
        auto* owner = meta->add_owner_references();
        owner->set_api_version("v1");
        owner->set_kind("Service");
        owner->set_name(name);
        owner->set_uid(svc->metadata().uid());
        owner->set_controller(true);
        owner->set_block_owner_deletion(true);
        apiserver::Request req;
        req.type = slicesType;
        req.namespace_ = ns;
        req.token = options_.token;
        req.fieldManager = "kube-controller-manager";
        if (i < current.size()) {
            const auto& have = *current[i];
            if (have.endpoints_size() == want.endpoints_size() && have.ports_size() == want.ports_size()) {
                bool same = true;
                for (int k = 0; same && k < want.endpoints_size(); ++k)
                    same = have.endpoints(k).SerializeAsString() == want.endpoints(k).SerializeAsString();
                for (int k = 0; same && k < want.ports_size(); ++k)
                    same = have.ports(k).SerializeAsString() == want.ports(k).SerializeAsString();
                if (same) continue;
            }
            meta->set_name(have.metadata().name());
            meta->set_resource_version(have.metadata().resource_version());
            req.verb = "update";
            req.name = have.metadata().name();
        } else {
            meta->set_generate_name(name + "-");
            req.verb = "create";
        }
        req.body = std::make_shared<discovery::EndpointSlice>(want);
        auto resp = server_.handle(req);
        if (!resp.ok()) return resp.status;  // a Conflict is retried with the informer's newer copy
        if (options_.journeys) {
            const std::string slice = api::metadata(*resp.object).name();
            for (const auto& e : want.endpoints()) {
                if (!e.conditions().ready()) continue;
                const std::string pod = e.target_ref().namespace_() + "/" + e.target_ref().name();
                if (!announced_.insert(pod + "@" + key).second) continue;
                options_.journeys->record(
                    pod, sim::saidStage(sim::kStageEndpoints, clock_.now(), clock_.now(),
                                        {{sim::Phrase::Id::ReadyEndpoint, {e.addresses(0), key, slice}}}));
            }
        }
    }
    for (size_t i = desired.size(); i < current.size(); ++i) PH_RETURN_IF_ERROR(remove(*current[i]));
    return {};
}

}  // namespace pilothouse::controller::endpointslice
