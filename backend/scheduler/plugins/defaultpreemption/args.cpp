#include "scheduler/plugins/defaultpreemption/args.h"

#include <limits>
#include <set>
#include <string>
#include <vector>

namespace pilothouse::scheduler::plugins::defaultpreemption {

namespace {

Status invalid(std::string message) { return Status(StatusCode::InvalidArgument, std::move(message)); }

// encoding/json's description of a value it could not store: "string", "number 1.5", ...
std::string describe(const codec::Value& v) {
    if (v.isNumber()) return "number " + v.numberText();
    return v.typeName();
}

// Reads an optional int32 field; null keeps the default (a nil pointer before defaulting).
Status readInt32(const codec::Value& v, const std::string& field, int32_t* out) {
    if (v.isNull()) return {};
    if (!v.isInt() || v.asInt() < std::numeric_limits<int32_t>::min() || v.asInt() > std::numeric_limits<int32_t>::max())
        return invalid("json: cannot unmarshal " + describe(v) + " into Go struct field DefaultPreemptionArgs." + field +
                       " of type int32");
    *out = static_cast<int32_t>(v.asInt());
    return {};
}

std::string fieldInvalid(const std::string& field, int32_t value, const std::string& detail) {
    return field + ": Invalid value: " + std::to_string(value) + ": " + detail;
}

// field.ErrorList.ToAggregate().Error(): repeats dropped, one error bare, several in brackets.
std::string aggregate(const std::vector<std::string>& errors) {
    std::vector<std::string> unique;
    std::set<std::string> seen;
    for (const auto& e : errors)
        if (seen.insert(e).second) unique.push_back(e);
    if (unique.size() == 1) return unique[0];
    std::string joined;
    for (size_t i = 0; i < unique.size(); ++i) joined += (i ? ", " : "") + unique[i];
    return "[" + joined + "]";
}

}  // namespace

StatusOr<DefaultPreemptionArgs> decodeArgs(const codec::Value& json) {
    DefaultPreemptionArgs args;
    if (json.isNull()) return args;
    if (!json.isObject())
        return invalid("json: cannot unmarshal " + describe(json) + " into Go value of type v1.DefaultPreemptionArgs");
    for (const auto& [key, value] : json.asObject()) {
        if (key == "apiVersion") continue;
        if (key == "kind") {
            if (value.isString() && !value.asString().empty() && value.asString() != "DefaultPreemptionArgs")
                return invalid("got args of type *config." + value.asString() + ", want *DefaultPreemptionArgs");
            continue;
        }
        if (key == "minCandidateNodesPercentage") {
            PH_RETURN_IF_ERROR(readInt32(value, key, &args.minCandidateNodesPercentage));
        } else if (key == "minCandidateNodesAbsolute") {
            PH_RETURN_IF_ERROR(readInt32(value, key, &args.minCandidateNodesAbsolute));
        } else {
            return invalid("strict decoding error: unknown field \"" + key + "\"");
        }
    }
    return args;
}

Status validateArgs(const DefaultPreemptionArgs& args) {
    static const std::string kPercentage = "minCandidateNodesPercentage";
    static const std::string kAbsolute = "minCandidateNodesAbsolute";
    std::vector<std::string> errors;
    if (args.minCandidateNodesPercentage < 0 || args.minCandidateNodesPercentage > 100)
        errors.push_back(fieldInvalid(kPercentage, args.minCandidateNodesPercentage, "not in valid range [0, 100]"));
    if (args.minCandidateNodesAbsolute < 0)
        errors.push_back(fieldInvalid(kAbsolute, args.minCandidateNodesAbsolute, "not in valid range [0, inf)"));
    if (args.minCandidateNodesPercentage == 0 && args.minCandidateNodesAbsolute == 0) {
        errors.push_back(fieldInvalid(kPercentage, 0, "cannot be zero at the same time as minCandidateNodesAbsolute"));
        errors.push_back(fieldInvalid(kAbsolute, 0, "cannot be zero at the same time as minCandidateNodesPercentage"));
    }
    if (errors.empty()) return {};
    return invalid(aggregate(errors));
}

int32_t numCandidates(const DefaultPreemptionArgs& args, int32_t numNodes) {
    // int32 arithmetic as upstream (numNodes * percentage cannot overflow for realistic clusters).
    int32_t n = static_cast<int32_t>(int64_t(numNodes) * args.minCandidateNodesPercentage / 100);
    if (n < args.minCandidateNodesAbsolute) n = args.minCandidateNodesAbsolute;
    if (n > numNodes) n = numNodes;
    return n;
}

}  // namespace pilothouse::scheduler::plugins::defaultpreemption
