// batch/v1 Job validation (pkg/apis/batch/validation, v1.28, default feature gates: elastic
// Indexed Jobs and mutable scheduling directives of suspended Jobs on), e.g.
//   spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"
//   spec.completions: Required value: when completion mode is Indexed
//   spec.selector: Invalid value: v1.LabelSelector{...}: `selector` not auto-generated
//   spec.template.metadata.labels[controller-uid]: Required value: <uid>
// The Job's pod template is rendered as `core.PodTemplateSpec{...}` in "field is immutable"
// errors (upstream prints the whole struct with %#v).
#pragma once

#include "apiserver/validation/common.h"
#include "batch_v1.pb.h"

namespace pilothouse::apiserver::validation {

ErrorList validateJob(const k8s::io::api::batch::v1::Job& job);
ErrorList validateJobUpdate(const k8s::io::api::batch::v1::Job& job, const k8s::io::api::batch::v1::Job& old);
ErrorList validateJobStatusUpdate(const k8s::io::api::batch::v1::Job& job, const k8s::io::api::batch::v1::Job& old);

}  // namespace pilothouse::apiserver::validation
