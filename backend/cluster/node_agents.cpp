#include "cluster/node_agents.h"

#include "api/scheme.h"
#include "core_v1.pb.h"

namespace pilothouse::cluster {

NodeAgents::NodeAgents(apiserver::APIServer& server, const sim::Clock& clock, sim::JourneyLog* journeys,
                       kubelet::KubeletOptions defaults)
    : server_(server),
      clock_(clock),
      journeys_(journeys),
      defaults_(std::move(defaults)),
      nodes_(server, *api::Scheme::instance().byName("nodes"), "") {}

Status NodeAgents::start() {
    PH_RETURN_IF_ERROR(nodes_.start());
    return ensureKubelets();
}

Status NodeAgents::ensureKubelets() {
    for (const auto& [name, obj] : nodes_.items()) {
        if (kubelets_.contains(name)) continue;
        kubelet::KubeletOptions o = defaults_;
        o.nodeName = name;
        o.registerNode = false;  // the Node exists: its kubelet posts status
        auto k = std::make_unique<kubelet::Kubelet>(server_, clock_, o, journeys_);
        const std::string& client = *clients_.emplace(name, std::make_unique<std::string>(k->name())).first->second;
        apiserver::WatchClientScope scope(client);  // its watches count under "kubelet/<node>"
        PH_RETURN_IF_ERROR(k->start().withContext("kubelet/" + name + ": starting: "));
        kubelets_.emplace(name, std::move(k));
        dirty_.insert(name);
    }
    return {};
}

StatusOr<bool> NodeAgents::reconcile() {
    auto n = nodes_.sync();
    if (!n) return n.status();
    const size_t before = kubelets_.size();
    PH_RETURN_IF_ERROR(ensureKubelets());
    bool did = kubelets_.size() != before;
    const sim::Time now = clock_.now();
    for (const auto& [name, k] : kubelets_) {
        const auto wake = wakeups_.find(name);
        const bool due = dirty_.contains(name) || k->hasPendingEvents() ||
                         (wake != wakeups_.end() && wake->second && *wake->second <= now);
        if (!due) continue;
        apiserver::WatchClientScope scope(*clients_.at(name));
        auto r = k->reconcile();
        if (!r) return r.status().withContext("kubelet/" + name + ": ");
        if (*r) dirty_.insert(name);  // it wrote: look again next round
        else dirty_.erase(name);
        wakeups_[name] = k->nextWakeup();
        did = did || *r;
    }
    return did;
}

std::optional<sim::Time> NodeAgents::nextWakeup() const {
    std::optional<sim::Time> next;
    for (const auto& [name, t] : wakeups_)
        if (t && (!next || *t < *next)) next = t;
    return next;
}

kubelet::Kubelet* NodeAgents::kubelet(const std::string& node) const {
    auto it = kubelets_.find(node);
    return it == kubelets_.end() ? nullptr : it->second.get();
}

Status NodeAgents::perform(const ScenarioAction& a) {
    // Whatever the action, the kubelets it touches must look at their state again.
    for (const auto& [name, k] : kubelets_) dirty_.insert(name);
    auto nodeKubelet = [&](const std::string& node) -> StatusOr<kubelet::Kubelet*> {
        if (auto* k = kubelet(node)) return k;
        return Status(StatusCode::NotFound, a.where + ".node: no node \"" + node + "\"");
    };
    if (a.action == "failNode" || a.action == "recoverNode") {
        auto k = nodeKubelet(a.node);
        if (!k) return k.status();
        if (a.action == "failNode") (*k)->stop();
        else (*k)->recover();
        return {};
    }
    if (a.action == "imageMissing") {
        if (!a.node.empty()) {
            auto k = nodeKubelet(a.node);
            if (!k) return k.status();
            (*k)->markImageMissing(a.image, a.broken);
            return {};
        }
        for (const auto& [name, k] : kubelets_) k->markImageMissing(a.image, a.broken);
        return {};
    }
    if (a.action == "breakProbe") {
        const std::string ns = a.namespace_.empty() ? "default" : a.namespace_;
        apiserver::Request get;
        get.verb = "get";
        get.type = api::Scheme::instance().byName("pods");
        get.namespace_ = ns;
        get.name = a.name;
        auto resp = server_.handle(get);
        if (!resp.ok()) return resp.status;
        const auto& pod = static_cast<const k8s::io::api::core::v1::Pod&>(*resp.object);
        if (pod.spec().node_name().empty())
            return Status(StatusCode::FailedPrecondition, "pod " + ns + "/" + a.name + " is not on a node yet");
        auto k = nodeKubelet(pod.spec().node_name());
        if (!k) return k.status();
        const std::string container = a.container.empty() && pod.spec().containers_size() > 0
                                          ? pod.spec().containers(0).name()
                                          : a.container;
        const auto type = a.probe == "liveness"    ? kubelet::prober::ProbeType::Liveness
                          : a.probe == "startup" ? kubelet::prober::ProbeType::Startup
                                                 : kubelet::prober::ProbeType::Readiness;
        return (*k)->breakProbe(ns + "/" + a.name, container, type, a.broken);
    }
    return Status(StatusCode::InvalidArgument, a.where + ".action: " + a.action + " is not a node action");
}

}  // namespace pilothouse::cluster
