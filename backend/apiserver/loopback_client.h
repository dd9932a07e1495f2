// The control plane's own in-process clients. kube-apiserver gives the components it runs in its
// process a loopback client whose requests authenticate as system:apiserver (group
// system:masters). Pilothouse's simulated scheduler, controllers and kubelets run in the control
// plane's process too: requests they make without a bearer token on a thread inside a
// LoopbackClientScope authenticate as that loopback user, so a control plane with a token file
// (pilothouse-server --tokens) still runs them. A request from anywhere else (a gRPC call, a
// thread outside the scope) gets no such identity.
#pragma once

namespace pilothouse::apiserver {

class LoopbackClientScope {
public:
    LoopbackClientScope();
    ~LoopbackClientScope();
    LoopbackClientScope(const LoopbackClientScope&) = delete;
    LoopbackClientScope& operator=(const LoopbackClientScope&) = delete;

    // True on a thread inside at least one scope.
    static bool active();
};

}  // namespace pilothouse::apiserver
