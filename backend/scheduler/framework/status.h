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

#include <string>
#include <vector>

namespace pilothouse::scheduler::framework {

enum class Code { Success, Error, Unschedulable, UnschedulableAndUnresolvable, Wait, Skip, Pending };

const char* codeName(Code code);

class Status {
public:
    Status() = default;  // Success
    Status(Code code, std::vector<std::string> reasons = {}) : code_(code), reasons_(std::move(reasons)) {}
    Status(Code code, std::string reason) : code_(code), reasons_{std::move(reason)} {}

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
    const std::vector<std::string>& reasons() const { return reasons_; }
    // The reasons joined with ", " (upstream's Message()).
    std::string message() const;

    // The plugin that produced a non-success status (set by the framework runtime).
    const std::string& plugin() const { return plugin_; }
    Status& withPlugin(std::string plugin) {
        plugin_ = std::move(plugin);
        return *this;
    }

    bool operator==(const Status& o) const { return code_ == o.code_ && reasons_ == o.reasons_; }

private:
    Code code_ = Code::Success;
    std::vector<std::string> reasons_;
    std::string plugin_;
};

}  // namespace pilothouse::scheduler::framework
