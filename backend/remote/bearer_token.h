// The bearer token of a call: metadata "authorization: Bearer TOKEN", as kube-apiserver reads the
// HTTP Authorization header. Any other scheme (or none) is no token: the request is anonymous.
#pragma once

#include <grpcpp/server_context.h>

#include <string>

namespace pilothouse::remote {

std::string bearerToken(const grpc::ServerContextBase& context);

}  // namespace pilothouse::remote
