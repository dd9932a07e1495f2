#include "apiserver/admission/plugin_util.h"

#include <cstdlib>
#include <set>

#include "api/object.h"
#include "apiserver/errors.h"

namespace pilothouse::apiserver::admission::detail {

namespace core = k8s::io::api::core::v1;

ResourceList toResourceList(const google::protobuf::Map<std::string, std::string>& m) {
    ResourceList out;
    for (const auto& [name, text] : m) {
        auto q = resource::Quantity::parse(text);
        if (q.isOk())
            out.emplace(name, std::move(q).value());
    }
    return out;
}

void addResourceList(ResourceList& list, const ResourceList& other) {
    for (const auto& [name, q] : other) {
        auto it = list.find(name);
        if (it == list.end()) {
            list.emplace(name, q);
        } else {
            it->second.add(q);
        }
    }
}

void maxResourceList(ResourceList& list, const ResourceList& other) {
    for (const auto& [name, q] : other) {
        auto it = list.find(name);
        if (it == list.end()) {
            list.emplace(name, q);
        } else if (q.compare(it->second) > 0) {
            it->second = q;
        }
    }
}

std::string prettyPrint(const ResourceList& list) {
    std::string out;
    for (const auto& [name, q] : list) {
        if (!out.empty())
            out += ",";
        out += name + "=" + q.toString();
    }
    return out;
}

namespace {

bool isSidecar(const core::Container& c) {
    return c.has_restart_policy() && c.restart_policy() == "Always";
}

ResourceList effective(const core::Pod& pod, bool requests) {
    auto of = [requests](const core::Container& c) {
        return toResourceList(requests ? c.resources().requests() : c.resources().limits());
    };
    ResourceList sum;
    for (const auto& c : pod.spec().containers()) addResourceList(sum, of(c));
    ResourceList sidecars;
    ResourceList init;
    for (const auto& c : pod.spec().init_containers()) {
        ResourceList mine = of(c);
        if (isSidecar(c)) {
            addResourceList(sum, mine);
            addResourceList(sidecars, mine);
            maxResourceList(init, sidecars);
        } else {
            ResourceList tmp = mine;
            addResourceList(tmp, sidecars);
            maxResourceList(init, tmp);
        }
    }
    maxResourceList(sum, init);
    return sum;
}

}  // namespace

ResourceList podRequests(const core::Pod& pod, bool withOverhead) {
    ResourceList r = effective(pod, true);
    if (withOverhead)
        addResourceList(r, toResourceList(pod.spec().overhead()));
    return r;
}

ResourceList podLimits(const core::Pod& pod, bool withOverhead) {
    ResourceList l = effective(pod, false);
    if (withOverhead) {
        for (const auto& [name, q] : toResourceList(pod.spec().overhead())) {
            auto it = l.find(name);
            if (it != l.end())
                it->second.add(q);
        }
    }
    return l;
}

std::string aggregateErrors(const std::vector<std::string>& errors) {
    if (errors.empty())
        return "";
    if (errors.size() == 1)
        return errors[0];
    std::set<std::string> seen;
    std::string out;
    for (const auto& e : errors) {
        if (!seen.insert(e).second)
            continue;
        if (seen.size() > 1)
            out += ", ";
        out += e;
    }
    if (seen.size() == 1)
        return out;
    return "[" + out + "]";
}

std::string qualifiedResource(const AdmissionAttributes& attrs) {
    if (attrs.type)
        return attrs.type->qualifiedResource();
    const auto& r = attrs.request;
    return r.apiGroup.empty() ? r.resource : r.resource + "." + r.apiGroup;
}

Status forbidden(const AdmissionAttributes& attrs, const std::string& why) {
    std::string name = attrs.request.name;
    if (name.empty()) {
        name = "Unknown";
        if (attrs.object) {
            const auto& meta = api::metadata(*attrs.object);
            if (!meta.name().empty()) {
                name = meta.name();
            } else if (!meta.generate_name().empty()) {
                name = meta.generate_name();
            }
        }
    }
    return newForbidden(qualifiedResource(attrs), name, why);
}

bool isCoreResource(const AdmissionAttributes& attrs, const char* resource) {
    if (attrs.type)
        return attrs.type->group.empty() && attrs.type->resource == resource;
    return attrs.request.apiGroup.empty() && attrs.request.resource == resource;
}

const api::ResourceType& schemeType(const char* apiVersion, const char* kind) {
    const api::ResourceType* t = api::Scheme::instance().byKind(apiVersion, kind);
    if (!t)
        std::abort();
    return *t;
}

}  // namespace pilothouse::apiserver::admission::detail
