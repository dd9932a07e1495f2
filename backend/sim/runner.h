// Speed control over an EventLoop for real-time use: the GUI's slow motion / fast forward / single
// step, and the headless server's real-time loop.
//
// Modes:
//  - Paused: nothing advances; advance() and step() run no event (posted work still runs).
//  - Stepping: advance() runs no event; each step() runs exactly one event.
//  - Scaled(speed): virtual time advances speed × wall time, speed in [kMinSpeed, kMaxSpeed]
//    (0.1× to 1000×); the clock moves even when no event is due.
//  - RealTime: Scaled at 1× (what the server uses).
//  - AsFastAsPossible: each advance() runs up to Options::maxEventsPerAdvance events, the clock
//    jumping from event to event, whatever the wall time.
//
// The runner is driven by its caller: a GUI timer calls advance(wallElapsed) on the loop's thread;
// it runs posted work, then the events due up to the new virtual target, at most
// Options::maxEventsPerAdvance of them so the GUI stays responsive. When the cap stops it, the
// clock stays at the last event and the remaining work is carried into the next advance(); a
// backlog larger than speed × Options::maxCatchUp is dropped (the simulation slows down rather
// than bursting to catch up). Alternatively runInThread() drives the loop on a thread of its own
// until stop().
//
// post(fn) may be called from any thread: fn runs on the loop's thread at the current virtual
// time, in the order posted (per runner; across threads in the order the posts were made), at the
// start of the next advance()/step() (in every mode, Paused included). Posted work is not an event
// and is not in the event log; work that changes the simulation should schedule an event from
// inside fn, so that it is logged and can be replayed.
//
// Thread-safety: post(), requestStep(), the mode setters and getters, runInThread() and stop() may
// be called from any thread. advance() and step() belong to the loop's thread: while
// runInThread() is active, calls from other threads do nothing (use requestStep()). The EventLoop
// itself is then touched only by the runner's thread — reach it through post().
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "sim/clock.h"
#include "sim/event_loop.h"
#include "util/status.h"

namespace pilothouse::sim {

enum class RunMode { Paused, Stepping, Scaled, AsFastAsPossible, RealTime };
// "Paused", "Stepping", "Scaled", "AsFastAsPossible", "RealTime".
const char* runModeName(RunMode mode);

inline constexpr double kMinSpeed = 0.1;
inline constexpr double kMaxSpeed = 1000.0;

// OK for kMinSpeed <= speed <= kMaxSpeed; InvalidArgument otherwise (NaN and infinities included).
Status validateSpeed(double speed);

// Virtual duration for `wall` at `speed` (rounded to the nearest nanosecond; negative wall → 0).
Duration scaleWallToVirtual(Duration wall, double speed);

struct AdvanceResult {
    uint64_t postedRun = 0;  // posted functions executed
    uint64_t eventsRun = 0;  // events executed
    bool behind = false;     // the per-call cap stopped it with due events left
};

class Runner {
public:
    struct Options {
        uint64_t maxEventsPerAdvance = 10'000;
        // Backlog kept when the cap stops an advance, in wall time (× speed in virtual time).
        Duration maxCatchUp = std::chrono::milliseconds(250);
        // Longest the runInThread() loop sleeps between checks when nothing is due.
        Duration threadMaxSleep = std::chrono::milliseconds(20);
    };

    explicit Runner(EventLoop& loop) : Runner(loop, Options{}) {}
    Runner(EventLoop& loop, Options options);
    ~Runner();  // stops the thread (pending posted work is discarded)
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    EventLoop& loop() { return loop_; }
    const Options& options() const { return options_; }

    // --- mode (any thread) ---
    RunMode mode() const;
    // The factor Scaled runs at (1 for RealTime; for other modes the last Scaled factor, so a
    // GUI's speed slider keeps its value across pauses).
    double speed() const;
    void pause();
    void setStepping();
    // InvalidArgument (mode unchanged) for a speed outside [kMinSpeed, kMaxSpeed].
    Status setScaled(double speed);
    void setRealTime();
    void setAsFastAsPossible();
    // Any mode; `speed` is used (and validated) for Scaled only.
    Status setMode(RunMode mode, double speed = 1.0);

    // --- driving (the loop's thread) ---
    // Runs posted work, then advances by wallElapsed according to the mode.
    AdvanceResult advance(Duration wallElapsed);
    // Runs posted work, then in Stepping mode exactly one event. True when an event ran.
    bool step();
    // Runs the work posted so far (not work posted meanwhile). Returns how many ran.
    uint64_t runPosted();

    // --- any thread ---
    void post(std::function<void()> fn);
    size_t postedPending() const;
    // Asks the loop's thread to run one event if the mode is Stepping (for runInThread()).
    void requestStep();

    // Drives the loop on a new thread until stop(). FailedPrecondition when already running.
    Status runInThread();
    // Stops and joins the thread (from the loop's own thread: only asks it to stop). Idempotent.
    void stop();
    bool threadRunning() const { return threadActive_.load(); }
    // True on the runInThread() thread.
    bool onLoopThread() const;

private:
    struct ModeState {
        RunMode mode;
        double speed;
        uint64_t generation;
    };
    ModeState modeState() const;
    void setModeLocked(RunMode mode, double speed);
    bool callerMayDrive() const;
    AdvanceResult advanceImpl(Duration wallElapsed);
    void threadMain();

    EventLoop& loop_;
    const Options options_;

    mutable std::mutex mu_;
    std::condition_variable cv_;
    RunMode mode_ = RunMode::Paused;
    double speed_ = 1.0;
    uint64_t modeGeneration_ = 0;
    std::vector<std::function<void()>> posted_;
    bool stopRequested_ = false;

    // Loop-thread state.
    uint64_t seenGeneration_ = 0;
    bool targetValid_ = false;
    Time target_{};

    std::thread thread_;
    std::atomic<bool> threadActive_{false};
    std::atomic<std::thread::id> loopThreadId_{};
};

}  // namespace pilothouse::sim
