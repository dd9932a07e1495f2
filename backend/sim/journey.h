// The pod journey: every stage a pod passes through on its way to Running and Ready — each API
// server stage of its creation, the store write, the scheduling queue, each scheduling attempt,
// the binding, and on the node the kubelet's admission, image pull, sandbox and IP, containers,
// probes, Running and Ready — with virtual start and end times. It is an observation record (as a
// tracing system would collect), not a channel between components: they still talk only through
// the API server. It feeds the GUI's animation and timeline and `pilothousectl simulate`.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "sim/clock.h"
#include "sim/phrase.h"
#include "util/append_only_vector.h"

namespace pilothouse::sim {

// Stage names, in the order a pod meets them (API server stages use apiserver/trace.h's names).
inline constexpr const char* kStageQueue = "scheduling queue";         // detail: activeQ / backoffQ / unschedulablePods
inline constexpr const char* kStageSchedulingAttempt = "scheduling";  // detail: chosen node or the FailedScheduling message
inline constexpr const char* kStageBinding = "binding";
inline constexpr const char* kStageKubeletAdmission = "kubelet admission";
inline constexpr const char* kStageImagePull = "image pull";
inline constexpr const char* kStageSandbox = "sandbox";                // detail: the pod IP
inline constexpr const char* kStageContainers = "containers";
inline constexpr const char* kStageProbes = "probes";
inline constexpr const char* kStageRunning = "Running";
inline constexpr const char* kStageReady = "Ready";
inline constexpr const char* kStageEndpoints = "endpoints";
inline constexpr const char* kStageTermination = "termination";

struct JourneyStage {
    std::string stage;
    Time start;
    Time end;
    std::string detail;  // what happened there: the node chosen, the image, the IP, an error
    bool failed = false;  // the stage ended in an error (Forbidden, FailedScheduling, ErrImagePull, ...)
    // `detail` as data when it is Pilothouse's own words (sim/phrase.h), for the GUI to say in
    // the user's language; empty when `detail` is plain data (an IP, an image, a queue) or
    // Kubernetes' own text (an error, the FailedScheduling message).
    std::vector<Phrase> phrases{};
    // Read back from what a real cluster recorded (cluster/observed_journey.h: its objects' times,
    // conditions and events), not recorded by the simulation as it happened.
    bool observed = false;
};

// A stage whose detail is Pilothouse's own words: `detail` is their English.
inline JourneyStage saidStage(std::string stage, Time start, Time end, std::vector<Phrase> phrases) {
    std::string detail = english(phrases);
    return JourneyStage{std::move(stage), start, end, std::move(detail), false, std::move(phrases)};
}

// One stage as recorded, with its place in the order of recording (seq: 1, 2, 3, ... across
// every pod), so a reader can ask for what came after what it has already seen.
struct JourneyRecord {
    int64_t seq = 0;
    std::string pod;  // "namespace/name"
    JourneyStage stage;
    // This record starts the pod's stages over: what was recorded of it before is replaced (an
    // observed journey drawn again when an observation older than its last stage arrived late).
    bool replaces = false;
};

// Thread-safe (the GUI and the remote server's streams read while the simulation writes). The
// records are read without a lock (util::AppendOnlyVector), so a reader — a network stream at a
// low priority — never keeps the simulation waiting; only the per-pod index takes a lock.
class JourneyLog {
public:
    // pod: "namespace/name". The API server's stages take modelled time (apiserver::StageCosts)
    // without moving the clock, so a component that reacted at the request's instant would seem
    // to start before the request finished; a stage therefore starts no earlier than the one
    // recorded before it (stages may overlap — containers span their image pulls — but never
    // go back in time). One recording thread at a time.
    void record(const std::string& pod, JourneyStage stage) {
        std::lock_guard lock(mu_);
        auto& indexes = byPod_[pod];
        if (!indexes.empty()) {
            const Time previous = records_[indexes.back()]->stage.start;
            if (stage.start < previous) stage.start = previous;
        }
        if (stage.end < stage.start) stage.end = stage.start;
        const size_t index = records_.size();
        indexes.push_back(index);
        records_.push_back(std::make_shared<const JourneyRecord>(JourneyRecord{int64_t(index) + 1, pod, std::move(stage)}));
    }
    // Every record with seq > `after`, in order, at most `limit` of them.
    std::vector<JourneyRecord> since(int64_t after, size_t limit = SIZE_MAX) const {
        std::vector<JourneyRecord> out;
        for (const auto& record : sinceShared(after, limit)) out.push_back(*record);
        return out;
    }
    // The same records, shared and not copied, read without a lock.
    std::vector<std::shared_ptr<const JourneyRecord>> sinceShared(int64_t after, size_t limit = SIZE_MAX) const {
        const size_t size = records_.size();
        const size_t from = std::min(size_t(std::max<int64_t>(after, 0)), size);
        const size_t to = from + std::min(limit, size - from);
        std::vector<std::shared_ptr<const JourneyRecord>> out;
        out.reserve(to - from);
        for (size_t i = from; i < to; ++i) out.push_back(records_[i]);
        return out;
    }
    // The seq of the last record (0 when empty).
    int64_t lastSeq() const { return int64_t(records_.size()); }
    // pod -> its stages in the order recorded.
    std::map<std::string, std::vector<JourneyStage>> snapshot() const {
        std::lock_guard lock(mu_);
        std::map<std::string, std::vector<JourneyStage>> out;
        for (const auto& [pod, indexes] : byPod_) out.emplace(pod, stagesAt(indexes));
        return out;
    }
    std::vector<JourneyStage> of(const std::string& pod) const {
        std::lock_guard lock(mu_);
        auto it = byPod_.find(pod);
        return it == byPod_.end() ? std::vector<JourneyStage>{} : stagesAt(it->second);
    }

private:
    std::vector<JourneyStage> stagesAt(const std::vector<size_t>& indexes) const {
        std::vector<JourneyStage> out;
        out.reserve(indexes.size());
        for (size_t i : indexes) out.push_back(records_[i]->stage);
        return out;
    }

    // Every stage, in the order recorded (seq = index + 1); appended under mu_, read without it.
    util::AppendOnlyVector<std::shared_ptr<const JourneyRecord>> records_;
    mutable std::mutex mu_;
    // Guarded by mu_: pod -> its records' indexes. Hashed: a snapshot of 150,000 objects records
    // a request for each, and an ordered map compared their long common prefixes at every step.
    std::unordered_map<std::string, std::vector<size_t>> byPod_;
};

}  // namespace pilothouse::sim
