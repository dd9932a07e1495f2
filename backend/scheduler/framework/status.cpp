#include "scheduler/framework/status.h"

namespace pilothouse::scheduler::framework {

const char* codeName(Code code) {
    switch (code) {
        case Code::Success: return "Success";
        case Code::Error: return "Error";
        case Code::Unschedulable: return "Unschedulable";
        case Code::UnschedulableAndUnresolvable: return "UnschedulableAndUnresolvable";
        case Code::Wait: return "Wait";
        case Code::Skip: return "Skip";
        case Code::Pending: return "Pending";
    }
    return "?";
}

const std::vector<std::string> Status::kNoReasons;
const std::string Status::kNoPlugin;

std::string Status::message() const {
    std::string out;
    for (const auto& r : reasons()) out += (out.empty() ? "" : ", ") + r;
    return out;
}

}  // namespace pilothouse::scheduler::framework
