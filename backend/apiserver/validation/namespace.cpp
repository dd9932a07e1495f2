#include "apiserver/validation/namespace.h"

#include "apiserver/validation/object_meta.h"

namespace pilothouse::apiserver::validation {

namespace core = k8s::io::api::core::v1;

ErrorList validateNamespace(const core::Namespace& ns) {
    ErrorList errs = validateObjectMeta(ns.metadata(), false, nameIsDNSLabel, "metadata");
    const std::string p = "spec.finalizers";
    for (const auto& f : ns.spec().finalizers()) {
        for (const auto& m : isQualifiedName(f)) errs.push_back(invalid(p, quote(f), m));
        if (f.find('/') == std::string::npos && !isStandardFinalizerName(f))
            errs.push_back(invalid(p, quote(f), "name is neither a standard finalizer name nor is it fully qualified"));
    }
    return errs;
}

ErrorList validateNamespaceUpdate(const core::Namespace& ns, const core::Namespace& oldNs) {
    return validateObjectMetaUpdate(ns.metadata(), oldNs.metadata(), "metadata");
}

ErrorList validateNamespaceStatusUpdate(const core::Namespace& ns, const core::Namespace& oldNs) {
    ErrorList errs = validateObjectMetaUpdate(ns.metadata(), oldNs.metadata(), "metadata");
    if (!ns.metadata().has_deletion_timestamp()) {
        if (ns.status().phase() != "Active")
            errs.push_back(invalid("status.Phase", quote(ns.status().phase()),
                                   "may only be 'Active' if `deletionTimestamp` is empty"));
    } else if (ns.status().phase() != "Terminating") {
        errs.push_back(invalid("status.Phase", quote(ns.status().phase()),
                               "may only be 'Terminating' if `deletionTimestamp` is not empty"));
    }
    return errs;
}

}  // namespace pilothouse::apiserver::validation
