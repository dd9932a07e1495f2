// Kubernetes' protobuf encoding (application/vnd.kubernetes.protobuf; upstream's
// k8s.io/apimachinery/pkg/runtime/serializer/protobuf), read into the object model: the 4-byte
// "k8s\0" magic, then a runtime.Unknown {typeMeta {apiVersion, kind}, raw, contentEncoding,
// contentType} whose `raw` is the object in the field numbers of k8s.io/api's generated.proto.
//
// The object model keeps upstream's field numbers, so most fields read as they are. What differs
// is converted on the way in: metav1.Time and MicroTime (messages {seconds, nanos} upstream,
// RFC 3339 strings here), resource.Quantity (a message {string}), and FieldsV1 (a message {Raw}).
// Stateless; safe from any thread.
#pragma once

#include <google/protobuf/message.h>

#include <memory>
#include <string>
#include <string_view>

#include "util/status.h"

namespace pilothouse::codec {

inline constexpr std::string_view kProtobufMagic{"k8s\0", 4};

struct ProtobufEnvelope {
    std::string apiVersion;
    std::string kind;
    std::string raw;  // the object, in upstream's field numbers
};

// The envelope of a protobuf body. InvalidArgument for a body without the magic, or that does not
// parse ("provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]").
StatusOr<ProtobufEnvelope> readProtobufEnvelope(std::string_view body);

// Reads `raw` (upstream's encoding) into `message` (the object model's). InvalidArgument when the
// bytes do not parse as that message.
Status decodeUpstreamProtobuf(std::string_view raw, google::protobuf::Message* message);

}  // namespace pilothouse::codec
