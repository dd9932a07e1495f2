// The answers every handler writes: a JSON body, and a failed request's metav1.Status with the
// HTTP code of its reason (404 NotFound, 409 Conflict, ...), as kube-apiserver writes them
// (compact JSON and a newline).
#pragma once

#include "api/codec/value.h"
#include "apiserver/endpoints/handler.h"
#include "apiserver/errors.h"

namespace pilothouse::apiserver::endpoints {

HttpResponse jsonResponse(int status, const codec::Value& value);
HttpResponse errorResponse(const Status& status, const StatusSubject& subject = {});

}  // namespace pilothouse::apiserver::endpoints
