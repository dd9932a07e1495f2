// The request an exec plugin finds in $KUBERNETES_EXEC_INFO: an ExecCredential with only its spec
// set, encoded as client-go encodes it (runtime.Encode with the JSON serializer, i.e. Go's
// encoding/json through a json.Encoder):
//   {"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","spec":{"interactive":false}}
// followed by a newline. Fields come in the order of the Go structs; status is never sent.
#pragma once

#include <string>
#include <string_view>

#include "client/auth/exec/types.h"

namespace pilothouse::client::auth::exec {

// `cluster` is null unless the exec config sets provideClusterInfo (and a cluster is known). Then
// spec.cluster holds "server" always; "tls-server-name", "insecure-skip-tls-verify",
// "certificate-authority-data" (base64), "proxy-url" and "disable-compression" only when set
// (omitempty); and "config": null, since no cluster extension is ever kept.
// spec.interactive is always written.
std::string encodeExecInfo(std::string_view apiVersion, bool interactive,
                           const ExecCluster* cluster);

}  // namespace pilothouse::client::auth::exec
