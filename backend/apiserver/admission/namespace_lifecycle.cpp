#include "apiserver/admission/namespace_lifecycle.h"

#include "apiserver/admission/plugin_util.h"
#include "apiserver/errors.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::admission {

namespace core = k8s::io::api::core::v1;

NamespaceLifecycle::NamespaceLifecycle() : immortal_({"default", "kube-system", "kube-public"}) {}

bool NamespaceLifecycle::handles(Operation op) const {
    return op == Operation::Create || op == Operation::Update || op == Operation::Delete;
}

Status NamespaceLifecycle::admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                                 std::vector<sim::Phrase>* notes) {
    const bool isNamespace = detail::isCoreResource(attrs, "namespaces");
    if (attrs.operation == Operation::Delete && isNamespace && immortal_.count(attrs.request.name))
        return newForbidden("namespaces", attrs.request.name, "this namespace may not be deleted");

    const std::string& ns = attrs.request.namespace_;
    if (ns.empty() && !isNamespace)
        return Status::ok();  // cluster-scoped
    if (isNamespace)
        return Status::ok();  // namespaces themselves always pass
    if (attrs.operation == Operation::Delete)
        return Status::ok();

    auto namespaceObj =
        detail::take<core::Namespace>(lister.get(detail::schemeType("v1", "Namespace"), "", ns));
    if (!namespaceObj)
        return newNotFound("namespaces", ns);

    if (attrs.operation == Operation::Create && namespaceObj->status().phase() == "Terminating") {
        Status st = detail::forbidden(attrs, "unable to create new content in namespace " + ns +
                                                 " because it is being terminated");
        st.addCause({"NamespaceTerminating", "namespace " + ns + " is being terminated",
                     "metadata.namespace"});
        return st;
    }
    return Status::ok();
}

}  // namespace pilothouse::apiserver::admission
