#include "api/codec/proto_json.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/reflection.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string_view>
#include <unordered_map>

#include "api/codec/json.h"
#include "api/codec/map_entry.h"
#include "api/codec/yaml.h"
#include "api/resource/quantity.h"
#include "util/base64.h"
#include "util/rfc3339.h"
#include "json_options.pb.h"

namespace pilothouse::codec {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

namespace {

constexpr const char* kIntOrString = "k8s.io.apimachinery.pkg.util.intstr.IntOrString";

pilothouse::api::JsonKind kindOf(const FieldDescriptor* f) {
    return f->options().GetExtension(pilothouse::api::kind);
}
bool alwaysEmit(const FieldDescriptor* f) {
    return f->options().GetExtension(pilothouse::api::always_emit);
}

// "v1.PodSpec" — the Go type name as encoding/json's errors print it.
std::string goTypeName(const Descriptor* d) {
    const std::string& pkg = d->file()->package();
    auto dot = pkg.rfind('.');
    return (dot == std::string::npos ? pkg : pkg.substr(dot + 1)) + "." + d->name();
}

std::string goFieldType(const FieldDescriptor* f) {
    if (f->is_map()) return "map[string]string";
    std::string base;
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
        base = f->message_type()->full_name() == kIntOrString ? "intstr.IntOrString"
                                                               : goTypeName(f->message_type());
    } else if (kindOf(f) == pilothouse::api::QUANTITY) {
        base = "resource.Quantity";
    } else if (kindOf(f) == pilothouse::api::TIME) {
        base = "v1.Time";
    } else {
        switch (f->cpp_type()) {
            case FieldDescriptor::CPPTYPE_INT32: base = "int32"; break;
            case FieldDescriptor::CPPTYPE_INT64: base = "int64"; break;
            case FieldDescriptor::CPPTYPE_UINT32: base = "uint32"; break;
            case FieldDescriptor::CPPTYPE_UINT64: base = "uint64"; break;
            case FieldDescriptor::CPPTYPE_BOOL: base = "bool"; break;
            case FieldDescriptor::CPPTYPE_DOUBLE:
            case FieldDescriptor::CPPTYPE_FLOAT: base = "float64"; break;
            default: base = "string";
        }
    }
    return f->is_repeated() ? "[]" + base : base;
}

// What decoding asks of a message type for every key it reads, worked out once per type: the field
// of each JSON name.
struct MessageInfo {
    std::unordered_map<std::string_view, const FieldDescriptor*> byJsonName;
    bool intOrString = false;
};

const MessageInfo& messageInfo(const Descriptor* d) {
    // Each thread asks its own copy of the map first: threads reading a List's parts side by side
    // would otherwise pass the shared lock between their cores for every message.
    thread_local std::unordered_map<const Descriptor*, const MessageInfo*> seen;
    if (auto it = seen.find(d); it != seen.end()) return *it->second;
    static std::shared_mutex mu;
    static std::unordered_map<const Descriptor*, std::unique_ptr<MessageInfo>> infos;
    {
        std::shared_lock lock(mu);
        if (auto it = infos.find(d); it != infos.end()) return *seen.emplace(d, it->second.get()).first->second;
    }
    auto info = std::make_unique<MessageInfo>();
    for (int i = 0; i < d->field_count(); ++i) info->byJsonName.emplace(d->field(i)->json_name(), d->field(i));
    info->intOrString = d->full_name() == kIntOrString;
    std::unique_lock lock(mu);
    auto [it, inserted] = infos.emplace(d, std::move(info));
    return *seen.emplace(d, it->second.get()).first->second;
}

const FieldDescriptor* fieldByJsonName(const MessageInfo& info, const std::string& name) {
    auto it = info.byJsonName.find(name);
    return it == info.byJsonName.end() ? nullptr : it->second;
}

// A field path, written out only when an error or warning prints it: one node per level, each on
// the stack of the call that reads that level.
struct Path {
    enum class Kind { Root, Field, Index, MapKey };
    Kind kind = Kind::Root;
    const Path* parent = nullptr;
    const std::string* text = nullptr;  // Root: the prefix; Field: the name; MapKey: the key
    int index = 0;

    static Path root(const std::string& prefix) { return {Kind::Root, nullptr, &prefix, 0}; }
    Path field(const std::string& name) const { return {Kind::Field, this, &name, 0}; }
    Path item(int i) const { return {Kind::Index, this, nullptr, i}; }
    Path key(const std::string& k) const { return {Kind::MapKey, this, &k, 0}; }

    // "spec.containers[0].resources.requests[cpu]".
    std::string str() const {
        switch (kind) {
            case Kind::Root: return *text;
            case Kind::Field: {
                std::string p = parent->str();
                return p.empty() ? *text : p + "." + *text;
            }
            case Kind::Index: return parent->str() + "[" + std::to_string(index) + "]";
            case Kind::MapKey: return parent->str() + "[" + *text + "]";
        }
        return {};
    }
    bool empty() const { return kind == Kind::Root && text->empty(); }
};

// Go's "Go struct field" path has no indices: "spec.containers.image".
std::string stripIndices(const std::string& path) {
    std::string out;
    bool skip = false;
    for (char c : path) {
        if (c == '[') skip = true;
        else if (c == ']') skip = false;
        else if (!skip) out += c;
    }
    return out;
}

class Decoder {
public:
    explicit Decoder(std::vector<std::string>* warnings) : warnings_(warnings) {}

    Status message(const Value& v, Message* m, const Path& path) {
        const Descriptor* d = m->GetDescriptor();
        const MessageInfo& info = messageInfo(d);
        if (info.intOrString) return intOrString(v, m, path);
        if (v.isNull()) return {};
        if (!v.isObject()) return typeError(v, path, goTypeName(d), nullptr);
        const Reflection* r = m->GetReflection();
        for (const auto& [key, child] : v.asObject()) {
            const FieldDescriptor* f = fieldByJsonName(info, key);
            const Path childPath = path.field(key);
            if (!f) {
                if (warnings_) warnings_->push_back("unknown field \"" + childPath.str() + "\"");
                continue;
            }
            if (child.isNull()) {
                r->ClearField(m, f);  // null means "unset", as in Go
                continue;
            }
            PH_RETURN_IF_ERROR(field(child, m, r, f, childPath, d));
        }
        return {};
    }

private:
    Status typeError(const Value& v, const Path& path, const std::string& goType,
                     const Descriptor* parent) const {
        std::string msg = "json: cannot unmarshal " + std::string(v.typeName());
        if (v.isNumber()) msg = "json: cannot unmarshal number";
        if (v.isNumber() && v.isDouble()) msg += " " + v.numberText();
        if (parent && !path.empty()) {
            msg += " into Go struct field " + parent->name() + "." + stripIndices(path.str()) +
                   " of type " + goType;
        } else {
            msg += " into Go value of type " + goType;
        }
        return fieldError(path, msg);
    }

    static Status fieldError(const Path& at, const std::string& msg) {
        const std::string path = at.str();
        Status s(StatusCode::InvalidArgument, path.empty() ? msg : path + ": " + msg);
        s.addCause({"FieldValueInvalid", msg, path});
        return s;
    }

    Status intOrString(const Value& v, Message* m, const Path& path) {
        const Descriptor* d = m->GetDescriptor();
        const Reflection* r = m->GetReflection();
        if (v.isNull()) return {};
        if (v.isString()) {
            r->SetInt64(m, d->FindFieldByName("type"), 1);
            r->SetString(m, d->FindFieldByName("str_val"), v.asString());
            return {};
        }
        if (v.isInt() && v.asInt() >= std::numeric_limits<int32_t>::min() &&
            v.asInt() <= std::numeric_limits<int32_t>::max()) {
            r->SetInt64(m, d->FindFieldByName("type"), 0);
            r->SetInt32(m, d->FindFieldByName("int_val"), int32_t(v.asInt()));
            return {};
        }
        return fieldError(path, "json: cannot unmarshal " + std::string(v.typeName()) +
                                    " into Go value of type int32");
    }

    StatusOr<std::string> scalarString(const Value& v, const FieldDescriptor* f,
                                       const Path& path, const Descriptor* parent) {
        switch (kindOf(f)) {
            case pilothouse::api::QUANTITY: {
                std::string text;
                if (v.isString()) text = v.asString();
                else if (v.isNumber()) text = v.numberText();
                else return typeError(v, path, "resource.Quantity", parent);
                auto q = resource::Quantity::parse(text);
                if (!q) return fieldError(path, q.status().message());
                return text;
            }
            case pilothouse::api::TIME:
            case pilothouse::api::MICRO_TIME: {
                if (!v.isString()) return typeError(v, path, "v1.Time", parent);
                if (!rfc3339::wellFormed(v.asString()))
                    return fieldError(path, "parsing time \"" + v.asString() +
                                                "\" as \"2006-01-02T15:04:05Z07:00\": cannot parse");
                return v.asString();
            }
            case pilothouse::api::RAW_JSON: return toJson(v, JsonStyle::Compact);
            default:
                if (f->type() == FieldDescriptor::TYPE_BYTES) {
                    // []byte: base64 text in JSON.
                    if (!v.isString()) return typeError(v, path, "[]uint8", parent);
                    auto bytes = util::base64Decode(v.asString());
                    if (!bytes) return fieldError(path, bytes.status().message());
                    return std::move(*bytes);
                }
                if (!v.isString()) return typeError(v, path, "string", parent);
                return v.asString();
        }
    }

    Status field(const Value& v, Message* m, const Reflection* r, const FieldDescriptor* f,
                 const Path& path, const Descriptor* parent) {
        if (f->is_map()) {
            if (!v.isObject()) return typeError(v, path, goFieldType(f), parent);
            const FieldDescriptor* valueField = f->message_type()->map_value();
            for (const auto& [key, item] : v.asObject()) {
                const Path itemPath = path.key(key);
                google::protobuf::MapKey mapKey;
                mapKey.SetStringValue(key);
                google::protobuf::MapValueRef value = google::protobuf::MapReflectionTester::insertOrLookup(r, m, f, mapKey);
                if (item.isNull()) {
                    // Go stores the element's zero value: "" for a string, and for a quantity the
                    // zero Quantity, which prints "0" (a null quantity left empty failed to read
                    // back; found by the fuzzer).
                    if (kindOf(f) == pilothouse::api::QUANTITY || kindOf(valueField) == pilothouse::api::QUANTITY)
                        value.SetStringValue("0");
                    continue;
                }
                if (valueField->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
                    PH_RETURN_IF_ERROR(message(item, value.MutableMessageValue(), itemPath));
                } else {
                    // Map values carry the map field's kind (quantities in requests/limits).
                    auto s = kindOf(f) == pilothouse::api::JSON_DEFAULT
                                 ? scalarString(item, valueField, itemPath, parent)
                                 : scalarString(item, f, itemPath, parent);
                    if (!s) return s.status();
                    value.SetStringValue(std::move(*s));
                }
            }
            return {};
        }
        if (f->is_repeated()) {
            if (!v.isArray()) return typeError(v, path, goFieldType(f), parent);
            int i = 0;
            for (const auto& item : v.asArray()) {
                const Path itemPath = path.item(i++);
                PH_RETURN_IF_ERROR(single(item, m, r, f, itemPath, parent, /*repeated=*/true));
            }
            return {};
        }
        return single(v, m, r, f, path, parent, false);
    }

    Status single(const Value& v, Message* m, const Reflection* r, const FieldDescriptor* f,
                  const Path& path, const Descriptor* parent, bool repeated) {
        auto intValue = [&](int64_t lo, int64_t hi, const char* goType) -> StatusOr<int64_t> {
            if (v.isInt() && v.asInt() >= lo && v.asInt() <= hi) return v.asInt();
            if (v.isInt()) {
                return fieldError(path, "json: cannot unmarshal number " + v.numberText() +
                                            " into Go struct field " + parent->name() + "." +
                                            stripIndices(path.str()) + " of type " + goType);
            }
            return typeError(v, path, goType, parent);
        };
        switch (f->cpp_type()) {
            case FieldDescriptor::CPPTYPE_MESSAGE: {
                Message* child = repeated ? r->AddMessage(m, f) : r->MutableMessage(m, f);
                return message(v, child, path);
            }
            case FieldDescriptor::CPPTYPE_STRING: {
                auto s = scalarString(v, f, path, parent);
                if (!s) return s.status();
                repeated ? r->AddString(m, f, std::move(*s)) : r->SetString(m, f, std::move(*s));
                return {};
            }
            case FieldDescriptor::CPPTYPE_INT32: {
                auto i = intValue(std::numeric_limits<int32_t>::min(),
                                  std::numeric_limits<int32_t>::max(), "int32");
                if (!i) return i.status();
                repeated ? r->AddInt32(m, f, int32_t(*i)) : r->SetInt32(m, f, int32_t(*i));
                return {};
            }
            case FieldDescriptor::CPPTYPE_INT64: {
                auto i = intValue(std::numeric_limits<int64_t>::min(),
                                  std::numeric_limits<int64_t>::max(), "int64");
                if (!i) return i.status();
                repeated ? r->AddInt64(m, f, *i) : r->SetInt64(m, f, *i);
                return {};
            }
            case FieldDescriptor::CPPTYPE_BOOL: {
                if (!v.isBool()) return typeError(v, path, "bool", parent);
                repeated ? r->AddBool(m, f, v.asBool()) : r->SetBool(m, f, v.asBool());
                return {};
            }
            case FieldDescriptor::CPPTYPE_DOUBLE: {
                if (!v.isNumber()) return typeError(v, path, "float64", parent);
                repeated ? r->AddDouble(m, f, v.asDouble()) : r->SetDouble(m, f, v.asDouble());
                return {};
            }
            default:
                return fieldError(path, "unsupported field type in the object model");
        }
    }

    std::vector<std::string>* warnings_;
};

// How a message type is written, worked out once per type and thread: its fields in JSON-name
// order (the order encoding/json writes a Go struct's fields in, as our field order follows it)
// with their options read, where each field falls in that order, and which are always written.
struct EncodeField {
    const FieldDescriptor* f = nullptr;
    pilothouse::api::JsonKind kind = pilothouse::api::JSON_DEFAULT;
    bool alwaysEmit = false;
};

struct EncodePlan {
    bool intOrString = false;
    std::vector<EncodeField> fields;    // by JSON name
    std::vector<uint16_t> position;     // field->index() -> its place in `fields`
    std::vector<uint16_t> alwaysEmit;   // places of the always-written fields
};

const EncodePlan& encodePlan(const Descriptor* d) {
    // Descriptors live for the program's lifetime; a per-thread cache avoids locking.
    thread_local std::unordered_map<const Descriptor*, EncodePlan> cache;
    auto it = cache.find(d);
    if (it != cache.end()) return it->second;
    EncodePlan plan;
    plan.intOrString = d->full_name() == kIntOrString;
    for (int i = 0; i < d->field_count(); ++i) plan.fields.push_back({d->field(i), kindOf(d->field(i)), alwaysEmit(d->field(i))});
    std::sort(plan.fields.begin(), plan.fields.end(),
              [](const EncodeField& a, const EncodeField& b) { return a.f->json_name() < b.f->json_name(); });
    plan.position.resize(d->field_count());
    for (size_t i = 0; i < plan.fields.size(); ++i) {
        plan.position[plan.fields[i].f->index()] = uint16_t(i);
        if (plan.fields[i].alwaysEmit) plan.alwaysEmit.push_back(uint16_t(i));
    }
    return cache.emplace(d, std::move(plan)).first->second;
}

Value encodeScalar(const Message& m, const Reflection* r, const EncodeField& ef, int index) {
    const FieldDescriptor* f = ef.f;
    const bool rep = index >= 0;
    switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_STRING: {
            std::string scratch;
            const std::string& s = rep ? r->GetRepeatedStringReference(m, f, index, &scratch)
                                       : r->GetStringReference(m, f, &scratch);
            if (ef.kind == pilothouse::api::RAW_JSON) {
                auto parsed = parseJson(s);
                return parsed ? std::move(*parsed) : Value(s);
            }
            if ((ef.kind == pilothouse::api::TIME || ef.kind == pilothouse::api::MICRO_TIME) && s.empty())
                return Value();
            if (f->type() == FieldDescriptor::TYPE_BYTES) return Value(util::base64Encode(s));
            return Value(s);
        }
        case FieldDescriptor::CPPTYPE_INT32:
            return Value(int64_t(rep ? r->GetRepeatedInt32(m, f, index) : r->GetInt32(m, f)));
        case FieldDescriptor::CPPTYPE_INT64:
            return Value(int64_t(rep ? r->GetRepeatedInt64(m, f, index) : r->GetInt64(m, f)));
        case FieldDescriptor::CPPTYPE_BOOL:
            return Value(rep ? r->GetRepeatedBool(m, f, index) : r->GetBool(m, f));
        case FieldDescriptor::CPPTYPE_DOUBLE:
            return Value(rep ? r->GetRepeatedDouble(m, f, index) : r->GetDouble(m, f));
        default: return Value();
    }
}

Value encode(const Message& m);

Value encodeIntOrString(const Message& m) {
    const Descriptor* d = m.GetDescriptor();
    const Reflection* r = m.GetReflection();
    if (r->GetInt64(m, d->FindFieldByName("type")) == 1)
        return Value(r->GetString(m, d->FindFieldByName("str_val")));
    return Value(int64_t(r->GetInt32(m, d->FindFieldByName("int_val"))));
}

bool isZeroScalar(const Message& m, const Reflection* r, const FieldDescriptor* f) {
    if (f->has_presence()) return !r->HasField(m, f);
    switch (f->cpp_type()) {
        case FieldDescriptor::CPPTYPE_STRING: return r->GetString(m, f).empty();
        case FieldDescriptor::CPPTYPE_INT32: return r->GetInt32(m, f) == 0;
        case FieldDescriptor::CPPTYPE_INT64: return r->GetInt64(m, f) == 0;
        case FieldDescriptor::CPPTYPE_BOOL: return !r->GetBool(m, f);
        case FieldDescriptor::CPPTYPE_DOUBLE: return r->GetDouble(m, f) == 0;
        default: return true;
    }
}

// Whether encode writes field `ef` of `m`, given that ListFields listed it or it is always
// written: not an empty list or map, not an absent message unless always written, not -0.0
// (ListFields counts it as set; encoding/json's omitempty does not).
bool written(const Message& m, const Reflection* r, const EncodeField& ef) {
    const FieldDescriptor* f = ef.f;
    if (f->is_repeated()) return r->FieldSize(m, f) > 0;
    if (ef.alwaysEmit) return true;
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) return r->HasField(m, f);
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_DOUBLE) return !isZeroScalar(m, r, f);
    return true;
}

// The places (in plan.fields) of the fields encode writes, in order.
void writtenPlaces(const Message& m, const Reflection* r, const EncodePlan& plan, std::vector<uint16_t>& places) {
    std::vector<const FieldDescriptor*> set;
    r->ListFields(m, &set);
    places.clear();
    places.reserve(set.size() + plan.alwaysEmit.size());
    for (const FieldDescriptor* f : set) places.push_back(plan.position[f->index()]);
    places.insert(places.end(), plan.alwaysEmit.begin(), plan.alwaysEmit.end());
    std::sort(places.begin(), places.end());
    places.erase(std::unique(places.begin(), places.end()), places.end());
    places.erase(std::remove_if(places.begin(), places.end(),
                                [&](uint16_t p) { return !written(m, r, plan.fields[p]); }),
                 places.end());
}

Value fieldValue(const Message& m, const Reflection* r, const EncodeField& ef) {
    const FieldDescriptor* f = ef.f;
    if (f->is_map()) {
        const int n = r->FieldSize(m, f);
        Value obj = Value::object();
        obj.asObject().reserve(n);
        const FieldDescriptor* keyField = f->message_type()->map_key();
        const FieldDescriptor* valueField = f->message_type()->map_value();
        for (int i = 0; i < n; ++i) {
            const Message& entry = r->GetRepeatedMessage(m, f, i);
            const Reflection* er = entry.GetReflection();
            std::string key = er->GetString(entry, keyField);
            Value v = valueField->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE
                          ? encode(er->GetMessage(entry, valueField))
                      : valueField->type() == FieldDescriptor::TYPE_BYTES
                          ? Value(util::base64Encode(er->GetString(entry, valueField)))
                          : Value(er->GetString(entry, valueField));
            obj.set(key, std::move(v));
        }
        obj.sortKeys();
        return obj;
    }
    if (f->is_repeated()) {
        const int n = r->FieldSize(m, f);
        Value arr = Value::array();
        arr.asArray().reserve(n);
        for (int i = 0; i < n; ++i)
            arr.push(f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE ? encode(r->GetRepeatedMessage(m, f, i))
                                                                       : encodeScalar(m, r, ef, i));
        return arr;
    }
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) return encode(r->GetMessage(m, f));
    return encodeScalar(m, r, ef, -1);
}

// A message as a JSON object: the fields it sets (Reflection::ListFields: non-empty lists and
// maps, present messages, non-zero scalars) and the always-written ones, in JSON-name order.
Value encode(const Message& m) {
    const EncodePlan& plan = encodePlan(m.GetDescriptor());
    if (plan.intOrString) return encodeIntOrString(m);
    const Reflection* r = m.GetReflection();
    std::vector<uint16_t> places;
    writtenPlaces(m, r, plan, places);
    Value out = Value::object();
    out.asObject().reserve(places.size());
    for (uint16_t place : places) {
        const EncodeField& ef = plan.fields[place];
        out.asObject().emplace_back(ef.f->json_name(), fieldValue(m, r, ef));
    }
    return out;
}

// Which fields of a message type canonicalize() and clearEmpty() have to visit, worked out once
// per type: both run on every object the API server stores, and most of a Pod's fields (every
// scalar, and whole subtrees such as probes or volumes) hold neither a quantity nor an always-emit
// struct. A recursive type counts as containing what it is still being worked out for, so the
// walks may visit more than they need, never less.
struct WalkPlan {
    std::vector<const FieldDescriptor*> quantityStrings;  // singular QUANTITY string fields
    // Message fields (singular, repeated, or maps: quantity-valued or with message values)
    // whose type holds a quantity somewhere.
    std::vector<const FieldDescriptor*> quantityChildren;
    // Non-map message fields that are always_emit or whose type holds one somewhere.
    std::vector<const FieldDescriptor*> structChildren;
    bool inProgress = true;
};

class WalkPlans {
public:
    static const WalkPlan& of(const Descriptor* d) {
        static WalkPlans plans;
        std::lock_guard lock(plans.mu_);
        return plans.build(d);
    }

private:
    const WalkPlan& build(const Descriptor* d) {
        auto [it, inserted] = plans_.try_emplace(d);
        if (!inserted) return *it->second;
        it->second = std::make_unique<WalkPlan>();
        WalkPlan& plan = *it->second;  // stable: the map holds pointers
        for (int i = 0; i < d->field_count(); ++i) {
            const FieldDescriptor* f = d->field(i);
            if (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING) {
                if (kindOf(f) == pilothouse::api::QUANTITY && !f->is_repeated()) plan.quantityStrings.push_back(f);
                continue;
            }
            if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) continue;
            if (f->is_map()) {
                const FieldDescriptor* value = f->message_type()->map_value();
                const bool quantities = value->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE
                                            ? holdsQuantities(value->message_type())
                                            : kindOf(f) == pilothouse::api::QUANTITY;
                if (quantities) plan.quantityChildren.push_back(f);
                continue;
            }
            if (holdsQuantities(f->message_type())) plan.quantityChildren.push_back(f);
            if (alwaysEmit(f) || holdsStructs(f->message_type())) plan.structChildren.push_back(f);
        }
        plan.inProgress = false;
        return plan;
    }
    bool holdsQuantities(const Descriptor* d) {
        const WalkPlan& p = build(d);
        return p.inProgress || !p.quantityStrings.empty() || !p.quantityChildren.empty();
    }
    bool holdsStructs(const Descriptor* d) {
        const WalkPlan& p = build(d);
        return p.inProgress || !p.structChildren.empty();
    }

    std::mutex mu_;
    std::unordered_map<const Descriptor*, std::unique_ptr<WalkPlan>> plans_;  // guarded by mu_
};

void canonicalize(Message* m) {
    const WalkPlan& plan = WalkPlans::of(m->GetDescriptor());
    const Reflection* r = m->GetReflection();
    for (const FieldDescriptor* f : plan.quantityChildren) {
        if (f->is_map()) {
            const FieldDescriptor* valueField = f->message_type()->map_value();
            for (int j = 0; j < r->FieldSize(*m, f); ++j) {
                Message* entry = r->MutableRepeatedMessage(m, f, j);
                const Reflection* er = entry->GetReflection();
                if (valueField->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
                    canonicalize(er->MutableMessage(entry, valueField));
                } else {
                    auto q = resource::Quantity::parse(er->GetString(*entry, valueField));
                    if (q) er->SetString(entry, valueField, q->toString());
                }
            }
        } else if (f->is_repeated()) {
            for (int j = 0; j < r->FieldSize(*m, f); ++j)
                canonicalize(r->MutableRepeatedMessage(m, f, j));
        } else if (r->HasField(*m, f)) {
            canonicalize(r->MutableMessage(m, f));
        }
    }
    for (const FieldDescriptor* f : plan.quantityStrings) {
        if (f->has_presence() && !r->HasField(*m, f)) continue;
        auto q = resource::Quantity::parse(r->GetString(*m, f));
        if (q) r->SetString(m, f, q->toString());
    }
}

void clearEmpty(Message* m) {
    const Reflection* r = m->GetReflection();
    for (const FieldDescriptor* f : WalkPlans::of(m->GetDescriptor()).structChildren) {
        if (f->is_repeated()) {
            for (int j = 0; j < r->FieldSize(*m, f); ++j) clearEmpty(r->MutableRepeatedMessage(m, f, j));
            continue;
        }
        if (!r->HasField(*m, f)) continue;
        Message* child = r->MutableMessage(m, f);
        clearEmpty(child);
        if (alwaysEmit(f) && child->ByteSizeLong() == 0) r->ClearField(m, f);
    }
}

// Whether clearEmpty(m) would change anything. A child it would not change is empty afterwards
// exactly when it is empty now.
bool hasEmpty(const Message& m) {
    const Reflection* r = m.GetReflection();
    for (const FieldDescriptor* f : WalkPlans::of(m.GetDescriptor()).structChildren) {
        if (f->is_repeated()) {
            for (int j = 0; j < r->FieldSize(m, f); ++j)
                if (hasEmpty(r->GetRepeatedMessage(m, f, j))) return true;
            continue;
        }
        if (!r->HasField(m, f)) continue;
        const Message& child = r->GetMessage(m, f);
        if (hasEmpty(child) || (alwaysEmit(f) && child.ByteSizeLong() == 0)) return true;
    }
    return false;
}

}  // namespace

void clearEmptyStructs(Message* message) { clearEmpty(message); }

bool hasEmptyStructs(const Message& message) { return hasEmpty(message); }

Status decodeMessage(const Value& value, Message* message, std::vector<std::string>* warnings,
                     const std::string& pathPrefix) {
    return Decoder(warnings).message(value, message, Path::root(pathPrefix));
}

Value encodeMessage(const Message& message) { return encode(message); }

void encodedFields(const Message& message, std::vector<const FieldDescriptor*>* out) {
    const EncodePlan& plan = encodePlan(message.GetDescriptor());
    std::vector<uint16_t> places;
    writtenPlaces(message, message.GetReflection(), plan, places);
    out->clear();
    for (uint16_t place : places) out->push_back(plan.fields[place].f);
}

Value encodeField(const Message& message, const FieldDescriptor* field, int index) {
    const EncodePlan& plan = encodePlan(message.GetDescriptor());
    const EncodeField& ef = plan.fields[plan.position[field->index()]];
    const Reflection* r = message.GetReflection();
    if (index >= 0 && field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE)
        return encode(r->GetRepeatedMessage(message, field, index));
    return index >= 0 ? encodeScalar(message, r, ef, index) : fieldValue(message, r, ef);
}

void canonicalizeQuantities(Message* message) { canonicalize(message); }

void eraseManagedFields(Value& object) {
    if (Value* meta = object.find("metadata")) meta->erase("managedFields");
}

}  // namespace pilothouse::codec
