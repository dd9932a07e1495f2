#include "kubelet/util/backoff.h"

#include <algorithm>

namespace pilothouse::kubelet {

void Backoff::next(const std::string& id, sim::Time eventTime) {
    auto it = entries_.find(id);
    if (it == entries_.end() || hasExpired(eventTime, it->second.lastUpdate)) {
        entries_[id] = Entry{initial_, eventTime};
        return;
    }
    it->second.backoff = std::min(it->second.backoff * 2, max_);
    it->second.lastUpdate = eventTime;
}

sim::Duration Backoff::get(const std::string& id) const {
    auto it = entries_.find(id);
    return it == entries_.end() ? sim::Duration{} : it->second.backoff;
}

bool Backoff::isInBackOffSince(const std::string& id, sim::Time eventTime, sim::Time now) const {
    auto it = entries_.find(id);
    if (it == entries_.end() || hasExpired(eventTime, it->second.lastUpdate)) return false;
    return now - eventTime < it->second.backoff;
}

bool Backoff::isInBackOffSinceUpdate(const std::string& id, sim::Time now) const {
    auto it = entries_.find(id);
    if (it == entries_.end() || hasExpired(now, it->second.lastUpdate)) return false;
    return now - it->second.lastUpdate < it->second.backoff;
}

void Backoff::gc(sim::Time now) {
    std::erase_if(entries_, [&](const auto& kv) { return now - kv.second.lastUpdate > 2 * max_; });
}

}  // namespace pilothouse::kubelet
