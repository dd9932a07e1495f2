#include "kubelet/nodelease/controller.h"

#include "api/scheme.h"
#include "coordination_v1.pb.h"
#include "core_v1.pb.h"

namespace pilothouse::kubelet::nodelease {

namespace coordination = k8s::io::api::coordination::v1;

Controller::Controller(apiserver::APIServer& server, const sim::Clock& clock, std::string nodeName, std::string token,
                       int32_t leaseDurationSeconds, sim::Duration renewInterval)
    : server_(server),
      clock_(clock),
      nodeName_(std::move(nodeName)),
      token_(std::move(token)),
      leaseDurationSeconds_(leaseDurationSeconds),
      renewInterval_(renewInterval) {}

std::optional<sim::Time> Controller::nextRenewal() const {
    if (!lastRenewal_) return std::nullopt;
    return *lastRenewal_ + renewInterval_;
}

Status Controller::renew() {
    const auto* leases = api::Scheme::instance().byName("leases");
    const std::string now = clock_.nowRfc3339Micro();
    for (int attempt = 0; attempt < 5; ++attempt) {
        apiserver::Request get;
        get.verb = "get";
        get.type = leases;
        get.namespace_ = "kube-node-lease";
        get.name = nodeName_;
        get.token = token_;
        get.fieldManager = "kubelet";
        auto current = server_.handle(get);
        if (!current.ok() && current.status.reason() != "NotFound") return current.status;
        auto lease = std::make_shared<coordination::Lease>();
        apiserver::Request write;
        write.type = leases;
        write.namespace_ = "kube-node-lease";
        write.token = token_;
        write.fieldManager = "kubelet";
        if (current.ok()) {
            lease->CopyFrom(*current.object);
            write.verb = "update";
            write.name = nodeName_;
        } else {
            lease->mutable_metadata()->set_name(nodeName_);
            lease->mutable_metadata()->set_namespace_("kube-node-lease");
            // Owned by the Node (so it goes with it), as upstream's setNodeOwnerFunc does.
            apiserver::Request node;
            node.verb = "get";
            node.type = api::Scheme::instance().byName("nodes");
            node.name = nodeName_;
            node.token = token_;
            node.fieldManager = "kubelet";
            auto n = server_.handle(node);
            if (n.ok()) {
                auto* ref = lease->mutable_metadata()->add_owner_references();
                ref->set_api_version("v1");
                ref->set_kind("Node");
                ref->set_name(nodeName_);
                ref->set_uid(n.object ? static_cast<const k8s::io::api::core::v1::Node&>(*n.object).metadata().uid()
                                      : "");
            }
            lease->mutable_spec()->set_holder_identity(nodeName_);
            write.verb = "create";
        }
        lease->mutable_spec()->set_lease_duration_seconds(leaseDurationSeconds_);
        lease->mutable_spec()->set_renew_time(now);
        write.body = lease;
        auto resp = server_.handle(write);
        if (resp.ok()) {
            lastRenewal_ = clock_.now();
            return {};
        }
        if (resp.status.reason() != "Conflict" && resp.status.reason() != "AlreadyExists") return resp.status;
    }
    return Status(StatusCode::Aborted, "failed to update lease after retries");
}

}  // namespace pilothouse::kubelet::nodelease
