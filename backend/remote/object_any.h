// Objects as google.protobuf.Any: packed with type_url "type.googleapis.com/<full message name>"
// (what Any::PackFrom writes), unpacked into the message the target's kind expects.
#pragma once

#include <google/protobuf/any.pb.h>
#include <google/protobuf/message.h>

#include <memory>
#include <string>

#include "api/scheme.h"
#include "util/status.h"

namespace pilothouse::remote {

void packObject(const google::protobuf::Message& object, google::protobuf::Any* out);

// The Any's object as a `expected` message. BadRequest naming `field` when the Any is empty,
// holds another kind (upstream's "Service in version \"v1\" cannot be handled as a Pod") or does
// not parse. `expected` is the target type's message, or a subresource's body (Binding, Eviction).
StatusOr<std::shared_ptr<google::protobuf::Message>> unpackObject(const google::protobuf::Any& any,
                                                                   const google::protobuf::Descriptor& expected,
                                                                   const std::string& field);

}  // namespace pilothouse::remote
