#include "apiserver/errors.h"

namespace pilothouse::apiserver {
namespace {

Status make(StatusCode code, const char* reason, int http, std::string message) {
    Status s(code, std::move(message));
    s.setReason(reason, http);
    return s;
}

std::string resourceAndName(const std::string& qualifiedResource, const std::string& name) {
    return name.empty() ? qualifiedResource : qualifiedResource + " \"" + name + "\"";
}

}  // namespace

Status newNotFound(const std::string& qualifiedResource, const std::string& name) {
    return make(StatusCode::NotFound, "NotFound", 404,
                resourceAndName(qualifiedResource, name) + " not found");
}

Status newAlreadyExists(const std::string& qualifiedResource, const std::string& name) {
    return make(StatusCode::AlreadyExists, "AlreadyExists", 409,
                resourceAndName(qualifiedResource, name) + " already exists");
}

Status newConflict(const std::string& qualifiedResource, const std::string& name,
                   const std::string& why) {
    return make(StatusCode::Aborted, "Conflict", 409,
                "Operation cannot be fulfilled on " + resourceAndName(qualifiedResource, name) +
                    ": " + why);
}

Status newApplyConflict(const std::string& message) {
    return make(StatusCode::Aborted, "Conflict", 409, message);
}

Status newNotAcceptable(const std::string& accepted) {
    return make(StatusCode::InvalidArgument, "NotAcceptable", 406, "only the following media types are accepted: " + accepted);
}

Status newUnsupportedMediaType(const std::string& accepted) {
    return make(StatusCode::InvalidArgument, "UnsupportedMediaType", 415,
                "the body of the request was in an unknown format - accepted media types include: " + accepted);
}

Status newRequestEntityTooLarge(size_t limitBytes) {
    return make(StatusCode::InvalidArgument, "RequestEntityTooLarge", 413,
                "Request entity too large: limit is " + std::to_string(limitBytes));
}

Status newUnauthorized(const std::string& message) {
    return make(StatusCode::Unauthenticated, "Unauthorized", 401, message);
}

Status newForbidden(const std::string& qualifiedResource, const std::string& name,
                    const std::string& why) {
    // A non-resource request (a path) names no resource.
    if (qualifiedResource.empty()) return make(StatusCode::PermissionDenied, "Forbidden", 403, "forbidden: " + why);
    return make(StatusCode::PermissionDenied, "Forbidden", 403,
                resourceAndName(qualifiedResource, name) + " is forbidden: " + why);
}

Status newInvalid(const std::string& kind, const std::string& name,
                  const validation::ErrorList& errors) {
    std::string msg = kind + " \"" + name + "\" is invalid: ";
    if (errors.size() == 1) {
        msg += errors[0].toString();
    } else {
        msg += "[";
        for (size_t i = 0; i < errors.size(); ++i) msg += (i ? ", " : "") + errors[i].toString();
        msg += "]";
    }
    Status s = make(StatusCode::InvalidArgument, "Invalid", 422, msg);
    for (const auto& e : errors) s.addCause({e.causeType(), e.errorBody(), e.field});
    return s;
}

Status newBadRequest(const std::string& message) {
    return make(StatusCode::InvalidArgument, "BadRequest", 400, message);
}

Status newMethodNotSupported(const std::string& qualifiedResource, const std::string& verb) {
    return make(StatusCode::Unimplemented, "MethodNotAllowed", 405,
                verb + " is not supported on resources of kind \"" + qualifiedResource + "\"");
}

Status newRouteNotFound() {
    return make(StatusCode::NotFound, "NotFound", 404, "the server could not find the requested resource");
}

Status newMethodNotAllowed() {
    return make(StatusCode::Unimplemented, "MethodNotAllowed", 405,
                "the server does not allow this method on the requested resource");
}

Status newResourceExpired(const std::string& message) {
    return make(StatusCode::OutOfRange, "Expired", 410, message);
}

Status newInternalError(const std::string& message) {
    return make(StatusCode::Internal, "InternalError", 500,
                "Internal error occurred: " + message);
}

Status newTooManyRequests(const std::string& message, int retryAfterSeconds) {
    Status s = make(StatusCode::ResourceExhausted, "TooManyRequests", 429, message);
    s.setRetryAfterSeconds(retryAfterSeconds);
    return s;
}

Status newTooLargeResourceVersion(const std::string& message) {
    // storage.NewTooLargeResourceVersionError: errors.NewTimeoutError (504, "Timeout: " + the
    // message, retry after one second) with one cause that clients test for.
    Status s = make(StatusCode::DeadlineExceeded, "Timeout", 504, "Timeout: " + message);
    s.addCause({"ResourceVersionTooLarge", "Too large resource version", ""});
    s.setRetryAfterSeconds(1);
    return s;
}

bool isTooLargeResourceVersion(const Status& status) {
    // client-go's isTooLargeResourceVersionError: the cause, or (from older servers) the text.
    if (status.code() != StatusCode::DeadlineExceeded) return false;
    for (const auto& c : status.causes())
        if (c.type == "ResourceVersionTooLarge") return true;
    return status.message().find("Too large resource version") != std::string::npos;
}

Status fromStoreError(const Status& e, const std::string& qualifiedResource,
                      const std::string& name) {
    switch (e.code()) {
        case StatusCode::NotFound: return newNotFound(qualifiedResource, name);
        case StatusCode::AlreadyExists: return newAlreadyExists(qualifiedResource, name);
        case StatusCode::Aborted:
            return newConflict(qualifiedResource, name, kOptimisticLockMessage);
        case StatusCode::OutOfRange: return newResourceExpired(e.message());
        case StatusCode::DeadlineExceeded: return newTooLargeResourceVersion(e.message());
        default: return newInternalError(e.message());
    }
}

k8s::io::apimachinery::pkg::apis::meta::v1::Status toStatusObject(const Status& status) {
    k8s::io::apimachinery::pkg::apis::meta::v1::Status out;
    out.set_api_version("v1");
    out.set_kind("Status");
    out.mutable_metadata();
    if (status.isOk()) {
        out.set_status("Success");
        out.set_code(200);
        return out;
    }
    out.set_status("Failure");
    out.set_message(status.message());
    // An API error may have no reason (the eviction's 500 for a pod with several budgets); an
    // error that is not an API error is an internal one.
    if (!status.reason().empty()) out.set_reason(status.reason());
    else if (!status.httpCode()) out.set_reason("InternalError");
    out.set_code(status.httpCode() ? status.httpCode() : 500);
    if (status.retryAfterSeconds() > 0) out.mutable_details()->set_retry_after_seconds(status.retryAfterSeconds());
    if (!status.causes().empty()) {
        auto* details = out.mutable_details();
        for (const auto& c : status.causes()) {
            auto* cause = details->add_causes();
            cause->set_reason(c.type);
            cause->set_message(c.message);
            cause->set_field(c.field);
        }
    }
    return out;
}

k8s::io::apimachinery::pkg::apis::meta::v1::Status toStatusObject(const Status& status, const StatusSubject& subject) {
    auto out = toStatusObject(status);
    const std::string& reason = status.reason();
    const bool namesResource = reason == "NotFound" || reason == "AlreadyExists" || reason == "Conflict" ||
                               reason == "Forbidden";
    if (namesResource || reason == "Invalid") {
        auto* details = out.mutable_details();
        details->set_group(subject.group);
        // Upstream puts the resource ("pods") in details.kind for these, the kind for Invalid.
        details->set_kind(reason == "Invalid" ? subject.kind : subject.resource);
        if (!subject.name.empty()) details->set_name(subject.name);
    }
    return out;
}

}  // namespace pilothouse::apiserver
