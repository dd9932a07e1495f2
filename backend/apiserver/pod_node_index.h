// The watch cache's index of pods by spec.nodeName (kube-apiserver registers it for pods as the
// field index "spec.nodeName": NodeNameIndexFunc). Every kubelet lists the pods of its own node; read
// from the store, each of those lists reads every pod of the cluster, so starting 5,000 kubelets
// over 150,000 pods reads 750 million pods. With the index, a kubelet's list reads its own pods.
//
// Like InformerCache, the index is listed once, then kept current by a store watch on the pods'
// prefix, and a read first takes in every change the watch has queued (the store publishes a change
// before the write returns, so every write completed before the read is in it). It keeps keys only:
// the pods themselves are read from the store at the list's revision.
//
// Thread-safety: every method may be called from any thread (one mutex). Borrows the store, which
// must outlive the index.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "store/store.h"
#include "util/status.h"

namespace pilothouse::apiserver {

// A pod's spec.nodeName read from its stored bytes without decoding the pod (Pod.spec is field 2,
// PodSpec.nodeName field 10). nullopt when the bytes cannot be read that way.
std::optional<std::string> peekPodNodeName(const std::string& bytes);

class PodNodeIndex {
public:
    explicit PodNodeIndex(store::Store& store);
    ~PodNodeIndex();
    PodNodeIndex(const PodNodeIndex&) = delete;
    PodNodeIndex& operator=(const PodNodeIndex&) = delete;

    // The pods under `prefix` (all pods, or one namespace's) whose spec.nodeName is `node`, as the
    // store held them at its current revision (returned with them), in key order. nullopt when the
    // index cannot be read or is unsure of some pod (the caller reads the store instead).
    std::optional<store::ListResult> list(const std::string& prefix, const std::string& node);

private:
    bool sync();
    Status relist();
    void apply(const store::KeyValue& kv, bool deleted, int64_t revision);

    store::Store& store_;
    std::mutex mu_;
    std::unique_ptr<store::Watch> watch_;                  // null until listed, and after a failed re-list
    std::map<std::string, std::string> nodeOf_;            // pod key -> its node ("" unbound)
    std::map<std::string, std::set<std::string>> podsOn_;  // node -> its pods' keys
    std::set<std::string> unreadable_;                     // pods whose node cannot be peeked at
    // Pods deleted since the last list's revision: node -> key -> the deletion's revision. A list at
    // a revision before their deletion still has them.
    std::map<std::string, std::map<std::string, int64_t>> deleted_;
};

}  // namespace pilothouse::apiserver
