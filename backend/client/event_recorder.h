// client-go's events recorder (k8s.io/client-go/tools/events), as kube-scheduler v1.28 uses it:
// an Event about an object, written through the API server with the events.k8s.io fields
// (reportingComponent / reportingInstance, action, eventTime) and named "<object>.<hex nanos>".
// Read through core/v1, such events have no source and no first/last timestamps — exactly what
// `kubectl get events -o yaml` shows for scheduler events.
//
// Isomorphic events (same type, action, reason, reporting controller and instance, regarding and
// related object — the note does not count) form a series, as the events broadcaster does: the
// first is created; the second patches the stored event with series {count: 2,
// lastObservedTime}; later ones only count up in memory. Every 30 minutes the open series are
// written again (refreshExistingEventSeries), and every 6 minutes a series not seen for 6
// minutes is written with its final count and forgotten, as is a single event older than 6
// minutes (finishSeries); both start with the recorder. So `kubectl get events` shows a repeated
// FailedScheduling as one event with the first message and a series count.
#pragma once

#include <google/protobuf/message.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>

#include "apiserver/server.h"
#include "core_v1.pb.h"
#include "sim/clock.h"

namespace pilothouse::client {

class EventRecorder {
public:
    // `token`: the component's bearer token ("" when authentication is off).
    EventRecorder(apiserver::APIServer& server, const sim::Clock& clock, std::string reportingController,
                  std::string reportingInstance, std::string token);

    // type: "Normal" or "Warning"; regarding: the object the event is about; related: another
    // object involved (may be null). Errors are returned, never thrown.
    Status eventf(const google::protobuf::Message& regarding, const google::protobuf::Message* related,
                  const std::string& type, const std::string& reason, const std::string& action,
                  const std::string& note);

    // The broadcaster's two timers, on the virtual clock: call from the owner's reconcile step.
    Status tick();

    // Writing to the API server. By default eventf() and tick() write before they return, on the
    // caller's thread: the simulation stays deterministic (the same events at the same store
    // revisions every run). After startRecordingAsync() they only queue the event, and a thread of
    // the recorder's own writes it, in order — as client-go's broadcaster does
    // (StartRecordingToSink), so a component never waits for its events; eventf() then returns
    // Ok, and a write the API server rejects is dropped and counted. flush() waits until every
    // queued event is written; the destructor writes what is queued, then stops the thread.
    void startRecordingAsync();
    void flush();
    int64_t droppedWrites() const;
    ~EventRecorder();

private:
    // What eventf() or tick() captured at the call, written by record().
    struct Recorded {
        bool tick = false;
        int64_t now = 0;
        k8s::io::api::core::v1::ObjectReference regarding;
        std::optional<k8s::io::api::core::v1::ObjectReference> related;
        std::string type, reason, action, note;
    };
    Status record(const Recorded& r);
    Status timers(int64_t now);

    class Sink {
    public:
        explicit Sink(EventRecorder& recorder);
        ~Sink();
        void push(Recorded r);
        void flush();
        int64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }

    private:
        void run();
        EventRecorder& recorder_;
        std::mutex mu_;
        std::condition_variable wake_, idle_;
        std::deque<Recorded> queue_;
        bool busy_ = false, stopping_ = false;
        std::atomic<int64_t> dropped_ = 0;
        std::thread thread_;  // last: starts once the rest is built
    };

    struct Cached {
        std::string namespace_, name;  // the stored Event
        int64_t eventTime = 0;
        bool series = false;
        int32_t count = 0;
        int64_t lastObserved = 0;
    };
    Status writeSeries(const Cached& c);

    apiserver::APIServer& server_;
    const sim::Clock& clock_;
    std::string controller_;
    std::string instance_;
    std::string token_;
    int64_t lastNanos_ = 0;
    std::unordered_map<std::string, Cached> cache_;  // isomorphic key -> the event recorded for it
    int64_t started_ = 0;                            // when the timers started (first use)
    int64_t nextFinish_ = 0, nextRefresh_ = 0;
    std::unique_ptr<Sink> sink_;  // set by startRecordingAsync()
};

}  // namespace pilothouse::client
