#include "apiserver/validation/object_meta.h"

#include <algorithm>
#include <set>

namespace pilothouse::apiserver::validation {

namespace {

using OwnerReference = k8s::io::apimachinery::pkg::apis::meta::v1::OwnerReference;

std::string goOwnerReference(const OwnerReference& r) {
    return "v1.OwnerReference{APIVersion:" + quote(r.api_version()) + ", Kind:" + quote(r.kind()) +
           ", Name:" + quote(r.name()) + ", UID:" + quote(r.uid()) +
           ", Controller:" + (r.has_controller() ? goPointer("*bool") : "(*bool)(nil)") +
           ", BlockOwnerDeletion:" +
           (r.has_block_owner_deletion() ? goPointer("*bool") : "(*bool)(nil)") + "}";
}

// schema.ParseGroupVersion: "" -> {}, "v1" -> {"", "v1"}, "apps/v1" -> {"apps", "v1"}; more
// than one slash is an error (FromAPIVersionAndKind then keeps only the kind).
std::pair<std::string, std::string> parseGroupVersion(const std::string& apiVersion) {
    if (apiVersion.empty() || apiVersion == "/") return {"", ""};
    const auto first = apiVersion.find('/');
    if (first == std::string::npos) return {"", apiVersion};
    if (apiVersion.find('/', first + 1) != std::string::npos) return {"", ""};
    return {apiVersion.substr(0, first), apiVersion.substr(first + 1)};
}

ErrorList validateOwnerReferences(const ObjectMeta& meta, const std::string& path) {
    ErrorList errs;
    std::string firstController;
    for (const auto& ref : meta.owner_references()) {
        const auto [group, version] = parseGroupVersion(ref.api_version());
        if (version.empty())
            errs.push_back(invalid(child(path, "apiVersion"), quote(ref.api_version()),
                                   "version must not be empty"));
        if (ref.kind().empty())
            errs.push_back(invalid(child(path, "kind"), quote(ref.kind()), "must not be empty"));
        if (ref.name().empty())
            errs.push_back(invalid(child(path, "name"), quote(ref.name()), "must not be empty"));
        if (ref.uid().empty())
            errs.push_back(invalid(child(path, "uid"), quote(ref.uid()), "must not be empty"));
        if (group.empty() && version == "v1" && ref.kind() == "Event")
            errs.push_back(invalid(path, goOwnerReference(ref),
                                   "/v1, Kind=Event is disallowed from being an owner"));
        if (ref.has_controller() && ref.controller()) {
            const std::string current = ref.kind() + "/" + ref.name();
            if (!firstController.empty()) {
                std::string all = "[]v1.OwnerReference{";
                for (int i = 0; i < meta.owner_references_size(); ++i) {
                    if (i) all += ", ";
                    all += goOwnerReference(meta.owner_references(i));
                }
                all += "}";
                errs.push_back(invalid(path, all,
                                       "Only one reference can have Controller set to true. Found "
                                       "\"true\" in references for " +
                                           firstController + " and " + current));
            } else {
                firstController = current;
            }
        }
    }
    return errs;
}

ErrorList validateKubeFinalizerNames(const StringList& finalizers, const std::string& path) {
    ErrorList errs;
    for (int i = 0; i < finalizers.size(); ++i) {
        const std::string& f = finalizers.Get(i);
        if (f.find('/') == std::string::npos && !isStandardFinalizerName(f))
            errs.push_back(invalid(index(path, i), quote(f),
                                   "name is neither a standard finalizer name nor is it fully qualified"));
    }
    return errs;
}

ErrorList validateCommon(const ObjectMeta& meta, bool namespaced, const std::string& path) {
    ErrorList errs;
    if (namespaced) {
        if (meta.namespace_().empty()) {
            errs.push_back(required(child(path, "namespace"), ""));
        } else {
            for (const auto& msg : nameIsDNSLabel(meta.namespace_(), false))
                errs.push_back(invalid(child(path, "namespace"), quote(meta.namespace_()), msg));
        }
    } else if (!meta.namespace_().empty()) {
        errs.push_back(forbidden(child(path, "namespace"), "not allowed on this type"));
    }
    append(errs, validateNonnegativeField(meta.generation(), child(path, "generation")));
    append(errs, validateLabels(meta.labels(), child(path, "labels")));
    append(errs, validateAnnotations(meta.annotations(), child(path, "annotations")));
    append(errs, validateOwnerReferences(meta, child(path, "ownerReferences")));
    append(errs, validateFinalizers(meta.finalizers(), child(path, "finalizers")));
    return errs;
}

std::string goOptionalInt(bool has, int64_t v) { return has ? goInt(v) : "null"; }

}  // namespace

std::string goTime(const std::string& ts) {
    if (ts.empty()) return "0001-01-01 00:00:00 +0000 UTC";
    // YYYY-MM-DDTHH:MM:SS[.frac]Z
    if (ts.size() >= 20 && ts[10] == 'T' && ts.back() == 'Z') {
        std::string frac;
        if (ts.size() > 20 && ts[19] == '.') {
            frac = ts.substr(19, ts.size() - 20);
            while (!frac.empty() && frac.back() == '0') frac.pop_back();
            if (frac == ".") frac.clear();
        }
        return ts.substr(0, 10) + " " + ts.substr(11, 8) + frac + " +0000 UTC";
    }
    return ts;
}

ErrorList validateFinalizers(const StringList& finalizers, const std::string& path) {
    ErrorList errs;
    bool orphan = false, foreground = false;
    for (const auto& f : finalizers) {
        for (const auto& msg : isQualifiedName(f)) errs.push_back(invalid(path, quote(f), msg));
        orphan = orphan || f == "orphan";
        foreground = foreground || f == "foregroundDeletion";
    }
    if (orphan && foreground)
        errs.push_back(invalid(path, goStringSlice(finalizers),
                               "finalizer orphan and foregroundDeletion cannot be both set"));
    return errs;
}

namespace {
ErrorList objectMetaCreate(const ObjectMeta& meta, bool namespaced, NameFn nameFn, const std::string& path, bool kube);
ErrorList objectMetaUpdate(const ObjectMeta& newMeta, const ObjectMeta& oldMeta, const std::string& path, bool kube);
}  // namespace

ErrorList validateObjectMeta(const ObjectMeta& meta, bool namespaced, NameFn nameFn, const std::string& path) {
    return objectMetaCreate(meta, namespaced, nameFn, path, true);
}

ErrorList validateObjectMetaGeneric(const ObjectMeta& meta, bool namespaced, const std::string& path) {
    return objectMetaCreate(meta, namespaced, nameIsPathSegment, path, false);
}

ErrorList validateObjectMetaUpdate(const ObjectMeta& newMeta, const ObjectMeta& oldMeta, const std::string& path) {
    return objectMetaUpdate(newMeta, oldMeta, path, true);
}

ErrorList validateObjectMetaUpdateGeneric(const ObjectMeta& newMeta, const ObjectMeta& oldMeta, const std::string& path) {
    return objectMetaUpdate(newMeta, oldMeta, path, false);
}

namespace {

ErrorList objectMetaCreate(const ObjectMeta& meta, bool namespaced, NameFn nameFn, const std::string& path, bool kube) {
    ErrorList errs;
    if (!meta.generate_name().empty())
        for (const auto& msg : nameFn(meta.generate_name(), true))
            errs.push_back(invalid(child(path, "generateName"), quote(meta.generate_name()), msg));
    if (meta.name().empty()) {
        errs.push_back(required(child(path, "name"), "name or generateName is required"));
    } else {
        for (const auto& msg : nameFn(meta.name(), false))
            errs.push_back(invalid(child(path, "name"), quote(meta.name()), msg));
    }
    append(errs, validateCommon(meta, namespaced, path));
    if (kube) append(errs, validateKubeFinalizerNames(meta.finalizers(), child(path, "finalizers")));
    return errs;
}

ErrorList objectMetaUpdate(const ObjectMeta& newMeta, const ObjectMeta& oldMeta, const std::string& path, bool kube) {
    ErrorList errs;
    if (oldMeta.has_deletion_timestamp()) {
        std::set<std::string> old(oldMeta.finalizers().begin(), oldMeta.finalizers().end());
        std::set<std::string> extra;
        for (const auto& f : newMeta.finalizers())
            if (!old.count(f)) extra.insert(f);
        if (!extra.empty()) {
            std::string list = "[]string{";
            bool first = true;
            for (const auto& f : extra) {
                if (!first) list += ", ";
                first = false;
                list += quote(f);
            }
            list += "}";
            errs.push_back(forbidden(child(path, "finalizers"),
                                     "no new finalizers can be added if the object is being deleted, "
                                     "found new finalizers " + list));
        }
    }
    if (newMeta.generation() < oldMeta.generation())
        errs.push_back(invalid(child(path, "generation"), goInt(newMeta.generation()), "must not be decremented"));
    append(errs, validateImmutableString(quote(newMeta.name()), quote(oldMeta.name()), child(path, "name")));
    append(errs, validateImmutableString(quote(newMeta.namespace_()), quote(oldMeta.namespace_()),
                                         child(path, "namespace")));
    append(errs, validateImmutableString(quote(newMeta.uid()), quote(oldMeta.uid()), child(path, "uid")));
    append(errs, validateImmutableString(goTime(newMeta.creation_timestamp()),
                                         goTime(oldMeta.creation_timestamp()),
                                         child(path, "creationTimestamp")));
    auto deletion = [](const ObjectMeta& m) {
        return m.has_deletion_timestamp() ? goTime(m.deletion_timestamp()) : std::string("null");
    };
    append(errs, validateImmutableString(deletion(newMeta), deletion(oldMeta), child(path, "deletionTimestamp")));
    append(errs, validateImmutableString(
                     goOptionalInt(newMeta.has_deletion_grace_period_seconds(), newMeta.deletion_grace_period_seconds()),
                     goOptionalInt(oldMeta.has_deletion_grace_period_seconds(), oldMeta.deletion_grace_period_seconds()),
                     child(path, "deletionGracePeriodSeconds")));
    append(errs, validateLabels(newMeta.labels(), child(path, "labels")));
    append(errs, validateAnnotations(newMeta.annotations(), child(path, "annotations")));
    append(errs, validateOwnerReferences(newMeta, child(path, "ownerReferences")));
    append(errs, validateFinalizers(newMeta.finalizers(), child(path, "finalizers")));
    if (kube) append(errs, validateKubeFinalizerNames(newMeta.finalizers(), child(path, "finalizers")));
    return errs;
}

}  // namespace

}  // namespace pilothouse::apiserver::validation
