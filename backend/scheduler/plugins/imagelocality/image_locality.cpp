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

class ImageLocality final : public framework::ScorePlugin {
public:
    explicit ImageLocality(framework::Handle& handle) : handle_(handle) {}
    std::string name() const override { return names::ImageLocality; }

    std::pair<int64_t, framework::Status> score(framework::CycleState&, const framework::Pod& pod,
                                                const framework::NodeInfo& nodeInfo) override {
        const size_t totalNumNodes = handle_.snapshot().list().size();
        const auto& states = nodeInfo.imageStates();
        int64_t sum = 0;
        auto add = [&](const auto& containers) {
            for (const auto& c : containers) {
                auto it = states.find(normalizedImageName(c.image()));
                if (it != states.end() && totalNumNodes > 0) sum += scaledImageScore(it->second, totalNumNodes);
            }
        };
        add(pod.spec().init_containers());
        add(pod.spec().containers());
        const int numContainers = pod.spec().init_containers_size() + pod.spec().containers_size();
        return {calculatePriority(sum, numContainers), {}};
    }

private:
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
