#include "controllers/namespace/namespace_controller.h"

#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"

namespace pilothouse::controller::namespace_ {

namespace core = k8s::io::api::core::v1;

namespace {
const char* kFinalizer = "kubernetes";
}  // namespace

NamespaceController::NamespaceController(apiserver::APIServer& server, const sim::Clock& clock,
                                         NamespaceControllerOptions options)
    : server_(server),
      token_(options.token),
      client_(server, options.token),
      informers_(options.informers ? options.informers
                                   : std::make_shared<client::SharedInformerFactory>(server, options.token)),
      namespaceInformer_(informers_->informerFor(resourceType("namespaces"))),
      queue_(clock),
      recheck_(options.recheck) {
    setResyncPeriod(clock, options.resyncPeriod, {&namespaceInformer_});
}

Status NamespaceController::start() {
    auto enqueue = [this](const client::ObjectPtr& o) {
        if (api::metadata(*o).has_deletion_timestamp()) queue_.add(api::metadata(*o).name());
    };
    namespaceInformer_.addHandlers({enqueue, [enqueue](const client::ObjectPtr&, const client::ObjectPtr& o) { enqueue(o); },
                                    nullptr});
    return namespaceInformer_.start();
}

StatusOr<bool> NamespaceController::reconcile() {
    bool did = false;
    for (;;) {
        auto a = namespaceInformer_.sync();
        if (!a) return a.status();
        did = did || *a > 0;
        if (!queue_.processNext([this](const std::string& key) { return syncNamespace(key); })) break;
        did = true;
    }
    return did;
}

Status NamespaceController::syncNamespace(const std::string& name) {
    auto ns = namespaceInformer_.getAs<core::Namespace>(name);
    if (!ns || !ns->metadata().has_deletion_timestamp()) return {};
    // Delete what is left of every namespaced kind; count what has not gone yet.
    size_t remaining = 0;
    for (const auto& type : api::Scheme::instance().types()) {
        if (!type.namespaced || !type.supports("list") || !type.supports("delete")) continue;
        apiserver::Request list;
        list.verb = "list";
        list.type = &type;
        list.namespace_ = name;
        list.token = token_;
        list.fieldManager = "kube-controller-manager";
        auto listed = server_.handle(list);
        if (!listed.ok()) return listed.status;
        for (const auto& item : listed.items) {
            ++remaining;
            const auto& meta = api::metadata(*item);
            if (meta.has_deletion_timestamp()) continue;  // already going
            Status st = client_.remove(type.resource, name, meta.name(), -1, "Background", meta.uid());
            if (!st.isOk() && !isNotFound(st) && !isConflict(st)) return st;
        }
    }
    if (remaining > 0) {
        queue_.addAfter(name, recheck_);
        return {};
    }
    // Empty: the namespace may go.
    auto fresh = client_.get("namespaces", "", name);
    if (!fresh) return isNotFound(fresh.status()) ? Status() : fresh.status();
    auto& current = static_cast<core::Namespace&>(**fresh);
    auto* finalizers = current.mutable_spec()->mutable_finalizers();
    bool had = false;
    for (int i = finalizers->size() - 1; i >= 0; --i)
        if (finalizers->Get(i) == kFinalizer) {
            finalizers->DeleteSubrange(i, 1);
            had = true;
        }
    if (!had) return {};
    auto updated = client_.update("namespaces", current, "finalize");
    if (!updated && !isNotFound(updated.status()) && !isConflict(updated.status())) return updated.status();
    if (!updated && isConflict(updated.status())) queue_.addAfter(name, recheck_);
    return {};
}

}  // namespace pilothouse::controller::namespace_
