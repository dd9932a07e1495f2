#include "apiserver/admission/resource_quota.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "api/object.h"
#include "util/rfc3339.h"
#include "apiserver/admission/plugin_util.h"
#include "apiserver/errors.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::admission {

namespace core = k8s::io::api::core::v1;
using detail::ResourceList;
using google::protobuf::Message;
using resource::Format;
using resource::Quantity;

namespace {

Quantity one() {
    return Quantity::fromInt(1, Format::DecimalSI);
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

bool startsWith(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

// helper.IsNativeResource: unprefixed, or in the kubernetes.io domain.
bool isNativeResource(const std::string& name) {
    return name.find('/') == std::string::npos || name.find("kubernetes.io/") != std::string::npos;
}

// What upstream's quota.Evaluator does for one kind of object.
class Evaluator {
public:
    virtual ~Evaluator() = default;
    virtual bool handles(const AdmissionAttributes& attrs) const = 0;
    // The quota resource names (of `input`) this evaluator charges.
    virtual std::vector<std::string> matchingResources(
        const std::vector<std::string>& input) const = 0;
    // Whether the object falls in a quota scope (by default nothing does).
    virtual bool matchesScope(const std::string&, const Message&) const { return false; }
    virtual std::optional<std::string> constraints(const std::vector<std::string>&,
                                                   const Message&) const {
        return std::nullopt;
    }
    virtual ResourceList usage(const Message& object) const = 0;
};

// ---- pods ----

const std::vector<std::string>& podResources() {
    static const std::vector<std::string> r = {"count/pods",
                                               "cpu",
                                               "memory",
                                               "ephemeral-storage",
                                               "requests.cpu",
                                               "requests.memory",
                                               "requests.ephemeral-storage",
                                               "limits.cpu",
                                               "limits.memory",
                                               "limits.ephemeral-storage",
                                               "pods"};
    return r;
}

// The quota usage of one container's (or a pod's summed) requests and limits.
ResourceList computeUsage(const ResourceList& requests, const ResourceList& limits) {
    ResourceList out;
    out["pods"] = one();
    auto req = [&](const char* name, const char* as1, const char* as2) {
        if (auto it = requests.find(name); it != requests.end()) {
            out[as1] = it->second;
            out[as2] = it->second;
        }
    };
    auto lim = [&](const char* name, const char* as) {
        if (auto it = limits.find(name); it != limits.end())
            out[as] = it->second;
    };
    req("cpu", "cpu", "requests.cpu");
    lim("cpu", "limits.cpu");
    req("memory", "memory", "requests.memory");
    lim("memory", "limits.memory");
    req("ephemeral-storage", "ephemeral-storage", "requests.ephemeral-storage");
    lim("ephemeral-storage", "limits.ephemeral-storage");
    for (const auto& [name, q] : requests) {
        if (startsWith(name, "hugepages-")) {
            out[name] = q;
            out["requests." + name] = q;
        }
        if (!isNativeResource(name) && !startsWith(name, "requests."))
            out["requests." + name] = q;
    }
    return out;
}

bool hasComputeResources(const ResourceList& l) {
    for (const auto& [name, q] : l)
        if ((name == "cpu" || name == "memory") && q.sign() > 0)
            return true;
    return false;
}

bool isBestEffort(const core::Pod& pod) {
    auto check = [](const core::Container& c) {
        return hasComputeResources(detail::toResourceList(c.resources().requests())) ||
               hasComputeResources(detail::toResourceList(c.resources().limits()));
    };
    for (const auto& c : pod.spec().containers())
        if (check(c))
            return false;
    for (const auto& c : pod.spec().init_containers())
        if (check(c))
            return false;
    return true;
}

bool isTerminating(const core::Pod& pod) {
    return pod.spec().has_active_deadline_seconds() && pod.spec().active_deadline_seconds() >= 0;
}

bool crossNamespaceTerm(const core::PodAffinityTerm& t) {
    return t.namespaces_size() > 0 || t.has_namespace_selector();
}

bool usesCrossNamespacePodAffinity(const core::Pod& pod) {
    if (!pod.spec().has_affinity())
        return false;
    const auto& a = pod.spec().affinity();
    auto anyOf = [](const auto& required, const auto& preferred) {
        for (const auto& t : required)
            if (crossNamespaceTerm(t))
                return true;
        for (const auto& w : preferred)
            if (crossNamespaceTerm(w.pod_affinity_term()))
                return true;
        return false;
    };
    if (a.has_pod_affinity() &&
        anyOf(a.pod_affinity().required_during_scheduling_ignored_during_execution(),
              a.pod_affinity().preferred_during_scheduling_ignored_during_execution()))
        return true;
    return a.has_pod_anti_affinity() &&
           anyOf(a.pod_anti_affinity().required_during_scheduling_ignored_during_execution(),
                 a.pod_anti_affinity().preferred_during_scheduling_ignored_during_execution());
}

class PodEvaluator final : public Evaluator {
public:
    explicit PodEvaluator(const std::function<int64_t()>& now) : now_(now) {}

    bool handles(const AdmissionAttributes& attrs) const override {
        return attrs.operation == Operation::Create;
    }

    std::vector<std::string> matchingResources(
        const std::vector<std::string>& input) const override {
        std::vector<std::string> out;
        for (const auto& r : input) {
            if (contains(podResources(), r) || startsWith(r, "hugepages-") ||
                startsWith(r, "requests.hugepages-") ||
                (!isNativeResource(r) && startsWith(r, "requests.")))
                out.push_back(r);
        }
        return out;
    }

    bool matchesScope(const std::string& scope, const Message& object) const override {
        const auto* pod = detail::as<core::Pod>(&object);
        if (!pod)
            return false;
        if (scope == "Terminating")
            return isTerminating(*pod);
        if (scope == "NotTerminating")
            return !isTerminating(*pod);
        if (scope == "BestEffort")
            return isBestEffort(*pod);
        if (scope == "NotBestEffort")
            return !isBestEffort(*pod);
        if (scope == "PriorityClass")
            return !pod->spec().priority_class_name().empty();
        if (scope == "CrossNamespacePodAffinity")
            return usesCrossNamespacePodAffinity(*pod);
        return false;
    }

    std::optional<std::string> constraints(const std::vector<std::string>& required,
                                           const Message& object) const override {
        const auto* pod = detail::as<core::Pod>(&object);
        if (!pod)
            return std::nullopt;
        static const std::set<std::string> validationSet = {
            "cpu", "memory", "requests.cpu", "requests.memory", "limits.cpu", "limits.memory"};
        std::set<std::string> requiredSet;
        for (const auto& r : required)
            if (validationSet.count(r))
                requiredSet.insert(r);
        std::map<std::string, std::set<std::string>> missing;  // resource -> container names
        auto check = [&](const core::Container& c) {
            const ResourceList usage =
                computeUsage(detail::toResourceList(c.resources().requests()),
                             detail::toResourceList(c.resources().limits()));
            for (const auto& r : requiredSet)
                if (!usage.count(r))
                    missing[r].insert(c.name());
        };
        for (const auto& c : pod->spec().containers()) check(c);
        for (const auto& c : pod->spec().init_containers()) check(c);
        if (missing.empty())
            return std::nullopt;
        std::string msg = "must specify ";
        bool first = true;
        for (const auto& [r, names] : missing) {
            if (!first)
                msg += "; ";
            first = false;
            msg += r + " for: ";
            bool firstName = true;
            for (const auto& n : names) {
                if (!firstName)
                    msg += ",";
                firstName = false;
                msg += n;
            }
        }
        return msg;
    }

    ResourceList usage(const Message& object) const override {
        ResourceList out;
        out["count/pods"] = one();
        const auto* pod = detail::as<core::Pod>(&object);
        if (!pod || !chargesCompute(*pod))
            return out;
        for (auto& [k, v] :
             computeUsage(detail::podRequests(*pod, true), detail::podLimits(*pod, true)))
            out[k] = v;
        return out;
    }

private:
    // QuotaV1Pod: terminal pods, and deleted pods past their grace period, charge no compute.
    bool chargesCompute(const core::Pod& pod) const {
        const std::string& phase = pod.status().phase();
        if (phase == "Failed" || phase == "Succeeded")
            return false;
        const auto& meta = pod.metadata();
        if (now_ && meta.has_deletion_timestamp() && meta.has_deletion_grace_period_seconds()) {
            if (auto t = rfc3339::parse(meta.deletion_timestamp())) {
                const int64_t end = *t + meta.deletion_grace_period_seconds() * 1'000'000'000;
                if (now_() > end)
                    return false;
            }
        }
        return true;
    }

    const std::function<int64_t()>& now_;
};

// ---- services ----

class ServiceEvaluator final : public Evaluator {
public:
    bool handles(const AdmissionAttributes& attrs) const override {
        return attrs.operation == Operation::Create || attrs.operation == Operation::Update;
    }
    std::vector<std::string> matchingResources(
        const std::vector<std::string>& input) const override {
        static const std::vector<std::string> mine = {
            "count/services", "services", "services.nodeports", "services.loadbalancers"};
        std::vector<std::string> out;
        for (const auto& r : input)
            if (contains(mine, r))
                out.push_back(r);
        return out;
    }
    ResourceList usage(const Message& object) const override {
        ResourceList out;
        out["count/services"] = one();
        out["services"] = one();
        out["services.loadbalancers"] = Quantity();
        out["services.nodeports"] = Quantity();
        const auto* svc = detail::as<core::Service>(&object);
        if (!svc)
            return out;
        const auto& spec = svc->spec();
        const int64_t ports = spec.ports_size();
        if (spec.type() == "NodePort") {
            out["services.nodeports"] = Quantity::fromInt(ports, Format::DecimalSI);
        } else if (spec.type() == "LoadBalancer") {
            int64_t nodePorts = ports;
            if (spec.has_allocate_load_balancer_node_ports() &&
                !spec.allocate_load_balancer_node_ports()) {
                nodePorts = 0;
                for (const auto& p : spec.ports())
                    if (p.node_port() != 0)
                        ++nodePorts;
            }
            out["services.nodeports"] = Quantity::fromInt(nodePorts, Format::DecimalSI);
            out["services.loadbalancers"] = one();
        }
        return out;
    }
};

// ---- everything else: object counts ----

class ObjectCountEvaluator final : public Evaluator {
public:
    ObjectCountEvaluator(std::string countName, std::string legacyName)
        : countName_(std::move(countName)), legacyName_(std::move(legacyName)) {}
    bool handles(const AdmissionAttributes& attrs) const override {
        return attrs.operation == Operation::Create;
    }
    std::vector<std::string> matchingResources(
        const std::vector<std::string>& input) const override {
        std::vector<std::string> out;
        for (const auto& r : input)
            if (r == countName_ || (!legacyName_.empty() && r == legacyName_))
                out.push_back(r);
        return out;
    }
    ResourceList usage(const Message&) const override {
        ResourceList out;
        out[countName_] = one();
        if (!legacyName_.empty())
            out[legacyName_] = one();
        return out;
    }

private:
    std::string countName_;
    std::string legacyName_;
};

// ---- quota arithmetic (k8s.io/apiserver/pkg/quota/v1) ----

std::vector<std::string> names(const ResourceList& l) {
    std::vector<std::string> out;
    for (const auto& [k, v] : l) out.push_back(k);
    return out;
}

ResourceList mask(const ResourceList& l, const std::vector<std::string>& keep) {
    ResourceList out;
    for (const auto& [k, v] : l)
        if (contains(keep, k))
            out.emplace(k, v);
    return out;
}

ResourceList removeZeros(const ResourceList& l) {
    ResourceList out;
    for (const auto& [k, v] : l)
        if (!v.isZero())
            out.emplace(k, v);
    return out;
}

ResourceList subtractNonNegative(const ResourceList& a, const ResourceList& b) {
    ResourceList out;
    for (const auto& [k, v] : a) {
        Quantity q = v;
        if (auto it = b.find(k); it != b.end())
            q.sub(it->second);
        out[k] = q.sign() > 0 ? q : Quantity();
    }
    for (const auto& [k, v] : b)
        if (!out.count(k))
            out[k] = Quantity();
    return out;
}

std::vector<std::string> sortedNames(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

std::string join(const std::vector<std::string>& v, const char* sep) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
    return s;
}

}  // namespace

bool ResourceQuota::handles(Operation op) const {
    return op == Operation::Create || op == Operation::Update;
}

Status ResourceQuota::validate(const AdmissionAttributes& attrs, const ObjectLister& lister,
                               std::vector<sim::Phrase>* notes) {
    const std::string& ns = attrs.request.namespace_;
    if (!attrs.request.subresource.empty() || ns.empty() || !attrs.type || !attrs.object)
        return Status::ok();
    const api::ResourceType& type = *attrs.type;
    if (type.group.empty() && type.resource == "namespaces")
        return Status::ok();
    if ((type.group.empty() || type.group == "events.k8s.io") && type.resource == "events")
        return Status::ok();  // upstream's ignored resources

    std::unique_ptr<Evaluator> evaluator;
    if (type.group.empty() && type.resource == "pods") {
        evaluator = std::make_unique<PodEvaluator>(now_);
    } else if (type.group.empty() && type.resource == "services") {
        evaluator = std::make_unique<ServiceEvaluator>();
    } else {
        std::string legacy;
        if (type.group.empty() &&
            (type.resource == "replicationcontrollers" || type.resource == "resourcequotas"))
            legacy = type.resource;
        evaluator = std::make_unique<ObjectCountEvaluator>(
            "count/" + type.resource + (type.group.empty() ? "" : "." + type.group), legacy);
    }
    if (!evaluator->handles(attrs))
        return Status::ok();

    auto quotas =
        detail::listAs<core::ResourceQuota>(lister, detail::schemeType("v1", "ResourceQuota"), ns);
    std::sort(quotas.begin(), quotas.end(), [](const auto& a, const auto& b) {
        return a->metadata().name() < b->metadata().name();
    });
    if (quotas.empty())
        return Status::ok();

    const Message& object = *attrs.object;
    auto matchesScopes = [&](const core::ResourceQuota& q, const Message& obj) {
        for (const auto& scope : q.spec().scopes())
            if (!evaluator->matchesScope(scope, obj))
                return false;
        return true;
    };

    // The quotas that apply to this object; each must be satisfied by its constraints.
    std::vector<size_t> interesting;
    for (size_t i = 0; i < quotas.size(); ++i) {
        const auto& q = *quotas[i];
        const std::vector<std::string> restricted =
            evaluator->matchingResources(names(detail::toResourceList(q.spec().hard())));
        if (restricted.empty() || !matchesScopes(q, object))
            continue;
        if (auto err = evaluator->constraints(restricted, object))
            return detail::forbidden(attrs, "failed quota: " + q.metadata().name() + ": " + *err);
        interesting.push_back(i);
    }

    const ResourceList inputUsage = evaluator->usage(object);
    std::vector<std::string> negative;
    for (const auto& [k, v] : inputUsage)
        if (v.sign() < 0)
            negative.push_back(k);
    if (!negative.empty()) {
        return detail::forbidden(
            attrs, "quota usage is negative for resource(s): " + join(sortedNames(negative), ","));
    }

    std::map<size_t, ResourceList> deltas;
    for (size_t i : interesting) deltas[i] = inputUsage;
    if (attrs.operation == Operation::Update) {
        if (!attrs.oldObject) {
            return detail::forbidden(
                attrs, "unable to get previous usage since prior version of object was not found");
        }
        if (!api::metadata(*attrs.oldObject).resource_version().empty()) {
            const ResourceList delta =
                subtractNonNegative(inputUsage, evaluator->usage(*attrs.oldObject));
            for (size_t i : interesting)
                if (matchesScopes(*quotas[i], *attrs.oldObject))
                    deltas[i] = delta;
        }
    }
    for (auto it = deltas.begin(); it != deltas.end();) {
        it->second = removeZeros(it->second);
        it = it->second.empty() ? deltas.erase(it) : std::next(it);
    }
    if (deltas.empty())
        return Status::ok();

    // What each quota has charged already: the usage of the objects it covers.
    const auto existing = lister.list(type, ns);
    for (const auto& [index, delta] : deltas) {
        const auto& q = *quotas[index];
        const ResourceList hard = detail::toResourceList(q.spec().hard());
        const std::vector<std::string> hardNames = names(hard);
        const std::vector<std::string> tracked = evaluator->matchingResources(hardNames);
        ResourceList used;
        for (const auto& r : tracked) used[r] = Quantity();
        for (const auto& obj : existing) {
            if (!obj || !matchesScopes(q, *obj))
                continue;
            const ResourceList u = evaluator->usage(*obj);
            for (const auto& r : tracked)
                if (auto it = u.find(r); it != u.end())
                    used[r].add(it->second);
        }

        const ResourceList requested = mask(delta, hardNames);
        ResourceList newUsage = used;
        detail::addResourceList(newUsage, requested);
        const ResourceList maskedNew = mask(newUsage, names(requested));
        std::vector<std::string> exceeded;
        for (const auto& [k, limit] : hard)
            if (auto it = maskedNew.find(k); it != maskedNew.end() && it->second.compare(limit) > 0)
                exceeded.push_back(k);
        if (!exceeded.empty()) {
            return detail::forbidden(
                attrs, "exceeded quota: " + q.metadata().name() +
                           ", requested: " + detail::prettyPrint(mask(requested, exceeded)) +
                           ", used: " + detail::prettyPrint(mask(used, exceeded)) +
                           ", limited: " + detail::prettyPrint(mask(hard, exceeded)));
        }
        if (notes && !requested.empty()) {
            std::vector<std::string> parts;
            for (const auto& [k, v] : requested) {
                parts.push_back(k + " " + newUsage[k].toString() + "/" + hard.at(k).toString());
            }
            notes->push_back({sim::Phrase::Id::QuotaUsage, {q.metadata().name(), join(parts, ", ")}});
        }
    }
    return Status::ok();
}

}  // namespace pilothouse::apiserver::admission
