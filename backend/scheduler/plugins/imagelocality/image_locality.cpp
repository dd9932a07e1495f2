#include "scheduler/plugins/imagelocality/image_locality.h"

#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::imagelocality {

namespace {

constexpr int64_t kMB = 1024 * 1024;
constexpr int64_t kMinThreshold = 23 * kMB;
constexpr int64_t kMaxContainerThreshold = 1000 * kMB;

int64_t scaledImageScore(const framework::ImageStateSummary& state, size_t totalNumNodes) {
    const double spread = static_cast<double>(state.numNodes) / static_cast<double>(totalNumNodes);
    return static_cast<int64_t>(static_cast<double>(state.size) * spread);
}

int64_t calculatePriority(int64_t sumScores, int numContainers) {
    const int64_t maxThreshold = kMaxContainerThreshold * numContainers;
    if (sumScores < kMinThreshold) sumScores = kMinThreshold;
    else if (sumScores > maxThreshold) sumScores = maxThreshold;
    return framework::kMaxNodeScore * (sumScores - kMinThreshold) / (maxThreshold - kMinThreshold);
}

// The pod's images, normalized, computed at the first Score call of a cycle and kept in the
// CycleState: Score runs for every feasible node, and the names are the same each time.
struct PodImages final : framework::StateData {
    std::vector<std::string> names;
    std::unique_ptr<framework::StateData> clone() const override { return std::make_unique<PodImages>(*this); }
};
const framework::StateKey kPodImagesKey{std::string("Score") + names::ImageLocality};

class ImageLocality final : public framework::ScorePlugin {
public:
    explicit ImageLocality(framework::Handle& handle) : handle_(handle) {}
    std::string name() const override { return names::ImageLocality; }

    std::pair<int64_t, framework::Status> score(framework::CycleState& state, const framework::Pod& pod,
                                                const framework::NodeInfo& nodeInfo) override {
        return {scoreWith(podImages(state, pod), pod, nodeInfo, handle_.snapshot().list().size()), framework::Status()};
    }

    framework::Status scoreNodes(framework::CycleState& state, const framework::Pod& pod,
                                 std::span<const framework::NodeInfo* const> nodes, std::span<int64_t> scores) override {
        const PodImages& images = podImages(state, pod);
        const size_t totalNumNodes = handle_.snapshot().list().size();
        for (size_t i = 0; i < nodes.size(); ++i) scores[i] = scoreWith(images, pod, *nodes[i], totalNumNodes);
        return {};
    }

private:
    const PodImages& podImages(framework::CycleState& state, const framework::Pod& pod) const {
        if (const PodImages* images = state.read<PodImages>(kPodImagesKey)) return *images;
        auto computed = std::make_unique<PodImages>();
        for (const auto& c : pod.spec().init_containers()) computed->names.push_back(normalizedImageName(c.image()));
        for (const auto& c : pod.spec().containers()) computed->names.push_back(normalizedImageName(c.image()));
        const PodImages& images = *computed;
        state.write(kPodImagesKey, std::move(computed));
        return images;
    }

    // Score: the sizes of the pod's images present on the node, each scaled by the share of the
    // cluster's nodes that have it, clamped between the thresholds and mapped to 0..100.
    static int64_t scoreWith(const PodImages& images, const framework::Pod& pod, const framework::NodeInfo& nodeInfo,
                             size_t totalNumNodes) {
        const auto& states = nodeInfo.imageStates();
        int64_t sum = 0;
        if (!states.empty() && totalNumNodes > 0)
            for (const auto& name : images.names) {
                auto it = states.find(name);
                if (it != states.end()) sum += scaledImageScore(it->second, totalNumNodes);
            }
        const int numContainers = pod.spec().init_containers_size() + pod.spec().containers_size();
        return calculatePriority(sum, numContainers);
    }

    framework::Handle& handle_;
};

}  // namespace

std::string normalizedImageName(const std::string& name) {
    const auto colon = name.rfind(':');
    const auto slash = name.rfind('/');
    const long lastColon = colon == std::string::npos ? -1 : static_cast<long>(colon);
    const long lastSlash = slash == std::string::npos ? -1 : static_cast<long>(slash);
    if (lastColon <= lastSlash) return name + ":latest";
    return name;
}

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value&, framework::Handle& handle,
                                                 const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<ImageLocality>(handle));
}

}  // namespace pilothouse::scheduler::plugins::imagelocality
