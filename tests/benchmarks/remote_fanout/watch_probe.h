// What the fan-out benchmark reads of one client's watch, whatever carries it (gRPC or HTTPS).
#pragma once

#include <cstdint>

#include "api/scheme.h"

namespace pilothouse::benchmarks {

class WatchProbe {
public:
    virtual ~WatchProbe() = default;
    virtual const api::ResourceType& type() const = 0;
    virtual bool listed() const = 0;  // the initial objects arrived
    virtual int64_t events() const = 0;
    virtual int64_t bytes() const = 0;
    virtual int64_t maxRevision() const = 0;
    virtual int64_t decodeErrors() const = 0;
    virtual int64_t lastEventNanos() const = 0;  // steady clock
    virtual bool done() const = 0;
    virtual int code() const = 0;  // how it ended: a gRPC status code or an HTTP status; -1 while open
    virtual void cancel() = 0;
    virtual void waitDone() = 0;
};

}  // namespace pilothouse::benchmarks
