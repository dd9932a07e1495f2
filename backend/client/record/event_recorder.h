// client-go's tools/record EventRecorder, as the kubelet and kube-controller-manager v1.28 use it:
// core/v1 Events with source {component, host}, firstTimestamp/lastTimestamp and count. An event
// identical to an earlier one from the same source (same involved object, type, reason and
// message) is not created again: the earlier one's count goes up and its lastTimestamp moves
// (the EventLogger part of client-go's EventCorrelator), which is what `kubectl get events` shows
// as "x3 over 2m". New events are named "<object name>.<hex nanoseconds>".
#pragma once

#include <google/protobuf/message.h>

#include <map>
#include <string>
#include <tuple>

#include "apiserver/server.h"
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

private:
    // The correlator's key: everything but the timestamps and count.
    using Key =
        std::tuple<std::string, std::string, std::string, std::string, std::string, std::string, std::string>;
    struct Seen {
        std::string namespace_;
        std::string name;  // the Event object's name
        int32_t count = 0;
    };

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    std::string component_;
    std::string host_;
    std::string token_;
    int64_t lastNanos_ = 0;
    std::map<Key, Seen> seen_;
};

}  // namespace pilothouse::client::record
