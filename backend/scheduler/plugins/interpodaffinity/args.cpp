#include "scheduler/plugins/interpodaffinity/args.h"

#include <limits>
#include <string>

namespace pilothouse::scheduler::plugins::interpodaffinity {

namespace {

Status invalid(std::string message) { return Status(StatusCode::InvalidArgument, std::move(message)); }

// How Go's encoding/json names a JSON value it could not store ("string", "number 1.5", ...).
std::string jsonValueDescription(const codec::Value& v) {
    if (v.isNumber()) return "number " + v.numberText();
    return v.typeName();
}

Status fieldTypeError(const codec::Value& v, const std::string& field, const char* goType) {
    return invalid("json: cannot unmarshal " + jsonValueDescription(v) + " into Go struct field InterPodAffinityArgs." +
                   field + " of type " + goType);
}

}  // namespace

StatusOr<InterPodAffinityArgs> decodeArgs(const codec::Value& json) {
    InterPodAffinityArgs args;
    if (json.isNull()) return args;
    if (!json.isObject())
        return invalid("json: cannot unmarshal " + std::string(json.typeName()) +
                       " into Go value of type v1.InterPodAffinityArgs");
    for (const auto& [key, value] : json.asObject()) {
        if (key == "apiVersion" || key == "kind") continue;
        if (key == "hardPodAffinityWeight") {
            if (value.isNull()) continue;  // a nil pointer: defaulted below
            if (!value.isInt() || value.asInt() < std::numeric_limits<int32_t>::min() ||
                value.asInt() > std::numeric_limits<int32_t>::max())
                return fieldTypeError(value, key, "int32");
            args.hardPodAffinityWeight = static_cast<int32_t>(value.asInt());
        } else if (key == "ignorePreferredTermsOfExistingPods") {
            if (value.isNull()) continue;
            if (!value.isBool()) return fieldTypeError(value, key, "bool");
            args.ignorePreferredTermsOfExistingPods = value.asBool();
        } else {
            return invalid("strict decoding error: unknown field \"" + key + "\"");
        }
    }
    return args;
}

Status validateArgs(const InterPodAffinityArgs& args) {
    const int32_t w = args.hardPodAffinityWeight;
    if (w < kMinHardPodAffinityWeight || w > kMaxHardPodAffinityWeight)
        return invalid("hardPodAffinityWeight: Invalid value: " + std::to_string(w) + ": not in valid range [" +
                       std::to_string(kMinHardPodAffinityWeight) + "-" + std::to_string(kMaxHardPodAffinityWeight) +
                       "]");
    return {};
}

}  // namespace pilothouse::scheduler::plugins::interpodaffinity
