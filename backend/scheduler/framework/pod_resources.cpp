#include "scheduler/framework/pod_resources.h"

namespace pilothouse::scheduler::framework {

namespace core = k8s::io::api::core::v1;

ResourceList toResourceList(const google::protobuf::Map<std::string, std::string>& quantities) {
    ResourceList out;
    for (const auto& [name, text] : quantities) {
        auto q = resource::Quantity::parse(text);
        if (q) out[name] = *q;  // invalid quantities were rejected by the API server already
    }
    return out;
}

namespace {

ResourceList applyNonMissing(ResourceList reqs, const ResourceList& defaults) {
    for (const auto& [name, value] : defaults)
        if (!reqs.contains(name)) reqs[name] = value;
    return reqs;
}

void addInto(ResourceList& total, const ResourceList& more) {
    for (const auto& [name, value] : more) {
        auto it = total.find(name);
        if (it == total.end()) total[name] = value;
        else it->second.add(value);
    }
}

void maxInto(ResourceList& total, const ResourceList& other) {
    for (const auto& [name, value] : other) {
        auto it = total.find(name);
        if (it == total.end()) total[name] = value;
        else if (value.compare(it->second) > 0) it->second = value;
    }
}

ResourceList aggregate(const core::Pod& pod, const PodResourcesOptions& options, bool limits) {
    ResourceList total;
    auto of = [&](const core::Container& c) {
        ResourceList r = toResourceList(limits ? c.resources().limits() : c.resources().requests());
        if (!options.nonMissingContainerRequests.empty())
            r = applyNonMissing(std::move(r), options.nonMissingContainerRequests);
        return r;
    };
    for (const auto& c : pod.spec().containers()) addInto(total, of(c));
    // Init containers run one at a time before the others: the pod needs the largest of them.
    ResourceList initMax;
    for (const auto& c : pod.spec().init_containers()) maxInto(initMax, of(c));
    maxInto(total, initMax);
    if (!options.excludeOverhead && !pod.spec().overhead().empty()) addInto(total, toResourceList(pod.spec().overhead()));
    return total;
}

}  // namespace

ResourceList podRequests(const core::Pod& pod, const PodResourcesOptions& options) {
    return aggregate(pod, options, false);
}

ResourceList podLimits(const core::Pod& pod, const PodResourcesOptions& options) {
    return aggregate(pod, options, true);
}

PodResourcesOptions nonZeroOptions() {
    PodResourcesOptions o;
    o.nonMissingContainerRequests["cpu"] = resource::Quantity::fromMilli(kDefaultMilliCPURequest, resource::Format::DecimalSI);
    o.nonMissingContainerRequests["memory"] = resource::Quantity::fromInt(kDefaultMemoryRequest, resource::Format::DecimalSI);
    return o;
}

}  // namespace pilothouse::scheduler::framework
