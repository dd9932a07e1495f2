// Pod validation (pkg/apis/core/validation: ValidatePodCreate, ValidatePodUpdate,
// ValidatePodStatusUpdate, ValidatePodBinding, ValidatePodTemplateSpec and ValidatePodSpec), as
// kube-apiserver v1.28 runs it after defaulting. Errors come in upstream's order, e.g.
//   spec.containers[0].image: Required value
//   spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1
//   spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,...
// Feature gates are those of a default v1.28 kube-apiserver (InPlacePodVerticalScaling off,
// PodSchedulingReadiness on) and --allow-privileged=true.
#pragma once

#include <string>

#include "apiserver/validation/common.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::validation {

struct PodValidationOptions {
    // The object being validated is a Pod (not a template inside another kind).
    bool resourceIsPod = false;
    bool allowInvalidPodDeletionCost = false;
    bool allowInvalidLabelValueInSelector = false;
    bool allowIndivisibleHugePagesValues = false;
    bool allowInvalidTopologySpreadConstraintLabelSelector = false;
    bool allowMutableNodeSelectorAndNodeAffinity = true;
};

// The options upstream derives from the new and (on update) old pod spec: what the old object
// already used stays allowed.
PodValidationOptions podValidationOptions(const k8s::io::api::core::v1::PodSpec* newSpec,
                                          const k8s::io::api::core::v1::PodSpec* oldSpec,
                                          const ObjectMeta* oldMeta, bool resourceIsPod);

ErrorList validatePodSpec(const k8s::io::api::core::v1::PodSpec& spec, const ObjectMeta* podMeta,
                          const std::string& path, const PodValidationOptions& opts);
ErrorList validatePodTemplateSpec(const k8s::io::api::core::v1::PodTemplateSpec& tmpl,
                                  const std::string& path, const PodValidationOptions& opts);
// Annotations with meaning for pods (mirror pod, deletion cost, seccomp, AppArmor).
ErrorList validatePodSpecificAnnotations(const StringMap& annotations,
                                         const k8s::io::api::core::v1::PodSpec& spec,
                                         const std::string& path, const PodValidationOptions& opts);

ErrorList validatePodCreate(const k8s::io::api::core::v1::Pod& pod);
ErrorList validatePodUpdate(const k8s::io::api::core::v1::Pod& newPod,
                            const k8s::io::api::core::v1::Pod& oldPod);
ErrorList validatePodStatusUpdate(const k8s::io::api::core::v1::Pod& newPod,
                                  const k8s::io::api::core::v1::Pod& oldPod);
// pods/binding: target kind "Node" or empty, target name required.
ErrorList validatePodBinding(const k8s::io::api::core::v1::Binding& binding);

// The tolerations rules (also used for pod updates that add tolerations).
ErrorList validateTolerations(const google::protobuf::RepeatedPtrField<k8s::io::api::core::v1::Toleration>& tolerations,
                              const std::string& path);
// Taint effect: NoSchedule, PreferNoSchedule or NoExecute (empty allowed when allowEmpty).
ErrorList validateTaintEffect(const std::string& effect, bool allowEmpty, const std::string& path);
// ValidateResourceRequirements (containers and pod overhead).
ErrorList validateResourceRequirements(const k8s::io::api::core::v1::ResourceRequirements& req,
                                       const std::string& path, const PodValidationOptions& opts);
ErrorList validateNodeSelector(const k8s::io::api::core::v1::NodeSelector& selector, const std::string& path);
ErrorList validatePreemptionPolicy(const std::string& policy, const std::string& path);

// The go-cmp-style summary of how two messages differ, as upstream appends to the pod-update
// Forbidden message ("  core.PodSpec{\n- \tField: old,\n+ \tField: new,\n  }"). Quantity maps
// compare by value.
std::string diffMessages(const google::protobuf::Message& oldMsg, const google::protobuf::Message& newMsg,
                         const std::string& goType);
// apiequality.Semantic.DeepEqual over protobuf messages (quantities compare by value).
bool semanticEqual(const google::protobuf::Message& a, const google::protobuf::Message& b);

}  // namespace pilothouse::apiserver::validation
