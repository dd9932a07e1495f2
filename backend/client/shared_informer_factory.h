// client-go's SharedInformerFactory (k8s.io/client-go/informers): one informer per resource (and
// list options) for every controller of a process. kube-controller-manager's controllers share
// theirs, so a pod is listed, watched, decoded and cached once for all of them, not once per
// controller; each controller adds its own handlers, and whichever syncs an informer first
// delivers its events to every controller's handlers (they only queue keys).
//
// Not thread-safe: used on the simulation's thread, as the informers are. Ownership: borrows the
// API server; the informers it makes live as long as the factory (controllers hold it shared).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "client/informer.h"

namespace pilothouse::client {

class SharedInformerFactory {
public:
    // `client`: what its informers' watches count under (Informer::setWatchClient; "" for the
    // scope of whoever opens them).
    SharedInformerFactory(apiserver::APIServer& server, std::string token, std::string client = "");

    // The informer of `type` with `options`, made on the first ask and the same for every later one.
    Informer& informerFor(const api::ResourceType& type, const ListOptions& options = {});

private:
    apiserver::APIServer& server_;
    std::string token_;
    std::string client_;
    std::map<std::tuple<const api::ResourceType*, std::string, std::string, std::string>, std::unique_ptr<Informer>> informers_;
};

}  // namespace pilothouse::client
