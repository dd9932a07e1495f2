#include "scheduler/plugins/noderesources/args.h"

#include <set>

#include "apiserver/validation/common.h"
#include "apiserver/validation/field_error.h"
#include "scheduler/plugins/noderesources/args_decoder.h"

namespace pilothouse::scheduler::plugins::noderesources {

namespace validation = apiserver::validation;
using Where = ArgsDecoder::Where;

std::vector<ResourceSpec> defaultResourceSpec() { return {{"cpu", 1}, {"memory", 1}}; }

// ---- decoding ----

namespace {

bool isTypeMeta(const std::string& name) { return name == "apiVersion" || name == "kind"; }

void decodeTypeMeta(ArgsDecoder& d, const std::string& name, const codec::Value& v, const Where& where,
                    std::string_view structName) {
    std::string ignored;
    d.decodeString(v, where.field(name, structName), "string", ignored);
}

void decodeStringList(ArgsDecoder& d, const codec::Value& v, const Where& where, std::vector<std::string>& out) {
    if (v.isArray()) out.assign(v.asArray().size(), std::string());
    d.decodeList(v, where, "[]string", [&](size_t i, const codec::Value& item, const Where& w) {
        d.decodeString(item, w, "string", out[i]);
    });
}

void decodeResources(ArgsDecoder& d, const codec::Value& v, const Where& where, std::vector<ResourceSpec>& out) {
    if (v.isArray()) out.assign(v.asArray().size(), ResourceSpec{});
    d.decodeList(v, where, "[]v1.ResourceSpec", [&](size_t i, const codec::Value& item, const Where& w) {
        ResourceSpec& spec = out[i];
        d.decodeObject(item, w, "v1.ResourceSpec", [&](const std::string& name, const codec::Value& fv) {
            if (name == "name") d.decodeString(fv, w.field(name, "ResourceSpec"), "string", spec.name);
            else if (name == "weight") d.decodeInt(fv, w.field(name, "ResourceSpec"), 64, spec.weight);
            else return false;
            return true;
        });
    });
}

void decodeShape(ArgsDecoder& d, const codec::Value& v, const Where& where, std::vector<UtilizationShapePoint>& out) {
    if (v.isArray()) out.assign(v.asArray().size(), UtilizationShapePoint{});
    d.decodeList(v, where, "[]v1.UtilizationShapePoint", [&](size_t i, const codec::Value& item, const Where& w) {
        UtilizationShapePoint& point = out[i];
        d.decodeObject(item, w, "v1.UtilizationShapePoint", [&](const std::string& name, const codec::Value& fv) {
            int64_t n = 0;
            if (name == "utilization") {
                n = point.utilization;
                d.decodeInt(fv, w.field(name, "UtilizationShapePoint"), 32, n);
                point.utilization = static_cast<int32_t>(n);
            } else if (name == "score") {
                n = point.score;
                d.decodeInt(fv, w.field(name, "UtilizationShapePoint"), 32, n);
                point.score = static_cast<int32_t>(n);
            } else {
                return false;
            }
            return true;
        });
    });
}

void decodeScoringStrategy(ArgsDecoder& d, const codec::Value& v, const Where& where,
                           std::optional<ScoringStrategy>& out) {
    if (v.isNull()) return;  // a null pointer stays nil
    ScoringStrategy strategy;
    const bool isObject = d.decodeObject(v, where, "v1.ScoringStrategy", [&](const std::string& name,
                                                                              const codec::Value& fv) {
        const Where w = where.field(name, "ScoringStrategy");
        if (name == "type") {
            d.decodeString(fv, w, "v1.ScoringStrategyType", strategy.type);
        } else if (name == "resources") {
            decodeResources(d, fv, w, strategy.resources);
        } else if (name == "requestedToCapacityRatio") {
            if (fv.isNull()) return true;
            RequestedToCapacityRatioParam param;
            d.decodeObject(fv, w, "v1.RequestedToCapacityRatioParam", [&](const std::string& pn, const codec::Value& pv) {
                if (pn != "shape") return false;
                decodeShape(d, pv, w.field(pn, "RequestedToCapacityRatioParam"), param.shape);
                return true;
            });
            strategy.requestedToCapacityRatio = std::move(param);
        } else {
            return false;
        }
        return true;
    });
    if (isObject) out = std::move(strategy);
}

}  // namespace

StatusOr<NodeResourcesFitArgs> decodeNodeResourcesFitArgs(const codec::Value& args) {
    ArgsDecoder d;
    NodeResourcesFitArgs out;
    const Where root;
    d.decodeObject(args, root, "v1.NodeResourcesFitArgs", [&](const std::string& name, const codec::Value& v) {
        const Where w = root.field(name, "NodeResourcesFitArgs");
        if (isTypeMeta(name)) decodeTypeMeta(d, name, v, root, "NodeResourcesFitArgs");
        else if (name == "ignoredResources") decodeStringList(d, v, w, out.ignoredResources);
        else if (name == "ignoredResourceGroups") decodeStringList(d, v, w, out.ignoredResourceGroups);
        else if (name == "scoringStrategy") decodeScoringStrategy(d, v, w, out.scoringStrategy);
        else return false;
        return true;
    });
    PH_RETURN_IF_ERROR(d.status());
    return out;
}

StatusOr<NodeResourcesBalancedAllocationArgs> decodeNodeResourcesBalancedAllocationArgs(const codec::Value& args) {
    ArgsDecoder d;
    NodeResourcesBalancedAllocationArgs out;
    const Where root;
    d.decodeObject(args, root, "v1.NodeResourcesBalancedAllocationArgs",
                   [&](const std::string& name, const codec::Value& v) {
                       if (isTypeMeta(name)) decodeTypeMeta(d, name, v, root, "NodeResourcesBalancedAllocationArgs");
                       else if (name == "resources")
                           decodeResources(d, v, root.field(name, "NodeResourcesBalancedAllocationArgs"), out.resources);
                       else return false;
                       return true;
                   });
    PH_RETURN_IF_ERROR(d.status());
    return out;
}

// ---- defaults ----

void setDefaults(NodeResourcesFitArgs& args) {
    if (!args.scoringStrategy) args.scoringStrategy = ScoringStrategy{kLeastAllocated, defaultResourceSpec(), std::nullopt};
    auto& resources = args.scoringStrategy->resources;
    if (resources.empty()) resources = defaultResourceSpec();
    for (auto& r : resources)
        if (r.weight == 0) r.weight = 1;
}

void setDefaults(NodeResourcesBalancedAllocationArgs& args) {
    if (args.resources.empty()) {
        args.resources = defaultResourceSpec();
        return;
    }
    for (auto& r : args.resources)
        if (r.weight == 0) r.weight = 1;
}

// ---- validation ----

namespace {

std::string indexPath(const std::string& path, size_t i) { return path + "[" + std::to_string(i) + "]"; }

// field.ErrorList.ToAggregate().Error(): repeats dropped, one message as is, several as "[a, b]".
pilothouse::Status aggregate(const validation::ErrorList& errs) {
    if (errs.empty()) return {};
    std::vector<std::string> messages;
    std::set<std::string> seen;
    for (const auto& e : errs) {
        std::string m = e.toString();
        if (seen.insert(m).second) messages.push_back(std::move(m));
    }
    std::string text;
    for (size_t i = 0; i < messages.size(); ++i) text += (i ? ", " : "") + messages[i];
    if (messages.size() > 1) text = "[" + text + "]";
    pilothouse::Status st(StatusCode::InvalidArgument, text);
    for (const auto& e : errs) st.addCause({e.causeType(), e.errorBody(), e.field});
    return st;
}

void validateResources(const std::vector<ResourceSpec>& resources, const std::string& path, validation::ErrorList& errs) {
    for (size_t i = 0; i < resources.size(); ++i) {
        const auto& r = resources[i];
        if (r.weight <= 0 || r.weight > 100) {
            errs.push_back(validation::invalid(indexPath(path, i) + ".weight", std::to_string(r.weight),
                                               "resource weight of " + r.name + " not in valid range (0, 100]"));
        }
    }
}

void validateFunctionShape(const std::vector<UtilizationShapePoint>& shape, const std::string& path,
                           validation::ErrorList& errs) {
    constexpr int32_t kMinUtilization = 0, kMaxUtilization = 100, kMinScore = 0;
    constexpr int32_t kMaxScore = static_cast<int32_t>(kMaxCustomPriorityScore);
    if (shape.empty()) {
        errs.push_back(validation::required(path, "at least one point must be specified"));
        return;
    }
    for (size_t i = 1; i < shape.size(); ++i) {
        if (shape[i - 1].utilization >= shape[i].utilization) {
            errs.push_back(validation::invalid(indexPath(path, i) + ".utilization", std::to_string(shape[i].utilization),
                                               "utilization values must be sorted in increasing order"));
            break;
        }
    }
    for (size_t i = 0; i < shape.size(); ++i) {
        const auto& p = shape[i];
        if (p.utilization < kMinUtilization || p.utilization > kMaxUtilization) {
            errs.push_back(validation::invalid(indexPath(path, i) + ".utilization", std::to_string(p.utilization),
                                               "not in valid range [0, 100]"));
        }
        if (p.score < kMinScore || p.score > kMaxScore) {
            errs.push_back(validation::invalid(indexPath(path, i) + ".score", std::to_string(p.score),
                                               "not in valid range [0, 10]"));
        }
    }
}

}  // namespace

pilothouse::Status validate(const NodeResourcesFitArgs& args) {
    validation::ErrorList errs;
    for (size_t i = 0; i < args.ignoredResources.size(); ++i)
        validation::append(errs, validation::validateLabelName(args.ignoredResources[i], indexPath("ignoredResources", i)));
    for (size_t i = 0; i < args.ignoredResourceGroups.size(); ++i) {
        const std::string& group = args.ignoredResourceGroups[i];
        const std::string path = indexPath("ignoredResourceGroups", i);
        if (group.find('/') != std::string::npos)
            errs.push_back(validation::invalid(path, validation::quote(group), "resource group name can't contain '/'"));
        validation::append(errs, validation::validateLabelName(group, path));
    }
    if (args.scoringStrategy) {
        const auto& s = *args.scoringStrategy;
        if (s.type != kLeastAllocated && s.type != kMostAllocated && s.type != kRequestedToCapacityRatio) {
            errs.push_back(validation::notSupported("scoringStrategy.type", validation::quote(s.type),
                                                    {kLeastAllocated, kMostAllocated, kRequestedToCapacityRatio}));
        }
        validateResources(s.resources, "scoringStrategy.resources", errs);
        // Upstream reports shape errors under scoringStrategy.shape (not ...requestedToCapacityRatio.shape).
        if (s.requestedToCapacityRatio) validateFunctionShape(s.requestedToCapacityRatio->shape, "scoringStrategy.shape", errs);
    }
    return aggregate(errs);
}

pilothouse::Status validate(const NodeResourcesBalancedAllocationArgs& args) {
    validation::ErrorList errs;
    std::set<std::string> seen;
    for (size_t i = 0; i < args.resources.size(); ++i) {
        const auto& r = args.resources[i];
        const std::string path = indexPath("resources", i);
        if (!seen.insert(r.name).second) errs.push_back(validation::duplicate(path + ".name", validation::quote(r.name)));
        if (r.weight != 1) errs.push_back(validation::invalid(path + ".weight", std::to_string(r.weight), "must be 1"));
    }
    return aggregate(errs);
}

StatusOr<NodeResourcesFitArgs> loadNodeResourcesFitArgs(const codec::Value& value) {
    auto args = decodeNodeResourcesFitArgs(value);
    if (!args) return args.status();
    setDefaults(*args);
    PH_RETURN_IF_ERROR(validate(*args));
    return args;
}

StatusOr<NodeResourcesBalancedAllocationArgs> loadNodeResourcesBalancedAllocationArgs(const codec::Value& value) {
    auto args = decodeNodeResourcesBalancedAllocationArgs(value);
    if (!args) return args.status();
    setDefaults(*args);
    PH_RETURN_IF_ERROR(validate(*args));
    return args;
}

}  // namespace pilothouse::scheduler::plugins::noderesources
