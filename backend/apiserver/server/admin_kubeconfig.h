// The kubeconfig `--write-kubeconfig FILE` writes for the server's administrator, as kubeadm
// writes admin.conf: the server's address, the CA that signed its serving certificate, a context
// "pilothouse" with namespace "default", and a user whose token is bound to system:masters.
#pragma once

#include <string>

#include "util/status.h"

namespace pilothouse::apiserver::server {

inline constexpr const char* kAdminUser = "pilothouse-admin";

// The token of `kAdminUser` in the static token file, added to the file (a new random token, in
// group system:masters) when the file has none. Call before the API server reads the file.
StatusOr<std::string> ensureAdminToken(const std::string& tokenFile);

// Writes the kubeconfig (mode 0600: it holds a token). `server` is "https://127.0.0.1:6443";
// `token` "": a server that authenticates nobody (a placeholder token that says so, since kubectl
// prompts for a password when a user has no credentials).
Status writeAdminKubeconfig(const std::string& path, const std::string& server, const std::string& caPem,
                            const std::string& token);

}  // namespace pilothouse::apiserver::server
