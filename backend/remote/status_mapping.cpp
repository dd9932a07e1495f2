#include "remote/status_mapping.h"

#include <map>

#include "apiserver/errors.h"

namespace pilothouse::remote {

grpc::StatusCode grpcCode(const Status& status) {
    static const std::map<std::string, grpc::StatusCode> byReason = {
        {"NotFound", grpc::StatusCode::NOT_FOUND},
        {"AlreadyExists", grpc::StatusCode::ALREADY_EXISTS},
        {"Conflict", grpc::StatusCode::ABORTED},
        {"Invalid", grpc::StatusCode::INVALID_ARGUMENT},
        {"BadRequest", grpc::StatusCode::INVALID_ARGUMENT},
        {"Forbidden", grpc::StatusCode::PERMISSION_DENIED},
        {"Unauthorized", grpc::StatusCode::UNAUTHENTICATED},
        {"Gone", grpc::StatusCode::OUT_OF_RANGE},
        {"Expired", grpc::StatusCode::OUT_OF_RANGE},
        {"TooManyRequests", grpc::StatusCode::RESOURCE_EXHAUSTED},
        {"Timeout", grpc::StatusCode::DEADLINE_EXCEEDED},
        {"ServerTimeout", grpc::StatusCode::DEADLINE_EXCEEDED},
        {"MethodNotAllowed", grpc::StatusCode::UNIMPLEMENTED},
        {"NotAcceptable", grpc::StatusCode::INVALID_ARGUMENT},
        {"UnsupportedMediaType", grpc::StatusCode::INVALID_ARGUMENT},
        {"RequestEntityTooLarge", grpc::StatusCode::RESOURCE_EXHAUSTED},
        {"ServiceUnavailable", grpc::StatusCode::UNAVAILABLE},
        {"InternalError", grpc::StatusCode::INTERNAL},
    };
    if (auto it = byReason.find(status.reason()); it != byReason.end()) return it->second;
    // An API error with a code but no reason (the eviction's 500) and errors that are not API
    // errors: the HTTP class decides, then the StatusCode, which is numbered as gRPC's.
    if (status.httpCode() >= 500) return grpc::StatusCode::INTERNAL;
    if (status.code() == StatusCode::Ok || status.code() == StatusCode::Unknown) return grpc::StatusCode::INTERNAL;
    return static_cast<grpc::StatusCode>(static_cast<int>(status.code()));
}

k8s::io::apimachinery::pkg::apis::meta::v1::Status statusObject(const Status& status, const StatusSubject& subject) {
    return apiserver::toStatusObject(status, subject);
}

grpc::Status toGrpcStatus(const Status& status, const StatusSubject& subject, std::string* statusBytes) {
    const auto object = statusObject(status, subject);
    if (statusBytes) object.SerializeToString(statusBytes);
    return grpc::Status(grpcCode(status), object.message());
}

}  // namespace pilothouse::remote
