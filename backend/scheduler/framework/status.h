// framework.Status: what a plugin says about a pod (and a node). The code decides what the
// scheduler does next:
//   Success                       go on
//   Error                         an internal error: the pod is retried with backoff
//   Unschedulable                 rejected here, but preemption may help
//   UnschedulableAndUnresolvable  rejected here, and preemption cannot help
//   Wait                          (Permit) wait for approval
//   Skip                          (PreFilter/PreScore) this plugin has nothing to do for this pod
//   Pending                       (PreEnqueue) not yet
// Reasons are the human texts ("Insufficient cpu"); FailedScheduling messages count them.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace pilothouse::scheduler::framework {

enum class Code { Success, Error, Unschedulable, UnschedulableAndUnresolvable, Wait, Skip, Pending };

const char* codeName(Code code);

class Status {
public:
    Status() = default;  // Success
    Status(Code code) : code_(code) {}
    Status(Code code, std::vector<std::string> reasons) : code_(code) {
        if (!reasons.empty()) details().reasons = std::move(reasons);
    }
    Status(Code code, std::string reason) : code_(code) { details().reasons.push_back(std::move(reason)); }
    Status(const Status& o) : code_(o.code_), details_(o.details_ ? std::make_unique<Details>(*o.details_) : nullptr) {}
    Status& operator=(const Status& o) {
        if (this != &o) {
            code_ = o.code_;
            details_ = o.details_ ? std::make_unique<Details>(*o.details_) : nullptr;
        }
        return *this;
    }
    Status(Status&&) noexcept = default;
    Status& operator=(Status&&) noexcept = default;

    static Status success() { return {}; }
    static Status error(std::string reason) { return {Code::Error, std::move(reason)}; }
    static Status unschedulable(std::vector<std::string> reasons) {
        return {Code::Unschedulable, std::move(reasons)};
    }
    static Status unresolvable(std::vector<std::string> reasons) {
        return {Code::UnschedulableAndUnresolvable, std::move(reasons)};
    }
    static Status skip() { return {Code::Skip}; }

    Code code() const { return code_; }
    bool isSuccess() const { return code_ == Code::Success; }
    bool isSkip() const { return code_ == Code::Skip; }
    bool isWait() const { return code_ == Code::Wait; }
    // Unschedulable or UnschedulableAndUnresolvable.
    bool isRejected() const {
        return code_ == Code::Unschedulable || code_ == Code::UnschedulableAndUnresolvable || code_ == Code::Pending;
    }
    const std::vector<std::string>& reasons() const { return details_ ? details_->reasons : kNoReasons; }
    // The reasons joined with ", " (upstream's Message()).
    std::string message() const;

    // The plugin that produced a non-success status (set by the framework runtime).
    const std::string& plugin() const { return details_ ? details_->plugin : kNoPlugin; }
    Status& withPlugin(std::string plugin) {
        details().plugin = std::move(plugin);
        return *this;
    }

    bool operator==(const Status& o) const { return code_ == o.code_ && reasons() == o.reasons(); }

private:
    // Only statuses that carry text allocate: a plugin returns Success (upstream's nil *Status)
    // for every node of every cycle, so that case is a code and a null pointer.
    struct Details {
        std::vector<std::string> reasons;
        std::string plugin;
    };
    Details& details() {
        if (!details_) details_ = std::make_unique<Details>();
        return *details_;
    }
    static const std::vector<std::string> kNoReasons;
    static const std::string kNoPlugin;

    Code code_ = Code::Success;
    std::unique_ptr<Details> details_;
};

}  // namespace pilothouse::scheduler::framework
