#include "client/record/event_recorder.h"

#include <algorithm>
#include <cstdio>

#include "apiserver/fieldmanager/field_manager.h"
#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"
#include "util/rfc3339.h"

namespace pilothouse::client::record {

namespace core = k8s::io::api::core::v1;

EventRecorder::EventRecorder(apiserver::APIServer& server, const sim::Clock& clock, std::string component,
                             std::string host, std::string token)
    : server_(server), clock_(clock), component_(std::move(component)), host_(std::move(host)), token_(std::move(token)) {}

Status EventRecorder::event(const google::protobuf::Message& object, const std::string& type, const std::string& reason,
                            const std::string& message, const std::string& fieldPath) {
    const auto& meta = api::metadata(object);
    // Objects read through the API server carry their TypeMeta; objects built in code may not —
    // their message type names the kind.
    std::string kind = api::kindOf(object);
    if (kind.empty()) kind = object.GetDescriptor()->name();
    std::string apiVersion = api::apiVersionOf(object);
    if (apiVersion.empty())
        if (const auto* t = api::Scheme::instance().byKindOnly(kind)) apiVersion = t->apiVersion();
    const int64_t nowNanos = clock_.nowUnixNanos();
    const std::string now = rfc3339::format(nowNanos);
    const std::string ns = meta.namespace_().empty() ? "default" : meta.namespace_();

    // The source is the recorder's own, so the keys leave it out.
    auto join = [](std::initializer_list<std::string_view> parts) {
        std::string out;
        for (auto p : parts) {
            out += p;
            out += '\0';
        }
        return out;
    };
    const std::string objectKey = join({kind, meta.namespace_(), meta.name(), meta.uid(), apiVersion});
    if (spamFiltered(objectKey, nowNanos)) return {};

    // Aggregation: the same object, type and reason with a tenth different message within 10
    // minutes of the last such event.
    std::string key = join({objectKey, fieldPath, type, reason, message});
    std::string text = message;
    Aggregate& aggregate = aggregates_.getOrAdd(join({objectKey, type, reason}));
    if (nowNanos - aggregate.lastNanos > kAggregateIntervalNanos) aggregate = Aggregate{};
    aggregate.messages.insert(message);
    aggregate.lastNanos = nowNanos;
    if (aggregate.messages.size() >= kAggregateMaxEvents) {
        // Upstream lets go of an arbitrary message (a Go map's first); the first in order here,
        // so that runs repeat.
        aggregate.messages.erase(aggregate.messages.begin());
        key = join({"aggregate", objectKey, type, reason});
        text = kAggregatePrefix + message;
    }

    auto* events = api::Scheme::instance().byName("events");
    if (Seen* seen = seen_.get(key)) {
        // Seen before: count, lastTimestamp and message are patched (a strategic merge patch,
        // as client-go sends).
        apiserver::Request patch;
        patch.verb = "patch";
        patch.type = events;
        patch.namespace_ = seen->namespace_;
        patch.name = seen->name;
        patch.token = token_;
        patch.fieldManager = apiserver::fieldmanager::managerOfComponent(component_);
        patch.patchType = apiserver::PatchType::StrategicMerge;
        codec::Value body = codec::Value::object();
        body.set("count", codec::Value(int64_t(seen->count + 1)));
        body.set("lastTimestamp", codec::Value(now));
        body.set("message", codec::Value(text));
        patch.patch = std::move(body);
        auto resp = server_.handle(patch);
        if (resp.ok()) {
            ++seen->count;
            return {};
        }
        if (resp.status.code() != StatusCode::NotFound) return resp.status;
        seen_.erase(key);  // the event is gone (deleted, or its TTL ran out): record it anew
    }

    int64_t nanos = clock_.nowUnixNanos();
    if (nanos <= lastNanos_) nanos = lastNanos_ + 1;  // names stay unique within one instant
    lastNanos_ = nanos;
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".%llx", static_cast<unsigned long long>(nanos));
    auto ev = std::make_shared<core::Event>();
    ev->mutable_metadata()->set_name(meta.name() + suffix);
    ev->mutable_metadata()->set_namespace_(ns);
    auto* ref = ev->mutable_involved_object();
    ref->set_kind(kind);
    ref->set_api_version(apiVersion);
    ref->set_namespace_(meta.namespace_());
    ref->set_name(meta.name());
    ref->set_uid(meta.uid());
    ref->set_resource_version(meta.resource_version());
    ref->set_field_path(fieldPath);
    ev->set_reason(reason);
    ev->set_message(text);
    ev->mutable_source()->set_component(component_);
    if (!host_.empty()) ev->mutable_source()->set_host(host_);
    ev->set_first_timestamp(now);
    ev->set_last_timestamp(now);
    ev->set_count(1);
    ev->set_type(type);
    ev->set_reporting_component(component_);
    ev->set_reporting_instance(host_);

    apiserver::Request create;
    create.verb = "create";
    create.type = events;
    create.namespace_ = ns;
    create.token = token_;
    create.fieldManager = apiserver::fieldmanager::managerOfComponent(component_);
    create.body = ev;
    auto resp = server_.handle(create);
    // Another component recorded an event about the same object in the same virtual nanosecond
    // (on a real clock this almost never happens): the next nanosecond names it.
    for (int retry = 0; !resp.ok() && resp.status.reason() == "AlreadyExists" && retry < 16; ++retry) {
        lastNanos_ = ++nanos;
        std::snprintf(suffix, sizeof suffix, ".%llx", static_cast<unsigned long long>(nanos));
        ev->mutable_metadata()->set_name(meta.name() + suffix);
        resp = server_.handle(create);
    }
    if (!resp.ok()) return resp.status;
    seen_.getOrAdd(key) = Seen{ns, ev->metadata().name(), 1};
    return {};
}

bool EventRecorder::spamFiltered(const std::string& spamKey, int64_t nowNanos) {
    // golang.org/x/time/rate as flowcontrol's token bucket uses it: full at first (a new bucket
    // has seen no time yet), refilled at kSpamQPS up to kSpamBurst.
    TokenBucket& bucket = spam_.getOrAdd(spamKey);
    if (bucket.lastNanos != 0 && nowNanos > bucket.lastNanos)
        bucket.tokens = std::min<double>(kSpamBurst, bucket.tokens + double(nowNanos - bucket.lastNanos) * 1e-9 * kSpamQPS);
    bucket.lastNanos = std::max(bucket.lastNanos, nowNanos);
    if (bucket.tokens < 1) return true;
    bucket.tokens -= 1;
    return false;
}

}  // namespace pilothouse::client::record
