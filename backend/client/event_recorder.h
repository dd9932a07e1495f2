// client-go's events recorder (k8s.io/client-go/tools/events), as kube-scheduler v1.28 uses it:
// an Event about an object, written through the API server with the events.k8s.io fields
// (reportingComponent / reportingInstance, action, eventTime) and named "<object>.<hex nanos>".
// Read through core/v1, such events have no source and no first/last timestamps — exactly what
// `kubectl get events -o yaml` shows for scheduler events.
#pragma once

#include <google/protobuf/message.h>

#include <string>

#include "apiserver/server.h"
#include "sim/clock.h"

namespace pilothouse::client {

class EventRecorder {
public:
    // `token`: the component's bearer token ("" when authentication is off).
    EventRecorder(apiserver::APIServer& server, const sim::Clock& clock, std::string reportingController,
                  std::string reportingInstance, std::string token);

    // type: "Normal" or "Warning"; regarding: the object the event is about; related: another
    // object involved (may be null). Errors are returned, never thrown.
    Status eventf(const google::protobuf::Message& regarding, const google::protobuf::Message* related,
                  const std::string& type, const std::string& reason, const std::string& action,
                  const std::string& note);

private:
    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    std::string controller_;
    std::string instance_;
    std::string token_;
    int64_t lastNanos_ = 0;
};

}  // namespace pilothouse::client
