// Decoding plugin args from a JSON tree the way kube-scheduler decodes pluginConfig[].args
// (k8s.io/apimachinery's strict JSON serializer over sigs.k8s.io/json): field names are
// case-sensitive, a null leaves the field unset, and
//  - a value of the wrong JSON type fails with Go's encoding/json text, e.g.
//      json: cannot unmarshal string into Go struct field ResourceSpec.scoringStrategy.resources.weight of type int64
//    (only the first such error is reported, as encoding/json does);
//  - otherwise unknown fields fail together as
//      strict decoding error: unknown field "scoringStrategy.foo", unknown field "bar"
// "apiVersion" and "kind" (the embedded TypeMeta) are accepted on every args object.
// Numbers follow the YAML-to-JSON path kube-scheduler's config file takes: a whole number written
// as a float (1.0) is accepted for an integer field, a fraction (1.5) is not.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::noderesources {

class ArgsDecoder {
public:
    // Where a value sits: `path` names it in unknown-field errors ("scoringStrategy.resources[0]"),
    // `fieldStack` in type errors (the same without indices), `structName` is the Go struct that
    // declares the field ("" for the top-level value).
    struct Where {
        std::string path;
        std::string fieldStack;
        std::string structName;

        // The member `name` of a struct of Go type `structName`.
        Where field(std::string_view name, std::string_view structName) const;
        // Element `i` of a list (type errors keep the list's field).
        Where index(size_t i) const;
    };

    // Called for each member of an object; returns false for a name the Go struct does not have.
    using FieldFn = std::function<bool(const std::string& name, const codec::Value& value)>;

    // `value` must be an object (or null: nothing to decode) for the Go struct type `goType`
    // ("v1.ScoringStrategy"); unknown members are recorded. Returns false when it was not an object.
    bool decodeObject(const codec::Value& value, const Where& where, std::string_view goType, const FieldFn& fn);
    // A string-typed field (goType "string" or a named string type such as v1.ScoringStrategyType).
    void decodeString(const codec::Value& value, const Where& where, std::string_view goType, std::string& out);
    // An integer field of `bits` (32 or 64) bits; goType "int32"/"int64".
    void decodeInt(const codec::Value& value, const Where& where, int bits, int64_t& out);
    // A list field: `elementFn(i, element, elementWhere)` for each element; goType "[]string", ...
    void decodeList(const codec::Value& value, const Where& where, std::string_view goType,
                    const std::function<void(size_t, const codec::Value&, const Where&)>& elementFn);

    // The decoding outcome: the first type error, else the unknown fields, else OK. Errors are
    // InvalidArgument.
    pilothouse::Status status() const;

private:
    void mismatch(const codec::Value& value, std::string_view valueText, const Where& where, std::string_view goType);

    std::optional<std::string> typeError_;
    std::vector<std::string> unknownFields_;
};

// How a JSON value is named in Go's type errors: "string", "number", "bool", "array", "object".
std::string jsonKind(const codec::Value& value);

}  // namespace pilothouse::scheduler::plugins::noderesources
