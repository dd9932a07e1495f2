#include "apiserver/admission/priority.h"

#include <optional>

#include "apiserver/admission/plugin_util.h"
#include "apiserver/errors.h"
#include "core_v1.pb.h"
#include "scheduling_v1.pb.h"

namespace pilothouse::apiserver::admission {

namespace core = k8s::io::api::core::v1;
using k8s::io::api::scheduling::v1::PriorityClass;

namespace {

const api::ResourceType& priorityClassType() {
    return detail::schemeType("scheduling.k8s.io/v1", "PriorityClass");
}

// The globalDefault class with the lowest value, if any.
std::shared_ptr<const PriorityClass> defaultClass(const ObjectLister& lister) {
    std::shared_ptr<const PriorityClass> best;
    for (auto& pc : detail::listAs<PriorityClass>(lister, priorityClassType(), "")) {
        if (!pc->global_default())
            continue;
        if (!best || best->value() > pc->value())
            best = std::move(pc);
    }
    return best;
}

}  // namespace

ResolvedPriority resolvedFrom(const PriorityClass& pc) {
    ResolvedPriority r;
    r.className = pc.metadata().name();
    r.value = pc.value();
    if (pc.has_preemption_policy()) r.preemptionPolicy = pc.preemption_policy();
    return r;
}

std::optional<ResolvedPriority> builtInPriorityClass(const std::string& name) {
    if (name == Priority::kSystemNodeCritical) return ResolvedPriority{name, Priority::kSystemNodeCriticalValue};
    if (name == Priority::kSystemClusterCritical) return ResolvedPriority{name, Priority::kSystemClusterCriticalValue};
    return std::nullopt;
}

std::string priorityMismatchMessage(int32_t given, const ResolvedPriority& computed) {
    return "the integer value of priority (" + std::to_string(given) +
           ") must not be provided in pod spec; priority admission controller computed " +
           std::to_string(computed.value) + " from the given PriorityClass name";
}

std::string preemptionPolicyMismatchMessage(const std::string& given, const ResolvedPriority& computed) {
    return "the string value of PreemptionPolicy (" + given +
           ") must not be provided in pod spec; priority admission controller computed " + computed.preemptionPolicy +
           " from the given PriorityClass name";
}

bool Priority::handles(Operation op) const {
    return op == Operation::Create || op == Operation::Update || op == Operation::Delete;
}

Status Priority::admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                       std::vector<sim::Phrase>* notes) {
    if (!attrs.request.subresource.empty() || !detail::isCoreResource(attrs, "pods"))
        return Status::ok();
    if (attrs.operation != Operation::Create && attrs.operation != Operation::Update)
        return Status::ok();
    auto* pod = detail::mutableAs<core::Pod>(attrs.object);
    if (!pod)
        return newBadRequest("resource was marked with kind Pod but was unable to be converted");
    core::PodSpec* spec = pod->mutable_spec();

    if (attrs.operation == Operation::Update) {
        const auto* old = detail::as<core::Pod>(attrs.oldObject);
        if (!old)
            return newBadRequest(
                "resource was marked with kind Pod but was unable to be converted");
        if (!spec->has_priority() && old->spec().has_priority())
            spec->set_priority(old->spec().priority());
        if (!spec->has_preemption_policy() && old->spec().has_preemption_policy())
            spec->set_preemption_policy(old->spec().preemption_policy());
        return Status::ok();
    }

    ResolvedPriority resolved;
    if (spec->priority_class_name().empty()) {
        if (auto pc = defaultClass(lister)) {
            resolved = resolvedFrom(*pc);
            spec->set_priority_class_name(resolved.className);
            if (notes)
                notes->push_back({sim::Phrase::Id::SetDefaultPriorityClass, {resolved.className}});
        }
    } else {
        const std::string& name = spec->priority_class_name();
        if (auto pc = detail::take<PriorityClass>(lister.get(priorityClassType(), "", name))) {
            resolved = resolvedFrom(*pc);
        } else if (auto b = builtInPriorityClass(name)) {
            resolved = *b;
        } else {
            return detail::forbidden(attrs, "no PriorityClass with name " + name + " was found");
        }
    }

    if (spec->has_priority() && spec->priority() != resolved.value)
        return detail::forbidden(attrs, priorityMismatchMessage(spec->priority(), resolved));
    spec->set_priority(resolved.value);
    if (notes)
        notes->push_back({sim::Phrase::Id::SetField, {"priority", std::to_string(resolved.value)}});

    if (spec->has_preemption_policy() && spec->preemption_policy() != resolved.preemptionPolicy)
        return detail::forbidden(attrs, preemptionPolicyMismatchMessage(spec->preemption_policy(), resolved));
    spec->set_preemption_policy(resolved.preemptionPolicy);
    if (notes)
        notes->push_back({sim::Phrase::Id::SetField, {"preemptionPolicy", resolved.preemptionPolicy}});
    return Status::ok();
}

Status Priority::validate(const AdmissionAttributes& attrs, const ObjectLister& lister,
                          std::vector<sim::Phrase>*) {
    if (!attrs.request.subresource.empty())
        return Status::ok();
    if (!attrs.type || attrs.type->group != "scheduling.k8s.io" ||
        attrs.type->resource != "priorityclasses")
        return Status::ok();
    if (attrs.operation != Operation::Create && attrs.operation != Operation::Update)
        return Status::ok();
    const auto* pc = detail::as<PriorityClass>(attrs.object);
    if (!pc) {
        return newBadRequest(
            "resource was marked with kind PriorityClass but was unable to be converted");
    }
    if (!pc->global_default())
        return Status::ok();
    auto dpc = defaultClass(lister);
    if (!dpc)
        return Status::ok();
    if (attrs.operation == Operation::Create ||
        (attrs.operation == Operation::Update && dpc->metadata().name() != pc->metadata().name())) {
        return detail::forbidden(attrs, "PriorityClass " + dpc->metadata().name() +
                                            " is already marked as default. Only one default can "
                                            "exist");
    }
    return Status::ok();
}

}  // namespace pilothouse::apiserver::admission
