// The threads that serve every remote watch of a KubernetesAPI service: one dispatcher thread that
// moves the API server's watch events onto the gRPC streams, and a few starter threads that open
// new watches (their initial lists can take a while). The counterpart of kube-apiserver's cacher
// dispatching events to its cacheWatchers, with a fixed number of threads however many clients
// watch.
//
//   writer (the simulation) --notify--> wake(watch) --> ready list --(dispatcher thread, one round
//   every batchWindow at most)--> Client::dispatch(): drain the watch's API server stream, queue
//   the packed events, start a gRPC write --> gRPC's callbacks (OnWriteDone) write the rest
//
// Why: a writer commits thousands of changes a second, and fifty clients may watch each resource.
// A change must cost the writer no more than a flag set per watch (a watch already queued for the
// next round is not queued again), and the events of one round go out together. The threads run
// at a lower priority than the simulation (Options::niceness), so delivery takes the CPU time the
// simulation leaves; a client that falls too far behind is cut off (watch_reactor.h).
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <queue>
#include <thread>
#include <vector>

namespace pilothouse::remote {

class WatchDispatcher {
public:
    using Clock = std::chrono::steady_clock;

    // A watch the dispatcher serves.
    class Client {
    public:
        virtual ~Client() = default;
        // Runs on the dispatcher thread after wake() or at the time dispatch() last asked for:
        // delivers what is ready. Returns when to run again at the latest (nullopt: only when woken).
        virtual std::optional<Clock::time_point> dispatch() = 0;

    private:
        friend class WatchDispatcher;
        std::atomic<bool> queued_{false};  // in the ready list already: a wake costs nothing more
        std::optional<Clock::time_point> scheduled_;  // guarded by the dispatcher's mutex_: the timer in force
    };

    struct Options {
        // A round starts at most this often: events arriving meanwhile go out together.
        std::chrono::milliseconds batchWindow{20};
        // Added to the threads' nice value (Linux: per thread). Delivery yields to the simulation
        // (server.h: ServerOptions::niceness).
        int niceness = 19;
        int starters = 2;
    };

    WatchDispatcher() : WatchDispatcher(Options{}) {}
    explicit WatchDispatcher(Options options);
    // Runs the starts already posted, then joins the threads; clients still queued are dropped.
    ~WatchDispatcher();
    WatchDispatcher(const WatchDispatcher&) = delete;
    WatchDispatcher& operator=(const WatchDispatcher&) = delete;

    // Queues `client` for the next round (nothing if it is queued already).
    void wake(const std::shared_ptr<Client>& client);
    // Runs `work` on a starter thread.
    void post(std::function<void()> work);

private:
    void runDispatcher();
    void runStarter();

    const Options options_;
    std::mutex mutex_;
    std::condition_variable readyChanged_;
    std::condition_variable workChanged_;
    std::vector<std::weak_ptr<Client>> ready_;  // guarded by mutex_
    using Timer = std::pair<Clock::time_point, std::weak_ptr<Client>>;
    struct Later {
        bool operator()(const Timer& a, const Timer& b) const { return a.first > b.first; }
    };
    std::priority_queue<Timer, std::vector<Timer>, Later> timers_;  // guarded by mutex_
    std::deque<std::function<void()>> work_;                      // guarded by mutex_
    bool stopping_ = false;                                        // guarded by mutex_
    std::thread dispatcher_;
    std::vector<std::thread> starters_;
};

}  // namespace pilothouse::remote
