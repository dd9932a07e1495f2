#include "fake_kubelet.h"

#include "api/object.h"
#include "api/scheme.h"
#include "coordination_v1.pb.h"

namespace pilothouse::testing {

namespace core = k8s::io::api::core::v1;
namespace coordination = k8s::io::api::coordination::v1;

FakeKubelet::FakeKubelet(apiserver::APIServer& server, const sim::Clock& clock, std::vector<std::string> nodes,
                         sim::Duration startDelay, sim::Duration stopDelay)
    : client_(server, ""),
      clock_(clock),
      nodes_(std::move(nodes)),
      startDelay_(startDelay),
      stopDelay_(stopDelay),
      pods_(server, *api::Scheme::instance().byName("pods"), "") {}

Status FakeKubelet::start() {
    const std::string now = clock_.nowRfc3339();
    for (const auto& name : nodes_) {
        core::Node node;
        api::setTypeMeta(&node, *api::Scheme::instance().byName("nodes"));
        node.mutable_metadata()->set_name(name);
        (*node.mutable_metadata()->mutable_labels())["kubernetes.io/hostname"] = name;
        for (auto* m : {node.mutable_status()->mutable_capacity(), node.mutable_status()->mutable_allocatable()}) {
            (*m)["cpu"] = "4";
            (*m)["memory"] = "8Gi";
            (*m)["pods"] = "110";
        }
        auto* ready = node.mutable_status()->add_conditions();
        ready->set_type("Ready");
        ready->set_status("True");
        ready->set_reason("KubeletReady");
        ready->set_message("kubelet is posting ready status");
        ready->set_last_heartbeat_time(now);
        ready->set_last_transition_time(now);
        auto created = client_.create("nodes", node);
        if (!created) return created.status();
        coordination::Lease lease;
        api::setTypeMeta(&lease, *api::Scheme::instance().byName("leases"));
        lease.mutable_metadata()->set_name(name);
        lease.mutable_metadata()->set_namespace_("kube-node-lease");
        lease.mutable_spec()->set_holder_identity(name);
        lease.mutable_spec()->set_lease_duration_seconds(40);
        lease.mutable_spec()->set_renew_time(clock_.nowRfc3339Micro());
        auto l = client_.create("leases", lease);
        if (!l) return l.status();
        nextRenew_[name] = clock_.now() + std::chrono::seconds(10);
    }
    pods_.addHandlers({[this](const client::ObjectPtr& o) { due_.emplace(client::keyOf(*o), clock_.now() + startDelay_); },
                       [this](const client::ObjectPtr& old, const client::ObjectPtr& o) {
                           const auto& pod = static_cast<const core::Pod&>(*o);
                           const auto& before = static_cast<const core::Pod&>(*old);
                           const std::string key = client::keyOf(pod);
                           if (pod.metadata().has_deletion_timestamp() && !before.metadata().has_deletion_timestamp())
                               due_[key] = clock_.now() + stopDelay_;
                           else if (!pod.spec().node_name().empty() && before.spec().node_name().empty())
                               due_[key] = clock_.now() + startDelay_;
                       },
                       [this](const client::ObjectPtr& o) { due_.erase(client::keyOf(*o)); }});
    return pods_.start();
}

Status FakeKubelet::renewLease(const std::string& node) {
    auto r = client_.updateWithRetry("leases", "kube-node-lease", node, [&](google::protobuf::Message* m) {
        static_cast<coordination::Lease*>(m)->mutable_spec()->set_renew_time(clock_.nowRfc3339Micro());
        return true;
    });
    return r ? Status() : r.status();
}

StatusOr<bool> FakeKubelet::reconcile() {
    auto n = pods_.sync();
    if (!n) return n.status();
    bool did = *n > 0;
    const sim::Time now = clock_.now();
    for (auto& [node, at] : nextRenew_) {
        if (stopped_.contains(node) || at > now) continue;
        PH_RETURN_IF_ERROR(renewLease(node));
        at = now + std::chrono::seconds(10);
        did = true;
    }
    std::vector<std::string> ready;
    for (const auto& [key, at] : due_)
        if (at <= now) ready.push_back(key);
    for (const auto& key : ready) {
        auto pod = pods_.getAs<core::Pod>(key);
        due_.erase(key);
        if (!pod || pod->spec().node_name().empty() || stopped_.contains(pod->spec().node_name())) continue;
        bool known = false;
        for (const auto& n2 : nodes_) known = known || n2 == pod->spec().node_name();
        if (!known) continue;
        did = true;
        if (pod->metadata().has_deletion_timestamp()) {
            Status st = client_.remove("pods", pod->metadata().namespace_(), pod->metadata().name(), 0);
            if (!st.isOk() && !controller::isNotFound(st)) return st;
            continue;
        }
        if (pod->status().phase() == "Running") continue;
        const std::string t = clock_.nowRfc3339();
        const std::string ip = "10.244.0." + std::to_string(++ipCounter_);
        auto r = client_.updateWithRetry(
            "pods", pod->metadata().namespace_(), pod->metadata().name(),
            [&](google::protobuf::Message* m) {
                auto* s = static_cast<core::Pod*>(m)->mutable_status();
                s->set_phase("Running");
                s->set_pod_ip(ip);
                s->clear_pod_ips();
                s->add_pod_ips()->set_ip(ip);
                s->set_start_time(t);
                for (const char* type : {"Initialized", "Ready", "ContainersReady"}) {
                    core::PodCondition* c = nullptr;
                    for (auto& x : *s->mutable_conditions())
                        if (x.type() == type) c = &x;
                    if (!c) c = s->add_conditions();
                    c->set_type(type);
                    c->set_status("True");
                    c->set_last_transition_time(t);
                }
                return true;
            },
            "status");
        if (!r && !controller::isNotFound(r.status())) return r.status();
    }
    return did;
}

std::optional<sim::Time> FakeKubelet::nextWakeup() const {
    std::optional<sim::Time> next;
    auto consider = [&](sim::Time t) {
        if (!next || t < *next) next = t;
    };
    for (const auto& [node, at] : nextRenew_)
        if (!stopped_.contains(node)) consider(at);
    for (const auto& [key, at] : due_) consider(at);
    return next;
}

}  // namespace pilothouse::testing
