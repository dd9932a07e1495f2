#include "controllers/serviceaccount/serviceaccounts_controller.h"

#include "api/object.h"
#include "core_v1.pb.h"
#include "core_v1_config.pb.h"

namespace pilothouse::controller::serviceaccount {

namespace core = k8s::io::api::core::v1;

namespace {
// The accounts every namespace has (upstream's --service-account names: only "default").
const char* kDefaultAccount = "default";
}  // namespace

ServiceAccountsController::ServiceAccountsController(apiserver::APIServer& server, const sim::Clock& clock,
                                                     ServiceAccountsControllerOptions options)
    : client_(server, options.token),
      informers_(options.informers ? options.informers
                                   : std::make_shared<client::SharedInformerFactory>(server, options.token)),
      namespaceInformer_(informers_->informerFor(resourceType("namespaces"))),
      accountInformer_(informers_->informerFor(resourceType("serviceaccounts"))),
      queue_(clock) {
    setResyncPeriod(clock, options.resyncPeriod, {&namespaceInformer_, &accountInformer_});
}

Status ServiceAccountsController::start() {
    namespaceInformer_.addHandlers({
        [this](const client::ObjectPtr& o) { queue_.add(api::metadata(*o).name()); },
        [this](const client::ObjectPtr&, const client::ObjectPtr& o) { queue_.add(api::metadata(*o).name()); },
        nullptr,
    });
    // A deleted account is made again.
    accountInformer_.addHandlers({
        nullptr,
        nullptr,
        [this](const client::ObjectPtr& o) { queue_.add(api::metadata(*o).namespace_()); },
    });
    PH_RETURN_IF_ERROR(namespaceInformer_.start());
    return accountInformer_.start();
}

StatusOr<bool> ServiceAccountsController::reconcile() {
    bool did = false;
    for (;;) {
        auto a = namespaceInformer_.sync();
        if (!a) return a.status();
        auto b = accountInformer_.sync();
        if (!b) return b.status();
        did = did || *a > 0 || *b > 0;
        if (!queue_.processNext([this](const std::string& key) { return syncNamespace(key); })) break;
        did = true;
    }
    return did;
}

Status ServiceAccountsController::syncNamespace(const std::string& namespaceName) {
    auto ns = namespaceInformer_.getAs<core::Namespace>(namespaceName);
    if (!ns || ns->metadata().has_deletion_timestamp() || ns->status().phase() != "Active") return {};
    if (accountInformer_.getAs<core::ServiceAccount>(namespaceName + "/" + kDefaultAccount)) return {};
    core::ServiceAccount account;
    account.mutable_metadata()->set_name(kDefaultAccount);
    account.mutable_metadata()->set_namespace_(namespaceName);
    auto created = client_.create("serviceaccounts", account);
    // Already there (the cache was behind), or the namespace is going: nothing to do.
    if (!created && !isAlreadyExists(created.status()) && created.status().reason() != "Forbidden") return created.status();
    return {};
}

}  // namespace pilothouse::controller::serviceaccount
