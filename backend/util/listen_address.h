// The --listen address: "HOST:PORT" with HOST a name, an IPv4 address or a bracketed IPv6
// address ("[::1]:7443"). Loopback means only this machine can connect: 127.0.0.0/8, ::1,
// "localhost", or a unix: socket.
#pragma once

#include <string>

#include "util/status.h"

namespace pilothouse::util {

struct ListenAddress {
    std::string host;  // without brackets
    int port = 0;      // 0: the system picks one
};

// InvalidArgument with what is wrong ("listen address \"x\": missing port").
StatusOr<ListenAddress> parseListenAddress(const std::string& text);

bool isLoopback(const std::string& text);

}  // namespace pilothouse::util
