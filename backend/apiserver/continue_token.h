// The continue token of a chunked list (k8s.io/apiserver/pkg/storage/continue.go): base64url
// (without padding) of the JSON {"v":"meta.k8s.io/v1","rv":REV,"start":"KEY\u0000"}, where REV
// is the revision the first chunk was read at and KEY the last key returned, relative to the
// list's key prefix ("default/web" under "/registry/pods/"). The NUL makes the next chunk start
// just after that key. Clients treat it as opaque; it is the same text a kube-apiserver sends.
#pragma once

#include <cstdint>
#include <string>

#include "util/status.h"

namespace pilothouse::apiserver {

struct ContinuePosition {
    std::string startKey;  // the full store key to resume at (inclusive)
    int64_t revision = 0;  // the revision to read at
};

// `nextKey` is a full store key under `keyPrefix`.
std::string encodeContinue(const std::string& nextKey, const std::string& keyPrefix, int64_t revision);

// BadRequest (400) with upstream's "continue key is not valid..." texts for a token that does
// not decode, has another version, no revision or start key, or a start key that would climb out
// of `keyPrefix` ("../").
StatusOr<ContinuePosition> decodeContinue(const std::string& token, const std::string& keyPrefix);

}  // namespace pilothouse::apiserver
