#include "apiserver/validation/authorization.h"

#include "apiserver/validation/object_meta.h"

namespace pilothouse::apiserver::validation {

namespace authorizationv1 = k8s::io::api::authorization::v1;

namespace {

// %#v of the internal authorization.NonResourceAttributes a set pointer points to.
std::string goNonResourceAttributes(const authorizationv1::NonResourceAttributes& a) {
    return "authorization.NonResourceAttributes{Path:" + quote(a.path()) + ", Verb:" + quote(a.verb()) + "}";
}

// The generated String()s' rendering of a *metav1.Time (time.Time's String, or <nil>).
std::string goTimePointer(bool set, const std::string& rfc3339) { return set ? goTime(rfc3339) : "<nil>"; }

// valueToStringGenerated: "*v" for a set optional, "nil" otherwise.
std::string goOptional(bool set, const std::string& value) { return set ? "*" + value : "nil"; }

// map[string]string in a generated String(): sorted "k: v," pairs.
std::string goStringMapString(const StringMap& m) {
    std::string out = "map[string]string{";
    for (const auto& k : sortedKeys(m)) out += k + ": " + m.at(k) + ",";
    return out + "}";
}

bool isEmptyExceptManagedFields(const ObjectMeta& meta) {
    ObjectMeta copy = meta;
    copy.clear_managed_fields();
    return copy.ByteSizeLong() == 0;
}

}  // namespace

std::string goObjectMetaString(const ObjectMeta& m) {
    std::string owners = "[]OwnerReference{";
    for (const auto& o : m.owner_references())
        owners += "OwnerReference{Kind:" + o.kind() + ",Name:" + o.name() + ",UID:" + o.uid() +
                  ",APIVersion:" + o.api_version() + ",Controller:" +
                  goOptional(o.has_controller(), goBool(o.controller())) + ",BlockOwnerDeletion:" +
                  goOptional(o.has_block_owner_deletion(), goBool(o.block_owner_deletion())) + ",},";
    owners += "}";
    std::string managed = "[]ManagedFieldsEntry{";
    for (const auto& e : m.managed_fields())
        managed += "ManagedFieldsEntry{Manager:" + e.manager() + ",Operation:" + e.operation() +
                   ",APIVersion:" + e.api_version() + ",Time:" + goTimePointer(!e.time().empty(), e.time()) +
                   ",FieldsType:" + e.fields_type() + ",FieldsV1:" +
                   (e.fields_v1().empty() ? std::string("<nil>") : e.fields_v1()) +
                   ",Subresource:" + e.subresource() + ",},";
    managed += "}";
    std::string finalizers = "[";
    for (int i = 0; i < m.finalizers_size(); ++i) finalizers += (i ? " " : "") + m.finalizers(i);
    finalizers += "]";
    return "&ObjectMeta{Name:" + m.name() + ",GenerateName:" + m.generate_name() + ",Namespace:" + m.namespace_() +
           ",SelfLink:" + m.self_link() + ",UID:" + m.uid() + ",ResourceVersion:" + m.resource_version() +
           ",Generation:" + goInt(m.generation()) + ",CreationTimestamp:" + goTime(m.creation_timestamp()) +
           ",DeletionTimestamp:" + goTimePointer(m.has_deletion_timestamp(), m.deletion_timestamp()) +
           ",DeletionGracePeriodSeconds:" +
           goOptional(m.has_deletion_grace_period_seconds(), goInt(m.deletion_grace_period_seconds())) +
           ",Labels:" + goStringMapString(m.labels()) + ",Annotations:" + goStringMapString(m.annotations()) +
           ",OwnerReferences:" + owners + ",Finalizers:" + finalizers + ",ManagedFields:" + managed + ",}";
}

ErrorList validateSelfSubjectAccessReview(const authorizationv1::SelfSubjectAccessReview& review) {
    ErrorList errs;
    // ValidateSelfSubjectAccessReviewSpec
    const auto& spec = review.spec();
    if (spec.has_resource_attributes() && spec.has_non_resource_attributes())
        errs.push_back(invalid("spec.nonResourceAttributes", goNonResourceAttributes(spec.non_resource_attributes()),
                               "cannot be specified in combination with resourceAttributes"));
    if (!spec.has_resource_attributes() && !spec.has_non_resource_attributes())
        errs.push_back(invalid("spec.resourceAttributes", quote("null"),
                               "exactly one of nonResourceAttributes or resourceAttributes must be specified"));
    if (!isEmptyExceptManagedFields(review.metadata()))
        errs.push_back(invalid("metadata", goObjectMetaString(review.metadata()), "must be empty"));
    return errs;
}

}  // namespace pilothouse::apiserver::validation
