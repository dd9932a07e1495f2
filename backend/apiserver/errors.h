// Kubernetes API errors (k8s.io/apimachinery/pkg/api/errors): each builds a Status carrying the
// metav1.Status reason, HTTP code and Kubernetes' own message text, e.g.
//   newNotFound("pods", "web")        -> 404 NotFound      pods "web" not found
//   newConflict("pods", "web", ...)   -> 409 Conflict      Operation cannot be fulfilled on pods "web": ...
//   newInvalid("Pod", "web", errs)    -> 422 Invalid       Pod "web" is invalid: spec.containers[0].image: Required value
// `qualifiedResource` is "pods" for the core group and "deployments.apps" otherwise.
#pragma once

#include <string>

#include "apiserver/validation/field_error.h"
#include "meta_v1.pb.h"
#include "util/status.h"

namespace pilothouse::apiserver {

Status newNotFound(const std::string& qualifiedResource, const std::string& name);
Status newAlreadyExists(const std::string& qualifiedResource, const std::string& name);
Status newConflict(const std::string& qualifiedResource, const std::string& name,
                   const std::string& why);
// The optimistic-concurrency conflict text.
inline constexpr const char* kOptimisticLockMessage =
    "the object has been modified; please apply your changes to the latest version and try again";
Status newUnauthorized(const std::string& message = "Unauthorized");
// `why` is the full reason ("User \"bob\" cannot create resource ..." or an admission message).
Status newForbidden(const std::string& qualifiedResource, const std::string& name,
                    const std::string& why);
Status newInvalid(const std::string& kind, const std::string& name,
                  const validation::ErrorList& errors);
Status newBadRequest(const std::string& message);
// Server-side apply's conflict (errors.NewApplyConflict): 409 Conflict with `message` as is; the
// caller adds one FieldManagerConflict cause per field.
Status newApplyConflict(const std::string& message);
Status newMethodNotSupported(const std::string& qualifiedResource, const std::string& verb);
// What kube-apiserver's router answers when no route serves a request (go-restful's errors as
// NewGenericServerResponse words them), e.g. for the create-only selfsubjectaccessreviews:
//   newRouteNotFound()     404 NotFound          the server could not find the requested resource
//                          (a path it has no route for: a named get, update, patch or delete)
//   newMethodNotAllowed()  405 MethodNotAllowed  the server does not allow this method on the
//                          requested resource (a route without that method: list, watch)
Status newRouteNotFound();
Status newMethodNotAllowed();
// 410 for a resourceVersion older than the compacted history (reason "Expired").
Status newResourceExpired(const std::string& message);
// 504 Timeout "Too large resource version": a read or watch from a revision the store has not
// reached. Clients list again (isTooLargeResourceVersion).
Status newTooLargeResourceVersion(const std::string& message);
bool isTooLargeResourceVersion(const Status& status);
Status newInternalError(const std::string& message);
// Content negotiation (apimachinery's NotAcceptableError / UnsupportedMediaTypeError):
//   406 NotAcceptable         only the following media types are accepted: <accepted>
//   415 UnsupportedMediaType  the body of the request was in an unknown format - accepted media types include: <accepted>
Status newNotAcceptable(const std::string& accepted);
Status newUnsupportedMediaType(const std::string& accepted);
// 413 for a request body over the limit: "Request entity too large: limit is 3145728".
Status newRequestEntityTooLarge(size_t limitBytes);
// 429 TooManyRequests; `retryAfterSeconds` goes to details.retryAfterSeconds (0: none).
Status newTooManyRequests(const std::string& message, int retryAfterSeconds = 0);

// Maps a store error to the API error for that object (NotFound, AlreadyExists, Conflict, Expired).
Status fromStoreError(const Status& storeError, const std::string& qualifiedResource,
                      const std::string& name);

// The metav1.Status object a failed request returns (kind: Status, status: Failure).
k8s::io::apimachinery::pkg::apis::meta::v1::Status toStatusObject(const Status& status);

// What the failed object was, for metav1.StatusDetails (group, kind = the resource as upstream's
// NewNotFound puts it, name).
struct StatusSubject {
    std::string group;
    std::string resource;  // "pods"
    std::string kind;      // "Pod": Invalid errors name the kind, the others the resource
    std::string name;
};

// The metav1.Status a kube-apiserver answers with: toStatusObject, plus the details'
// group/kind/name for the reasons upstream fills them in (NotFound, AlreadyExists, Conflict,
// Forbidden, Invalid).
k8s::io::apimachinery::pkg::apis::meta::v1::Status toStatusObject(const Status& status, const StatusSubject& subject);

}  // namespace pilothouse::apiserver
