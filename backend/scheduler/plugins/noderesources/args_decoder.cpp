#include "scheduler/plugins/noderesources/args_decoder.h"

#include <cmath>
#include <set>

namespace pilothouse::scheduler::plugins::noderesources {

std::string jsonKind(const codec::Value& value) {
    switch (value.type()) {
        case codec::Value::Type::Null: return "null";
        case codec::Value::Type::Bool: return "bool";
        case codec::Value::Type::Int:
        case codec::Value::Type::Double: return "number";
        case codec::Value::Type::String: return "string";
        case codec::Value::Type::Array: return "array";
        case codec::Value::Type::Object: return "object";
    }
    return "null";
}

ArgsDecoder::Where ArgsDecoder::Where::field(std::string_view name, std::string_view structType) const {
    Where w;
    w.path = path.empty() ? std::string(name) : path + "." + std::string(name);
    w.fieldStack = fieldStack.empty() ? std::string(name) : fieldStack + "." + std::string(name);
    w.structName = std::string(structType);
    return w;
}

ArgsDecoder::Where ArgsDecoder::Where::index(size_t i) const {
    Where w = *this;
    w.path += "[" + std::to_string(i) + "]";
    return w;
}

void ArgsDecoder::mismatch(const codec::Value&, std::string_view valueText, const Where& where,
                           std::string_view goType) {
    if (typeError_) return;  // encoding/json keeps the first one
    std::string msg = "json: cannot unmarshal " + std::string(valueText);
    if (where.structName.empty() && where.fieldStack.empty()) {
        msg += " into Go value of type " + std::string(goType);
    } else {
        msg += " into Go struct field " + where.structName + "." + where.fieldStack + " of type " + std::string(goType);
    }
    typeError_ = std::move(msg);
}

bool ArgsDecoder::decodeObject(const codec::Value& value, const Where& where, std::string_view goType,
                               const FieldFn& fn) {
    if (value.isNull()) return true;
    if (!value.isObject()) {
        mismatch(value, jsonKind(value), where, goType);
        return false;
    }
    std::set<std::string> seen;
    for (const auto& [name, member] : value.asObject()) {
        const std::string memberPath = where.path.empty() ? name : where.path + "." + name;
        if (!seen.insert(name).second) unknownFields_.push_back("duplicate field \"" + memberPath + "\"");
        if (!fn(name, member)) unknownFields_.push_back("unknown field \"" + memberPath + "\"");
    }
    return true;
}

void ArgsDecoder::decodeString(const codec::Value& value, const Where& where, std::string_view goType,
                               std::string& out) {
    if (value.isNull()) return;
    if (!value.isString()) {
        mismatch(value, jsonKind(value), where, goType);
        return;
    }
    out = value.asString();
}

void ArgsDecoder::decodeInt(const codec::Value& value, const Where& where, int bits, int64_t& out) {
    if (value.isNull()) return;
    const std::string_view goType = bits == 32 ? "int32" : "int64";
    if (!value.isNumber()) {
        mismatch(value, jsonKind(value), where, goType);
        return;
    }
    const int64_t lo = bits == 32 ? INT32_MIN : INT64_MIN;  // -lo is 2^31 / 2^63, exact as a double
    const int64_t hi = bits == 32 ? INT32_MAX : INT64_MAX;
    if (value.isInt()) {
        const int64_t v = value.asInt();
        if (v < lo || v > hi) {
            mismatch(value, "number " + value.numberText(), where, goType);
            return;
        }
        out = v;
        return;
    }
    // A YAML float that is a whole number reaches the decoder as an integer literal.
    const double d = value.asDouble();
    if (!std::isfinite(d) || d != std::trunc(d) || d < double(lo) || d >= -double(lo)) {
        mismatch(value, "number " + value.numberText(), where, goType);
        return;
    }
    out = static_cast<int64_t>(d);
}

void ArgsDecoder::decodeList(const codec::Value& value, const Where& where, std::string_view goType,
                             const std::function<void(size_t, const codec::Value&, const Where&)>& elementFn) {
    if (value.isNull()) return;
    if (!value.isArray()) {
        mismatch(value, jsonKind(value), where, goType);
        return;
    }
    const auto& items = value.asArray();
    for (size_t i = 0; i < items.size(); ++i) elementFn(i, items[i], where.index(i));
}

pilothouse::Status ArgsDecoder::status() const {
    if (typeError_) return pilothouse::Status(StatusCode::InvalidArgument, *typeError_);
    if (unknownFields_.empty()) return {};
    std::string msg = "strict decoding error: ";
    for (size_t i = 0; i < unknownFields_.size(); ++i) {
        if (i) msg += ", ";
        msg += unknownFields_[i];
    }
    return pilothouse::Status(StatusCode::InvalidArgument, msg);
}

}  // namespace pilothouse::scheduler::plugins::noderesources
