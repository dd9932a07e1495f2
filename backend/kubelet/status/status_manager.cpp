#include "kubelet/status/status_manager.h"

#include <google/protobuf/util/message_differencer.h>

#include "api/scheme.h"

namespace pilothouse::kubelet::status {

namespace core = k8s::io::api::core::v1;

namespace {

bool kubeletOwned(const std::string& type) {
    return type == "Initialized" || type == "Ready" || type == "ContainersReady" || type == "PodScheduled";
}

const core::PodCondition* findCondition(const core::PodStatus& s, const std::string& type) {
    for (const auto& c : s.conditions())
        if (c.type() == type) return &c;
    return nullptr;
}

}  // namespace

StatusManager::StatusManager(apiserver::APIServer& server, const sim::Clock& clock, std::string token)
    : server_(server), clock_(clock), token_(std::move(token)) {}

core::PodStatus StatusManager::merge(const core::PodStatus& stored, const core::PodStatus& want) const {
    core::PodStatus out = want;
    const std::string now = clock_.nowRfc3339();
    out.clear_conditions();
    for (const auto& c : want.conditions()) {
        core::PodCondition cond = c;
        const core::PodCondition* old = findCondition(stored, c.type());
        if (c.type() == "PodScheduled" && old) {
            cond = *old;  // the scheduler's
        } else {
            cond.set_last_transition_time(old && old->status() == c.status() ? old->last_transition_time() : now);
        }
        *out.add_conditions() = cond;
    }
    for (const auto& c : stored.conditions())
        if (!kubeletOwned(c.type())) *out.add_conditions() = c;
    if (out.nominated_node_name().empty()) out.set_nominated_node_name(stored.nominated_node_name());
    if (out.qos_class().empty()) out.set_qos_class(stored.qos_class());
    return out;
}

StatusOr<bool> StatusManager::setPodStatus(const core::Pod& cached, const core::PodStatus& status) {
    const std::string key = cached.metadata().namespace_() + "/" + cached.metadata().name();
    if (auto it = lastWritten_.find(key);
        it != lastWritten_.end() && google::protobuf::util::MessageDifferencer::Equals(it->second, status))
        return false;
    const auto* pods = api::Scheme::instance().byName("pods");
    core::Pod base = cached;
    for (int attempt = 0; attempt < 5; ++attempt) {
        auto pod = std::make_shared<core::Pod>(base);
        *pod->mutable_status() = merge(base.status(), status);
        apiserver::Request update;
        update.verb = "update";
        update.type = pods;
        update.subresource = "status";
        update.namespace_ = base.metadata().namespace_();
        update.name = base.metadata().name();
        update.token = token_;
        update.fieldManager = "kubelet";
        update.body = pod;
        auto resp = server_.handle(update);
        if (resp.ok()) {
            lastWritten_[key] = status;
            return true;
        }
        if (resp.status.reason() != "Conflict") return resp.status;
        // Someone else wrote the pod since our copy: read it again and re-apply.
        apiserver::Request get;
        get.verb = "get";
        get.type = pods;
        get.namespace_ = base.metadata().namespace_();
        get.name = base.metadata().name();
        get.token = token_;
        get.fieldManager = "kubelet";
        auto fresh = server_.handle(get);
        if (!fresh.ok()) return fresh.status;
        base.CopyFrom(*fresh.object);
        if (base.metadata().uid() != cached.metadata().uid())
            return Status(StatusCode::NotFound, "pod " + key + " was replaced");
    }
    return Status(StatusCode::Aborted, "pod " + key + ": status update kept conflicting");
}

Status StatusManager::deletePod(const std::string& namespace_, const std::string& name) {
    apiserver::Request del;
    del.verb = "delete";
    del.type = api::Scheme::instance().byName("pods");
    del.namespace_ = namespace_;
    del.name = name;
    del.token = token_;
    del.fieldManager = "kubelet";
    del.gracePeriodSeconds = 0;
    auto resp = server_.handle(del);
    if (!resp.ok() && resp.status.reason() != "NotFound") return resp.status;
    forget(namespace_ + "/" + name);
    return {};
}

}  // namespace pilothouse::kubelet::status
