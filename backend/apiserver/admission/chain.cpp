#include "apiserver/admission/chain.h"

#include <algorithm>

#include "apiserver/admission/default_toleration_seconds.h"
#include "apiserver/admission/limit_ranger.h"
#include "apiserver/admission/namespace_lifecycle.h"
#include "apiserver/admission/priority.h"
#include "apiserver/admission/resource_quota.h"

namespace pilothouse::apiserver::admission {

const char* phaseName(Phase phase) {
    return phase == Phase::Mutating ? "mutating" : "validating";
}

const std::vector<std::string>& upstreamPluginOrder() {
    static const std::vector<std::string> order = {
        "AlwaysAdmit",
        "NamespaceAutoProvision",
        "NamespaceLifecycle",
        "NamespaceExists",
        "SecurityContextDeny",
        "LimitPodHardAntiAffinityTopology",
        "LimitRanger",
        "ServiceAccount",
        "NodeRestriction",
        "TaintNodesByCondition",
        "AlwaysPullImages",
        "ImagePolicyWebhook",
        "PodSecurity",
        "PodNodeSelector",
        "Priority",
        "DefaultTolerationSeconds",
        "PodTolerationRestriction",
        "EventRateLimit",
        "ExtendedResourceToleration",
        "DefaultStorageClass",
        "StorageObjectInUseProtection",
        "OwnerReferencesPermissionEnforcement",
        "PersistentVolumeClaimResize",
        "RuntimeClass",
        "CertificateApproval",
        "CertificateSigning",
        "ClusterTrustBundleAttest",
        "CertificateSubjectRestriction",
        "DefaultIngressClass",
        "DenyServiceExternalIPs",
        "MutatingAdmissionWebhook",
        "ValidatingAdmissionPolicy",
        "ValidatingAdmissionWebhook",
        "ResourceQuota",
        "AlwaysDeny",
    };
    return order;
}

const std::vector<std::string>& supportedPlugins() {
    static const std::vector<std::string> names = {
        NamespaceLifecycle::kPluginName, LimitRanger::kPluginName, Priority::kPluginName,
        DefaultTolerationSeconds::kPluginName, ResourceQuota::kPluginName};
    return names;
}

std::shared_ptr<Plugin> newPlugin(const std::string& name) {
    if (name == NamespaceLifecycle::kPluginName)
        return std::make_shared<NamespaceLifecycle>();
    if (name == LimitRanger::kPluginName)
        return std::make_shared<LimitRanger>();
    if (name == Priority::kPluginName)
        return std::make_shared<Priority>();
    if (name == DefaultTolerationSeconds::kPluginName)
        return std::make_shared<DefaultTolerationSeconds>();
    if (name == ResourceQuota::kPluginName)
        return std::make_shared<ResourceQuota>();
    return nullptr;
}

namespace {
size_t rank(const std::string& name) {
    const auto& order = upstreamPluginOrder();
    return static_cast<size_t>(std::find(order.begin(), order.end(), name) - order.begin());
}
}  // namespace

Chain::Chain(std::vector<std::shared_ptr<Plugin>> plugins) : plugins_(std::move(plugins)) {
    std::stable_sort(plugins_.begin(), plugins_.end(), [](const auto& a, const auto& b) {
        return rank(a->name()) < rank(b->name());
    });
}

Chain Chain::defaultChain() {
    std::vector<std::shared_ptr<Plugin>> plugins;
    for (const auto& n : supportedPlugins()) plugins.push_back(newPlugin(n));
    return Chain(std::move(plugins));
}

StatusOr<Chain> Chain::fromNames(const std::vector<std::string>& names) {
    std::vector<std::shared_ptr<Plugin>> plugins;
    for (const auto& n : names) {
        auto p = newPlugin(n);
        if (!p)
            return Status(StatusCode::InvalidArgument, "unknown admission plugin: " + n);
        plugins.push_back(std::move(p));
    }
    return Chain(std::move(plugins));
}

std::vector<std::string> Chain::pluginNames() const {
    std::vector<std::string> out;
    for (const auto& p : plugins_) out.push_back(p->name());
    return out;
}

std::vector<std::shared_ptr<MutationInterface>> Chain::mutatingPlugins() const {
    std::vector<std::shared_ptr<MutationInterface>> out;
    for (const auto& p : plugins_)
        if (auto m = std::dynamic_pointer_cast<MutationInterface>(p))
            out.push_back(std::move(m));
    return out;
}

std::vector<std::shared_ptr<ValidationInterface>> Chain::validatingPlugins() const {
    std::vector<std::shared_ptr<ValidationInterface>> out;
    for (const auto& p : plugins_)
        if (auto v = std::dynamic_pointer_cast<ValidationInterface>(p))
            out.push_back(std::move(v));
    return out;
}

Status Chain::admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                    std::vector<PluginRun>* runs) const {
    for (const auto& m : mutatingPlugins()) {
        if (!m->handles(attrs.operation))
            continue;
        PluginRun run{m->name(), Phase::Mutating, {}, Status::ok()};
        run.status = m->admit(attrs, lister, &run.notes);
        const Status st = run.status;
        if (runs)
            runs->push_back(std::move(run));
        if (!st.isOk())
            return st;
    }
    return Status::ok();
}

Status Chain::validate(const AdmissionAttributes& attrs, const ObjectLister& lister,
                       std::vector<PluginRun>* runs) const {
    for (const auto& v : validatingPlugins()) {
        if (!v->handles(attrs.operation))
            continue;
        PluginRun run{v->name(), Phase::Validating, {}, Status::ok()};
        run.status = v->validate(attrs, lister, &run.notes);
        const Status st = run.status;
        if (runs)
            runs->push_back(std::move(run));
        if (!st.isOk())
            return st;
    }
    return Status::ok();
}

}  // namespace pilothouse::apiserver::admission
