#include "cluster/scenario_runner.h"

#include "api/display_name.h"
#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"

namespace pilothouse::cluster {

namespace {

using api::displayName;

// kubectl delete's --cascade as the propagationPolicy it sends (background by default).
std::string propagationPolicy(const std::string& cascade) {
    if (cascade == "foreground") return "Foreground";
    if (cascade == "orphan") return "Orphan";
    return "Background";
}

const api::ResourceType* typeOfKind(const std::string& kind) {
    if (auto* t = api::Scheme::instance().byKindOnly(kind)) return t;
    return api::Scheme::instance().byName(kind);  // "deployments", "deploy" also accepted
}

}  // namespace

ScenarioRunner::ScenarioRunner(Cluster& cluster, const Scenario& scenario) : cluster_(cluster), scenario_(scenario) {}

Status ScenarioRunner::applyObject(const api::ResourceType& type, std::shared_ptr<const google::protobuf::Message> object,
                                   std::string* message) {
    auto& server = cluster_.apiServer();
    const auto& meta = api::metadata(*object);
    const std::string ns = type.namespaced && meta.namespace_().empty() ? std::string("default") : meta.namespace_();
    apiserver::Request get;
    get.verb = "get";
    get.type = &type;
    get.namespace_ = ns;
    get.name = meta.name();
    auto current = meta.name().empty() ? apiserver::Response{} : server.handle(get);
    if (meta.name().empty() || (!current.ok() && current.status.reason() == "NotFound")) {
        // The API server copies the body it creates from (and puts it in the request's namespace).
        apiserver::Request create;
        create.verb = "create";
        create.type = &type;
        create.namespace_ = ns;
        create.body = std::move(object);
        auto resp = server.handle(create);
        if (!resp.ok()) return resp.status;
        *message = displayName(type, api::metadata(*resp.object).name()) + " created";
        return {};
    }
    if (!current.ok()) return current.status;
    std::shared_ptr<google::protobuf::Message> changed(object->New());
    changed->CopyFrom(*object);
    auto* changedMeta = api::mutableMetadata(changed.get());
    if (type.namespaced) changedMeta->set_namespace_(ns);
    changedMeta->set_resource_version(api::metadata(*current.object).resource_version());
    apiserver::Request update;
    update.verb = "update";
    update.type = &type;
    update.namespace_ = ns;
    update.name = meta.name();
    update.body = std::move(changed);
    auto resp = server.handle(update);
    if (!resp.ok()) return resp.status;
    *message = displayName(type, meta.name()) + " configured";
    return {};
}

Status ScenarioRunner::applyObjects(const std::function<bool(size_t created, size_t total)>& progress) {
    constexpr size_t kProgressStep = 2'000;
    size_t created = 0;
    for (const auto& m : scenario_.objects) {
        // The scenario keeps its objects (a rewind applies them again): lent, not copied.
        std::shared_ptr<const google::protobuf::Message> lent(std::shared_ptr<const google::protobuf::Message>(), m.object.get());
        std::string message;
        Status s = applyObject(*m.type, std::move(lent), &message);
        if (!s.isOk()) return s.withContext(m.source + ": document " + std::to_string(m.document) + ": ");
        results_.push_back({cluster_.clock().now(), "apply", m.kind + "/" + api::metadata(*m.object).name(), true, message});
        if (progress && ++created % kProgressStep == 0 && !progress(created, scenario_.objects.size()))
            return Status(StatusCode::Cancelled, "stopped after creating " + std::to_string(created) + " of the scenario's " +
                                                     std::to_string(scenario_.objects.size()) + " objects");
    }
    if (progress && !progress(scenario_.objects.size(), scenario_.objects.size()))
        return Status(StatusCode::Cancelled, "stopped after creating the scenario's objects");
    return {};
}

void ScenarioRunner::scheduleActions() {
    for (const auto& a : scenario_.actions) {
        const sim::Time when = cluster_.loop().epoch() + a.at;
        const std::string description = a.action + (a.node.empty() ? "" : " " + a.node) + (a.name.empty() ? "" : " " + a.name);
        cluster_.loop().scheduleAt(when, "scenario", description, [this, &a] {
            if (a.action == "drain") return startDrain(a);
            results_.push_back(perform(a));
        });
    }
}

void ScenarioRunner::startDrain(const ScenarioAction& a) {
    auto report = [this, &a](bool ok, const std::string& line) {
        results_.push_back({cluster_.clock().now(), a.action, "Node/" + a.node, ok, line});
    };
    drains_.push_back(std::make_unique<Drain>(cluster_, a.node, a.timeout, std::move(report)));
    drains_.back()->start();
}

ActionResult ScenarioRunner::perform(const ScenarioAction& a) {
    ActionResult r;
    r.time = cluster_.clock().now();
    r.action = a.action;
    auto fail = [&](const Status& s) {
        r.ok = false;
        r.message = s.message();
        return r;
    };
    auto& server = cluster_.apiServer();
    if (a.action == "apply") {
        const codec::Value* kind = a.manifest.find("kind");
        const api::ResourceType* type = kind && kind->isString() ? api::Scheme::instance().byKindOnly(kind->asString()) : nullptr;
        if (!type) return fail(Status(StatusCode::InvalidArgument, a.where + ".manifest.kind: unknown or missing kind"));
        std::vector<std::string> warnings;
        auto obj = codec::decodeObject(a.manifest, *type, &warnings);
        if (!obj) return fail(obj.status().withContext(a.where + ".manifest: "));
        const auto& meta = api::metadata(**obj);
        r.target = type->kind + "/" + (type->namespaced ? (meta.namespace_().empty() ? "default" : meta.namespace_()) + "/" : "") +
                   meta.name();
        std::string message;
        Status s = applyObject(*type, std::shared_ptr<google::protobuf::Message>(std::move(*obj)), &message);
        if (!s.isOk()) return fail(s);
        r.message = message;
        return r;
    }
    if (a.action == "delete" || a.action == "scale" || a.action == "patch" || a.action == "cordon" || a.action == "uncordon") {
        const bool nodeAction = a.action == "cordon" || a.action == "uncordon";
        const api::ResourceType* type = nodeAction ? api::Scheme::instance().byKindOnly("Node") : typeOfKind(a.kind);
        if (!type) return fail(Status(StatusCode::InvalidArgument, a.where + ".kind: unknown kind \"" + a.kind + "\""));
        const std::string name = nodeAction ? a.node : a.name;
        const std::string ns = type->namespaced ? (a.namespace_.empty() ? "default" : a.namespace_) : "";
        if (a.action == "delete" && !a.selector.empty()) {
            // kubectl delete KIND -l SELECTOR: every match, in name order.
            r.target = type->kind + (ns.empty() ? "" : "/" + ns) + " -l " + a.selector;
            apiserver::Request list;
            list.verb = "list";
            list.type = type;
            list.namespace_ = ns;
            list.labelSelector = a.selector;
            auto found = server.handle(list);
            if (!found.ok()) return fail(found.status.withContext(a.where + ".selector: "));
            std::vector<std::string> deleted;
            for (const auto& item : found.items) {
                apiserver::Request del;
                del.verb = "delete";
                del.type = type;
                del.namespace_ = ns;
                del.name = api::metadata(*item).name();
                del.propagationPolicy = propagationPolicy(a.cascade);
                auto resp = server.handle(del);
                if (!resp.ok() && resp.status.reason() != "NotFound") return fail(resp.status);
                deleted.push_back(displayName(*type, del.name) + " deleted");
            }
            r.message = deleted.empty() ? "No resources found" : "";
            for (size_t i = 0; i < deleted.size(); ++i) r.message += (i ? "; " : "") + deleted[i];
            return r;
        }
        r.target = type->kind + "/" + (ns.empty() ? "" : ns + "/") + name;
        apiserver::Request req;
        req.type = type;
        req.namespace_ = ns;
        req.name = name;
        if (a.action == "delete") {
            req.verb = "delete";
            // kubectl delete sends a propagationPolicy: --cascade=background unless told otherwise.
            req.propagationPolicy = propagationPolicy(a.cascade);
            if (a.gracePeriodSeconds) req.gracePeriodSeconds = *a.gracePeriodSeconds;
        } else {
            req.verb = "patch";
            req.patchType = apiserver::PatchType::Merge;
            codec::Value patch = codec::Value::object();
            if (a.action == "scale") {
                patch["spec"].set("replicas", codec::Value(int64_t(*a.replicas)));
            } else if (nodeAction) {
                patch["spec"].set("unschedulable", a.action == "cordon" ? codec::Value(true) : codec::Value());
            } else {
                patch = a.patch;
            }
            req.patch = std::move(patch);
            req.subresource = a.subresource;
        }
        auto resp = server.handle(req);
        if (!resp.ok()) return fail(resp.status);
        const std::string shown = displayName(*type, name);
        if (a.action == "delete") r.message = shown + " deleted";
        else if (a.action == "scale") r.message = shown + " scaled";
        else if (a.action == "cordon") r.message = shown + " cordoned";
        else if (a.action == "uncordon") r.message = shown + " uncordoned";
        else r.message = shown + " patched";
        return r;
    }
    if (a.action == "bind") {
        // What kube-scheduler (or a client acting as a scheduler) sends: pods/binding, the pod's
        // name and its node.
        const std::string ns = a.namespace_.empty() ? "default" : a.namespace_;
        r.target = "Pod/" + ns + "/" + a.name;
        auto binding = std::make_shared<k8s::io::api::core::v1::Binding>();
        binding->mutable_metadata()->set_name(a.name);
        binding->mutable_metadata()->set_namespace_(ns);
        binding->mutable_target()->set_kind("Node");
        binding->mutable_target()->set_name(a.node);
        apiserver::Request req;
        req.verb = "create";
        req.type = api::Scheme::instance().byKindOnly("Pod");
        req.namespace_ = ns;
        req.name = a.name;
        req.subresource = "binding";
        req.body = std::move(binding);
        auto resp = server.handle(req);
        if (!resp.ok()) return fail(resp.status);
        r.message = "pod/" + a.name + " bound to " + a.node;
        return r;
    }
    if (a.action == "evict") {
        // As kubectl drain evicts one pod (one try): the eviction subresource, so the pod's
        // PodDisruptionBudget decides.
        const std::string ns = a.namespace_.empty() ? "default" : a.namespace_;
        r.target = "Pod/" + ns + "/" + a.name;
        Status s = evictPod(server, ns, a.name);
        if (s.isOk()) {
            r.message = "pod/" + a.name + " evicted";
            return r;
        }
        const std::string pod = "pods/\"" + a.name + "\" -n \"" + ns + "\"";
        const bool retryable = s.reason() == "TooManyRequests";
        return fail(Status(s.code(), "error when evicting " + pod + (retryable ? " (will retry after 5s)" : "") + ": " + s.message()));
    }
    // Node-side actions go to the kubelets, configureScheduler to kube-scheduler.
    if (a.action == "configureScheduler") r.target = "kube-scheduler";
    else r.target = !a.node.empty() ? a.node : (a.namespace_.empty() ? "default" : a.namespace_) + "/" + a.name;
    if (!nodeActions_) return fail(Status(StatusCode::FailedPrecondition, a.where + ": action " + a.action + " needs the simulated kubelets"));
    Status s = nodeActions_(a);
    if (!s.isOk()) return fail(s);
    r.message = a.action == "configureScheduler" ? "kube-scheduler restarted with the new configuration"
                                                  : a.action + " " + r.target;
    return r;
}

}  // namespace pilothouse::cluster
