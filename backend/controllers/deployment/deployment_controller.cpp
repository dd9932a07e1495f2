#include "controllers/deployment/deployment_controller.h"

#include "api/object.h"
#include "api/scheme.h"
#include "controllers/deployment/util/deployment_util.h"

namespace pilothouse::controller::deployment {

namespace {


}  // namespace

DeploymentController::DeploymentController(apiserver::APIServer& server, const sim::Clock& clock,
                                           DeploymentControllerOptions options)
    : server_(server),
      clock_(clock),
      options_(std::move(options)),
      client_(server, options_.token),
      informers_(options_.informers ? options_.informers : std::make_shared<client::SharedInformerFactory>(server, options_.token)),
      dInformer_(informers_->informerFor(resourceType("deployments"))),
      rsInformer_(informers_->informerFor(resourceType("replicasets"))),
      podInformer_(informers_->informerFor(resourceType("pods"))),
      queue_(clock),
      recorder_(server, clock, "deployment-controller", "", options_.token) {}

Status DeploymentController::start() {
    setResyncPeriod(clock_, options_.resyncPeriod, {&dInformer_, &rsInformer_, &podInformer_});
    auto enqueue = [this](const client::ObjectPtr& o) { queue_.add(client::keyOf(*o)); };
    dInformer_.addHandlers({enqueue, [enqueue](const client::ObjectPtr&, const client::ObjectPtr& o) { enqueue(o); },
                            enqueue});
    rsInformer_.addHandlers({
        [this](const client::ObjectPtr& o) {
            const auto& rs = static_cast<const apps::ReplicaSet&>(*o);
            if (getControllerOf(rs.metadata())) {
                enqueueOwner(rs);
            } else {
                enqueueSelecting(rs);
            }
        },
        [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
            const auto& oldRS = static_cast<const apps::ReplicaSet&>(*old);
            const auto& rs = static_cast<const apps::ReplicaSet&>(*o);
            if (oldRS.metadata().resource_version() == rs.metadata().resource_version()) return;
            const auto* oldRef = getControllerOf(oldRS.metadata());
            const auto* ref = getControllerOf(rs.metadata());
            if (oldRef && (!ref || ref->uid() != oldRef->uid())) enqueueOwner(oldRS);
            if (ref) {
                enqueueOwner(rs);
            } else {
                enqueueSelecting(rs);
            }
        },
        [this](const client::ObjectPtr& o) { enqueueOwner(static_cast<const apps::ReplicaSet&>(*o)); },
    });
    podInformer_.addHandlers({nullptr, nullptr, [this](const client::ObjectPtr& o) {
        // Recreate waits for the old pods to be gone: look again when one goes.
        const auto& pod = static_cast<const core::Pod&>(*o);
        const auto* ref = getControllerOf(pod.metadata());
        if (!ref || ref->kind() != "ReplicaSet") return;
        auto rs = rsInformer_.getAs<apps::ReplicaSet>(pod.metadata().namespace_() + "/" + ref->name());
        if (!rs || rs->metadata().uid() != ref->uid()) return;
        const auto* owner = getControllerOf(rs->metadata());
        if (!owner || owner->kind() != "Deployment") return;
        auto d = dInformer_.getAs<apps::Deployment>(rs->metadata().namespace_() + "/" + owner->name());
        if (d && d->metadata().uid() == owner->uid() && d->spec().strategy().type() == "Recreate")
            queue_.add(client::keyOf(*d));
    }});
    PH_RETURN_IF_ERROR(dInformer_.start());
    PH_RETURN_IF_ERROR(rsInformer_.start());
    return podInformer_.start();
}

StatusOr<bool> DeploymentController::reconcile() {
    bool did = false;
    for (;;) {
        size_t applied = 0;
        for (client::Informer* inf : {&dInformer_, &rsInformer_, &podInformer_}) {
            auto n = inf->sync();
            if (!n) return n.status();
            applied += *n;
        }
        did = did || applied > 0;
        if (!queue_.processNext([this](const std::string& key) { return syncDeployment(key); })) break;
        did = true;
    }
    return did;
}

void DeploymentController::enqueueOwner(const apps::ReplicaSet& rs) {
    const auto* ref = getControllerOf(rs.metadata());
    if (!ref || ref->kind() != "Deployment") return;
    auto d = dInformer_.getAs<apps::Deployment>(rs.metadata().namespace_() + "/" + ref->name());
    if (d && d->metadata().uid() == ref->uid()) queue_.add(client::keyOf(*d));
}

void DeploymentController::enqueueSelecting(const apps::ReplicaSet& rs) {
    for (const auto& [key, obj] : dInformer_.items()) {
        const auto& d = static_cast<const apps::Deployment&>(*obj);
        if (d.metadata().namespace_() != rs.metadata().namespace_()) continue;
        auto sel = api::Selector::fromLabelSelector(d.spec().selector());
        if (sel && !sel->empty() && sel->matches(rs.metadata().labels())) queue_.add(key);
    }
}

StatusOr<DeploymentController::RSList> DeploymentController::getReplicaSetsForDeployment(const apps::Deployment& d) {
    auto selector = api::Selector::fromLabelSelector(d.spec().selector());
    if (!selector) return selector.status();
    const bool deleting = d.metadata().has_deletion_timestamp();
    std::optional<Status> canAdopt;
    RSList claimed;
    std::vector<std::shared_ptr<const apps::ReplicaSet>> candidates;
    for (const auto& [key, obj] : rsInformer_.items()) {
        const auto& rs = static_cast<const apps::ReplicaSet&>(*obj);
        if (rs.metadata().namespace_() == d.metadata().namespace_())
            candidates.push_back(std::static_pointer_cast<const apps::ReplicaSet>(obj));
    }
    for (const auto& rs : candidates) {
        const bool matches = !selector->empty() && selector->matches(rs->metadata().labels());
        const auto* ref = getControllerOf(rs->metadata());
        if (ref) {
            if (ref->uid() != d.metadata().uid()) continue;
            if (matches) {
                claimed.push_back(std::make_shared<apps::ReplicaSet>(*rs));
                continue;
            }
            if (deleting) continue;
            const std::string uid = d.metadata().uid();
            auto r = client_.updateWithRetry("replicasets", rs->metadata().namespace_(), rs->metadata().name(),
                                             [&](google::protobuf::Message* m) {
                                                 auto* refs = api::mutableMetadata(m)->mutable_owner_references();
                                                 for (int i = 0; i < refs->size(); ++i)
                                                     if (refs->Get(i).uid() == uid) {
                                                         refs->DeleteSubrange(i, 1);
                                                         return true;
                                                     }
                                                 return false;
                                             });
            if (!r && !isNotFound(r.status())) return r.status();
            continue;
        }
        if (deleting || !matches || rs->metadata().has_deletion_timestamp()) continue;
        if (!canAdopt) {
            auto fresh = client_.get("deployments", d.metadata().namespace_(), d.metadata().name());
            if (!fresh) {
                canAdopt = fresh.status();
            } else if (api::metadata(**fresh).uid() != d.metadata().uid()) {
                canAdopt = Status(StatusCode::FailedPrecondition, "original Deployment " + client::keyOf(d) +
                                                                      " is gone: got uid " +
                                                                      api::metadata(**fresh).uid() + ", wanted " +
                                                                      d.metadata().uid());
            } else if (api::metadata(**fresh).has_deletion_timestamp()) {
                canAdopt = Status(StatusCode::FailedPrecondition,
                                  client::keyOf(d) + " has just been deleted at " +
                                      api::metadata(**fresh).deletion_timestamp());
            } else {
                canAdopt = Status();
            }
        }
        if (!canAdopt->isOk()) return *canAdopt;
        const auto ref2 = newControllerRef(d, "apps/v1", "Deployment");
        auto r = adopt(client_, "replicasets", rs->metadata().namespace_(), rs->metadata().name(), ref2);
        if (!r) {
            if (isNotFound(r.status())) continue;
            return r.status();
        }
        const auto* now = getControllerOf(api::metadata(**r));
        if (now && now->uid() == d.metadata().uid())
            claimed.push_back(std::make_shared<apps::ReplicaSet>(static_cast<const apps::ReplicaSet&>(**r)));
    }
    return claimed;
}

DeploymentController::PodMap DeploymentController::getPodMapForDeployment(const apps::Deployment& d,
                                                                          const RSList& rsList) const {
    PodMap map;
    for (const auto& rs : rsList) map[rs->metadata().uid()];
    auto selector = api::Selector::fromLabelSelector(d.spec().selector());
    if (!selector) return map;
    for (const auto& [key, obj] : podInformer_.items()) {
        const auto& pod = static_cast<const core::Pod&>(*obj);
        if (pod.metadata().namespace_() != d.metadata().namespace_() || !selector->matches(pod.metadata().labels()))
            continue;
        const auto* ref = getControllerOf(pod.metadata());
        if (!ref) continue;
        auto it = map.find(ref->uid());
        if (it != map.end()) it->second.push_back(std::static_pointer_cast<const core::Pod>(obj));
    }
    return map;
}

Status DeploymentController::syncDeployment(const std::string& key) {
    auto cached = dInformer_.getAs<apps::Deployment>(key);
    if (!cached) return {};  // deleted: the garbage collector takes its ReplicaSets
    apps::Deployment d = *cached;

    if (d.spec().selector().match_labels().empty() && d.spec().selector().match_expressions().empty()) {
        (void)recorder_.event(d, "Warning", "SelectingAll",
                              "This deployment is selecting all pods. A non-empty selector is required.");
        if (d.status().observed_generation() < d.metadata().generation()) {
            d.mutable_status()->set_observed_generation(d.metadata().generation());
            return updateStatus(d);
        }
        return {};
    }
    auto rsList = getReplicaSetsForDeployment(d);
    if (!rsList) return rsList.status();
    const PodMap podMap = getPodMapForDeployment(d, *rsList);

    if (d.metadata().has_deletion_timestamp()) return syncStatusOnly(d, *rsList);
    PH_RETURN_IF_ERROR(checkPausedConditions(d));
    if (d.spec().paused()) return sync(d, *rsList);
    auto scaling = isScalingEvent(d, *rsList);
    if (!scaling) return scaling.status();
    if (*scaling) return sync(d, *rsList);
    if (d.spec().strategy().type() == "Recreate") return rolloutRecreate(d, *rsList, podMap);
    if (d.spec().strategy().type() == "RollingUpdate") return rolloutRolling(d, *rsList);
    return Status(StatusCode::InvalidArgument, "unexpected deployment strategy type: " + d.spec().strategy().type());
}

}  // namespace pilothouse::controller::deployment
