#include "apiserver/admission/default_toleration_seconds.h"

#include "apiserver/admission/plugin_util.h"
#include "apiserver/errors.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::admission {

namespace core = k8s::io::api::core::v1;

bool DefaultTolerationSeconds::handles(Operation op) const {
    return op == Operation::Create || op == Operation::Update;
}

Status DefaultTolerationSeconds::admit(AdmissionAttributes& attrs, const ObjectLister&,
                                       std::vector<sim::Phrase>* notes) {
    if (!detail::isCoreResource(attrs, "pods") || !attrs.request.subresource.empty())
        return Status::ok();
    auto* pod = detail::mutableAs<core::Pod>(attrs.object);
    if (!pod) {
        return newBadRequest(
            "expected *api.Pod but got " +
            (attrs.object ? attrs.object->GetDescriptor()->full_name() : std::string("<nil>")));
    }

    bool notReady = false;
    bool unreachable = false;
    for (const auto& t : pod->spec().tolerations()) {
        const bool noExecute = t.effect() == "NoExecute" || t.effect().empty();
        if ((t.key() == kTaintNodeNotReady || t.key().empty()) && noExecute)
            notReady = true;
        if ((t.key() == kTaintNodeUnreachable || t.key().empty()) && noExecute)
            unreachable = true;
    }

    auto add = [&](const char* key, int64_t seconds) {
        core::Toleration* t = pod->mutable_spec()->add_tolerations();
        t->set_key(key);
        t->set_operator_("Exists");
        t->set_effect("NoExecute");
        t->set_toleration_seconds(seconds);
        if (notes)
            notes->push_back({sim::Phrase::Id::SetTolerationSeconds,
                              {std::to_string(seconds), std::string(key) + ":NoExecute"}});
    };
    if (!notReady)
        add(kTaintNodeNotReady, notReadySeconds_);
    if (!unreachable)
        add(kTaintNodeUnreachable, unreachableSeconds_);
    return Status::ok();
}

}  // namespace pilothouse::apiserver::admission
