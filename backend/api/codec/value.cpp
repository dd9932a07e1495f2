#include "api/codec/value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace pilothouse::codec {

const Value* Value::find(std::string_view key) const {
    if (!isObject()) return nullptr;
    for (const auto& [k, v] : asObject())
        if (k == key) return &v;
    return nullptr;
}

Value* Value::find(std::string_view key) {
    return const_cast<Value*>(static_cast<const Value*>(this)->find(key));
}

Value& Value::operator[](std::string_view key) {
    if (!isObject()) v_ = Object{};
    if (Value* v = find(key)) return *v;
    auto& obj = asObject();
    obj.emplace_back(std::string(key), Value());
    return obj.back().second;
}

bool Value::erase(std::string_view key) {
    if (!isObject()) return false;
    auto& obj = asObject();
    auto it = std::find_if(obj.begin(), obj.end(), [&](const Member& m) { return m.first == key; });
    if (it == obj.end()) return false;
    obj.erase(it);
    return true;
}

void Value::push(Value v) {
    if (!isArray()) v_ = Array{};
    asArray().push_back(std::move(v));
}

size_t Value::size() const {
    if (isArray()) return asArray().size();
    if (isObject()) return asObject().size();
    return 0;
}

void Value::sortKeys() {
    if (isArray()) {
        for (auto& v : asArray()) v.sortKeys();
    } else if (isObject()) {
        auto& obj = asObject();
        std::stable_sort(obj.begin(), obj.end(),
                         [](const Member& a, const Member& b) { return a.first < b.first; });
        for (auto& [k, v] : obj) v.sortKeys();
    }
}

bool Value::operator==(const Value& other) const {
    if (type() != other.type()) return false;
    switch (type()) {
        case Type::Null: return true;
        case Type::Bool: return asBool() == other.asBool();
        case Type::Int: return asInt() == other.asInt();
        case Type::Double: return asDouble() == other.asDouble();
        case Type::String: return asString() == other.asString();
        case Type::Array: return asArray() == other.asArray();
        case Type::Object: {
            // Key order does not matter for equality.
            if (size() != other.size()) return false;
            for (const auto& [k, v] : asObject()) {
                const Value* o = other.find(k);
                if (!o || !(*o == v)) return false;
            }
            return true;
        }
    }
    return false;
}

std::string Value::numberText() const {
    if (!raw_.empty()) return raw_;
    if (isInt()) return std::to_string(asInt());
    double d = asDouble();
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 1e21) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.0f", d);
        return buf;
    }
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d);
    return std::string(buf, res.ptr);
}

const char* Value::typeName() const {
    switch (type()) {
        case Type::Null: return "null";
        case Type::Bool: return "bool";
        case Type::Int:
        case Type::Double: return "number";
        case Type::String: return "string";
        case Type::Array: return "array";
        case Type::Object: return "object";
    }
    return "?";
}

}  // namespace pilothouse::codec
