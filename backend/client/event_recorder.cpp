#include "client/event_recorder.h"

#include <cstdio>

#include "api/object.h"
#include "core_v1.pb.h"
#include "util/rfc3339.h"

namespace pilothouse::client {

namespace core = k8s::io::api::core::v1;

EventRecorder::EventRecorder(apiserver::APIServer& server, const sim::Clock& clock, std::string reportingController,
                             std::string reportingInstance, std::string token)
    : server_(server),
      clock_(clock),
      controller_(std::move(reportingController)),
      instance_(std::move(reportingInstance)),
      token_(std::move(token)) {}

namespace {
core::ObjectReference referenceTo(const google::protobuf::Message& object) {
    core::ObjectReference ref;
    const auto& meta = api::metadata(object);
    ref.set_kind(api::kindOf(object));
    ref.set_api_version(api::apiVersionOf(object));
    ref.set_namespace_(meta.namespace_());
    ref.set_name(meta.name());
    ref.set_uid(meta.uid());
    ref.set_resource_version(meta.resource_version());
    return ref;
}
}  // namespace

Status EventRecorder::eventf(const google::protobuf::Message& regarding, const google::protobuf::Message* related,
                             const std::string& type, const std::string& reason, const std::string& action,
                             const std::string& note) {
    int64_t now = clock_.nowUnixNanos();
    // Names must be unique; two events in the same virtual nanosecond get consecutive stamps.
    if (now <= lastNanos_) now = lastNanos_ + 1;
    lastNanos_ = now;
    auto event = std::make_shared<core::Event>();
    const auto& meta = api::metadata(regarding);
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".%llx", static_cast<unsigned long long>(now));
    event->mutable_metadata()->set_name(meta.name() + suffix);
    event->mutable_metadata()->set_namespace_(meta.namespace_().empty() ? "default" : meta.namespace_());
    *event->mutable_involved_object() = referenceTo(regarding);
    if (related) *event->mutable_related() = referenceTo(*related);
    event->set_type(type);
    event->set_reason(reason);
    event->set_action(action);
    event->set_message(note);
    event->set_event_time(rfc3339::formatMicro(now));
    event->set_reporting_component(controller_);
    event->set_reporting_instance(instance_);
    apiserver::Request req;
    req.verb = "create";
    req.type = api::Scheme::instance().byName("events");
    req.namespace_ = event->metadata().namespace_();
    req.token = token_;
    req.body = event;
    auto resp = server_.handle(req);
    return resp.ok() ? Status() : resp.status;
}

}  // namespace pilothouse::client
