// The journey records of a live cluster's pods, read back from what the cluster recorded
// (cluster/observed_journey.h) and kept as the simulation keeps its own (sim::JourneyLog): one
// sequence of records, seq 1, 2, 3, ..., that readers take in from where they stopped.
//
// Fed by the pods' and events' informers on the GUI thread. A pod whose object or events changed
// has its journey derived again (derive(): a bounded number of pods a turn, so 150,000 pods
// listed at once are taken in over several turns); the stages not yet recorded are appended. When
// an observation arrives that belongs before the last stage recorded (the kubelet's event after
// the pod's Ready condition: watches of two kinds keep no order between them), the pod's journey
// is recorded again from its start, the first record marked `replaces`.
//
// An event that expires (an hour, by default) takes nothing away: what was observed stays. A pod
// deleted keeps its records (the views know it is gone from its object); one made again under
// its name starts over, `replaces`.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "client/api_request.h"
#include "sim/journey.h"

namespace pilothouse::ui {

class ObservedJourneys {
public:
    // Informers: everything listed (again), or one change. `pod` null: deleted.
    void podsListed(const std::unordered_map<std::string, ObjectPtr>& pods);
    void podChanged(const std::string& key, const ObjectPtr& pod);
    void eventsListed(const std::unordered_map<std::string, ObjectPtr>& events);
    void eventChanged(const std::string& key, const ObjectPtr& event);

    // Derives the journeys of at most `budget` pods that changed; true when some are left.
    bool derive(size_t budget);
    bool pending() const { return !dirty_.empty(); }

    std::vector<sim::JourneyRecord> since(int64_t after, size_t limit) const;
    int64_t lastSeq() const { return int64_t(records_.size()); }

private:
    struct Entry {
        ObjectPtr pod;
        std::unordered_map<std::string, ObjectPtr> events;  // by namespace/name
        // Its current journey's records (indexes into records_): what a new derivation extends.
        std::vector<uint32_t> recorded;
        bool dirty = false;
        bool restarts = false;  // a pod of this name was deleted: the next journey replaces its
    };
    void touch(const std::string& pod, Entry& entry);

    std::unordered_map<std::string, Entry> pods_;
    std::vector<std::string> dirty_;
    // A deque: appending never moves what is recorded (a vector of 100,000s of records grown by
    // doubling held the GUI thread for 50 ms and more).
    std::deque<sim::JourneyRecord> records_;
};

}  // namespace pilothouse::ui
