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
#include <vector>

#include "sim/clock.h"
#include "sim/phrase.h"

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
};

// Thread-safe (the GUI reads while the simulation writes).
class JourneyLog {
public:
    // pod: "namespace/name". The API server's stages take modelled time (apiserver::StageCosts)
    // without moving the clock, so a component that reacted at the request's instant would seem
    // to start before the request finished; a stage therefore starts no earlier than the one
    // recorded before it (stages may overlap — containers span their image pulls — but never
    // go back in time).
    void record(const std::string& pod, JourneyStage stage) {
        std::lock_guard lock(mu_);
        auto& indexes = byPod_[pod];
        if (!indexes.empty()) {
            const Time previous = records_[indexes.back()]->stage.start;
            if (stage.start < previous) stage.start = previous;
        }
        if (stage.end < stage.start) stage.end = stage.start;
        indexes.push_back(records_.size());
        records_.push_back(std::make_shared<const JourneyRecord>(
            JourneyRecord{int64_t(records_.size()) + 1, pod, std::move(stage)}));
    }
    // Every record with seq > `after`, in order, at most `limit` of them.
    std::vector<JourneyRecord> since(int64_t after, size_t limit = SIZE_MAX) const {
        std::lock_guard lock(mu_);
        std::vector<JourneyRecord> out;
        for (size_t i = size_t(std::max<int64_t>(after, 0)); i < records_.size() && out.size() < limit; ++i)
            out.push_back(*records_[i]);
        return out;
    }
    // The same records, shared and not copied: the lock is held only to copy pointers, so the
    // simulation recording its next stage never waits for a reader copying thousands of records.
    std::vector<std::shared_ptr<const JourneyRecord>> sinceShared(int64_t after, size_t limit = SIZE_MAX) const {
        std::lock_guard lock(mu_);
        const size_t from = std::min(size_t(std::max<int64_t>(after, 0)), records_.size());
        const size_t to = std::min(records_.size(), from + std::min(limit, records_.size() - from));
        return {records_.begin() + std::ptrdiff_t(from), records_.begin() + std::ptrdiff_t(to)};
    }
    // The seq of the last record (0 when empty).
    int64_t lastSeq() const {
        std::lock_guard lock(mu_);
        return int64_t(records_.size());
    }
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

    mutable std::mutex mu_;
    std::vector<std::shared_ptr<const JourneyRecord>> records_;  // every stage, in order recorded (seq = index + 1)
    std::map<std::string, std::vector<size_t>> byPod_;  // pod -> its records' indexes
};

}  // namespace pilothouse::sim
