// The object model's .proto files as a serialized google.protobuf.FileDescriptorSet, comments
// included (protoc --include_source_info), built into the program by backend/api/proto: what the
// OpenAPI documents describe each kind and field with.
#pragma once

#include <string_view>

namespace pilothouse::api {

std::string_view protoDescriptorSet();

}  // namespace pilothouse::api
