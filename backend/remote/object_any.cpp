#include "remote/object_any.h"

#include <google/protobuf/message.h>

#include "apiserver/errors.h"

namespace pilothouse::remote {
namespace {
constexpr std::string_view kTypePrefix = "type.googleapis.com/";
}  // namespace

void packObject(const google::protobuf::Message& object, google::protobuf::Any* out) { out->PackFrom(object); }

StatusOr<std::shared_ptr<google::protobuf::Message>> unpackObject(const google::protobuf::Any& any,
                                                                   const google::protobuf::Descriptor& expected,
                                                                   const std::string& field) {
    const std::string& url = any.type_url();
    if (url.empty()) return apiserver::newBadRequest(field + ": an object is required (a google.protobuf.Any holding type.googleapis.com/" + expected.full_name() + ")");
    const std::string fullName = url.substr(url.rfind('/') + 1);
    if (fullName != expected.full_name()) {
        // Name the kind as upstream does when it can: "Service in version \"v1\" cannot be
        // handled as a Pod".
        std::string what = url;
        for (const auto& type : api::Scheme::instance().types())
            if (type.descriptor && type.descriptor->full_name() == fullName)
                what = type.kind + " in version \"" + type.version + "\"";
        return apiserver::newBadRequest(field + ": " + what + " cannot be handled as a " + expected.name() +
                                        " (expected type_url \"" + std::string(kTypePrefix) + expected.full_name() + "\")");
    }
    const google::protobuf::Message* prototype =
        google::protobuf::MessageFactory::generated_factory()->GetPrototype(&expected);
    std::shared_ptr<google::protobuf::Message> object(prototype->New());
    if (!object->ParseFromString(any.value()))
        return apiserver::newBadRequest(field + ": the bytes are not a valid " + expected.full_name() + " message");
    return object;
}

}  // namespace pilothouse::remote
