#include "apiserver/authorization/rbac.h"

#include <functional>
#include <memory>
#include <set>

#include "api/scheme.h"

namespace pilothouse::apiserver::authorization {

namespace rbacv1 = k8s::io::api::rbac::v1;
using google::protobuf::Message;

namespace {

constexpr const char* kRbacApiVersion = "rbac.authorization.k8s.io/v1";

const api::ResourceType& rbacType(const char* kind) {
    const api::ResourceType* t = api::Scheme::instance().byKind(kRbacApiVersion, kind);
    if (!t)
        std::abort();  // the scheme always serves RBAC
    return *t;
}

// The lister hands out generic messages; they are the generated types in practice.
template <typename T>
std::shared_ptr<const T> as(ListedObject m) {
    if (!m)
        return nullptr;
    if (auto t = std::dynamic_pointer_cast<const T>(m))
        return t;
    if (m->GetDescriptor()->full_name() != T::descriptor()->full_name())
        return nullptr;
    auto out = std::make_shared<T>();
    out->ParseFromString(m->SerializeAsString());
    return out;
}

template <typename T>
std::vector<std::shared_ptr<const T>> listAs(const ObjectLister& lister, const api::ResourceType& type,
                                             const std::string& ns) {
    std::vector<std::shared_ptr<const T>> out;
    for (auto& m : lister.list(type, ns))
        if (auto t = as<T>(std::move(m)))
            out.push_back(std::move(t));
    return out;
}

std::string describeSubject(const rbacv1::Subject& s, const std::string& bindingNamespace) {
    if (s.kind() == "ServiceAccount") {
        const std::string& ns = s.namespace_().empty() ? bindingNamespace : s.namespace_();
        return s.kind() + " " + goQuote(s.name() + "/" + ns);
    }
    return s.kind() + " " + goQuote(s.name());
}

// Called with each rule that applies (and a description of where it comes from), or with an
// error; returning false stops the walk.
using Visitor = std::function<bool(const std::function<std::string()>& source,
                                   const rbacv1::PolicyRule* rule, const std::string* error)>;

class RuleResolver {
public:
    explicit RuleResolver(const ObjectLister& lister) : lister_(lister) {}

    // Rules of a role reference, or the error reading it.
    bool roleReferenceRules(const rbacv1::RoleRef& ref, const std::string& bindingNamespace,
                            std::vector<rbacv1::PolicyRule>* rules, std::string* error) const {
        if (ref.kind() == "Role") {
            auto role =
                as<rbacv1::Role>(lister_.get(rbacType("Role"), bindingNamespace, ref.name()));
            if (!role) {
                *error = "role.rbac.authorization.k8s.io " + goQuote(ref.name()) + " not found";
                return false;
            }
            rules->assign(role->rules().begin(), role->rules().end());
            return true;
        }
        if (ref.kind() == "ClusterRole") {
            auto role =
                as<rbacv1::ClusterRole>(lister_.get(rbacType("ClusterRole"), "", ref.name()));
            if (!role) {
                *error =
                    "clusterrole.rbac.authorization.k8s.io " + goQuote(ref.name()) + " not found";
                return false;
            }
            rules->assign(role->rules().begin(), role->rules().end());
            return true;
        }
        *error = "unsupported role reference kind: " + goQuote(ref.kind());
        return false;
    }

    void visitRulesFor(const UserInfo& user, const std::string& ns, const Visitor& visit) const {
        auto clusterBindings =
            listAs<rbacv1::ClusterRoleBinding>(lister_, rbacType("ClusterRoleBinding"), "");
        for (const auto& binding : clusterBindings) {
            const rbacv1::Subject* subject = firstApplying(user, binding->subjects(), "");
            if (!subject)
                continue;
            std::vector<rbacv1::PolicyRule> rules;
            std::string error;
            if (!roleReferenceRules(binding->role_ref(), "", &rules, &error)) {
                if (!visit({}, nullptr, &error))
                    return;
                continue;
            }
            const auto source = [&]() {
                return "ClusterRoleBinding " + goQuote(binding->metadata().name()) + " of " +
                       binding->role_ref().kind() + " " + goQuote(binding->role_ref().name()) +
                       " to " + describeSubject(*subject, "");
            };
            for (const auto& rule : rules)
                if (!visit(source, &rule, nullptr))
                    return;
        }

        if (ns.empty())
            return;
        auto bindings = listAs<rbacv1::RoleBinding>(lister_, rbacType("RoleBinding"), ns);
        for (const auto& binding : bindings) {
            if (binding->metadata().namespace_() != ns && !binding->metadata().namespace_().empty())
                continue;
            const rbacv1::Subject* subject = firstApplying(user, binding->subjects(), ns);
            if (!subject)
                continue;
            std::vector<rbacv1::PolicyRule> rules;
            std::string error;
            if (!roleReferenceRules(binding->role_ref(), ns, &rules, &error)) {
                if (!visit({}, nullptr, &error))
                    return;
                continue;
            }
            const auto source = [&]() {
                return "RoleBinding " + goQuote(binding->metadata().name() + "/" + ns) + " of " +
                       binding->role_ref().kind() + " " + goQuote(binding->role_ref().name()) +
                       " to " + describeSubject(*subject, ns);
            };
            for (const auto& rule : rules)
                if (!visit(source, &rule, nullptr))
                    return;
        }
    }

private:
    static const rbacv1::Subject* firstApplying(
        const UserInfo& user, const google::protobuf::RepeatedPtrField<rbacv1::Subject>& subjects,
        const std::string& ns) {
        for (const auto& s : subjects)
            if (subjectAppliesTo(user, s, ns))
                return &s;
        return nullptr;
    }

    const ObjectLister& lister_;
};

// utilerrors.NewAggregate(...).Error(): one message as is; several (deduplicated) in brackets.
std::string aggregate(const std::vector<std::string>& errors) {
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

}  // namespace

bool verbMatches(const rbacv1::PolicyRule& rule, const std::string& verb) {
    for (const auto& v : rule.verbs())
        if (v == "*" || v == verb)
            return true;
    return false;
}

bool apiGroupMatches(const rbacv1::PolicyRule& rule, const std::string& group) {
    for (const auto& g : rule.api_groups())
        if (g == "*" || g == group)
            return true;
    return false;
}

bool resourceMatches(const rbacv1::PolicyRule& rule, const std::string& combinedResource,
                     const std::string& subresource) {
    for (const auto& r : rule.resources()) {
        if (r == "*" || r == combinedResource)
            return true;
        if (subresource.empty())
            continue;
        // "*/<subresource>" covers that subresource of every resource.
        if (r.size() == subresource.size() + 2 && r.compare(0, 2, "*/") == 0 &&
            r.compare(2, std::string::npos, subresource) == 0)
            return true;
    }
    return false;
}

bool resourceNameMatches(const rbacv1::PolicyRule& rule, const std::string& name) {
    if (rule.resource_names().empty())
        return true;
    for (const auto& n : rule.resource_names())
        if (n == name)
            return true;
    return false;
}

bool nonResourceURLMatches(const rbacv1::PolicyRule& rule, const std::string& path) {
    for (const auto& url : rule.non_resource_urls()) {
        if (url == "*" || url == path)
            return true;
        // "/apis/*" covers every path under that prefix (every trailing '*' is dropped).
        if (!url.empty() && url.back() == '*') {
            const std::string prefix = url.substr(0, url.find_last_not_of('*') + 1);
            if (path.compare(0, prefix.size(), prefix) == 0)
                return true;
        }
    }
    return false;
}

bool ruleAllows(const Attributes& a, const rbacv1::PolicyRule& rule) {
    if (!a.resourceRequest)
        return verbMatches(rule, a.verb) && nonResourceURLMatches(rule, a.path);
    const std::string combined =
        a.subresource.empty() ? a.resource : a.resource + "/" + a.subresource;
    return verbMatches(rule, a.verb) && apiGroupMatches(rule, a.apiGroup) &&
           resourceMatches(rule, combined, a.subresource) && resourceNameMatches(rule, a.name);
}

bool subjectAppliesTo(const UserInfo& user, const rbacv1::Subject& subject, const std::string& ns) {
    if (subject.kind() == "User")
        return user.name == subject.name();
    if (subject.kind() == "Group") {
        for (const auto& g : user.groups)
            if (g == subject.name())
                return true;
        return false;
    }
    if (subject.kind() == "ServiceAccount") {
        const std::string& saNamespace = subject.namespace_().empty() ? ns : subject.namespace_();
        if (saNamespace.empty())
            return false;
        return user.name == "system:serviceaccount:" + saNamespace + ":" + subject.name();
    }
    return false;
}

AuthorizationResult RBACAuthorizer::authorize(const Attributes& attributes) const {
    RuleResolver resolver(lister_);
    bool allowed = false;
    std::string reason;
    std::vector<std::string> errors;
    resolver.visitRulesFor(attributes.user, attributes.namespace_,
                           [&](const std::function<std::string()>& source,
                               const rbacv1::PolicyRule* rule, const std::string* error) {
                               if (rule && ruleAllows(attributes, *rule)) {
                                   allowed = true;
                                   reason = "RBAC: allowed by " + source();
                                   return false;
                               }
                               if (error)
                                   errors.push_back(*error);
                               return true;
                           });
    if (allowed)
        return {Decision::Allow, reason};
    if (!errors.empty())
        return {Decision::NoOpinion, "RBAC: " + aggregate(errors)};
    return {Decision::NoOpinion, ""};
}

std::vector<rbacv1::PolicyRule> RBACAuthorizer::rulesFor(const UserInfo& user,
                                                         const std::string& ns,
                                                         std::vector<std::string>* errors) const {
    std::vector<rbacv1::PolicyRule> rules;
    RuleResolver(lister_).visitRulesFor(
        user, ns,
        [&](const std::function<std::string()>&, const rbacv1::PolicyRule* rule,
            const std::string* error) {
            if (rule)
                rules.push_back(*rule);
            if (error && errors)
                errors->push_back(*error);
            return true;
        });
    return rules;
}

}  // namespace pilothouse::apiserver::authorization
