// The scale subresource (kube-apiserver's ScaleREST for deployments, replicasets, statefulsets and
// replicationcontrollers): the object seen as an autoscaling/v1 Scale — spec.replicas, and the
// status's replicas and label selector — read with GET and changed with PUT or PATCH, which set
// the object's spec.replicas through the API server like any other change.
#pragma once

#include "apiserver/endpoints/handler.h"
#include "apiserver/endpoints/request_info.h"

namespace pilothouse::apiserver::endpoints {

bool hasScaleSubresource(const api::ResourceType& type);

// GET, PUT or PATCH on {resource}/{name}/scale. `request` has the parent's type, namespace, name
// and token; `patchType` and `body` the change (PUT: a Scale as JSON).
HttpResponse serveScale(remote::ApiBackend& backend, const Request& request, const std::string& method,
                        const std::string& contentType, const std::string& body);

}  // namespace pilothouse::apiserver::endpoints
