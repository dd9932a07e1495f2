#include "scheduler/explainer.h"

#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"
#include "scheduler/plugins/registry.h"

namespace pilothouse::scheduler {

namespace core = k8s::io::api::core::v1;

namespace {

bool finished(const core::Pod& pod) { return pod.status().phase() == "Succeeded" || pod.status().phase() == "Failed"; }

}  // namespace

std::vector<codec::Manifest> manifestsForExplaining(
    const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects, const std::string& podKey,
    bool* found, std::string* boundNode) {
    std::vector<codec::Manifest> manifests;
    manifests.reserve(objects.size());
    if (found) *found = false;
    for (const auto& object : objects) {
        if (!object) continue;
        const std::string kind = api::kindOf(*object);
        const api::ResourceType* type = api::Scheme::instance().byKindOnly(kind);
        if (!type) continue;
        bool self = false;
        if (kind == "Pod") {
            const auto& pod = static_cast<const core::Pod&>(*object);
            self = pod.metadata().namespace_() + "/" + pod.metadata().name() == podKey;
            if (self) {
                if (found) *found = true;
                if (boundNode) *boundNode = pod.spec().node_name();
            } else if (pod.spec().node_name().empty() || finished(pod)) {
                continue;  // holds nothing
            }
        } else if (!readForScheduling(kind)) {
            continue;
        }
        codec::Manifest m;
        m.source = "cluster";
        m.kind = kind;
        m.type = type;
        m.object.reset(object->New());
        m.object->CopyFrom(*object);
        if (self) {
            // Tried as a pending pod: unbound, and not nominated anywhere.
            auto& pod = static_cast<core::Pod&>(*m.object);
            pod.mutable_spec()->clear_node_name();
            pod.mutable_status()->clear_nominated_node_name();
        }
        manifests.push_back(std::move(m));
    }
    return manifests;
}

StatusOr<PodExplanation> explainPod(const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects,
                                    const std::string& podKey, const config::KubeSchedulerConfiguration& config,
                                    const framework::FeatureGates& gates) {
    PodExplanation out;
    bool found = false;
    std::vector<codec::Manifest> manifests = manifestsForExplaining(objects, podKey, &found, &out.boundNode);
    if (!found) return Status(StatusCode::NotFound, "pods \"" + podKey + "\" not found");

    SnapshotCluster cluster = snapshotFromManifests(manifests, &out.warnings);
    SnapshotOptions options;
    options.config = config;
    options.gates = gates;
    options.explain = true;
    // The objects are the store's at one revision: each node's resourceVersion tells when the
    // scheduler's informer last delivered it.
    options.nodeArrival = NodeArrival::ByResourceVersion;
    auto scheduler = SnapshotScheduler::create(std::move(cluster), options, plugins::inTreeRegistry(), &out.warnings);
    if (!scheduler) return scheduler.status();
    std::vector<PodOutcome> outcomes = (*scheduler)->run();
    for (auto& o : outcomes) {
        if (o.namespace_ + "/" + o.name != podKey) continue;
        out.outcome = std::move(o);
        break;
    }
    if (out.outcome.name.empty())
        return Status(StatusCode::FailedPrecondition,
                      "pod \"" + podKey + "\" is not for this configuration's schedulers (spec.schedulerName)");
    if (!out.outcome.explanation) {
        // Gated (schedulingGates): no scheduling cycle ran.
        out.outcome.explanation.emplace();
        out.outcome.explanation->pod = podKey;
        out.outcome.explanation->message = out.outcome.message;
    }
    return out;
}

}  // namespace pilothouse::scheduler
