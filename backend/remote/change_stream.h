// The Simulation service's streams (WatchState, WatchJourneys, WatchMetrics) on gRPC's callback
// API: a stream has no thread of its own. When the simulation changes (SimulationHost's change
// listener), every open stream is woken on a WatchDispatcher; its round asks the stream's producer
// what is new since it last looked and starts one write; gRPC's OnWriteDone lets it look again.
//
//   simulation changes --> ChangeStreams::changed() --> dispatcher.wake(stream) per stream
//   dispatcher thread: ChangeStream::dispatch() --> produce() --> StartWrite --(OnWriteDone)--> again
//
// A stream looks at most once per change (and at once again when its producer says more is ready),
// and not sooner than its minimum interval after its last write. The producer runs on the
// dispatcher's thread only, so it needs no lock of its own.
//
// Lifetime: a stream owns itself (a shared_ptr) from start() until OnDone(); the registry and the
// dispatcher hold weak references. Every path to Finish() goes through finish(), which sends it once
// (after the write in flight, if any).
// Thread-safety: ChangeStreams' methods from any thread.
#pragma once

#include <grpcpp/support/server_callback.h>

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "remote/simulation_host.h"
#include "remote/watch_dispatcher.h"

namespace pilothouse::remote {

// What a stream sends next.
template <typename Message>
struct Production {
    std::optional<Message> message;  // nothing new to send
    bool more = false;               // more is ready already: look again after this one is written
};

class ChangeStreamBase : public WatchDispatcher::Client {
public:
    // Ends the stream with `status` (after the write in flight).
    virtual void stop(const grpc::Status& status) = 0;
};

// The open streams of one Simulation service and the dispatcher that serves them.
class ChangeStreams {
public:
    explicit ChangeStreams(SimulationHost& host);
    ~ChangeStreams();  // stops the host's notifications first
    ChangeStreams(const ChangeStreams&) = delete;
    ChangeStreams& operator=(const ChangeStreams&) = delete;

    SimulationHost& host() { return host_; }
    WatchDispatcher& dispatcher() { return dispatcher_; }

    // False once stopAll() ran: the stream must end at once.
    bool add(const std::shared_ptr<ChangeStreamBase>& stream);
    void remove(const ChangeStreamBase* stream);
    // Ends every open stream with `status` and refuses new ones.
    void stopAll(const grpc::Status& status);

private:
    void changed();

    SimulationHost& host_;
    WatchDispatcher dispatcher_;
    std::mutex mutex_;
    std::vector<std::weak_ptr<ChangeStreamBase>> streams_;  // guarded by mutex_
    std::vector<std::weak_ptr<ChangeStreamBase>> waking_;   // changed()'s copy; guarded by wakeMutex_
    std::mutex wakeMutex_;
    bool stopped_ = false;  // guarded by mutex_
};

template <typename Message>
class ChangeStream final : public grpc::ServerWriteReactor<Message>,
                           public ChangeStreamBase,
                           public std::enable_shared_from_this<ChangeStream<Message>> {
public:
    using Produce = std::function<Production<Message>()>;
    using Clock = WatchDispatcher::Clock;

    // A stream that sends what `produce` returns: first at once, then after each change.
    static grpc::ServerWriteReactor<Message>* start(ChangeStreams& streams, Produce produce,
                                                   std::chrono::milliseconds minInterval = {}) {
        auto stream = std::shared_ptr<ChangeStream>(new ChangeStream(streams, std::move(produce), minInterval));
        stream->self_ = stream;
        if (!streams.add(stream)) {
            stream->registered_ = false;
            stream->finish(grpc::Status(grpc::StatusCode::UNAVAILABLE, "the server is shutting down"));
            return stream.get();
        }
        streams.dispatcher().wake(stream);
        return stream.get();
    }

    // A call refused before it started (authorization): finished at once.
    static grpc::ServerWriteReactor<Message>* refuse(const grpc::Status& status) {
        struct Refused final : grpc::ServerWriteReactor<Message> {
            explicit Refused(const grpc::Status& status) { this->Finish(status); }
            void OnDone() override { delete this; }
        };
        return new Refused(status);
    }

    void stop(const grpc::Status& status) override {
        {
            std::lock_guard lock(mutex_);
            if (!stopStatus_) stopStatus_ = status;
        }
        if (auto self = this->weak_from_this().lock()) streams_.dispatcher().wake(self);
    }

    std::optional<Clock::time_point> dispatch() override {
        std::unique_lock lock(mutex_);
        if (finished_) return std::nullopt;
        if (stopStatus_) {
            const grpc::Status status = *stopStatus_;
            lock.unlock();
            finish(status);
            return std::nullopt;
        }
        if (writing_) {
            lookAfterWrite_ = true;  // OnWriteDone wakes this stream again
            return std::nullopt;
        }
        const auto now = Clock::now();
        if (now < notBefore_) return notBefore_;
        const uint64_t changes = streams_.host().changes();
        if (!first_ && !again_ && changes == seen_) return std::nullopt;
        seen_ = changes;
        again_ = false;
        lock.unlock();
        Production<Message> next = produce_();  // on the dispatcher's thread only
        lock.lock();
        if (finished_ || !next.message) return std::nullopt;
        first_ = false;
        again_ = next.more;
        buffer_ = std::move(*next.message);
        writing_ = true;
        notBefore_ = now + minInterval_;
        lock.unlock();
        this->StartWrite(&buffer_);
        return std::nullopt;
    }

    void OnWriteDone(bool ok) override {
        std::unique_lock lock(mutex_);
        writing_ = false;
        if (finishAfterWrite_) {
            const grpc::Status status = *finishAfterWrite_;
            finishAfterWrite_.reset();
            lock.unlock();
            this->Finish(status);
            return;
        }
        if (!ok) {  // the client went away
            lock.unlock();
            finish(grpc::Status::OK);
            return;
        }
        const bool look = lookAfterWrite_ || again_ || streams_.host().changes() != seen_;
        lookAfterWrite_ = false;
        lock.unlock();
        if (look) {
            if (auto self = this->weak_from_this().lock()) streams_.dispatcher().wake(self);
        }
    }

    void OnCancel() override { finish(grpc::Status::CANCELLED); }

    void OnDone() override {
        if (registered_) streams_.remove(this);
        // The last reference may go here; nothing of this object is used after.
        std::shared_ptr<ChangeStream> last = std::move(self_);
    }

private:
    ChangeStream(ChangeStreams& streams, Produce produce, std::chrono::milliseconds minInterval)
        : streams_(streams), produce_(std::move(produce)), minInterval_(minInterval) {}

    void finish(const grpc::Status& status) {
        std::unique_lock lock(mutex_);
        if (finished_) return;
        finished_ = true;
        if (writing_) {
            finishAfterWrite_ = status;
            return;
        }
        lock.unlock();
        this->Finish(status);
    }

    ChangeStreams& streams_;
    const Produce produce_;
    const std::chrono::milliseconds minInterval_;
    std::shared_ptr<ChangeStream> self_;  // until OnDone
    bool registered_ = true;

    std::mutex mutex_;
    Message buffer_;               // the message being written; guarded by mutex_ until StartWrite
    bool writing_ = false;         // guarded by mutex_
    bool lookAfterWrite_ = false;  // a change came during the write; guarded by mutex_
    bool again_ = false;           // the producer has more; guarded by mutex_
    bool first_ = true;            // nothing sent yet: look without a change; guarded by mutex_
    bool finished_ = false;        // guarded by mutex_
    uint64_t seen_ = 0;            // host changes() at the last look; guarded by mutex_
    Clock::time_point notBefore_{};
    std::optional<grpc::Status> stopStatus_;
    std::optional<grpc::Status> finishAfterWrite_;
};

}  // namespace pilothouse::remote
