// Authorization (k8s.io/apiserver/pkg/authorization): may this user do this?
//
// An Authorizer answers Allow, Deny or NoOpinion with a reason, as upstream's
// authorizer.Authorizer. kube-apiserver puts a privileged-group authorizer for "system:masters"
// in front of its configured modes (RBAC here) and asks them in turn through a union: the first
// Allow or Deny decides; when every one has no opinion the request is forbidden, and the message
// is built from the request attributes (forbiddenReason) plus the authorizers' reasons, e.g.
//   pods "web" is forbidden: User "bob" cannot get resource "pods" in API group "" in the
//   namespace "default"
// Thread-safety: authorize() may be called concurrently on every authorizer here.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "apiserver/request.h"
#include "util/status.h"

namespace pilothouse::apiserver::authorization {

enum class Decision { Deny, Allow, NoOpinion };

const char* decisionName(Decision decision);  // "Deny", "Allow", "NoOpinion"

struct AuthorizationResult {
    Decision decision = Decision::NoOpinion;
    std::string reason;  // may be empty
};

class Authorizer {
public:
    virtual ~Authorizer() = default;
    virtual AuthorizationResult authorize(const Attributes& attributes) const = 0;
};

// user.SystemPrivilegedGroup.
inline constexpr const char* kSystemPrivilegedGroup = "system:masters";

// Allows every request of a user in one of `groups` (empty reason); no opinion otherwise.
class PrivilegedGroupAuthorizer final : public Authorizer {
public:
    explicit PrivilegedGroupAuthorizer(std::vector<std::string> groups = {kSystemPrivilegedGroup})
        : groups_(std::move(groups)) {}
    AuthorizationResult authorize(const Attributes& attributes) const override;

private:
    std::vector<std::string> groups_;
};

// --authorization-mode=AlwaysAllow / AlwaysDeny ("Everything is forbidden.", no opinion).
class AlwaysAllowAuthorizer final : public Authorizer {
public:
    AuthorizationResult authorize(const Attributes&) const override {
        return {Decision::Allow, ""};
    }
};
class AlwaysDenyAuthorizer final : public Authorizer {
public:
    AuthorizationResult authorize(const Attributes&) const override {
        return {Decision::NoOpinion, "Everything is forbidden."};
    }
};

// Asks each authorizer in order; the first Allow or Deny is the answer. Otherwise NoOpinion with
// the non-empty reasons joined by "\n".
class UnionAuthorizer final : public Authorizer {
public:
    explicit UnionAuthorizer(std::vector<std::shared_ptr<const Authorizer>> authorizers)
        : authorizers_(std::move(authorizers)) {}
    AuthorizationResult authorize(const Attributes& attributes) const override;

private:
    std::vector<std::shared_ptr<const Authorizer>> authorizers_;
};

// The forbidden text for a request (responsewriters.forbiddenMessage):
//   User "bob" cannot create resource "pods" in API group "" in the namespace "default"
//   User "bob" cannot list resource "nodes" in API group "" at the cluster scope
//   User "bob" cannot create resource "pods/binding" in API group "" in the namespace "default"
//   User "bob" cannot get path "/healthz"
std::string forbiddenReason(const Attributes& attributes);
// forbiddenReason plus ": <reason>" when the authorizers gave one (what the 403 carries after
// "<resource> \"<name>\" is forbidden: ").
std::string forbiddenMessage(const Attributes& attributes, const std::string& authorizerReason);
// The 403 error: newForbidden("<resource>[.<group>]", name, forbiddenMessage(...)).
Status forbiddenError(const Attributes& attributes, const std::string& authorizerReason);

// Go's %q for a string (quotes, backslash escapes for quotes, backslashes and control bytes).
std::string goQuote(const std::string& s);

}  // namespace pilothouse::apiserver::authorization
