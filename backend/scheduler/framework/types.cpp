#include "scheduler/framework/types.h"

#include <algorithm>

namespace pilothouse::scheduler::framework {

namespace core = k8s::io::api::core::v1;

// ---- Resource ----

bool isScalarResourceName(const std::string& name) {
    return name != "cpu" && name != "memory" && name != "ephemeral-storage" && name != "pods";
}

void Resource::set(const std::string& name, int64_t value) {
    if (name == "cpu") milliCPU = value;
    else if (name == "memory") memory = value;
    else if (name == "ephemeral-storage") ephemeralStorage = value;
    else if (name == "pods") allowedPodNumber = value;
    else scalarResources[name] = value;
}

int64_t Resource::get(const std::string& name) const {
    if (name == "cpu") return milliCPU;
    if (name == "memory") return memory;
    if (name == "ephemeral-storage") return ephemeralStorage;
    if (name == "pods") return allowedPodNumber;
    auto it = scalarResources.find(name);
    return it == scalarResources.end() ? 0 : it->second;
}

void Resource::add(const ResourceList& list) {
    for (const auto& [name, q] : list) {
        if (name == "cpu") milliCPU += q.milliValue();
        else if (name == "memory") memory += q.value();
        else if (name == "ephemeral-storage") ephemeralStorage += q.value();
        else if (name == "pods") allowedPodNumber += q.value();
        else scalarResources[name] += q.value();
    }
}

Resource Resource::fromList(const ResourceList& list) {
    Resource r;
    r.add(list);
    return r;
}

void Resource::add(const Resource& o) {
    milliCPU += o.milliCPU;
    memory += o.memory;
    ephemeralStorage += o.ephemeralStorage;
    allowedPodNumber += o.allowedPodNumber;
    for (const auto& [k, v] : o.scalarResources) scalarResources[k] += v;
}

void Resource::sub(const Resource& o) {
    milliCPU -= o.milliCPU;
    memory -= o.memory;
    ephemeralStorage -= o.ephemeralStorage;
    allowedPodNumber -= o.allowedPodNumber;
    for (const auto& [k, v] : o.scalarResources) scalarResources[k] -= v;
}

Resource computePodResourceRequest(const Pod& pod) { return Resource::fromList(podRequests(pod)); }

Resource computePodNonZeroRequest(const Pod& pod) {
    static const PodResourcesOptions options = nonZeroOptions();
    return Resource::fromList(podRequests(pod, options));
}

std::string podKey(const Pod& pod) { return pod.metadata().namespace_() + "/" + pod.metadata().name(); }

// ---- affinity terms ----

bool AffinityTerm::matches(const Pod& pod, const std::map<std::string, std::string>& namespaceLabels) const {
    if (namespaces.contains(pod.metadata().namespace_()) || namespaceSelector.matches(namespaceLabels))
        return selector.matches(pod.metadata().labels());
    return false;
}

AffinityTerm newAffinityTerm(const Pod& pod, const core::PodAffinityTerm& term, std::string* error) {
    AffinityTerm t;
    t.topologyKey = term.topology_key();
    // A missing selector matches nothing; an empty one matches everything.
    if (term.has_label_selector()) {
        auto sel = api::Selector::fromLabelSelector(term.label_selector());
        if (sel) t.selector = *sel;
        else if (error) *error = sel.status().message();
    } else {
        t.selector = api::Selector::nothing();
    }
    if (term.has_namespace_selector()) {
        auto sel = api::Selector::fromLabelSelector(term.namespace_selector());
        if (sel) t.namespaceSelector = *sel;
        else if (error) *error = sel.status().message();
    } else {
        t.namespaceSelector = api::Selector::nothing();
    }
    if (term.namespaces().empty() && !term.has_namespace_selector()) {
        t.namespaces.insert(pod.metadata().namespace_());
    } else {
        t.namespaces.insert(term.namespaces().begin(), term.namespaces().end());
    }
    return t;
}

std::shared_ptr<const PodInfo> PodInfo::make(std::shared_ptr<const Pod> pod) {
    auto info = std::make_shared<PodInfo>();
    info->pod = std::move(pod);
    const Pod& p = *info->pod;
    const auto& affinity = p.spec().affinity();
    std::string error;
    for (const auto& term : affinity.pod_affinity().required_during_scheduling_ignored_during_execution())
        info->requiredAffinityTerms.push_back(newAffinityTerm(p, term, &error));
    for (const auto& term : affinity.pod_anti_affinity().required_during_scheduling_ignored_during_execution())
        info->requiredAntiAffinityTerms.push_back(newAffinityTerm(p, term, &error));
    for (const auto& w : affinity.pod_affinity().preferred_during_scheduling_ignored_during_execution())
        info->preferredAffinityTerms.push_back({newAffinityTerm(p, w.pod_affinity_term(), &error), w.weight()});
    for (const auto& w : affinity.pod_anti_affinity().preferred_during_scheduling_ignored_during_execution())
        info->preferredAntiAffinityTerms.push_back({newAffinityTerm(p, w.pod_affinity_term(), &error), w.weight()});
    info->parseError = error;
    return info;
}

// ---- host ports ----

namespace {
void sanitize(std::string& ip, std::string& protocol) {
    if (ip.empty()) ip = "0.0.0.0";
    if (protocol.empty()) protocol = "TCP";
}
}  // namespace

void HostPortInfo::add(std::string ip, std::string protocol, int32_t port) {
    if (port <= 0) return;
    sanitize(ip, protocol);
    ports_[ip].insert({protocol, port});
}

void HostPortInfo::remove(std::string ip, std::string protocol, int32_t port) {
    if (port <= 0) return;
    sanitize(ip, protocol);
    auto it = ports_.find(ip);
    if (it == ports_.end()) return;
    it->second.erase({protocol, port});
    if (it->second.empty()) ports_.erase(it);
}

bool HostPortInfo::conflicts(std::string ip, std::string protocol, int32_t port) const {
    sanitize(ip, protocol);
    const std::pair<std::string, int32_t> pp{protocol, port};
    if (ip == "0.0.0.0") {
        for (const auto& [_, set] : ports_)
            if (set.contains(pp)) return true;
        return false;
    }
    for (const std::string& key : {std::string("0.0.0.0"), ip}) {
        auto it = ports_.find(key);
        if (it != ports_.end() && it->second.contains(pp)) return true;
    }
    return false;
}

size_t HostPortInfo::size() const {
    size_t n = 0;
    for (const auto& [_, set] : ports_) n += set.size();
    return n;
}

// ---- NodeInfo ----

const std::string NodeInfo::kNoName;

void NodeInfo::setNode(std::shared_ptr<const Node> node) {
    node_ = std::move(node);
    name_ = node_ ? &node_->metadata().name() : &kNoName;
    nameView_ = *name_;
    unschedulable_ = node_ && node_->spec().unschedulable();
    taintCount_ = node_ ? node_->spec().taints_size() : 0;
    allocatable_ = node_ ? Resource::fromList(toResourceList(node_->status().allocatable())) : Resource{};
    ++generation_;
}

namespace {
bool hasAffinityConstraints(const PodInfo& p) {
    const auto& a = p.pod->spec().affinity();
    return a.has_pod_affinity() || a.has_pod_anti_affinity();
}
bool hasRequiredAntiAffinity(const PodInfo& p) { return !p.requiredAntiAffinityTerms.empty(); }

// v1.28 counts the host ports of regular containers only.
template <typename F>
void forEachHostPort(const Pod& pod, F f) {
    for (const auto& c : pod.spec().containers())
        for (const auto& port : c.ports()) f(port.host_ip(), port.protocol(), port.host_port());
}
}  // namespace

void NodeInfo::addPod(std::shared_ptr<const PodInfo> pod) {
    const Pod& p = *pod->pod;
    requested_.add(computePodResourceRequest(p));
    const Resource nonZero = computePodNonZeroRequest(p);
    nonZeroRequested_.milliCPU += nonZero.milliCPU;
    nonZeroRequested_.memory += nonZero.memory;
    forEachHostPort(p, [&](const std::string& ip, const std::string& proto, int32_t port) {
        usedPorts_.add(ip, proto, port);
    });
    if (hasAffinityConstraints(*pod)) podsWithAffinity_.push_back(pod);
    if (hasRequiredAntiAffinity(*pod)) podsWithRequiredAntiAffinity_.push_back(pod);
    pods_.push_back(std::move(pod));
    ++generation_;
}

bool NodeInfo::removePod(const Pod& pod) {
    auto same = [&](const std::shared_ptr<const PodInfo>& p) {
        const auto& m = p->pod->metadata();
        if (!pod.metadata().uid().empty() && !m.uid().empty()) return m.uid() == pod.metadata().uid();
        return m.name() == pod.metadata().name() && m.namespace_() == pod.metadata().namespace_();
    };
    auto it = std::find_if(pods_.begin(), pods_.end(), same);
    if (it == pods_.end()) return false;
    const Pod& stored = *(*it)->pod;
    Resource req = computePodResourceRequest(stored);
    requested_.sub(req);
    const Resource nonZero = computePodNonZeroRequest(stored);
    nonZeroRequested_.milliCPU -= nonZero.milliCPU;
    nonZeroRequested_.memory -= nonZero.memory;
    forEachHostPort(stored, [&](const std::string& ip, const std::string& proto, int32_t port) {
        usedPorts_.remove(ip, proto, port);
    });
    podsWithAffinity_.erase(std::remove_if(podsWithAffinity_.begin(), podsWithAffinity_.end(), same), podsWithAffinity_.end());
    podsWithRequiredAntiAffinity_.erase(
        std::remove_if(podsWithRequiredAntiAffinity_.begin(), podsWithRequiredAntiAffinity_.end(), same),
        podsWithRequiredAntiAffinity_.end());
    pods_.erase(it);
    ++generation_;
    return true;
}

}  // namespace pilothouse::scheduler::framework
