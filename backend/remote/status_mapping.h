// Kubernetes API errors as gRPC statuses (the table in apiserver_service.proto): the gRPC code
// from the metav1.Status reason, the gRPC message Kubernetes' own message, and the full
// metav1.Status serialized for the "k8s-status-bin" trailing metadata.
#pragma once

#include <grpcpp/support/status.h>

#include <string>

#include "apiserver/errors.h"
#include "meta_v1.pb.h"
#include "util/status.h"

namespace pilothouse::remote {

// The trailing metadata key that carries the serialized metav1.Status of a failed call.
inline constexpr const char* kStatusTrailerKey = "k8s-status-bin";

// The gRPC code for a Kubernetes reason ("NotFound" -> NOT_FOUND, "Conflict" -> ABORTED, ...);
// errors without a known reason keep their StatusCode (which is numbered as gRPC's).
grpc::StatusCode grpcCode(const Status& status);

// What the failed object was (apiserver/errors.h).
using StatusSubject = apiserver::StatusSubject;

// The metav1.Status a kube-apiserver answers with: apiserver::toStatusObject, plus the details'
// group/kind/name for the reasons upstream fills them in (NotFound, AlreadyExists, Conflict,
// Forbidden, Invalid).
k8s::io::apimachinery::pkg::apis::meta::v1::Status statusObject(const Status& status, const StatusSubject& subject);

// The gRPC status for a failed call; `statusBytes` receives the serialized metav1.Status.
grpc::Status toGrpcStatus(const Status& status, const StatusSubject& subject, std::string* statusBytes);

}  // namespace pilothouse::remote
