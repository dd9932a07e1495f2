// Helpers shared by the admission plugins: typed access to the generic messages, resource lists
// of quantities, the pod request/limit sums upstream's helpers compute, and admission.NewForbidden.
#pragma once

#include <google/protobuf/map.h>
#include <google/protobuf/message.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "api/resource/quantity.h"
#include "api/scheme.h"
#include "apiserver/admission/interface.h"
#include "core_v1.pb.h"
#include "util/status.h"

namespace pilothouse::apiserver::admission::detail {

// corev1.ResourceList: resource name -> quantity, ordered by name.
using ResourceList = std::map<std::string, resource::Quantity>;

// Parses a proto quantity map; entries that do not parse are left out (validation rejects them
// before admission sees an object).
ResourceList toResourceList(const google::protobuf::Map<std::string, std::string>& m);
// list[k] += other[k] for every k of other.
void addResourceList(ResourceList& list, const ResourceList& other);
// list[k] = max(list[k], other[k]) for every k of other.
void maxResourceList(ResourceList& list, const ResourceList& other);
// "cpu=1,memory=1Gi" (sorted by name; upstream's prettyPrint).
std::string prettyPrint(const ResourceList& list);

// The effective requests/limits of a pod (pkg/api/v1/resource PodRequests/PodLimits, v1.28):
// containers summed, init containers as the maximum they need at any time (restartable "sidecar"
// init containers counted with the containers), plus spec.overhead when `withOverhead` (for
// limits only where the pod already has a limit).
ResourceList podRequests(const k8s::io::api::core::v1::Pod& pod, bool withOverhead);
ResourceList podLimits(const k8s::io::api::core::v1::Pod& pod, bool withOverhead);

// utilerrors.NewAggregate(errs).Error(): one message as is, several de-duplicated in "[a, b]".
std::string aggregateErrors(const std::vector<std::string>& errors);

// "pods", "priorityclasses.scheduling.k8s.io": the request's group resource.
std::string qualifiedResource(const AdmissionAttributes& attrs);
// admission.NewForbidden: `<resource> "<name>" is forbidden: <why>`, the name taken from the
// request, else the object's name or generateName, else "Unknown".
Status forbidden(const AdmissionAttributes& attrs, const std::string& why);

bool isCoreResource(const AdmissionAttributes& attrs, const char* resource);

// The scheme's type for an apiVersion and kind (aborts when the scheme does not serve it).
const api::ResourceType& schemeType(const char* apiVersion, const char* kind);

// Typed views of generic messages (the generated types in practice; otherwise a copy by bytes).
template <typename T>
std::shared_ptr<const T> take(ListedObject m) {
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
        if (auto t = take<T>(std::move(m)))
            out.push_back(std::move(t));
    return out;
}

// The object as T when it is one (nullptr otherwise).
template <typename T>
T* mutableAs(google::protobuf::Message* m) {
    if (!m || m->GetDescriptor() != T::descriptor())
        return nullptr;
    return dynamic_cast<T*>(m);
}
template <typename T>
const T* as(const google::protobuf::Message* m) {
    if (!m || m->GetDescriptor() != T::descriptor())
        return nullptr;
    return dynamic_cast<const T*>(m);
}

}  // namespace pilothouse::apiserver::admission::detail
