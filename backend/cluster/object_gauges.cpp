#include "cluster/object_gauges.h"

#include "api/resource/quantity.h"

namespace pilothouse::cluster {

namespace {

// cpu in millicores, anything else in its unit.
double amount(const google::protobuf::Map<std::string, std::string>& list, const std::string& name) {
    auto it = list.find(name);
    if (it == list.end()) return 0;
    auto q = resource::Quantity::parse(it->second);
    if (!q) return 0;
    return name == "cpu" ? double(q->milliValue()) : double(q->value());
}

}  // namespace

std::map<std::string, double> objectGauges(const std::vector<const k8s::io::api::core::v1::Pod*>& pods,
                                           const std::vector<const k8s::io::api::core::v1::Node*>& nodes) {
    std::map<std::string, double> phases = {{"Pending", 0}, {"Running", 0}, {"Succeeded", 0}, {"Failed", 0}};
    double cpuRequested = 0, memRequested = 0;
    for (const auto* pod : pods) {
        phases[pod->status().phase().empty() ? "Pending" : pod->status().phase()] += 1;
        if (pod->spec().node_name().empty() || pod->status().phase() == "Succeeded" || pod->status().phase() == "Failed") continue;
        for (const auto& c : pod->spec().containers()) {
            cpuRequested += amount(c.resources().requests(), "cpu");
            memRequested += amount(c.resources().requests(), "memory");
        }
    }
    double cpuAllocatable = 0, memAllocatable = 0;
    for (const auto* node : nodes) {
        cpuAllocatable += amount(node->status().allocatable(), "cpu");
        memAllocatable += amount(node->status().allocatable(), "memory");
    }
    std::map<std::string, double> out;
    for (const auto& [phase, count] : phases) out["pods{phase=\"" + phase + "\"}"] = count;
    out["node_requested_ratio{resource=\"cpu\"}"] = cpuAllocatable > 0 ? cpuRequested / cpuAllocatable : 0;
    out["node_requested_ratio{resource=\"memory\"}"] = memAllocatable > 0 ? memRequested / memAllocatable : 0;
    out["kube_node_status_allocatable{resource=\"cpu\",unit=\"core\"}"] = cpuAllocatable / 1000;
    out["kube_node_status_allocatable{resource=\"memory\",unit=\"byte\"}"] = memAllocatable;
    out["kube_pod_container_resource_requests{resource=\"cpu\",unit=\"core\"}"] = cpuRequested / 1000;
    out["kube_pod_container_resource_requests{resource=\"memory\",unit=\"byte\"}"] = memRequested;
    return out;
}

}  // namespace pilothouse::cluster
