#include "remote/change_stream.h"

namespace pilothouse::remote {

namespace {
WatchDispatcher::Options dispatcherOptions() {
    WatchDispatcher::Options o;
    o.starters = 1;  // unused: streams start on the dispatcher's first round
    return o;
}
}  // namespace

ChangeStreams::ChangeStreams(SimulationHost& host) : host_(host), dispatcher_(dispatcherOptions()) {
    host_.setChangeListener([this] { changed(); });
}

ChangeStreams::~ChangeStreams() { host_.setChangeListener(nullptr); }

bool ChangeStreams::add(const std::shared_ptr<ChangeStreamBase>& stream) {
    std::lock_guard lock(mutex_);
    if (stopped_) return false;
    std::erase_if(streams_, [](const std::weak_ptr<ChangeStreamBase>& s) { return s.expired(); });
    streams_.push_back(stream);
    return true;
}

void ChangeStreams::remove(const ChangeStreamBase* stream) {
    std::lock_guard lock(mutex_);
    std::erase_if(streams_, [&](const std::weak_ptr<ChangeStreamBase>& s) {
        auto locked = s.lock();
        return !locked || locked.get() == stream;
    });
}

void ChangeStreams::stopAll(const grpc::Status& status) {
    std::vector<std::weak_ptr<ChangeStreamBase>> streams;
    {
        std::lock_guard lock(mutex_);
        stopped_ = true;
        streams = streams_;
    }
    for (const auto& weak : streams)
        if (auto stream = weak.lock()) stream->stop(status);
}

void ChangeStreams::changed() {
    // On the thread that changed the simulation: a flag per stream (a stream already queued costs
    // nothing more); the streams look on the dispatcher's thread.
    std::lock_guard wakeLock(wakeMutex_);
    {
        std::lock_guard lock(mutex_);
        waking_.assign(streams_.begin(), streams_.end());
    }
    for (const auto& weak : waking_)
        if (auto stream = weak.lock()) dispatcher_.wake(stream);
    waking_.clear();
}

}  // namespace pilothouse::remote
