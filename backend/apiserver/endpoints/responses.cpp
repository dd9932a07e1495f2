#include "apiserver/endpoints/responses.h"

#include "api/codec/json.h"
#include "api/codec/proto_json.h"

namespace pilothouse::apiserver::endpoints {

HttpResponse jsonResponse(int status, const codec::Value& value) {
    HttpResponse r;
    r.status = status;
    r.body = codec::toJson(value, codec::JsonStyle::Compact) + "\n";
    return r;
}

HttpResponse errorResponse(const Status& status, const StatusSubject& subject) {
    const auto object = toStatusObject(status, subject);
    return jsonResponse(object.code() ? object.code() : 500, codec::encodeMessage(object));
}

}  // namespace pilothouse::apiserver::endpoints
