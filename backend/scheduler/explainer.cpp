#include "scheduler/explainer.h"

#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"
#include "scheduler/plugins/registry.h"
#include "util/on_every_core.h"

namespace pilothouse::scheduler {

namespace core = k8s::io::api::core::v1;

namespace {

bool finished(const core::Pod& pod) { return pod.status().phase() == "Succeeded" || pod.status().phase() == "Failed"; }

}  // namespace

std::vector<codec::Manifest> manifestsForExplaining(
    const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects, const std::string& podKey,
    bool* found, std::string* boundNode) {
    // First which objects take part (and which is the pod), then their copies, made on every core:
    // a large cluster has 150,000 pods to copy.
    struct Taking {
        const google::protobuf::Message* object;
        const api::ResourceType* type;
        bool self;
    };
    std::vector<Taking> taking;
    taking.reserve(objects.size());
    if (found) *found = false;
    for (const auto& object : objects) {
        if (!object) continue;
        const std::string kind = api::kindOf(*object);
        const api::ResourceType* type = api::Scheme::instance().byKindOnly(kind);
        if (!type) continue;
        bool self = false;
        if (kind == "Pod") {
            const auto& pod = static_cast<const core::Pod&>(*object);
            const auto& meta = pod.metadata();
            self = podKey.size() == meta.namespace_().size() + 1 + meta.name().size() &&
                   podKey.compare(0, meta.namespace_().size(), meta.namespace_()) == 0 &&
                   podKey[meta.namespace_().size()] == '/' && podKey.compare(meta.namespace_().size() + 1, std::string::npos, meta.name()) == 0;
            if (self) {
                if (found) *found = true;
                if (boundNode) *boundNode = pod.spec().node_name();
            } else if (pod.spec().node_name().empty() || finished(pod)) {
                continue;  // holds nothing
            }
        } else if (!readForScheduling(kind)) {
            continue;
        }
        taking.push_back({object.get(), type, self});
    }
    std::vector<codec::Manifest> manifests(taking.size());
    util::onEveryCore(taking.size(), taking.size(), 1000, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
            codec::Manifest& m = manifests[i];
            m.source = "cluster";
            m.type = taking[i].type;
            m.kind = m.type->kind;
            m.object.reset(taking[i].object->New());
            m.object->CopyFrom(*taking[i].object);
            if (taking[i].self) {
                // Tried as a pending pod: unbound, and not nominated anywhere.
                auto& pod = static_cast<core::Pod&>(*m.object);
                pod.mutable_spec()->clear_node_name();
                pod.mutable_status()->clear_nominated_node_name();
            }
        }
    });
    return manifests;
}

StatusOr<PodExplanation> explainPod(const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects,
                                    const std::string& podKey, const config::KubeSchedulerConfiguration& config,
                                    const framework::FeatureGates& gates) {
    std::shared_ptr<void> leftovers;
    return explainPod(objects, podKey, config, gates, leftovers);
}

StatusOr<PodExplanation> explainPod(const std::vector<std::shared_ptr<const google::protobuf::Message>>& objects,
                                    const std::string& podKey, const config::KubeSchedulerConfiguration& config,
                                    const framework::FeatureGates& gates, std::shared_ptr<void>& leftovers) {
    PodExplanation out;
    bool found = false;
    std::vector<codec::Manifest> manifests = manifestsForExplaining(objects, podKey, &found, &out.boundNode);
    if (!found) return Status(StatusCode::NotFound, "pods \"" + podKey + "\" not found");

    SnapshotCluster cluster = snapshotFromManifests(manifests, &out.warnings, /*validate=*/false);
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
    leftovers = std::shared_ptr<SnapshotScheduler>(std::move(*scheduler));
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
