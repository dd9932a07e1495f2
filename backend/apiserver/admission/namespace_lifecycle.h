// NamespaceLifecycle (k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle): enforces the
// namespace life cycle. It runs in the mutating phase (upstream implements Admit) but never
// changes the object:
//  - deleting an immortal namespace (default, kube-system, kube-public) is Forbidden:
//    namespaces "default" is forbidden: this namespace may not be deleted
//  - creating or updating a namespaced object in a namespace that does not exist is NotFound:
//    namespaces "x" not found
//  - creating one in a namespace being terminated is Forbidden (with a NamespaceTerminating cause):
//    pods "web" is forbidden: unable to create new content in namespace x because it is being
//    terminated
// Cluster-scoped objects, namespaces themselves and deletions of other objects always pass.
#pragma once

#include <set>
#include <string>

#include "apiserver/admission/interface.h"

namespace pilothouse::apiserver::admission {

class NamespaceLifecycle final : public MutationInterface {
public:
    static constexpr const char* kPluginName = "NamespaceLifecycle";

    // kube-apiserver's immortal namespaces: default, kube-system, kube-public.
    NamespaceLifecycle();
    explicit NamespaceLifecycle(std::set<std::string> immortalNamespaces)
        : immortal_(std::move(immortalNamespaces)) {}

    std::string name() const override { return kPluginName; }
    bool handles(Operation op) const override;
    Status admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                 std::vector<sim::Phrase>* notes) override;

private:
    std::set<std::string> immortal_;
};

}  // namespace pilothouse::apiserver::admission
