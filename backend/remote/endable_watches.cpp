#include "remote/endable_watches.h"

#include <functional>

namespace pilothouse::remote {

struct EndableWatches::Open {
    std::mutex mutex;
    std::unique_ptr<apiserver::WatchStream> stream;  // null once ended
    Status ended;
    int64_t lastRevision = 0;
    std::function<void()> notify;

    void end(const Status& status) {
        std::function<void()> wake;
        {
            std::lock_guard lock(mutex);
            if (!stream) return;
            lastRevision = stream->lastRevision();
            stream.reset();
            ended = status;
            wake = notify;
        }
        if (wake) wake();
    }
};

namespace {

class EndableStream final : public apiserver::WatchStream {
public:
    explicit EndableStream(std::shared_ptr<EndableWatches::Open> open) : open_(std::move(open)) {}
    StatusOr<std::vector<apiserver::WatchEvent>> next(std::chrono::milliseconds timeout) override {
        std::lock_guard lock(open_->mutex);
        if (!open_->stream) return open_->ended;
        return open_->stream->next(timeout);
    }
    StatusOr<std::vector<apiserver::SharedWatchEvent>> nextShared(std::chrono::milliseconds timeout) override {
        std::lock_guard lock(open_->mutex);
        if (!open_->stream) return open_->ended;
        return open_->stream->nextShared(timeout);
    }
    int64_t lastRevision() const override {
        std::lock_guard lock(open_->mutex);
        return open_->stream ? open_->stream->lastRevision() : open_->lastRevision;
    }
    void setNotify(std::function<void()> notify) override {
        std::lock_guard lock(open_->mutex);
        open_->notify = notify;
        if (open_->stream) open_->stream->setNotify(std::move(notify));
    }

private:
    std::shared_ptr<EndableWatches::Open> open_;
};

}  // namespace

std::unique_ptr<apiserver::WatchStream> EndableWatches::adopt(std::unique_ptr<apiserver::WatchStream> stream) {
    auto open = std::make_shared<Open>();
    open->stream = std::move(stream);
    {
        std::lock_guard lock(mutex_);
        std::erase_if(open_, [](const std::weak_ptr<Open>& w) { return w.expired(); });
        open_.push_back(open);
    }
    return std::make_unique<EndableStream>(std::move(open));
}

void EndableWatches::endAll(const Status& status) {
    std::vector<std::shared_ptr<Open>> open;
    {
        std::lock_guard lock(mutex_);
        for (auto& w : open_)
            if (auto s = w.lock()) open.push_back(std::move(s));
        open_.clear();
    }
    for (auto& w : open) w->end(status);
}

}  // namespace pilothouse::remote
