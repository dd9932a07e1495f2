// store_benchmark: throughput of the SQLite store on a temporary file.
//
// Workload (defaults; --objects N and --value-bytes B change the sizes, --watchers 1,10,100 the
// fan-out widths ("" skips them), --memory uses ":memory:" instead of a file):
//   create   N objects "/registry/pods/bench/pod-NNNNNNN" with B-byte values, one create (= one
//            committed transaction) at a time from one thread
//   update   each object once more, with its expected modRevision (optimistic concurrency)
//   list     all N objects at the current revision (best and median of 5) and at a past one
//   watch    W watchers on the prefix (W = 1, 10, 100); one writer thread updates all N objects
//            again while they consume: events delivered per second = W * N / (time until the
//            last watcher has all N). Two consumer styles: a thread per watcher blocking in
//            next(..., 1024), and notify-driven (setNotify schedules the watch on a ready list
//            that 2 dispatcher threads drain with next(0, 1024)).
//   catch-up the same W watchers started from the revision before those N updates, reading
//            them from the history (no writer)
// and, after each phase, the process's peak RSS (VmHWM) and sampled peak private memory (RssAnon).
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store/store.h"

#include "../proc_status.h"

using pilothouse::benchmarks::procStatusKiB;

using namespace pilothouse;
using namespace pilothouse::store;
using Clock = std::chrono::steady_clock;

namespace {

struct Config {
    size_t objects = 100000;
    size_t valueBytes = 1024;
    bool memory = false;
    std::vector<size_t> watcherCounts = {1, 10, 100};
};

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// VmHWM counts file-backed pages too, and each of the store's reader connections maps the
// database file: pages of the (shared, reclaimable) page cache are counted once per connection
// that touched them. The kernel keeps no high-water mark of private memory alone, so a thread
// samples RssAnon every 10 ms to report that as well.
class AnonPeakSampler {
public:
    AnonPeakSampler()
        : thread_([this] {
              while (!stop_) {
                  sample();
                  std::this_thread::sleep_for(std::chrono::milliseconds(10));
              }
          }) {}
    ~AnonPeakSampler() {
        stop_ = true;
        thread_.join();
    }
    long peakKiB() {
        sample();
        return peak_;
    }

private:
    void sample() {
        const long now = procStatusKiB("RssAnon");
        long seen = peak_.load();
        while (now > seen && !peak_.compare_exchange_weak(seen, now)) {
        }
    }

    std::atomic<bool> stop_{false};
    std::atomic<long> peak_{0};
    std::thread thread_;  // last: starts once the atomics exist
};
AnonPeakSampler* anonSampler = nullptr;

std::string keyOf(size_t i) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "/registry/pods/bench/pod-%07zu", i);
    return buf;
}

// Varied bytes (not one repeated character) so nothing along the way can shortcut them.
std::string valueOf(size_t i, size_t round, size_t bytes) {
    std::string v(bytes, '\0');
    uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull + round;
    for (char& c : v) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        c = static_cast<char>(x);
    }
    return v;
}

[[noreturn]] void die(const std::string& what, const Status& status) {
    std::fprintf(stderr, "store_benchmark: %s: %s\n", what.c_str(), status.toString().c_str());
    std::exit(1);
}

struct Row {
    std::string name;
    std::string result;
    long hwmKiB;   // VmHWM so far
    long anonKiB;  // sampled peak RssAnon so far
};
std::vector<Row> rows;

void report(const std::string& name, const std::string& result) {
    rows.push_back({name, result, procStatusKiB("VmHWM"), anonSampler->peakKiB()});
    std::fprintf(stderr, "  %-48s %s\n", name.c_str(), result.c_str());
}

std::string format(const char* fmt, double a, double b = 0) {
    char buf[128];
    std::snprintf(buf, sizeof buf, fmt, a, b);
    return buf;
}

// Updates every object once; returns writes per second.
double updateAll(Store& store, std::vector<int64_t>& modRevisions, size_t round,
                 size_t valueBytes) {
    const auto start = Clock::now();
    for (size_t i = 0; i < modRevisions.size(); ++i) {
        StatusOr<KeyValue> kv =
            store.update(keyOf(i), valueOf(i, round, valueBytes), modRevisions[i]);
        if (!kv.isOk())
            die("update", kv.status());
        modRevisions[i] = kv->modRevision;
    }
    return double(modRevisions.size()) / secondsSince(start);
}

struct FanOut {
    double seconds = 0;
    size_t resumed = 0;  // watchers closed as too slow that resumed from lastRevision()
};

// W consumer threads, each with its own watch from `from`, block in next() until they have
// seen revision `until`. If `writer` is set it runs concurrently (live fan-out).
FanOut fanOutThreadPerWatcher(Store& store, size_t watchers, int64_t from, int64_t until,
                              const std::function<void()>& writer) {
    std::vector<std::unique_ptr<Watch>> watches;
    for (size_t w = 0; w < watchers; ++w) {
        StatusOr<std::unique_ptr<Watch>> watch = store.watch("/registry/pods/bench/", from);
        if (!watch.isOk())
            die("watch", watch.status());
        watches.push_back(std::move(*watch));
    }
    std::atomic<size_t> resumed{0};
    const auto start = Clock::now();
    std::vector<std::thread> consumers;
    for (size_t w = 0; w < watchers; ++w) {
        consumers.emplace_back([&, w] {
            std::unique_ptr<Watch>& watch = watches[w];
            size_t bytes = 0;  // touch what we received, as a real consumer would
            while (watch->lastRevision() < until) {
                StatusOr<std::vector<WatchEvent>> batch =
                    watch->next(std::chrono::milliseconds(100), 1024);
                if (!batch.isOk()) {
                    if (batch.status().code() != StatusCode::ResourceExhausted) {
                        die("watch next", batch.status());
                    }
                    StatusOr<std::unique_ptr<Watch>> again =
                        store.watch("/registry/pods/bench/", watch->lastRevision());
                    if (!again.isOk())
                        die("re-watch", again.status());
                    watch = std::move(*again);
                    ++resumed;
                    continue;
                }
                for (const WatchEvent& e : *batch) bytes += e.kv.value.size();
            }
            if (bytes == 0)
                die("watch", Status(StatusCode::Internal, "no bytes received"));
        });
    }
    std::thread writerThread;
    if (writer)
        writerThread = std::thread(writer);
    for (std::thread& t : consumers) t.join();
    if (writerThread.joinable())
        writerThread.join();
    return {secondsSince(start), resumed.load()};
}

// The same with event-driven consumers, as a server with an event loop would run them: each
// watch's notify callback (run on the writer's thread) schedules the watch once on a shared
// ready list, and kDispatchers threads drain scheduled watches with next(0).
FanOut fanOutNotifyDriven(Store& store, size_t watchers, int64_t from, int64_t until,
                          const std::function<void()>& writer) {
    constexpr size_t kDispatchers = 2;
    struct Consumer {
        std::unique_ptr<Watch> watch;
        std::atomic<bool> scheduled{false};
        bool done = false;  // touched by the dispatcher draining it only
    };
    std::vector<std::unique_ptr<Consumer>> consumers;
    std::mutex mu;
    std::condition_variable ready;
    std::deque<Consumer*> readyList;  // guarded by mu
    size_t finished = 0;              // guarded by mu
    auto schedule = [&](Consumer* c) {
        if (c->scheduled.exchange(true))
            return;  // already on the list: one wake-up is enough
        {
            std::lock_guard lock(mu);
            readyList.push_back(c);
        }
        ready.notify_one();
    };
    for (size_t w = 0; w < watchers; ++w) {
        auto c = std::make_unique<Consumer>();
        StatusOr<std::unique_ptr<Watch>> watch = store.watch("/registry/pods/bench/", from);
        if (!watch.isOk())
            die("watch", watch.status());
        c->watch = std::move(*watch);
        Consumer* raw = c.get();
        c->watch->setNotify([&schedule, raw] { schedule(raw); });
        consumers.push_back(std::move(c));
    }
    std::atomic<size_t> resumed{0};
    const auto start = Clock::now();
    // Catch-up backlogs do not notify: schedule every watch once to start.
    for (auto& c : consumers) schedule(c.get());
    std::vector<std::thread> dispatchers;
    for (size_t d = 0; d < kDispatchers; ++d) {
        dispatchers.emplace_back([&] {
            for (;;) {
                Consumer* c = nullptr;
                {
                    std::unique_lock lock(mu);
                    ready.wait(lock, [&] { return !readyList.empty() || finished == watchers; });
                    if (readyList.empty())
                        return;
                    c = readyList.front();
                    readyList.pop_front();
                }
                // Cleared before draining: a notify arriving meanwhile schedules it again.
                c->scheduled = false;
                if (c->done)
                    continue;
                for (;;) {
                    StatusOr<std::vector<WatchEvent>> batch =
                        c->watch->next(std::chrono::milliseconds(0), 1024);
                    if (!batch.isOk()) {
                        if (batch.status().code() != StatusCode::ResourceExhausted) {
                            die("watch next", batch.status());
                        }
                        StatusOr<std::unique_ptr<Watch>> again =
                            store.watch("/registry/pods/bench/", c->watch->lastRevision());
                        if (!again.isOk())
                            die("re-watch", again.status());
                        c->watch = std::move(*again);
                        c->watch->setNotify([&schedule, c] { schedule(c); });
                        ++resumed;
                        continue;
                    }
                    if (batch->empty())
                        break;
                }
                if (c->watch->lastRevision() >= until) {
                    c->done = true;
                    std::lock_guard lock(mu);
                    if (++finished == watchers)
                        ready.notify_all();
                }
            }
        });
    }
    std::thread writerThread;
    if (writer)
        writerThread = std::thread(writer);
    for (std::thread& t : dispatchers) t.join();
    if (writerThread.joinable())
        writerThread.join();
    const double seconds = secondsSince(start);
    for (auto& c : consumers) c->watch.reset();  // stop notifications before `schedule` goes
    return {seconds, resumed.load()};
}

}  // namespace

int main(int argc, char** argv) {
    Config config;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--objects" && i + 1 < argc) {
            config.objects = std::stoul(argv[++i]);
        } else if (arg == "--value-bytes" && i + 1 < argc) {
            config.valueBytes = std::stoul(argv[++i]);
        } else if (arg == "--watchers" && i + 1 < argc) {
            config.watcherCounts.clear();
            std::string list = argv[++i];
            for (size_t pos = 0; pos < list.size();) {
                const size_t comma = std::min(list.find(',', pos), list.size());
                if (comma > pos)
                    config.watcherCounts.push_back(std::stoul(list.substr(pos, comma - pos)));
                pos = comma + 1;
            }
        } else if (arg == "--memory") {
            config.memory = true;
        } else {
            std::fprintf(
                stderr,
                "usage: %s [--objects N] [--value-bytes B] [--watchers 1,10,100] [--memory]\n",
                argv[0]);
            return 2;
        }
    }

    std::string dir;
    Options options;
    if (config.memory) {
        options.path = ":memory:";
    } else {
        std::string tmpl = (std::filesystem::temp_directory_path() / "ph-store-bench-XXXXXX");
        if (::mkdtemp(tmpl.data()) == nullptr) {
            std::perror("mkdtemp");
            return 1;
        }
        dir = tmpl;
        options.path = dir + "/store.db";
    }
    AnonPeakSampler sampler;
    anonSampler = &sampler;
    std::fprintf(stderr, "store at %s: %zu objects of %zu bytes\n", options.path.c_str(),
                 config.objects, config.valueBytes);

    {
        StatusOr<std::unique_ptr<Store>> opened = open(options);
        if (!opened.isOk())
            die("open", opened.status());
        Store& store = **opened;
        const double n = double(config.objects);

        // create
        std::vector<int64_t> modRevisions(config.objects);
        auto start = Clock::now();
        for (size_t i = 0; i < config.objects; ++i) {
            StatusOr<KeyValue> kv = store.create(keyOf(i), valueOf(i, 0, config.valueBytes));
            if (!kv.isOk())
                die("create", kv.status());
            modRevisions[i] = kv->modRevision;
        }
        double secs = secondsSince(start);
        report("create (1 txn each)", format("%.0f writes/s (%.2f s)", n / secs, secs));
        const int64_t afterCreate = store.currentRevision();

        // update
        start = Clock::now();
        double rate = updateAll(store, modRevisions, 1, config.valueBytes);
        report("update (expected modRevision)", format("%.0f writes/s (%.2f s)", rate, n / rate));

        // list
        std::vector<double> listMs;
        for (int rep = 0; rep < 5; ++rep) {
            start = Clock::now();
            StatusOr<ListResult> all = store.list("/registry/pods/bench/");
            listMs.push_back(secondsSince(start) * 1000);
            if (!all.isOk())
                die("list", all.status());
            if (all->items.size() != config.objects) {
                die("list", Status(StatusCode::Internal, "wrong item count"));
            }
        }
        std::sort(listMs.begin(), listMs.end());
        report("list all at current revision",
               format("%.1f ms best, %.1f ms median", listMs[0], listMs[listMs.size() / 2]));
        start = Clock::now();
        StatusOr<ListResult> past = store.list("/registry/pods/bench/", afterCreate);
        const double pastMs = secondsSince(start) * 1000;
        if (!past.isOk() || past->items.size() != config.objects) {
            die("list at past revision", past.status());
        }
        report("list all at a past revision (history)", format("%.1f ms", pastMs));

        // watch fan-out: live (a writer updating all N objects while they consume) and
        // catch-up (the same N changes read back from the history), for both consumer styles
        size_t round = 2;
        using FanOutFn = FanOut (*)(Store&, size_t, int64_t, int64_t, const std::function<void()>&);
        const std::pair<const char*, FanOutFn> styles[] = {
            {"thread/watcher", fanOutThreadPerWatcher}, {"notify+2 threads", fanOutNotifyDriven}};
        for (const auto& [style, run] : styles) {
            for (size_t watchers : config.watcherCounts) {
                const int64_t from = store.currentRevision();
                const int64_t until = from + int64_t(config.objects);
                double writeRate = 0;
                FanOut live = run(store, watchers, from, until, [&] {
                    writeRate = updateAll(store, modRevisions, round, config.valueBytes);
                });
                ++round;
                const double delivered = double(watchers) * n;
                const std::string label = std::to_string(watchers) + " watcher(s), " + style;
                report(
                    "watch live, " + label,
                    format("%.0f events/s delivered", delivered / live.seconds) +
                        format(" (%.2f s; writer %.0f writes/s", live.seconds, writeRate) +
                        (live.resumed ? ", " + std::to_string(live.resumed) + " resumed)" : ")"));

                FanOut catchUp = run(store, watchers, from, until, nullptr);
                report("watch catch-up, " + label,
                       format("%.0f events/s delivered (%.2f s)", delivered / catchUp.seconds,
                              catchUp.seconds));
            }
        }
    }

    std::printf("\nstore_benchmark: %s, %zu objects x %zu-byte values, %u hardware threads\n",
                config.memory ? "in-memory" : "SQLite file (WAL, synchronous=NORMAL)",
                config.objects, config.valueBytes, std::thread::hardware_concurrency());
    std::printf("%-48s | %-58s | %-8s | %s\n", "workload", "result", "VmHWM", "anon peak");
    std::printf("%s\n", std::string(48 + 3 + 58 + 3 + 8 + 3 + 9, '-').c_str());
    for (const Row& row : rows) {
        std::printf("%-48s | %-58s | %4ld MiB | %4ld MiB\n", row.name.c_str(), row.result.c_str(),
                    row.hwmKiB / 1024, row.anonKiB / 1024);
    }
    std::printf(
        "VmHWM: the kernel's peak RSS, including database pages mapped by each reader connection "
        "(shared page cache).\nanon peak: peak private memory (RssAnon, sampled every 10 ms). "
        "Both cumulative: each row shows the peak so far.\n");
    if (!dir.empty()) {
        std::error_code ec;
        const auto size = std::filesystem::file_size(options.path, ec);
        if (!ec)
            std::printf("\ndatabase file after close: %.0f MiB\n", double(size) / (1 << 20));
        std::filesystem::remove_all(dir, ec);
    }
    return 0;
}
