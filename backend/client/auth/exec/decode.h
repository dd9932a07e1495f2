// Reading what an exec plugin printed, as client-go v1.28's exec.go does after the plugin exits 0:
// the universal decoder for the configured version, then the checks of the status. In order:
//   1. The text is JSON when it starts with '{' (after white space), else YAML (its first
//   document).
//      Unreadable: "decoding stdout: couldn't get version/kind; json parse error: invalid character
//      'x' looking for beginning of value", "decoding stdout: error converting YAML to JSON: yaml:
//      line 2: ...". Not an object: "... json parse error: json: cannot unmarshal string into Go
//      value of type struct { APIVersion string ...; Kind string ... }".
//   2. apiVersion and kind (matched without regard to case, as encoding/json matches) may be left
//      out: a missing kind is ExecCredential, a missing apiVersion is the group's internal version.
//      A kind or version the scheme does not know: "decoding stdout: no kind \"Token\" is
//      registered for version \"client.authentication.k8s.io/v1\" in scheme
//      \"pkg/client/auth/exec/exec.go:62\"" (the scheme is named after where client-go creates it).
//   3. The body is decoded as the v1 or v1beta1 ExecCredential: field names case-sensitive, unknown
//      fields ignored, null as absent, a wrong type as encoding/json says it ("decoding stdout:
//      json: cannot unmarshal number into Go struct field ExecCredentialStatus.status.token of type
//      string"), expirationTimestamp by Go's time.Parse (go_time.h).
//   4. The version must be the configured one: "exec plugin is configured to use API version
//      client.authentication.k8s.io/v1, plugin returned version
//      client.authentication.k8s.io/v1beta1" (a missing apiVersion reports ".../__internal", as
//      upstream's does; so does empty output).
//   5. "exec plugin didn't return a status field"
//   6. "exec plugin didn't return a token or cert/key pair"
//   7. "exec plugin returned only certificate or key, not both"
// Left out: the metav1 kinds client-go's scheme also registers (ListOptions, Status, ...), which
// upstream decodes and then fails to convert; here they are "not registered" like any other kind.
#pragma once

#include <string_view>

#include "client/auth/exec/types.h"
#include "util/status.h"

namespace pilothouse::client::auth::exec {

// `apiVersion` is the exec config's (v1 or v1beta1). Errors are InvalidArgument.
StatusOr<ExecCredentialStatus> decodeExecCredential(std::string_view output,
                                                    std::string_view apiVersion);

}  // namespace pilothouse::client::auth::exec
