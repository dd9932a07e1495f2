#include "apiserver/admission/limit_ranger.h"

#include <climits>
#include <cstdio>
#include <optional>

#include "apiserver/admission/plugin_util.h"
#include "apiserver/errors.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::admission {

namespace core = k8s::io::api::core::v1;
using detail::ResourceList;
using resource::Quantity;

namespace {

constexpr int64_t kMaxMilliValue = INT64_MAX / 1000;  // resource.MaxMilliValue

struct Item {
    std::string type;
    ResourceList max, min, defaultLimit, defaultRequest, maxLimitRequestRatio;
};

// A LimitRange's items, with SetDefaults_LimitRangeItem applied to Container items.
std::vector<Item> itemsOf(const core::LimitRange& lr) {
    std::vector<Item> out;
    for (const auto& li : lr.spec().limits()) {
        Item it;
        it.type = li.type();
        it.max = detail::toResourceList(li.max());
        it.min = detail::toResourceList(li.min());
        it.defaultLimit = detail::toResourceList(li.default_());
        it.defaultRequest = detail::toResourceList(li.default_request());
        it.maxLimitRequestRatio = detail::toResourceList(li.max_limit_request_ratio());
        if (it.type == "Container") {
            for (const auto& [k, v] : it.max) it.defaultLimit.emplace(k, v);
            for (const auto& [k, v] : it.defaultLimit) it.defaultRequest.emplace(k, v);
            for (const auto& [k, v] : it.min) it.defaultRequest.emplace(k, v);
        }
        out.push_back(std::move(it));
    }
    return out;
}

bool supports(const AdmissionAttributes& attrs) {
    return attrs.request.subresource.empty() && detail::isCoreResource(attrs, "pods") &&
           attrs.operation == Operation::Create;
}

std::vector<std::shared_ptr<const core::LimitRange>> limitRanges(const ObjectLister& lister,
                                                           const std::string& ns) {
    return detail::listAs<core::LimitRange>(lister, detail::schemeType("v1", "LimitRange"), ns);
}

// ---- mutation ----

std::vector<std::string> mergeContainer(core::Container* c, const ResourceList& requests,
                                        const ResourceList& limits, const char* what,
                                        std::vector<std::string> annotations) {
    std::vector<std::string> setRequests, setLimits;  // already sorted: the lists are maps
    auto* res = c->mutable_resources();
    for (const auto& [k, v] : limits) {
        if (res->limits().count(k))
            continue;
        (*res->mutable_limits())[k] = v.toString();
        setLimits.push_back(k);
    }
    for (const auto& [k, v] : requests) {
        if (res->requests().count(k))
            continue;
        (*res->mutable_requests())[k] = v.toString();
        setRequests.push_back(k);
    }
    auto join = [](const std::vector<std::string>& v) {
        std::string s;
        for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
        return s;
    };
    if (!setRequests.empty())
        annotations.push_back(join(setRequests) + " request for " + what + " " + c->name());
    if (!setLimits.empty())
        annotations.push_back(join(setLimits) + " limit for " + what + " " + c->name());
    return annotations;
}

// ---- validation ----

struct Values {
    int64_t request = 0, limit = 0, enforced = 0;
};

// The three at a common precision (milli-units unless that could overflow).
Values enforcedValues(const Quantity& req, const Quantity& lim, const Quantity& enforced) {
    Values v{req.value(), lim.value(), enforced.value()};
    if (v.request <= kMaxMilliValue && v.limit <= kMaxMilliValue && v.enforced <= kMaxMilliValue) {
        v = {req.milliValue(), lim.milliValue(), enforced.milliValue()};
    }
    return v;
}

const Quantity* find(const ResourceList& l, const std::string& k) {
    auto it = l.find(k);
    return it == l.end() ? nullptr : &it->second;
}

std::optional<std::string> minConstraint(const std::string& limitType, const std::string& name,
                                         const Quantity& enforced, const ResourceList& request,
                                         const ResourceList& limit) {
    const Quantity* req = find(request, name);
    const Quantity* lim = find(limit, name);
    const Values v = enforcedValues(req ? *req : Quantity(), lim ? *lim : Quantity(), enforced);
    if (!req)
        return "minimum " + name + " usage per " + limitType + " is " + enforced.toString() +
               ".  No request is specified";
    if (v.request < v.enforced)
        return "minimum " + name + " usage per " + limitType + " is " + enforced.toString() +
               ", but request is " + req->toString();
    if (lim && v.limit < v.enforced)
        return "minimum " + name + " usage per " + limitType + " is " + enforced.toString() +
               ", but limit is " + lim->toString();
    return std::nullopt;
}

std::optional<std::string> maxConstraint(const std::string& limitType, const std::string& name,
                                         const Quantity& enforced, const ResourceList& request,
                                         const ResourceList& limit) {
    const Quantity* req = find(request, name);
    const Quantity* lim = find(limit, name);
    const Values v = enforcedValues(req ? *req : Quantity(), lim ? *lim : Quantity(), enforced);
    if (!lim)
        return "maximum " + name + " usage per " + limitType + " is " + enforced.toString() +
               ".  No limit is specified";
    if (v.limit > v.enforced)
        return "maximum " + name + " usage per " + limitType + " is " + enforced.toString() +
               ", but limit is " + lim->toString();
    if (req && v.request > v.enforced)
        return "maximum " + name + " usage per " + limitType + " is " + enforced.toString() +
               ", but request is " + req->toString();
    return std::nullopt;
}

std::optional<std::string> ratioConstraint(const std::string& limitType, const std::string& name,
                                           const Quantity& enforced, const ResourceList& request,
                                           const ResourceList& limit) {
    const Quantity* req = find(request, name);
    const Quantity* lim = find(limit, name);
    const Values v = enforcedValues(req ? *req : Quantity(), lim ? *lim : Quantity(), enforced);
    if (!req || v.request == 0)
        return name + " max limit to request ratio per " + limitType + " is " +
               enforced.toString() + ", but no request is specified or request is 0";
    if (!lim || v.limit == 0)
        return name + " max limit to request ratio per " + limitType + " is " +
               enforced.toString() + ", but no limit is specified or limit is 0";
    double observed = static_cast<double>(v.limit) / static_cast<double>(v.request);
    const double display = observed;
    double maxRatio = static_cast<double>(enforced.value());
    if (enforced.value() <= kMaxMilliValue) {
        observed *= 1000;
        maxRatio = static_cast<double>(enforced.milliValue());
    }
    if (observed > maxRatio) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%f", display);
        return name + " max limit to request ratio per " + limitType + " is " +
               enforced.toString() + ", but provided ratio is " + buf;
    }
    return std::nullopt;
}

void checkAll(const Item& item, const std::string& limitType, const ResourceList& requests,
              const ResourceList& limits, std::vector<std::string>* errs) {
    for (const auto& [k, v] : item.min)
        if (auto e = minConstraint(limitType, k, v, requests, limits))
            errs->push_back(*e);
    for (const auto& [k, v] : item.max)
        if (auto e = maxConstraint(limitType, k, v, requests, limits))
            errs->push_back(*e);
    for (const auto& [k, v] : item.maxLimitRequestRatio)
        if (auto e = ratioConstraint(limitType, k, v, requests, limits))
            errs->push_back(*e);
}

}  // namespace

bool LimitRanger::handles(Operation op) const {
    return op == Operation::Create || op == Operation::Update;
}

Status LimitRanger::admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                          std::vector<sim::Phrase>* notes) {
    if (!supports(attrs))
        return Status::ok();
    auto* pod = detail::mutableAs<core::Pod>(attrs.object);
    if (!pod)
        return Status::ok();
    for (const auto& lr : limitRanges(lister, attrs.request.namespace_)) {
        ResourceList requests, limits;
        for (const auto& item : itemsOf(*lr)) {
            if (item.type != "Container")
                continue;
            for (const auto& [k, v] : item.defaultRequest) requests[k] = v;
            for (const auto& [k, v] : item.defaultLimit) limits[k] = v;
        }
        std::vector<std::string> annotations;
        for (auto& c : *pod->mutable_spec()->mutable_containers())
            annotations = mergeContainer(&c, requests, limits, "container", std::move(annotations));
        for (auto& c : *pod->mutable_spec()->mutable_init_containers())
            annotations =
                mergeContainer(&c, requests, limits, "init container", std::move(annotations));
        if (annotations.empty())
            continue;
        std::string value = "LimitRanger plugin set: ";
        for (size_t i = 0; i < annotations.size(); ++i) value += (i ? "; " : "") + annotations[i];
        (*pod->mutable_metadata()->mutable_annotations())[kAnnotation] = value;
        if (notes) {
            for (const auto& a : annotations)
                notes->push_back({sim::Phrase::Id::SetByLimitRange, {a, lr->metadata().name()}});
        }
    }
    return Status::ok();
}

Status LimitRanger::validate(const AdmissionAttributes& attrs, const ObjectLister& lister,
                             std::vector<sim::Phrase>*) {
    if (!supports(attrs))
        return Status::ok();
    const auto* pod = detail::as<core::Pod>(attrs.object);
    if (!pod)
        return Status::ok();
    for (const auto& lr : limitRanges(lister, attrs.request.namespace_)) {
        std::vector<std::string> errs;
        for (const auto& item : itemsOf(*lr)) {
            if (item.type == "Container") {
                auto check = [&](const core::Container& c) {
                    checkAll(item, item.type, detail::toResourceList(c.resources().requests()),
                             detail::toResourceList(c.resources().limits()), &errs);
                };
                for (const auto& c : pod->spec().containers()) check(c);
                for (const auto& c : pod->spec().init_containers()) check(c);
            } else if (item.type == "Pod") {
                checkAll(item, item.type, detail::podRequests(*pod, false),
                         detail::podLimits(*pod, false), &errs);
            }
        }
        if (!errs.empty())
            return detail::forbidden(attrs, detail::aggregateErrors(errs));
    }
    return Status::ok();
}

}  // namespace pilothouse::apiserver::admission
