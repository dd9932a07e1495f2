#include "api/object.h"

#include <google/protobuf/descriptor.h>

namespace pilothouse::api {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

namespace {
const FieldDescriptor* fieldOf(const Message& m, const char* name) {
    return m.GetDescriptor()->FindFieldByName(name);
}
}  // namespace

const ObjectMeta& metadata(const Message& object) {
    const FieldDescriptor* f = fieldOf(object, "metadata");
    if (!f) return ObjectMeta::default_instance();
    return static_cast<const ObjectMeta&>(object.GetReflection()->GetMessage(object, f));
}

ObjectMeta* mutableMetadata(Message* object) {
    const FieldDescriptor* f = fieldOf(*object, "metadata");
    if (!f) return nullptr;
    return static_cast<ObjectMeta*>(object->GetReflection()->MutableMessage(object, f));
}

std::string apiVersionOf(const Message& object) {
    const FieldDescriptor* f = fieldOf(object, "api_version");
    return f ? object.GetReflection()->GetString(object, f) : std::string();
}

std::string kindOf(const Message& object) {
    const FieldDescriptor* f = fieldOf(object, "kind");
    return f ? object.GetReflection()->GetString(object, f) : std::string();
}

void setTypeMeta(Message* object, const ResourceType& type) {
    if (const FieldDescriptor* f = fieldOf(*object, "api_version"))
        object->GetReflection()->SetString(object, f, type.apiVersion());
    if (const FieldDescriptor* f = fieldOf(*object, "kind"))
        object->GetReflection()->SetString(object, f, type.kind);
}

void clearTypeMeta(Message* object) {
    if (const FieldDescriptor* f = fieldOf(*object, "api_version"))
        object->GetReflection()->ClearField(object, f);
    if (const FieldDescriptor* f = fieldOf(*object, "kind"))
        object->GetReflection()->ClearField(object, f);
}

std::string namespacedName(const ObjectMeta& meta) {
    return meta.namespace_().empty() ? meta.name() : meta.namespace_() + "/" + meta.name();
}

}  // namespace pilothouse::api
