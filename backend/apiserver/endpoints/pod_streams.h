// The pod subresources that stream from a container through its node's kubelet — log, exec,
// attach, portforward (kube-apiserver's LogREST, ExecREST, AttachREST, PortForwardREST). The
// simulated kubelets run no processes, so none of them has anything to stream: the request is
// authorized and checked as kube-apiserver checks it (the pod exists, it has a node, the
// container is named or the only one, it has started), and then answered with a clear 400 saying
// that the container is simulated — never with invented log lines or a fake shell.
#pragma once

#include <string>

#include "apiserver/endpoints/handler.h"

namespace pilothouse::apiserver::endpoints {

bool isPodStreamSubresource(const std::string& subresource);

// `request`: the pod (type pods, namespace, name, token) and the subresource; `verb` as
// RequestInfo made it (get for GET, create for POST); `container` the query's container ("" =
// not given).
HttpResponse servePodStream(remote::ApiBackend& backend, const Request& request, const std::string& verb,
                            const std::string& container);

}  // namespace pilothouse::apiserver::endpoints
