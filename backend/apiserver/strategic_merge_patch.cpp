#include "apiserver/strategic_merge_patch.h"

#include <algorithm>
#include <string>
#include <vector>

#include "apiserver/patch.h"
#include "json_options.pb.h"

namespace pilothouse::apiserver {

using codec::Value;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

namespace {

const std::string kPatchDirective = "$patch";
const std::string kRetainKeys = "$retainKeys";
const std::string kSetElementOrderPrefix = "$setElementOrder/";
const std::string kDeleteFromPrimitiveListPrefix = "$deleteFromPrimitiveList/";

const FieldDescriptor* fieldByJsonName(const Descriptor* message, const std::string& name) {
    if (!message) return nullptr;
    for (int i = 0; i < message->field_count(); ++i)
        if (message->field(i)->json_name() == name) return message->field(i);
    return nullptr;
}

// The schema of a field's values when they are objects (a message that is not a scalar on the
// wire), else null.
const Descriptor* objectSchema(const FieldDescriptor* field) {
    if (!field || field->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE || field->is_map()) return nullptr;
    if (field->options().GetExtension(pilothouse::api::kind) != pilothouse::api::JSON_DEFAULT) return nullptr;
    if (field->message_type()->full_name() == "k8s.io.apimachinery.pkg.util.intstr.IntOrString") return nullptr;
    return field->message_type();
}

bool mergesList(const FieldDescriptor* field) {
    return field && field->is_repeated() &&
           field->options().GetExtension(pilothouse::api::patch_strategy).find("merge") != std::string::npos;
}

std::string directive(const Value& v) {
    if (!v.isObject()) return {};
    const Value* d = v.find(kPatchDirective);
    return d && d->isString() ? d->asString() : std::string();
}

Value withoutDirectives(const Value& v) {
    if (!v.isObject()) return v;
    Value out = Value::object();
    for (const auto& [k, child] : v.asObject())
        if (k != kPatchDirective) out.set(k, child);
    return out;
}

StatusOr<Value> mergeMap(const Value& original, const Value& patch, const Descriptor* schema);

// A value as Go's %v prints a map[string]interface{} (upstream's error texts): map[k:v ...] with
// sorted keys, lists as [a b].
std::string goFormat(const Value& v) {
    if (v.isObject()) {
        std::vector<std::pair<std::string, const Value*>> members;
        for (const auto& [k, child] : v.asObject()) members.emplace_back(k, &child);
        std::sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        std::string out = "map[";
        for (size_t i = 0; i < members.size(); ++i) out += (i ? " " : "") + members[i].first + ":" + goFormat(*members[i].second);
        return out + "]";
    }
    if (v.isArray()) {
        std::string out = "[";
        for (size_t i = 0; i < v.asArray().size(); ++i) out += (i ? " " : "") + goFormat(v.asArray()[i]);
        return out + "]";
    }
    if (v.isString()) return v.asString();
    if (v.isNull()) return "<nil>";
    if (v.isBool()) return v.asBool() ? "true" : "false";
    return v.numberText();
}

// A list merged element by element (a "merge" strategy).
StatusOr<Value> mergeList(const Value& original, const Value& patch, const FieldDescriptor& field) {
    Value out = original.isArray() ? original : Value::array();
    const Descriptor* elementSchema = objectSchema(&field);
    const std::string& mergeKey = field.options().GetExtension(pilothouse::api::patch_merge_key);
    if (!elementSchema) {
        // A list of scalars: a set union, in the patch's order after the original's.
        for (const auto& item : patch.asArray()) {
            if (item.isObject() && directive(item) == "replace") return withoutDirectives(patch);
            bool present = false;
            for (const auto& have : out.asArray()) present = present || have == item;
            if (!present) out.push(item);
        }
        return out;
    }
    // A `{"$patch": "replace"}` element: the patch's other elements replace the list.
    for (const auto& item : patch.asArray()) {
        if (directive(item) == "replace") {
            Value replaced = Value::array();
            for (const auto& other : patch.asArray())
                if (directive(other) != "replace") replaced.push(withoutDirectives(other));
            return replaced;
        }
    }
    if (mergeKey.empty()) return Status(StatusCode::InvalidArgument, "merge key for " + field.json_name() + " is empty");
    for (const auto& item : patch.asArray()) {
        if (!item.isObject())
            return Status(StatusCode::InvalidArgument,
                          "unable to find api field in struct " + elementSchema->name() + " for the json field \"" +
                              field.json_name() + "\"");
        const Value* key = item.find(mergeKey);
        if (!key)
            return Status(StatusCode::InvalidArgument,
                          "map: " + goFormat(item) + " does not contain declared merge key: " + mergeKey);
        auto& items = out.asArray();
        auto it = std::find_if(items.begin(), items.end(), [&](const Value& have) {
            const Value* k = have.find(mergeKey);
            return k && *k == *key;
        });
        if (directive(item) == "delete") {
            if (it != items.end()) items.erase(it);
            continue;
        }
        if (it == items.end()) {
            auto merged = mergeMap(Value::object(), item, elementSchema);
            if (!merged) return merged.status();
            items.push_back(std::move(*merged));
        } else {
            auto merged = mergeMap(*it, item, elementSchema);
            if (!merged) return merged.status();
            *it = std::move(*merged);
        }
    }
    return out;
}

// Orders a merged list as $setElementOrder says: the listed elements first, in that order, then
// the rest as they were.
Value orderList(const Value& list, const Value& order, const FieldDescriptor& field) {
    if (!list.isArray() || !order.isArray()) return list;
    const std::string& mergeKey = field.options().GetExtension(pilothouse::api::patch_merge_key);
    auto keyOf = [&](const Value& v) -> const Value* {
        if (mergeKey.empty() || !objectSchema(&field)) return &v;
        return v.isObject() ? v.find(mergeKey) : nullptr;
    };
    Value out = Value::array();
    std::vector<bool> used(list.asArray().size(), false);
    for (const auto& wanted : order.asArray()) {
        const Value* wantedKey = keyOf(wanted);
        if (!wantedKey) continue;
        for (size_t i = 0; i < list.asArray().size(); ++i) {
            const Value* k = keyOf(list.asArray()[i]);
            if (!used[i] && k && *k == *wantedKey) {
                out.push(list.asArray()[i]);
                used[i] = true;
                break;
            }
        }
    }
    for (size_t i = 0; i < list.asArray().size(); ++i)
        if (!used[i]) out.push(list.asArray()[i]);
    return out;
}

StatusOr<Value> mergeMap(const Value& original, const Value& patch, const Descriptor* schema) {
    if (!patch.isObject()) return patch;
    const std::string mode = directive(patch);
    if (mode == "replace") return withoutDirectives(patch);
    if (mode == "delete") return Value();
    if (!mode.empty() && mode != "merge")
        return Status(StatusCode::InvalidArgument, "Unknown patch type: " + mode);
    Value result = original.isObject() ? original : Value::object();
    const Value* retainKeys = patch.find(kRetainKeys);
    std::vector<std::pair<std::string, const Value*>> orders;
    for (const auto& [key, value] : patch.asObject()) {
        if (key == kPatchDirective || key == kRetainKeys) continue;
        if (key.rfind(kSetElementOrderPrefix, 0) == 0) {
            orders.emplace_back(key.substr(kSetElementOrderPrefix.size()), &value);
            continue;
        }
        if (key.rfind(kDeleteFromPrimitiveListPrefix, 0) == 0) {
            const std::string list = key.substr(kDeleteFromPrimitiveListPrefix.size());
            Value* have = result.find(list);
            if (have && have->isArray() && value.isArray()) {
                auto& items = have->asArray();
                items.erase(std::remove_if(items.begin(), items.end(),
                                           [&](const Value& v) {
                                               return std::find(value.asArray().begin(), value.asArray().end(), v) !=
                                                      value.asArray().end();
                                           }),
                            items.end());
            }
            continue;
        }
        if (value.isNull()) {
            result.erase(key);
            continue;
        }
        const FieldDescriptor* field = fieldByJsonName(schema, key);
        const Value* existing = result.find(key);
        if (value.isArray() && mergesList(field)) {
            auto merged = mergeList(existing ? *existing : Value::array(), value, *field);
            if (!merged) return merged.status();
            result.set(key, std::move(*merged));
        } else if (value.isObject() && field && field->is_map()) {
            // A map of strings: a merge patch, unless its $patch says otherwise.
            const std::string mapMode = directive(value);
            if (mapMode == "delete") result.erase(key);
            else if (mapMode == "replace") result.set(key, withoutDirectives(value));
            else result.set(key, applyMergePatch(existing ? *existing : Value(), withoutDirectives(value)));
        } else if (value.isObject() && objectSchema(field)) {
            auto merged = mergeMap(existing ? *existing : Value(), value, objectSchema(field));
            if (!merged) return merged.status();
            if (merged->isNull()) result.erase(key);
            else result.set(key, std::move(*merged));
        } else if (value.isObject() && !field) {
            // Outside the schema (the codec will report it): as a merge patch.
            result.set(key, applyMergePatch(existing ? *existing : Value(), value));
        } else {
            result.set(key, value);
        }
    }
    for (const auto& [list, order] : orders) {
        const FieldDescriptor* field = fieldByJsonName(schema, list);
        if (Value* have = result.find(list); have && field) *have = orderList(*have, *order, *field);
    }
    if (retainKeys) {
        if (!retainKeys->isArray())
            return Status(StatusCode::InvalidArgument, "invalid patch: $retainKeys must be a list of strings");
        Value kept = Value::object();
        for (const auto& [k, v] : result.asObject()) {
            const bool retained = std::any_of(retainKeys->asArray().begin(), retainKeys->asArray().end(),
                                              [&](const Value& r) { return r.isString() && r.asString() == k; });
            if (retained) kept.set(k, v);
        }
        result = std::move(kept);
    }
    return result;
}

}  // namespace

StatusOr<Value> applyStrategicMergePatch(const Value& original, const Value& patch, const Descriptor& schema) {
    if (!patch.isObject()) return Status(StatusCode::InvalidArgument, "strategic merge patch must be a JSON object");
    auto merged = mergeMap(original, patch, &schema);
    if (!merged) return merged.status();
    if (merged->isNull()) return Value::object();
    return merged;
}

}  // namespace pilothouse::apiserver
