#include "sim/runner.h"

#include <cmath>
#include <cstdio>

namespace pilothouse::sim {

const char* runModeName(RunMode mode) {
    switch (mode) {
        case RunMode::Paused:
            return "Paused";
        case RunMode::Stepping:
            return "Stepping";
        case RunMode::Scaled:
            return "Scaled";
        case RunMode::AsFastAsPossible:
            return "AsFastAsPossible";
        case RunMode::RealTime:
            return "RealTime";
    }
    return "Unknown";
}

Status validateSpeed(double speed) {
    if (speed >= kMinSpeed && speed <= kMaxSpeed)
        return Status::ok();  // false for NaN
    char buf[160];
    std::snprintf(buf, sizeof buf, "speed %gx is out of range: choose a factor between %gx and %gx",
                  speed, kMinSpeed, kMaxSpeed);
    return Status(StatusCode::InvalidArgument, buf);
}

Duration scaleWallToVirtual(Duration wall, double speed) {
    if (wall <= Duration::zero() || !(speed > 0))
        return Duration::zero();
    return Duration{std::llround(static_cast<double>(wall.count()) * speed)};
}

Runner::Runner(EventLoop& loop, Options options) : loop_(loop), options_(options) {}

Runner::~Runner() {
    stop();
}

// --- mode ---

Runner::ModeState Runner::modeState() const {
    std::lock_guard lk(mu_);
    return {mode_, mode_ == RunMode::RealTime ? 1.0 : speed_, modeGeneration_};
}

RunMode Runner::mode() const {
    return modeState().mode;
}
double Runner::speed() const {
    return modeState().speed;
}

void Runner::setModeLocked(RunMode mode, double speed) {
    mode_ = mode;
    if (mode == RunMode::Scaled)
        speed_ = speed;
    ++modeGeneration_;
}

void Runner::pause() {
    {
        std::lock_guard lk(mu_);
        setModeLocked(RunMode::Paused, 0);
    }
    cv_.notify_all();
}

void Runner::setStepping() {
    {
        std::lock_guard lk(mu_);
        setModeLocked(RunMode::Stepping, 0);
    }
    cv_.notify_all();
}

Status Runner::setScaled(double speed) {
    PH_RETURN_IF_ERROR(validateSpeed(speed));
    {
        std::lock_guard lk(mu_);
        setModeLocked(RunMode::Scaled, speed);
    }
    cv_.notify_all();
    return Status::ok();
}

void Runner::setRealTime() {
    {
        std::lock_guard lk(mu_);
        setModeLocked(RunMode::RealTime, 1.0);
    }
    cv_.notify_all();
}

void Runner::setAsFastAsPossible() {
    {
        std::lock_guard lk(mu_);
        setModeLocked(RunMode::AsFastAsPossible, 0);
    }
    cv_.notify_all();
}

Status Runner::setMode(RunMode mode, double speed) {
    switch (mode) {
        case RunMode::Paused:
            pause();
            return Status::ok();
        case RunMode::Stepping:
            setStepping();
            return Status::ok();
        case RunMode::Scaled:
            return setScaled(speed);
        case RunMode::RealTime:
            setRealTime();
            return Status::ok();
        case RunMode::AsFastAsPossible:
            setAsFastAsPossible();
            return Status::ok();
    }
    return Status(StatusCode::InvalidArgument, "unknown run mode");
}

// --- posting ---

void Runner::post(std::function<void()> fn) {
    {
        std::lock_guard lk(mu_);
        posted_.push_back(std::move(fn));
    }
    cv_.notify_all();
}

size_t Runner::postedPending() const {
    std::lock_guard lk(mu_);
    return posted_.size();
}

void Runner::requestStep() {
    post([this] {
        if (mode() == RunMode::Stepping)
            loop_.runOne();
    });
}

uint64_t Runner::runPosted() {
    std::vector<std::function<void()>> batch;
    {
        std::lock_guard lk(mu_);
        batch.swap(posted_);
    }
    for (auto& fn : batch) {
        if (fn)
            fn();
    }
    return batch.size();
}

// --- driving ---

bool Runner::onLoopThread() const {
    return loopThreadId_.load() == std::this_thread::get_id();
}

bool Runner::callerMayDrive() const {
    return !threadActive_.load() || onLoopThread();
}

AdvanceResult Runner::advance(Duration wallElapsed) {
    if (!callerMayDrive())
        return {};
    return advanceImpl(wallElapsed);
}

bool Runner::step() {
    if (!callerMayDrive())
        return false;
    runPosted();
    if (mode() != RunMode::Stepping)
        return false;
    return loop_.runOne();
}

AdvanceResult Runner::advanceImpl(Duration wallElapsed) {
    AdvanceResult r;
    r.postedRun = runPosted();
    const ModeState ms = modeState();
    if (ms.generation != seenGeneration_) {
        // A new mode starts from the current virtual time: no catching up on old backlog.
        seenGeneration_ = ms.generation;
        targetValid_ = false;
    }
    const uint64_t cap = options_.maxEventsPerAdvance;
    switch (ms.mode) {
        case RunMode::Paused:
        case RunMode::Stepping:
            targetValid_ = false;
            break;
        case RunMode::AsFastAsPossible:
            targetValid_ = false;
            while (r.eventsRun < cap && loop_.runOne()) ++r.eventsRun;
            r.behind = !loop_.idle();
            break;
        case RunMode::Scaled:
        case RunMode::RealTime: {
            const Time now = loop_.now();
            Time base = now;
            if (targetValid_ && target_ > now) {
                const Time maxBase = now + scaleWallToVirtual(options_.maxCatchUp, ms.speed);
                base = target_ < maxBase ? target_ : maxBase;
            }
            const Time target = base + scaleWallToVirtual(wallElapsed, ms.speed);
            r.eventsRun = loop_.runUntil(target, cap);
            const auto next = loop_.nextEventTime();
            r.behind = next.has_value() && *next <= target;
            target_ = target;
            targetValid_ = true;
            break;
        }
    }
    return r;
}

// --- thread ---

Status Runner::runInThread() {
    if (threadActive_.load()) {
        return Status(StatusCode::FailedPrecondition, "the runner's thread is already running");
    }
    if (thread_.joinable())
        thread_.join();  // stopped from inside earlier
    {
        std::lock_guard lk(mu_);
        stopRequested_ = false;
    }
    threadActive_.store(true);
    thread_ = std::thread([this] { threadMain(); });
    return Status::ok();
}

void Runner::stop() {
    {
        std::lock_guard lk(mu_);
        stopRequested_ = true;
    }
    cv_.notify_all();
    if (!thread_.joinable())
        return;
    if (thread_.get_id() == std::this_thread::get_id())
        return;  // the thread exits by itself
    thread_.join();
}

void Runner::threadMain() {
    loopThreadId_.store(std::this_thread::get_id());
    auto last = std::chrono::steady_clock::now();
    for (;;) {
        {
            std::lock_guard lk(mu_);
            if (stopRequested_)
                break;
        }
        const auto wallNow = std::chrono::steady_clock::now();
        const auto wall = std::chrono::duration_cast<Duration>(wallNow - last);
        last = wallNow;
        const AdvanceResult r = advanceImpl(wall);

        const ModeState ms = modeState();
        Duration wait = options_.threadMaxSleep;
        if (r.behind) {
            wait = Duration::zero();
        } else if (ms.mode == RunMode::AsFastAsPossible) {
            if (!loop_.idle())
                wait = Duration::zero();
        } else if (ms.mode == RunMode::Scaled || ms.mode == RunMode::RealTime) {
            if (auto next = loop_.nextEventTime()) {
                const double wallNs = static_cast<double>((*next - loop_.now()).count()) / ms.speed;
                if (wallNs < static_cast<double>(wait.count())) {
                    wait = Duration{static_cast<int64_t>(wallNs < 0 ? 0 : wallNs)};
                }
            }
        }
        if (wait > Duration::zero()) {
            std::unique_lock lk(mu_);
            cv_.wait_for(lk, wait, [&] {
                return stopRequested_ || !posted_.empty() || modeGeneration_ != ms.generation;
            });
        }
    }
    loopThreadId_.store(std::thread::id{});
    threadActive_.store(false);
}

}  // namespace pilothouse::sim
