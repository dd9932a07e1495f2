#include "scheduler/plugins/podtopologyspread/args.h"

#include <set>

#include "api/codec/proto_json.h"
#include "apiserver/validation/common.h"
#include "apiserver/validation/field_error.h"

namespace pilothouse::scheduler::plugins::podtopologyspread {
namespace {

namespace v = apiserver::validation;

Status invalidArgument(std::string msg) { return Status(StatusCode::InvalidArgument, std::move(msg)); }

// Go's name for a JSON value's type in "json: cannot unmarshal X into ...".
std::string jsonTypeName(const codec::Value& value) {
    if (value.isNumber()) return "number";
    return value.typeName();
}

Status typeError(const std::string& field, const codec::Value& value, const std::string& goType) {
    return invalidArgument(field + ": json: cannot unmarshal " + jsonTypeName(value) +
                           " into Go struct field PodTopologySpreadArgs." + field + " of type " + goType);
}

// field.ErrorList.ToAggregate().Error(): duplicates dropped, one error bare, several bracketed.
std::string aggregate(const v::ErrorList& errs) {
    std::vector<std::string> msgs;
    std::set<std::string> seen;
    for (const auto& e : errs) {
        std::string m = e.toString();
        if (seen.insert(m).second) msgs.push_back(std::move(m));
    }
    if (msgs.size() == 1) return msgs[0];
    std::string out = "[";
    for (size_t i = 0; i < msgs.size(); ++i) out += (i ? ", " : "") + msgs[i];
    return out + "]";
}

}  // namespace

StatusOr<PodTopologySpreadArgs> decodeArgs(const codec::Value& value) {
    PodTopologySpreadArgs args;
    if (!value.isNull()) {
        if (!value.isObject())
            return invalidArgument("json: cannot unmarshal " + jsonTypeName(value) +
                                   " into Go value of type v1.PodTopologySpreadArgs");
        for (const auto& [key, child] : value.asObject()) {
            if (key == "apiVersion") continue;
            if (key == "kind") {
                if (child.isString() && !child.asString().empty() && child.asString() != "PodTopologySpreadArgs")
                    return invalidArgument("want args to be of type PodTopologySpreadArgs, got *config." +
                                           child.asString());
                continue;
            }
            if (key == "defaultingType") {
                if (child.isNull()) continue;
                if (!child.isString()) return typeError(key, child, "v1.PodTopologySpreadConstraintsDefaulting");
                args.defaultingType = child.asString();
                continue;
            }
            if (key == "defaultConstraints") {
                if (child.isNull()) continue;
                if (!child.isArray()) return typeError(key, child, "[]v1.TopologySpreadConstraint");
                const auto& items = child.asArray();
                for (size_t i = 0; i < items.size(); ++i) {
                    k8s::io::api::core::v1::TopologySpreadConstraint c;
                    std::vector<std::string> warnings;
                    const std::string prefix = "defaultConstraints[" + std::to_string(i) + "]";
                    PH_RETURN_IF_ERROR(codec::decodeMessage(items[i], &c, &warnings, prefix));
                    if (!warnings.empty()) return invalidArgument("strict decoding error: " + warnings.front());
                    args.defaultConstraints.push_back(std::move(c));
                }
                continue;
            }
            return invalidArgument("strict decoding error: unknown field \"" + key + "\"");
        }
    }
    // SetDefaults_PodTopologySpreadArgs (v1).
    if (args.defaultingType.empty()) args.defaultingType = kSystemDefaulting;
    return args;
}

Status validateArgs(const PodTopologySpreadArgs& args) {
    v::ErrorList errs;
    // defaultingType
    if (args.defaultingType != kSystemDefaulting && args.defaultingType != kListDefaulting) {
        errs.push_back(v::notSupported("defaultingType", v::quote(args.defaultingType),
                                       {kSystemDefaulting, kListDefaulting}));
    } else if (args.defaultingType == kSystemDefaulting && !args.defaultConstraints.empty()) {
        errs.push_back(v::invalid("defaultingType", v::quote(args.defaultingType),
                                  "when .defaultConstraints are not empty"));
    }

    const auto& cs = args.defaultConstraints;
    for (size_t i = 0; i < cs.size(); ++i) {
        const auto& c = cs[i];
        const std::string p = v::index("defaultConstraints", static_cast<int64_t>(i));
        if (c.max_skew() <= 0)
            errs.push_back(v::invalid(v::child(p, "maxSkew"), v::goInt(c.max_skew()), "not in valid range (0, inf)"));
        if (c.topology_key().empty())
            errs.push_back(v::required(v::child(p, "topologyKey"), "can not be empty"));
        else
            v::append(errs, v::validateLabelName(c.topology_key(), v::child(p, "topologyKey")));
        const std::string& when = c.when_unsatisfiable();
        if (when.empty())
            errs.push_back(v::required(v::child(p, "whenUnsatisfiable"), "can not be empty"));
        else if (when != "DoNotSchedule" && when != "ScheduleAnyway")
            errs.push_back(v::notSupported(v::child(p, "whenUnsatisfiable"), v::quote(when),
                                           {"DoNotSchedule", "ScheduleAnyway"}));
        if (c.has_label_selector())
            errs.push_back(v::forbidden(v::child(p, "labelSelector"),
                                        "constraint must not define a selector, as they deduced for each pod"));
        for (size_t j = 0; j < i; ++j) {
            if (cs[j].topology_key() == c.topology_key() && cs[j].when_unsatisfiable() == when) {
                errs.push_back(v::duplicate(p, v::quote("{" + c.topology_key() + ", " + when + "}")));
                break;
            }
        }
    }
    if (errs.empty()) return {};
    return invalidArgument(aggregate(errs));
}

}  // namespace pilothouse::scheduler::plugins::podtopologyspread
