// The cluster an exec plugin is told about (client-go rest/exec.go, ConfigToExecCluster): the
// fields of a resolved RestConfig the plugin would need to reach the same API server itself.
#pragma once

#include "client/auth/exec/types.h"
#include "client/clientcmd/rest_config.h"
#include "util/status.h"

namespace pilothouse::client::auth::exec {

// The server as the config names it, the TLS server name, insecure-skip-tls-verify, the CA bundle
// (the data when set, else the CA file read now), the proxy URL as Go prints it back, and
// disable-compression. A CA file that cannot be read fails with upstream's text: "failed to load
// CA bundle for execProvider: open /x/ca.crt: no such file or directory".
StatusOr<ExecCluster> execClusterFor(const clientcmd::RestConfig& config);

}  // namespace pilothouse::client::auth::exec
