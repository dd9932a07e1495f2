#include "controllers/ttl/ttl_controller.h"

#include <climits>

#include "api/object.h"
#include "apiserver/fieldmanager/field_manager.h"
#include "core_v1.pb.h"

namespace pilothouse::controller::ttl {

namespace core = k8s::io::api::core::v1;

namespace {
struct Boundary {
    int sizeMin;
    int sizeMax;
    int ttlSeconds;
};
// ttlBoundaries upstream.
constexpr Boundary kBoundaries[] = {
    {0, 100, 0}, {90, 500, 15}, {450, 1000, 30}, {900, 2000, 60}, {1800, INT_MAX, 300},
};
constexpr int kSteps = int(sizeof kBoundaries / sizeof kBoundaries[0]);
}  // namespace

TTLStep desiredTTL(TTLStep current, int nodes) {
    while (current.step + 1 < kSteps && nodes > kBoundaries[current.step].sizeMax) ++current.step;
    while (current.step > 0 && nodes < kBoundaries[current.step].sizeMin) --current.step;
    current.ttlSeconds = kBoundaries[current.step].ttlSeconds;
    return current;
}

TTLController::TTLController(apiserver::APIServer& server, const sim::Clock& clock, TTLControllerOptions options)
    : client_(server, options.token),
      informers_(options.informers ? options.informers
                                   : std::make_shared<client::SharedInformerFactory>(server, options.token)),
      nodeInformer_(informers_->informerFor(resourceType("nodes"))),
      queue_(clock) {
    setResyncPeriod(clock, options.resyncPeriod, {&nodeInformer_});
}

Status TTLController::start() {
    nodeInformer_.addHandlers({
        [this](const client::ObjectPtr& o) {
            step_ = desiredTTL(step_, ++nodeCount_);
            queue_.add(api::metadata(*o).name());
        },
        [this](const client::ObjectPtr&, const client::ObjectPtr& o) { queue_.add(api::metadata(*o).name()); },
        [this](const client::ObjectPtr&) { step_ = desiredTTL(step_, --nodeCount_); },
    });
    return nodeInformer_.start();
}

StatusOr<bool> TTLController::reconcile() {
    bool did = false;
    for (;;) {
        auto synced = nodeInformer_.sync();
        if (!synced) return synced.status();
        did = did || *synced > 0;
        if (!queue_.processNext([this](const std::string& key) { return updateNodeIfNeeded(key); })) break;
        did = true;
    }
    return did;
}

Status TTLController::updateNodeIfNeeded(const std::string& name) {
    auto node = nodeInformer_.getAs<core::Node>(name);
    if (!node) return {};
    const std::string desired = std::to_string(step_.ttlSeconds);
    const auto& annotations = node->metadata().annotations();
    if (auto it = annotations.find(kObjectTTLAnnotation); it != annotations.end()) {
        // A value that is not a number is replaced, as upstream's getIntFromAnnotation fails on it.
        try {
            size_t used = 0;
            if (std::stoi(it->second, &used) == step_.ttlSeconds && used == it->second.size()) return {};
        } catch (...) {
        }
    }
    apiserver::Request patch;
    patch.verb = "patch";
    patch.type = &resourceType("nodes");
    patch.name = name;
    patch.token = client_.token();
    patch.fieldManager = apiserver::fieldmanager::managerOfComponent(this->name());
    patch.patchType = apiserver::PatchType::StrategicMerge;
    codec::Value body = codec::Value::object();
    body["metadata"]["annotations"].set(kObjectTTLAnnotation, codec::Value(desired));
    patch.patch = std::move(body);
    auto resp = client_.server().handle(patch);
    if (!resp.ok() && !isNotFound(resp.status)) return resp.status;
    return {};
}

}  // namespace pilothouse::controller::ttl
