#include "kubelet/images/image_manager.h"

#include <algorithm>
#include <cstdio>

#include "sim/random.h"

namespace pilothouse::kubelet::images {

namespace core = k8s::io::api::core::v1;

std::string normalize(const std::string& image) {
    std::string name = image;
    std::string digest;
    if (auto at = name.find('@'); at != std::string::npos) {
        digest = name.substr(at);
        name = name.substr(0, at);
    }
    // Domain: the first component when it has a '.' or ':' or is "localhost".
    const auto slash = name.find('/');
    const std::string first = slash == std::string::npos ? "" : name.substr(0, slash);
    const bool hasDomain = !first.empty() && (first.find('.') != std::string::npos ||
                                              first.find(':') != std::string::npos || first == "localhost");
    if (!hasDomain) name = (slash == std::string::npos ? "docker.io/library/" : "docker.io/") + name;
    const auto lastSlash = name.rfind('/');
    const bool tagged = name.find(':', lastSlash == std::string::npos ? 0 : lastSlash) != std::string::npos;
    if (!digest.empty()) return name + digest;
    return tagged ? name : name + ":latest";
}

namespace {

std::string hex64(uint64_t seed, const std::string& text) {
    uint64_t state = sim::Random::deriveSeed(seed, text);
    std::string out;
    char buf[17];
    for (int i = 0; i < 4; ++i) {
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(sim::splitmix64Next(&state)));
        out += buf;
    }
    return out;
}

// "docker.io/library/nginx:1.25" -> "docker.io/library/nginx"
std::string repository(const std::string& normalized) {
    if (auto at = normalized.find('@'); at != std::string::npos) return normalized.substr(0, at);
    const auto lastSlash = normalized.rfind('/');
    const auto colon = normalized.find(':', lastSlash == std::string::npos ? 0 : lastSlash);
    return colon == std::string::npos ? normalized : normalized.substr(0, colon);
}

}  // namespace

ImageManager::ImageManager(const KubeletOptions& options)
    : options_(options), backoff_(options.imageBackOffInitial, options.imageBackOffMax) {
    for (const auto& [name, size] : options.preloadedImages) cache_[normalize(name)] = size;
}

PullDecision ImageManager::decide(const std::string& podUid, const core::Container& container, sim::Time now) const {
    const bool isPresent = present(container.image());
    const std::string& policy = container.image_pull_policy();
    if (policy == "Never") return isPresent ? PullDecision::Present : PullDecision::NeverPullMissing;
    if (policy != "Always" && isPresent) return PullDecision::Present;
    if (backoff_.isInBackOffSinceUpdate(podUid + "_" + container.image(), now)) return PullDecision::BackOff;
    return PullDecision::Pull;
}

sim::Duration ImageManager::pullDuration(const std::string& image) const {
    if (pullFails(image)) return options_.imagePullFailureDelay;
    const double seconds = double(sizeOf(image)) / options_.pullBandwidthBytesPerSecond;
    return std::chrono::duration_cast<sim::Duration>(std::chrono::duration<double>(seconds));
}

std::string ImageManager::pullError(const std::string& image) {
    const std::string ref = normalize(image);
    return "rpc error: code = NotFound desc = failed to pull and unpack image \"" + ref +
           "\": failed to resolve reference \"" + ref + "\": " + ref + ": not found";
}

void ImageManager::pullFailed(const std::string& podUid, const std::string& image, sim::Time now) {
    backoff_.next(podUid + "_" + image, now);
}

void ImageManager::pulled(const std::string& image, sim::Time now) {
    cache_[normalize(image)] = sizeOf(image);
    ++generation_;
    backoff_.gc(now);
}

void ImageManager::markMissing(const std::string& image, bool missing) {
    const std::string ref = normalize(image);
    if (missing) {
        missing_.insert(ref);
        if (cache_.erase(ref) > 0) ++generation_;
    } else {
        missing_.erase(ref);
    }
}

std::string ImageManager::imageId(const std::string& image) const {
    const std::string ref = normalize(image);
    return repository(ref) + "@sha256:" + hex64(options_.seed, "image:" + ref);
}

int64_t ImageManager::sizeOf(const std::string& image) const {
    if (auto it = options_.imageSizes.find(image); it != options_.imageSizes.end()) return it->second;
    if (auto it = options_.imageSizes.find(normalize(image)); it != options_.imageSizes.end()) return it->second;
    if (auto it = cache_.find(normalize(image)); it != cache_.end()) return it->second;
    return options_.defaultImageSize;
}

std::vector<core::ContainerImage> ImageManager::nodeImages() const {
    std::vector<std::pair<std::string, int64_t>> sorted(cache_.begin(), cache_.end());
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::vector<core::ContainerImage> out;
    for (const auto& [name, size] : sorted) {
        if (options_.nodeStatusMaxImages >= 0 && out.size() >= size_t(options_.nodeStatusMaxImages)) break;
        core::ContainerImage image;
        image.add_names(imageId(name));
        image.add_names(name);
        image.set_size_bytes(size);
        out.push_back(std::move(image));
    }
    return out;
}

}  // namespace pilothouse::kubelet::images
