// client-go's flowcontrol.Backoff as the kubelet uses it for image pulls and container restarts:
// per key, a delay that starts at `initial` and doubles on each next() up to `max`; an entry not
// updated for more than 2 x max starts over (the "reset after 10 minutes" of CrashLoopBackOff).
// Single-threaded value type on the virtual clock.
#pragma once

#include <map>
#include <string>

#include "sim/clock.h"

namespace pilothouse::kubelet {

class Backoff {
public:
    Backoff(sim::Duration initial, sim::Duration max) : initial_(initial), max_(max) {}

    // Next(id, eventTime): starts or doubles the delay; remembers eventTime as the last update.
    void next(const std::string& id, sim::Time eventTime);
    // The current delay (0 when the key has none).
    sim::Duration get(const std::string& id) const;
    // IsInBackOffSince(id, eventTime): now - eventTime < the delay (container restarts, where
    // eventTime is the container's finishedAt).
    bool isInBackOffSince(const std::string& id, sim::Time eventTime, sim::Time now) const;
    // IsInBackOffSinceUpdate(id, now): now - last update < the delay (image pulls).
    bool isInBackOffSinceUpdate(const std::string& id, sim::Time now) const;
    // GC: drops entries idle for more than 2 x max.
    void gc(sim::Time now);
    void reset(const std::string& id) { entries_.erase(id); }

private:
    struct Entry {
        sim::Duration backoff{};
        sim::Time lastUpdate{};
    };
    bool hasExpired(sim::Time eventTime, sim::Time lastUpdate) const { return eventTime - lastUpdate > 2 * max_; }

    sim::Duration initial_, max_;
    std::map<std::string, Entry> entries_;
};

}  // namespace pilothouse::kubelet
