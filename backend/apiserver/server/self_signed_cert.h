// The serving certificate kube-apiserver makes for itself when given none
// (--cert-dir, MaybeDefaultWithSelfSignedCerts): here a small CA and a serving certificate it
// signs, so that a kubeconfig can trust the CA and keep working when the serving certificate is
// made again for another address. ECDSA P-256 keys, by OpenSSL.
//
//   DIR/ca.crt, DIR/ca.key                 the CA (ten years), made once
//   DIR/apiserver.crt, DIR/apiserver.key   the serving certificate (one year), made again when it
//                                          does not name every host asked for, or expires soon
#pragma once

#include <string>
#include <vector>

#include "util/status.h"

namespace pilothouse::apiserver::server {

struct ServingCertificate {
    std::string caFile;
    std::string certFile;
    std::string keyFile;
    bool created = false;  // made now (else reused from DIR)
};

// `hosts`: DNS names and IP addresses the certificate must be valid for ("localhost",
// "127.0.0.1"). Creates DIR when needed (mode 0700; keys 0600). Errors name the file.
StatusOr<ServingCertificate> ensureServingCertificate(const std::string& dir, const std::vector<std::string>& hosts);

// The hosts a serving certificate for `listenHost` should name: localhost, 127.0.0.1, ::1, this
// machine's name, and the listen host itself — or, for a wildcard (0.0.0.0, ::), every address of
// this machine's interfaces.
std::vector<std::string> certificateHosts(const std::string& listenHost);

// Where Pilothouse keeps its state when no store file says otherwise: $XDG_STATE_HOME/pilothouse,
// else ~/.local/state/pilothouse (the self-made CA goes to its pki/).
std::string defaultStateDir();

// The address clients should dial for `listenHost`: itself, or for a wildcard the first
// non-loopback IPv4 address of this machine (else 127.0.0.1).
std::string advertisedHost(const std::string& listenHost);

// The PEM text of a file, or an error naming it.
StatusOr<std::string> readPem(const std::string& file);

}  // namespace pilothouse::apiserver::server
