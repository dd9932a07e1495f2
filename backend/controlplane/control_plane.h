// The control plane assembled (upstream's pkg/controlplane): the versioned store, the API server
// with its authentication, authorization and admission chain, and the clock they share. It also
// bootstraps what every cluster starts with, as kube-apiserver's bootstrap controllers do: the
// default, kube-system, kube-public and kube-node-lease namespaces, the system-node-critical and
// system-cluster-critical PriorityClasses, the cluster-admin ClusterRole bound to system:masters,
// system:basic-user (create selfsubjectaccessreviews, selfsubjectrulesreviews and
// selfsubjectreviews) bound to system:authenticated, system:discovery (discovery, OpenAPI,
// version, health) bound to system:authenticated, and system:public-info-viewer (version, health)
// bound to everyone.
//
// The scheduler, controllers and kubelets of later stages attach to it through the API server only.
#pragma once

#include <memory>
#include <string>

#include "apiserver/server.h"
#include "sim/clock.h"
#include "store/store.h"
#include "features/kube_features.h"
#include "util/status.h"

namespace pilothouse::controlplane {

struct Options {
    // Store file; ":memory:" keeps everything in memory.
    std::string storePath = ":memory:";
    // kube-apiserver's --token-auth-file. Empty: no authentication — every request acts as
    // system:admin (group system:masters), for in-process use and the local CLI.
    std::string tokenFile;
    // --anonymous-auth: requests without a token act as system:anonymous (then RBAC decides).
    bool anonymousAuth = false;
    // Admission plugins, in kube-apiserver's order (--enable-admission-plugins).
    std::vector<std::string> admissionPlugins = {"NamespaceLifecycle", "LimitRanger",
                                                 "DefaultTolerationSeconds", "Priority",
                                                 "ResourceQuota"};
    // --feature-gates.
    features::FeatureGates features;
    // Seeds UIDs and generated names. Combined with the store's revision so that separate runs
    // over one store file never repeat a UID, while a given history always replays the same.
    uint64_t seed = 1;
};

class ControlPlane {
public:
    // `clock` must outlive the control plane (a VirtualClock in simulations, a RealClock for the
    // CLI). Errors: the store cannot be opened, the token file cannot be read, an unknown
    // admission plugin.
    static StatusOr<std::unique_ptr<ControlPlane>> start(const Options& options,
                                                         const sim::Clock& clock);
    ~ControlPlane();

    apiserver::APIServer& apiServer() { return *apiServer_; }
    store::Store& store() { return *store_; }
    const sim::Clock& clock() const { return clock_; }
    // The bearer token of kube-apiserver's loopback client: user system:apiserver in group
    // system:masters. In-process components (bootstrap, the embedded GUI's client) use it when
    // authentication is on. Random per process; never written anywhere.
    const std::string& loopbackToken() const { return loopbackToken_; }

private:
    explicit ControlPlane(const sim::Clock& clock);
    Status bootstrap();

    const sim::Clock& clock_;
    std::string loopbackToken_;
    std::unique_ptr<store::Store> store_;
    struct Auth;
    std::unique_ptr<Auth> auth_;
    std::unique_ptr<apiserver::APIServer> apiServer_;
};

}  // namespace pilothouse::controlplane
