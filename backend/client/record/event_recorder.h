// client-go's tools/record EventRecorder, as the kubelet and kube-controller-manager v1.28 use it:
// core/v1 Events with source {component, host}, firstTimestamp/lastTimestamp and count, passed
// through the EventCorrelator (tools/record/events_cache.go) before they are written:
//  - spam filter: each source may record 25 events about one object at once, then one every 5
//    minutes (a token bucket per involved object); events past that are dropped;
//  - aggregation: once 10 different messages with the same involved object, type and reason
//    were seen within 10 minutes of each other, such events are recorded as one event whose
//    message is "(combined from similar events): " and the latest message;
//  - logging: an event identical to an earlier one (same involved object, field path, type,
//    reason and message) is not created again: the earlier one's count goes up and its
//    lastTimestamp moves, which is what `kubectl get events` shows as "x3 over 2m".
// New events are named "<object name>.<hex nanoseconds>".
#pragma once

#include <google/protobuf/message.h>

#include <map>
#include <set>
#include <string>

#include "apiserver/server.h"
#include "client/record/lru_cache.h"
#include "sim/clock.h"

namespace pilothouse::client::record {

class EventRecorder {
public:
    // component: "kubelet", "replicaset-controller", ...; host: the node name for a kubelet, "" else.
    EventRecorder(apiserver::APIServer& server, const sim::Clock& clock, std::string component, std::string host,
                  std::string token);

    // type: "Normal" or "Warning". fieldPath: the part of the object the event is about, e.g.
    // "spec.containers{nginx}" for a kubelet's container events ("" for the whole object); it is
    // part of the involved object and so of the correlator's key. Errors are returned, never thrown.
    Status event(const google::protobuf::Message& object, const std::string& type, const std::string& reason,
                 const std::string& message, const std::string& fieldPath = "");

    // The correlator's limits (events_cache.go's defaults).
    static constexpr int kSpamBurst = 25;
    static constexpr double kSpamQPS = 1.0 / 300.0;
    static constexpr size_t kAggregateMaxEvents = 10;
    static constexpr int64_t kAggregateIntervalNanos = 600'000'000'000;
    static constexpr const char* kAggregatePrefix = "(combined from similar events): ";
    static constexpr size_t kCacheEntries = 4096;

private:
    struct Seen {
        std::string namespace_;
        std::string name;  // the Event object's name
        int32_t count = 0;
    };
    struct TokenBucket {
        double tokens = kSpamBurst;
        int64_t lastNanos = 0;
    };
    struct Aggregate {
        std::set<std::string> messages;
        int64_t lastNanos = 0;
    };
    bool spamFiltered(const std::string& spamKey, int64_t nowNanos);

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    std::string component_;
    std::string host_;
    std::string token_;
    int64_t lastNanos_ = 0;
    // The correlator's state, each bounded as upstream's (4,096 entries, least recently used
    // forgotten first).
    LruCache<Seen> seen_{kCacheEntries};  // by the event's key, or an aggregate's
    LruCache<TokenBucket> spam_{kCacheEntries};
    LruCache<Aggregate> aggregates_{kCacheEntries};
};

}  // namespace pilothouse::client::record
