#include "client/observed_journeys.h"

#include <algorithm>

#include "cluster/observed_journey.h"
#include "core_v1.pb.h"

namespace pilothouse::ui {

namespace core = k8s::io::api::core::v1;

namespace {

bool same(const sim::JourneyStage& a, const sim::JourneyStage& b) {
    return a.start == b.start && a.end == b.end && a.failed == b.failed && a.stage == b.stage && a.detail == b.detail;
}

}  // namespace

void ObservedJourneys::touch(const std::string& pod, Entry& entry) {
    if (entry.dirty) return;
    entry.dirty = true;
    dirty_.push_back(pod);
}

void ObservedJourneys::podsListed(const std::unordered_map<std::string, ObjectPtr>& pods) {
    for (auto& [key, entry] : pods_)
        if (entry.pod && !pods.count(key)) podChanged(key, nullptr);
    for (const auto& [key, pod] : pods) podChanged(key, pod);
}

void ObservedJourneys::podChanged(const std::string& key, const ObjectPtr& pod) {
    if (!pod) {
        // Gone: its records stay; a pod made again under the name starts its journey over.
        auto it = pods_.find(key);
        if (it == pods_.end()) return;
        Entry& entry = it->second;
        entry.restarts = entry.restarts || !entry.recorded.empty();
        entry.pod = nullptr;
        entry.events.clear();
        std::vector<uint32_t>().swap(entry.recorded);
        return;
    }
    Entry& entry = pods_[key];
    if (entry.pod == pod) return;
    entry.pod = pod;
    touch(key, entry);
}

void ObservedJourneys::eventsListed(const std::unordered_map<std::string, ObjectPtr>& events) {
    for (const auto& [key, event] : events) eventChanged(key, event);
}

void ObservedJourneys::eventChanged(const std::string& key, const ObjectPtr& event) {
    // An event deleted (expired) takes nothing away from what was observed.
    const auto* e = dynamic_cast<const core::Event*>(event.get());
    std::string pod;
    if (!e || !cluster::eventAboutPod(*e, &pod)) return;
    Entry& entry = pods_[pod];
    ObjectPtr& slot = entry.events[key];
    if (slot == event) return;
    slot = event;
    touch(pod, entry);
}

bool ObservedJourneys::derive(size_t budget) {
    std::vector<const core::Event*> events;
    for (; budget > 0 && !dirty_.empty(); --budget) {
        const std::string key = std::move(dirty_.back());
        dirty_.pop_back();
        auto it = pods_.find(key);
        if (it == pods_.end()) continue;
        Entry& entry = it->second;
        entry.dirty = false;
        const auto* pod = dynamic_cast<const core::Pod*>(entry.pod.get());
        if (!pod) continue;  // its events came first
        events.clear();
        for (const auto& [name, e] : entry.events) events.push_back(static_cast<const core::Event*>(e.get()));
        std::vector<sim::JourneyStage> stages = cluster::observedJourney(*pod, events);
        auto& recorded = entry.recorded;
        const bool extends = stages.size() >= recorded.size() &&
                             std::equal(recorded.begin(), recorded.end(), stages.begin(),
                                        [this](uint32_t index, const sim::JourneyStage& stage) { return same(records_[index].stage, stage); });
        if (extends && stages.size() == recorded.size()) continue;
        const size_t from = extends ? recorded.size() : 0;
        if (!extends) recorded.clear();
        for (size_t i = from; i < stages.size(); ++i) {
            sim::JourneyRecord r;
            r.seq = int64_t(records_.size()) + 1;
            r.pod = key;
            r.stage = std::move(stages[i]);
            r.replaces = (!extends || entry.restarts) && i == from;
            recorded.push_back(uint32_t(records_.size()));
            records_.push_back(std::move(r));
        }
        entry.restarts = false;
    }
    return !dirty_.empty();
}

std::vector<sim::JourneyRecord> ObservedJourneys::since(int64_t after, size_t limit) const {
    const size_t from = size_t(std::clamp<int64_t>(after, 0, int64_t(records_.size())));
    const size_t to = from + std::min(limit, records_.size() - from);
    return {records_.begin() + long(from), records_.begin() + long(to)};
}

}  // namespace pilothouse::ui
