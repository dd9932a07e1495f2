// Watches of an API server that is about to be replaced (a simulation rewound, reset or given a
// new scenario): each watch handed out is wrapped so that, before the old API server goes, its
// holder can end them all — every one then answers its error (410 Expired: list again) instead of
// reading a store that no longer exists. What SimulationHost and the GUI's embedded Kubernetes
// API hand out.
//
// Thread-safety: all of it; the streams are read on other threads than the one that ends them.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "apiserver/server.h"

namespace pilothouse::remote {

class EndableWatches {
public:
    // `stream` wrapped; it ends on endAll() (or when the wrapper goes).
    std::unique_ptr<apiserver::WatchStream> adopt(std::unique_ptr<apiserver::WatchStream> stream);
    // Ends every open watch with `status`; their holders are notified.
    void endAll(const Status& status);

    struct Open;  // internal

private:
    std::mutex mutex_;
    std::vector<std::weak_ptr<Open>> open_;
};

}  // namespace pilothouse::remote
