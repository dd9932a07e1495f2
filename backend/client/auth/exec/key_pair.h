// The check client-go makes of a client certificate and key a plugin returns (Go's
// tls.X509KeyPair, called by exec.go): the certificate input holds at least one CERTIFICATE PEM
// block, the key input a block whose type ends in "PRIVATE KEY", the first certificate parses, the
// key parses (PKCS #1, PKCS #8 or SEC 1) and is the certificate's. Errors are Go's:
//   tls: failed to find any PEM data in certificate input
//   tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM
//   inputs may have been switched
//   tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of
//   the following types: [...]
//   tls: failed to find any PEM data in key input
//   tls: found a certificate rather than a key in the PEM for the private key
//   tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM
//   blocks of the following types: [...]
//   tls: failed to parse private key
//   tls: found unknown private key type in PKCS#8 wrapping
//   tls: unknown public key algorithm
//   tls: private key type does not match public key type
//   tls: private key does not match public key
// and, for a certificate OpenSSL cannot read, "x509: malformed certificate" (Go's x509 parser names
// the part it stopped at; OpenSSL does not say). Parsing is OpenSSL's; PEM blocks are found as Go's
// encoding/pem finds them.
#pragma once

#include <string_view>

#include "util/status.h"

namespace pilothouse::client::auth::exec {

Status checkX509KeyPair(std::string_view certificatePem, std::string_view keyPem);

}  // namespace pilothouse::client::auth::exec
