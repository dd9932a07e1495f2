// Cluster DNS (CoreDNS's kubernetes plugin, the records of the Kubernetes DNS specification):
// <service>.<namespace>.svc.cluster.local is the Service's ClusterIP, or for a headless Service
// (clusterIP: None) the IPs of its ready endpoints (from its EndpointSlices); <a-b-c-d>.<namespace>.pod.cluster.local is
// that pod IP. Names are looked up as a pod's resolver would: a name with fewer than five dots
// (ndots:5) is tried with the pod's search domains first (<ns>.svc.cluster.local,
// svc.cluster.local, cluster.local).
#pragma once

#include <string>
#include <vector>

#include "client/informer.h"

namespace pilothouse::dns {

struct Answer {
    std::string name;               // the fully qualified name that matched ("" when none)
    std::vector<std::string> ips;   // A records, sorted
    std::string rcode = "NXDOMAIN";  // "NOERROR" or "NXDOMAIN"
};

class ClusterDNS {
public:
    explicit ClusterDNS(apiserver::APIServer& server, std::string clusterDomain = "cluster.local", std::string token = "");

    Status start();
    StatusOr<size_t> sync();

    // A fully qualified name (a trailing dot is accepted).
    Answer resolve(const std::string& fqdn) const;
    // As a pod in `podNamespace` asks: search domains applied to short names.
    Answer resolveFrom(const std::string& podNamespace, const std::string& name) const;

private:
    std::string domain_;
    client::Informer services_;
    client::Informer endpoints_;
};

}  // namespace pilothouse::dns
