#include "apiserver/openapi/schemas.h"

#include <google/protobuf/descriptor.pb.h>

#include <functional>
#include <mutex>

#include "api/proto_descriptor_set.h"
#include "api/scheme.h"
#include "json_options.pb.h"

namespace pilothouse::apiserver::openapi {

using codec::Value;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

namespace {

// The descriptions of the fields every kind shares, where the .proto files say nothing.
const char* kApiVersionDescription =
    "The versioned schema of this object (group/version, or just the version for the core group). A "
    "server answers with its own and may convert what it is sent.";
const char* kKindDescription =
    "The kind of object this is, in CamelCase (Pod, Deployment). A server infers it from the endpoint "
    "a client sends to, and cannot be told otherwise.";

const std::string kQuantity = "io.k8s.apimachinery.pkg.api.resource.Quantity";
const std::string kTime = "io.k8s.apimachinery.pkg.apis.meta.v1.Time";
const std::string kMicroTime = "io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime";
const std::string kFieldsV1 = "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1";
const std::string kIntOrString = "io.k8s.apimachinery.pkg.util.intstr.IntOrString";

// Comments of the .proto files, by full name ("k8s.io.api.core.v1.Pod", "k8s.io.api.core.v1.Pod.spec").
const std::map<std::string, std::string>& comments() {
    static const std::map<std::string, std::string> byName = [] {
        std::map<std::string, std::string> out;
        google::protobuf::FileDescriptorSet set;
        const auto bytes = api::protoDescriptorSet();
        if (!set.ParseFromArray(bytes.data(), int(bytes.size()))) return out;
        for (const auto& file : set.file()) {
            // The path of each message and field in the file (FileDescriptorProto field numbers:
            // 4 message_type, 3 nested_type, 2 field) -> its full name.
            std::map<std::vector<int>, std::string> names;
            std::function<void(const google::protobuf::DescriptorProto&, std::vector<int>, const std::string&)> walk =
                [&](const google::protobuf::DescriptorProto& m, std::vector<int> path, const std::string& prefix) {
                    const std::string name = prefix + "." + m.name();
                    names[path] = name;
                    for (int i = 0; i < m.field_size(); ++i) {
                        auto p = path;
                        p.insert(p.end(), {2, i});
                        names[p] = name + "." + m.field(i).name();
                    }
                    for (int i = 0; i < m.nested_type_size(); ++i) {
                        auto p = path;
                        p.insert(p.end(), {3, i});
                        walk(m.nested_type(i), p, name);
                    }
                };
            for (int i = 0; i < file.message_type_size(); ++i) walk(file.message_type(i), {4, i}, file.package());
            for (const auto& location : file.source_code_info().location()) {
                std::vector<int> path(location.path().begin(), location.path().end());
                auto it = names.find(path);
                if (it == names.end()) continue;
                std::string text = location.leading_comments();
                if (text.empty()) text = location.trailing_comments();
                // One paragraph: the comment's lines joined, blank lines kept as paragraph breaks.
                std::string joined;
                size_t start = 0;
                while (start < text.size()) {
                    size_t end = text.find('\n', start);
                    if (end == std::string::npos) end = text.size();
                    std::string line = text.substr(start, end - start);
                    while (!line.empty() && line.front() == ' ') line.erase(line.begin());
                    while (!line.empty() && line.back() == ' ') line.pop_back();
                    if (line.empty()) {
                        if (!joined.empty() && joined.back() != '\n') joined += "\n\n";
                    } else {
                        if (!joined.empty() && joined.back() != '\n') joined += ' ';
                        joined += line;
                    }
                    start = end + 1;
                }
                while (!joined.empty() && joined.back() == '\n') joined.pop_back();
                if (!joined.empty()) out[it->second] = joined;
            }
        }
        return out;
    }();
    return byName;
}

std::string refPrefix(Flavor flavor) { return flavor == Flavor::V2 ? "#/definitions/" : "#/components/schemas/"; }

Value ref(const std::string& name, Flavor flavor) {
    Value v = Value::object();
    v.set("$ref", refPrefix(flavor) + name);
    return v;
}

Value typed(const char* type, const char* format = nullptr) {
    Value v = Value::object();
    v.set("type", type);
    if (format) v.set("format", format);
    return v;
}

// The schema of one value of `field` (an element, for a repeated field); `refs` collects the
// schemas it names.
// `kindOf`: the field whose JsonKind option applies (a map's values take the map field's).
Value valueSchema(const FieldDescriptor& field, Flavor flavor, std::set<std::string>* refs,
                  const FieldDescriptor* kindOf = nullptr) {
    const auto kind = (kindOf ? kindOf : &field)->options().GetExtension(pilothouse::api::kind);
    auto named = [&](const std::string& name) {
        refs->insert(name);
        return ref(name, flavor);
    };
    if (kind == pilothouse::api::QUANTITY) return named(kQuantity);
    if (kind == pilothouse::api::TIME) return named(kTime);
    if (kind == pilothouse::api::MICRO_TIME) return named(kMicroTime);
    if (kind == pilothouse::api::RAW_JSON) return named(kFieldsV1);
    switch (field.cpp_type()) {
        case FieldDescriptor::CPPTYPE_INT32:
        case FieldDescriptor::CPPTYPE_UINT32: return typed("integer", "int32");
        case FieldDescriptor::CPPTYPE_INT64:
        case FieldDescriptor::CPPTYPE_UINT64: return typed("integer", "int64");
        case FieldDescriptor::CPPTYPE_DOUBLE:
        case FieldDescriptor::CPPTYPE_FLOAT: return typed("number", "double");
        case FieldDescriptor::CPPTYPE_BOOL: return typed("boolean");
        case FieldDescriptor::CPPTYPE_STRING:
            return field.type() == FieldDescriptor::TYPE_BYTES ? typed("string", "byte") : typed("string");
        case FieldDescriptor::CPPTYPE_ENUM: return typed("string");
        case FieldDescriptor::CPPTYPE_MESSAGE: return named(definitionName(*field.message_type()));
    }
    return typed("string");
}

bool isReference(const Value& v) { return v.find("$ref") != nullptr; }

Value propertySchema(const FieldDescriptor& field, Flavor flavor, std::set<std::string>* refs) {
    Value schema;
    if (field.is_map()) {
        const FieldDescriptor* value = field.message_type()->FindFieldByName("value");
        schema = typed("object");
        // A map's values carry the map field's options (a QUANTITY map holds quantities).
        Value element = valueSchema(*value, flavor, refs, &field);
        if (!isReference(element) && element.find("type") && element.find("type")->asString() == "string")
            element.set("default", "");
        schema.set("additionalProperties", std::move(element));
    } else if (field.is_repeated()) {
        schema = typed("array");
        Value element = valueSchema(field, flavor, refs);
        if (!isReference(element) && element.find("type") && element.find("type")->asString() == "string")
            element.set("default", "");
        if (isReference(element) && flavor == Flavor::V3) {
            Value wrapped = Value::object();
            Value all = Value::array();
            all.push(std::move(element));
            wrapped.set("allOf", std::move(all));
            wrapped.set("default", Value::object());
            element = std::move(wrapped);
        }
        schema.set("items", std::move(element));
    } else {
        schema = valueSchema(field, flavor, refs);
    }
    const std::string description = comment(field.full_name());
    if (isReference(schema) && flavor == Flavor::V3 && !description.empty()) {
        Value wrapped = Value::object();
        Value all = Value::array();
        all.push(std::move(schema));
        wrapped.set("allOf", std::move(all));
        schema = std::move(wrapped);
    }
    if (!description.empty()) schema.set("description", description);
    const std::string& strategy = field.options().GetExtension(pilothouse::api::patch_strategy);
    const std::string& mergeKey = field.options().GetExtension(pilothouse::api::patch_merge_key);
    // Upstream's +listType and +listMapKey markers (what server-side apply merges lists by).
    const std::string& listType = field.options().GetExtension(pilothouse::api::list_type);
    const std::string& listKeys = field.options().GetExtension(pilothouse::api::list_map_keys);
    if (!listKeys.empty()) {
        Value keys = Value::array();
        for (size_t start = 0; start <= listKeys.size();) {
            size_t comma = listKeys.find(',', start);
            if (comma == std::string::npos) comma = listKeys.size();
            if (comma > start) keys.push(listKeys.substr(start, comma - start));
            start = comma + 1;
        }
        schema.set("x-kubernetes-list-map-keys", std::move(keys));
    }
    if (!listType.empty()) schema.set("x-kubernetes-list-type", listType);
    if (!mergeKey.empty()) schema.set("x-kubernetes-patch-merge-key", mergeKey);
    if (!strategy.empty()) schema.set("x-kubernetes-patch-strategy", strategy);
    return schema;
}

Value gvkList(const api::ResourceType& type) {
    Value list = Value::array();
    list.push(groupVersionKind(type));
    return list;
}

// Upstream's schemas for the types that are strings (or either) on the wire.
void addSpecialDefinitions(std::map<std::string, Value>* out) {
    Value quantity = typed("string");
    quantity.set("description",
                 "A fixed-point amount of a resource: a number with an optional suffix, binary (Ki, Mi, Gi, ...), "
                 "decimal (k, M, G, ...) or an exponent (1e3); \"100m\" is a tenth. The server writes it back in "
                 "canonical form.");
    (*out)[kQuantity] = std::move(quantity);
    Value time = typed("string", "date-time");
    time.set("description", "A time in RFC 3339 form with seconds, in UTC.");
    (*out)[kTime] = std::move(time);
    Value micro = typed("string", "date-time");
    micro.set("description", "A time in RFC 3339 form with microseconds, in UTC.");
    (*out)[kMicroTime] = std::move(micro);
    Value fields = typed("object");
    fields.set("description", "The set of fields a manager owns, in the FieldsV1 format of server-side apply.");
    (*out)[kFieldsV1] = std::move(fields);
    Value intOrString = typed("string", "int-or-string");
    intOrString.set("description", "Either an integer or a string (a number, or a percentage such as \"25%\").");
    (*out)[kIntOrString] = std::move(intOrString);
}

std::map<std::string, Value> build(Flavor flavor) {
    std::map<std::string, Value> out;
    addSpecialDefinitions(&out);
    std::map<std::string, const api::ResourceType*> kinds;
    for (const auto& t : api::Scheme::instance().types()) kinds[definitionName(*t.descriptor)] = &t;

    std::function<void(const Descriptor&)> add = [&](const Descriptor& message) {
        const std::string name = definitionName(message);
        if (out.count(name)) return;
        out[name] = Value();  // taken, while its fields are added
        Value schema = typed("object");
        if (const std::string c = comment(message.full_name()); !c.empty()) schema.set("description", c);
        Value properties = Value::object();
        Value required = Value::array();
        std::set<std::string> refs;
        std::vector<const FieldDescriptor*> fields;
        for (int i = 0; i < message.field_count(); ++i) fields.push_back(message.field(i));
        std::sort(fields.begin(), fields.end(),
                  [](auto* a, auto* b) { return a->json_name() < b->json_name(); });
        for (const FieldDescriptor* f : fields) {
            Value property = propertySchema(*f, flavor, &refs);
            if (f->number() == 100 && f->json_name() == "apiVersion" && !property.find("description"))
                property.set("description", kApiVersionDescription);
            if (f->number() == 101 && f->json_name() == "kind" && !property.find("description"))
                property.set("description", kKindDescription);
            properties.set(f->json_name(), std::move(property));
            const bool struct_ = f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && !f->is_repeated() &&
                                 f->options().GetExtension(pilothouse::api::kind) == pilothouse::api::JSON_DEFAULT;
            if (f->options().GetExtension(pilothouse::api::always_emit) && !struct_ &&
                f->options().GetExtension(pilothouse::api::kind) == pilothouse::api::JSON_DEFAULT)
                required.push(f->json_name());
        }
        if (properties.size() > 0) schema.set("properties", std::move(properties));
        if (required.size() > 0) schema.set("required", std::move(required));
        if (auto k = kinds.find(name); k != kinds.end()) schema.set("x-kubernetes-group-version-kind", gvkList(*k->second));
        // +structType=atomic: one value to server-side apply.
        if (message.options().GetExtension(pilothouse::api::struct_atomic)) schema.set("x-kubernetes-map-type", "atomic");
        out[name] = std::move(schema);
        for (int i = 0; i < message.field_count(); ++i) {
            const FieldDescriptor* f = message.field(i);
            if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) continue;
            if (f->is_map()) {
                const FieldDescriptor* value = f->message_type()->FindFieldByName("value");
                if (value->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) add(*value->message_type());
                continue;
            }
            if (definitionName(*f->message_type()) != kIntOrString) add(*f->message_type());
        }
    };
    for (const auto& t : api::Scheme::instance().types()) add(*t.descriptor);
    // What lists and failed requests answer with.
    for (const char* extra : {"k8s.io.apimachinery.pkg.apis.meta.v1.ListMeta", "k8s.io.apimachinery.pkg.apis.meta.v1.Status"})
        if (const Descriptor* d = google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(extra)) add(*d);

    // <Kind>List for every kind that lists.
    for (const auto& t : api::Scheme::instance().types()) {
        if (!t.supports("list")) continue;
        Value list = typed("object");
        list.set("description", "A list of " + t.kind + " objects.");
        Value properties = Value::object();
        Value apiVersion = typed("string");
        apiVersion.set("description", kApiVersionDescription);
        properties.set("apiVersion", std::move(apiVersion));
        Value items = typed("array");
        items.set("description", "The objects.");
        items.set("items", ref(definitionName(*t.descriptor), flavor));
        properties.set("items", std::move(items));
        Value kind = typed("string");
        kind.set("description", kKindDescription);
        properties.set("kind", std::move(kind));
        Value meta = ref("io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta", flavor);
        if (flavor == Flavor::V3) {
            Value wrapped = Value::object();
            Value all = Value::array();
            all.push(std::move(meta));
            wrapped.set("allOf", std::move(all));
            meta = std::move(wrapped);
        }
        meta.set("description", "The list's metadata: the revision it was read at, and where the next page starts.");
        properties.set("metadata", std::move(meta));
        list.set("properties", std::move(properties));
        Value required = Value::array();
        required.push("items");
        list.set("required", std::move(required));
        Value gvk = Value::object();
        gvk.set("group", t.group);
        gvk.set("kind", t.kind + "List");
        gvk.set("version", t.version);
        Value gvks = Value::array();
        gvks.push(std::move(gvk));
        list.set("x-kubernetes-group-version-kind", std::move(gvks));
        out[definitionName(*t.descriptor) + "List"] = std::move(list);
    }
    return out;
}

void collectRefs(const Value& v, const std::string& prefix, std::set<std::string>* out) {
    if (v.isObject()) {
        for (const auto& [k, child] : v.asObject()) {
            if (k == "$ref" && child.isString() && child.asString().rfind(prefix, 0) == 0)
                out->insert(child.asString().substr(prefix.size()));
            else collectRefs(child, prefix, out);
        }
    } else if (v.isArray()) {
        for (const auto& child : v.asArray()) collectRefs(child, prefix, out);
    }
}

}  // namespace

Value groupVersionKind(const api::ResourceType& type) {
    Value gvk = Value::object();
    gvk.set("group", type.group);
    gvk.set("kind", type.kind);
    gvk.set("version", type.version);
    return gvk;
}

std::string definitionName(const Descriptor& message) {
    std::string package = message.file()->package();
    if (package.rfind("k8s.io.", 0) == 0) package = "io.k8s." + package.substr(7);
    return package + "." + message.name();
}

std::string comment(const std::string& fullName) {
    auto it = comments().find(fullName);
    return it == comments().end() ? std::string() : it->second;
}

const std::map<std::string, Value>& definitions(Flavor flavor) {
    static std::once_flag once[2];
    static std::map<std::string, Value> cache[2];
    const int i = flavor == Flavor::V2 ? 0 : 1;
    std::call_once(once[i], [&] { cache[i] = build(flavor); });
    return cache[i];
}

std::set<std::string> closure(const std::set<std::string>& roots, Flavor flavor) {
    const auto& all = definitions(flavor);
    std::set<std::string> out;
    std::vector<std::string> todo(roots.begin(), roots.end());
    while (!todo.empty()) {
        std::string name = todo.back();
        todo.pop_back();
        if (!out.insert(name).second) continue;
        auto it = all.find(name);
        if (it == all.end()) continue;
        std::set<std::string> refs;
        collectRefs(it->second, refPrefix(flavor), &refs);
        for (const auto& r : refs)
            if (!out.count(r)) todo.push_back(r);
    }
    return out;
}

}  // namespace pilothouse::apiserver::openapi
