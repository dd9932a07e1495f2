#include "scheduler/plugins/volumes/volumes.h"

#include <cmath>
#include <map>
#include <optional>

#include "scheduler/plugins/helper/errors.h"
#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::volumes {

namespace core = k8s::io::api::core::v1;

namespace {

// Resource names of the cluster events volume plugins register for (framework.GVK).
constexpr const char* kPod = "Pod";
constexpr const char* kNode = "Node";
constexpr const char* kPersistentVolume = "PersistentVolume";
constexpr const char* kPersistentVolumeClaim = "PersistentVolumeClaim";
constexpr const char* kStorageClass = "storage.k8s.io/StorageClass";
constexpr const char* kCSINode = "storage.k8s.io/CSINode";
constexpr const char* kCSIDriver = "storage.k8s.io/CSIDriver";
constexpr const char* kCSIStorageCapacity = "storage.k8s.io/CSIStorageCapacity";

// The claim lister's answer for every claim: no PersistentVolumeClaims exist in Pilothouse.
std::string claimNotFound(const std::string& claimName) {
    return "persistentvolumeclaim \"" + claimName + "\" not found";
}

// The first persistentVolumeClaim volume of the pod, if any.
const core::PersistentVolumeClaimVolumeSource* firstClaim(const framework::Pod& pod) {
    for (const auto& v : pod.spec().volumes())
        if (v.has_persistent_volume_claim()) return &v.persistent_volume_claim();
    return nullptr;
}

std::string readError(const std::string& key) {
    return "reading \"" + key + "\" from cycleState: " + helper::kCycleStateNotFound;
}

// ---- VolumeRestrictions ----

class VolumeRestrictions final : public framework::PreFilterPlugin,
                                 public framework::FilterPlugin,
                                 public framework::EnqueueExtensions {
public:
    std::string name() const override { return names::VolumeRestrictions; }

    std::pair<framework::PreFilterResult, framework::Status> preFilter(
        framework::CycleState&, const framework::Pod& pod, const std::vector<framework::NodeInfo*>&) override {
        // ReadWriteOncePod (beta, on in v1.28) looks every claim up to read its access modes.
        if (const auto* claim = firstClaim(pod))
            return {{}, {framework::Code::UnschedulableAndUnresolvable, claimNotFound(claim->claim_name())}};
        // No GCE PD, EBS, RBD or ISCSI volume to check for conflicts and no ReadWriteOncePod claim.
        return {{}, framework::Status::skip()};
    }

    framework::Status filter(framework::CycleState&, const framework::Pod&, const framework::NodeInfo&) override {
        // No conflicting volume types exist; the ReadWriteOncePod check needs the PreFilter state,
        // which is only written for pods that PreFilter did not skip or reject.
        return framework::Status::error(readError(std::string("PreFilter") + names::VolumeRestrictions));
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override {
        return {{kPod, framework::kDelete, ""},
                {kNode, framework::kAdd, ""},
                {kPersistentVolumeClaim, framework::kAdd | framework::kUpdate, ""}};
    }
};

// ---- VolumeBinding ----

struct VolumeBindingArgs {
    int64_t bindTimeoutSeconds = 600;
};

struct BindingState final : framework::StateData {
    bool allBound = false;
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<BindingState>(*this); }
};

class VolumeBinding final : public framework::PreFilterPlugin,
                            public framework::FilterPlugin,
                            public framework::ScorePlugin,
                            public framework::ReservePlugin,
                            public framework::PreBindPlugin,
                            public framework::EnqueueExtensions {
public:
    explicit VolumeBinding(VolumeBindingArgs args) : args_(args) {}
    std::string name() const override { return names::VolumeBinding; }

    std::pair<framework::PreFilterResult, framework::Status> preFilter(
        framework::CycleState& state, const framework::Pod& pod, const std::vector<framework::NodeInfo*>&) override {
        if (const auto* claim = firstClaim(pod))
            return {{}, {framework::Code::UnschedulableAndUnresolvable, claimNotFound(claim->claim_name())}};
        state.write(kStateKey, std::make_unique<BindingState>());
        return {{}, framework::Status::skip()};
    }

    framework::Status filter(framework::CycleState& state, const framework::Pod&, const framework::NodeInfo&) override {
        if (!state.read<BindingState>(kStateKey)) return framework::Status::error(helper::kCycleStateNotFound);
        return {};  // no claims: nothing to find volumes for
    }

    std::pair<int64_t, framework::Status> score(framework::CycleState&, const framework::Pod&,
                                                const framework::NodeInfo&) override {
        return {0, framework::Status()};  // no scorer without the VolumeCapacityPriority gate
    }

    framework::Status reserve(framework::CycleState& state, const framework::Pod&, const std::string&) override {
        auto* s = state.read<BindingState>(kStateKey);
        if (!s) return framework::Status::error(helper::kCycleStateNotFound);
        s->allBound = true;  // the pod has no volumes to assume
        return {};
    }
    void unreserve(framework::CycleState&, const framework::Pod&, const std::string&) override {}

    framework::Status preBind(framework::CycleState& state, const framework::Pod&, const std::string& nodeName) override {
        auto* s = state.read<BindingState>(kStateKey);
        if (!s) return framework::Status::error(helper::kCycleStateNotFound);
        if (s->allBound) return {};
        return framework::Status::error("no pod volumes found for node \"" + nodeName + "\"");
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override {
        return {{kStorageClass, framework::kAdd | framework::kUpdate, ""},
                {kPersistentVolumeClaim, framework::kAdd | framework::kUpdate, ""},
                {kPersistentVolume, framework::kAdd | framework::kUpdate, ""},
                {kNode, framework::kAdd | framework::kUpdateNodeLabel, ""},
                {kCSINode, framework::kAdd | framework::kUpdate, ""},
                {kCSIDriver, framework::kAdd | framework::kUpdate, ""},
                {kCSIStorageCapacity, framework::kAdd | framework::kUpdate, ""}};
    }

    int64_t bindTimeoutSeconds() const { return args_.bindTimeoutSeconds; }

private:
    static inline const framework::StateKey kStateKey{names::VolumeBinding};
    VolumeBindingArgs args_;
};

// ---- VolumeZone ----

class VolumeZone final : public framework::PreFilterPlugin,
                         public framework::FilterPlugin,
                         public framework::EnqueueExtensions {
public:
    std::string name() const override { return names::VolumeZone; }

    std::pair<framework::PreFilterResult, framework::Status> preFilter(
        framework::CycleState&, const framework::Pod& pod, const std::vector<framework::NodeInfo*>&) override {
        framework::Status st = claimTopologies(pod);
        if (!st.isSuccess()) return {{}, st};
        return {{}, framework::Status::skip()};  // no PV topology to match
    }

    framework::Status filter(framework::CycleState&, const framework::Pod& pod, const framework::NodeInfo&) override {
        if (pod.spec().volumes().empty()) return {};
        return claimTopologies(pod);
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override {
        return {{kStorageClass, framework::kAdd, ""},
                {kNode, framework::kAdd | framework::kUpdateNodeLabel, ""},
                {kPersistentVolumeClaim, framework::kAdd, ""},
                {kPersistentVolume, framework::kAdd | framework::kUpdate, ""}};
    }

private:
    // getPVbyPod: every claim must exist; none does here.
    static framework::Status claimTopologies(const framework::Pod& pod) {
        for (const auto& v : pod.spec().volumes()) {
            if (!v.has_persistent_volume_claim()) continue;
            const std::string& claim = v.persistent_volume_claim().claim_name();
            if (claim.empty())
                return {framework::Code::UnschedulableAndUnresolvable, "PersistentVolumeClaim had no name"};
            return {framework::Code::UnschedulableAndUnresolvable, claimNotFound(claim)};
        }
        return {};
    }
};

// ---- NodeVolumeLimits (CSI) and the in-tree EBS / GCE PD / Azure Disk limits ----

class VolumeLimits final : public framework::PreFilterPlugin,
                           public framework::FilterPlugin,
                           public framework::EnqueueExtensions {
public:
    VolumeLimits(std::string name, std::vector<framework::ClusterEvent> events)
        : name_(std::move(name)), events_(std::move(events)) {}
    std::string name() const override { return name_; }

    std::pair<framework::PreFilterResult, framework::Status> preFilter(
        framework::CycleState&, const framework::Pod& pod, const std::vector<framework::NodeInfo*>&) override {
        // Only claims (and ephemeral / in-tree disk volumes, absent here) count against limits.
        if (firstClaim(pod)) return {{}, {}};
        return {{}, framework::Status::skip()};
    }

    framework::Status filter(framework::CycleState&, const framework::Pod& pod,
                             const framework::NodeInfo& nodeInfo) override {
        if (pod.spec().volumes().empty()) return {};
        if (!nodeInfo.node()) return framework::Status::error("node not found");
        for (const auto& v : pod.spec().volumes()) {
            if (!v.has_persistent_volume_claim()) continue;
            const std::string& claim = v.persistent_volume_claim().claim_name();
            if (claim.empty()) return framework::Status::error("PersistentVolumeClaim had no name");
            return {framework::Code::UnschedulableAndUnresolvable,
                    "looking up PVC " + pod.metadata().namespace_() + "/" + claim + ": " + claimNotFound(claim)};
        }
        return {};  // no attachable volumes to count
    }

    std::vector<framework::ClusterEvent> eventsToRegister() const override { return events_; }

private:
    std::string name_;
    std::vector<framework::ClusterEvent> events_;
};

// ---- args ----

pilothouse::Status invalidArgs(const std::string& message) {
    return pilothouse::Status(StatusCode::InvalidArgument, message);
}

std::string goNumberOrType(const codec::Value& v) {
    return v.isNumber() ? "number " + v.numberText() : std::string(v.typeName());
}

// A JSON number that fits `bits` as Go's encoding/json would decode it.
std::optional<int64_t> goInt(const codec::Value& v, int bits) {
    int64_t out;
    if (v.isInt()) out = v.asInt();
    else if (v.isDouble() && std::floor(v.asDouble()) == v.asDouble() && std::fabs(v.asDouble()) < 9.2e18 &&
             v.raw().find_first_of(".eE") == std::string::npos)
        out = static_cast<int64_t>(v.asDouble());
    else return std::nullopt;
    if (bits == 32 && (out < INT32_MIN || out > INT32_MAX)) return std::nullopt;
    return out;
}

std::string unmarshalError(const codec::Value& v, const std::string& field, const std::string& goType) {
    return "json: cannot unmarshal " + goNumberOrType(v) + " into Go struct field " + field + " of type " + goType;
}

StatusOr<VolumeBindingArgs> volumeBindingArgs(const codec::Value& args) {
    VolumeBindingArgs out;
    if (args.isNull()) return out;
    if (!args.isObject())
        return invalidArgs("json: cannot unmarshal " + std::string(args.typeName()) +
                           " into Go value of type v1.VolumeBindingArgs");
    if (const codec::Value* t = args.find("bindTimeoutSeconds"); t && !t->isNull()) {
        auto n = goInt(*t, 64);
        if (!n) return invalidArgs(unmarshalError(*t, "VolumeBindingArgs.bindTimeoutSeconds", "int64"));
        out.bindTimeoutSeconds = *n;
    }
    std::vector<std::string> errs;
    if (out.bindTimeoutSeconds < 0)
        errs.push_back("bindTimeoutSeconds: Invalid value: " + std::to_string(out.bindTimeoutSeconds) +
                       ": invalid BindTimeoutSeconds, should not be a negative value");
    if (const codec::Value* shape = args.find("shape"); shape && !shape->isNull()) {
        if (!shape->isArray())
            return invalidArgs("json: cannot unmarshal " + std::string(shape->typeName()) +
                               " into Go struct field VolumeBindingArgs.shape of type []v1.UtilizationShapePoint");
        std::string rendered = "[]config.UtilizationShapePoint{";
        bool first = true;
        for (const auto& point : shape->asArray()) {
            if (!point.isObject() && !point.isNull())
                return invalidArgs("json: cannot unmarshal " + std::string(point.typeName()) +
                                   " into Go struct field VolumeBindingArgs.shape of type v1.UtilizationShapePoint");
            int64_t utilization = 0, score = 0;
            for (auto [key, target] : {std::pair<const char*, int64_t*>{"utilization", &utilization},
                                       std::pair<const char*, int64_t*>{"score", &score}}) {
                const codec::Value* f = point.find(key);
                if (!f || f->isNull()) continue;
                auto n = goInt(*f, 32);
                if (!n)
                    return invalidArgs(unmarshalError(*f, std::string("VolumeBindingArgs.shape.") + key, "int32"));
                *target = *n;
            }
            rendered += std::string(first ? "" : ", ") + "config.UtilizationShapePoint{Utilization:" +
                        std::to_string(utilization) + ", Score:" + std::to_string(score) + "}";
            first = false;
        }
        rendered += "}";
        errs.push_back("shape: Invalid value: " + rendered +
                       ": unexpected field `shape`, remove it or turn on the feature gate VolumeCapacityPriority");
    }
    if (!errs.empty()) return invalidArgs(helper::aggregateMessage(errs));
    return out;
}

}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> newVolumeRestrictions(const codec::Value&, framework::Handle&,
                                                                   const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<VolumeRestrictions>());
}

StatusOr<std::shared_ptr<framework::Plugin>> newVolumeBinding(const codec::Value& args, framework::Handle&,
                                                              const framework::FeatureGates&) {
    auto parsed = volumeBindingArgs(args);
    if (!parsed.isOk()) return parsed.status();
    return std::shared_ptr<framework::Plugin>(std::make_shared<VolumeBinding>(*parsed));
}

StatusOr<std::shared_ptr<framework::Plugin>> newVolumeZone(const codec::Value&, framework::Handle&,
                                                           const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<VolumeZone>());
}

StatusOr<std::shared_ptr<framework::Plugin>> newNodeVolumeLimits(const codec::Value&, framework::Handle&,
                                                                 const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<VolumeLimits>(
        names::NodeVolumeLimits,
        std::vector<framework::ClusterEvent>{{kCSINode, framework::kAdd, ""}, {kPod, framework::kDelete, ""}}));
}

namespace {
std::shared_ptr<framework::Plugin> inTreeLimits(const char* name) {
    return std::make_shared<VolumeLimits>(
        name, std::vector<framework::ClusterEvent>{{kNode, framework::kAdd, ""}, {kPod, framework::kDelete, ""}});
}
}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> newEBSLimits(const codec::Value&, framework::Handle&,
                                                          const framework::FeatureGates&) {
    return inTreeLimits(names::EBSLimits);
}

StatusOr<std::shared_ptr<framework::Plugin>> newGCEPDLimits(const codec::Value&, framework::Handle&,
                                                            const framework::FeatureGates&) {
    return inTreeLimits(names::GCEPDLimits);
}

StatusOr<std::shared_ptr<framework::Plugin>> newAzureDiskLimits(const codec::Value&, framework::Handle&,
                                                                const framework::FeatureGates&) {
    return inTreeLimits(names::AzureDiskLimits);
}

}  // namespace pilothouse::scheduler::plugins::volumes
