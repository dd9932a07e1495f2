// The node's images and the pull decisions of pkg/kubelet/images (image_manager.go, v1.28): the
// image cache the node reports in status.images, imagePullPolicy (Never / IfNotPresent / Always),
// how long a pull takes (image size / node bandwidth), images that cannot be pulled (a missing
// tag: ErrImagePull) and the per-pod-and-image pull back-off (10 s doubling to 300 s) that turns
// ErrImagePull into ImagePullBackOff.
//
// Names: pods name images as they like ("nginx:1.25"); the cache keys them by the normalized
// reference containerd reports ("docker.io/library/nginx:1.25"), and the image ID is a digest
// reference ("docker.io/library/nginx@sha256:<64 hex>") derived from the name, stable per seed.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core_v1.pb.h"
#include "kubelet/options.h"
#include "kubelet/util/backoff.h"

namespace pilothouse::kubelet::images {

// docker reference normalization: "nginx" -> "docker.io/library/nginx:latest",
// "quay.io/x/y:1" unchanged, a digest reference keeps its digest.
std::string normalize(const std::string& image);

enum class PullDecision {
    Present,         // "Container image "x" already present on machine"
    Pull,            // Pulling, then Pulled or Failed
    NeverPullMissing,// ErrImageNeverPull
    BackOff,         // "Back-off pulling image "x"" / ImagePullBackOff
};

class ImageManager {
public:
    explicit ImageManager(const KubeletOptions& options);

    PullDecision decide(const std::string& podUid, const k8s::io::api::core::v1::Container& container,
                        sim::Time now) const;
    // How long pulling `image` takes: its size / bandwidth, or the failure delay for a missing one.
    sim::Duration pullDuration(const std::string& image) const;
    bool pullFails(const std::string& image) const { return missing_.count(normalize(image)) > 0; }
    // The error a failed pull reports (containerd's NotFound text).
    static std::string pullError(const std::string& image);
    void pullFailed(const std::string& podUid, const std::string& image, sim::Time now);
    // The image joins the node's cache.
    void pulled(const std::string& image, sim::Time now);

    // Failure injection: pulls of `image` fail until cleared; also removes it from the cache.
    void markMissing(const std::string& image, bool missing);

    bool present(const std::string& image) const { return cache_.count(normalize(image)) > 0; }
    // "docker.io/library/nginx@sha256:<hex>": containerStatuses[].imageID.
    std::string imageId(const std::string& image) const;
    int64_t sizeOf(const std::string& image) const;
    // status.images: digest and tag names with sizes, largest first, at most nodeStatusMaxImages
    // (50 by default; -1: all).
    std::vector<k8s::io::api::core::v1::ContainerImage> nodeImages() const;
    // Changes each time the cache changes (for the node status "changed" check).
    int generation() const { return generation_; }

private:
    const KubeletOptions& options_;
    std::map<std::string, int64_t> cache_;  // normalized name -> size
    std::set<std::string> missing_;         // normalized names that fail to pull
    Backoff backoff_;
    int generation_ = 0;
};

}  // namespace pilothouse::kubelet::images
