#include "sim/phrase.h"

namespace pilothouse::sim {

const std::string& Phrase::arg(size_t i) const {
    static const std::string none;
    return i < args.size() ? args[i] : none;
}

namespace {

// The API server's verbs in the past tense, as a storage step says them.
const char* pastTense(const std::string& verb) {
    if (verb == "create")
        return "created";
    if (verb == "update")
        return "updated";
    if (verb == "patch")
        return "patched";
    if (verb == "delete")
        return "deleted";
    return "read";
}

}  // namespace

std::string english(const Phrase& p) {
    using Id = Phrase::Id;
    switch (p.id) {
        case Id::User:
            return "user " + p.arg(0);
        case Id::UserInGroups:
            return "user " + p.arg(0) + " (groups: " + p.arg(1) + ")";
        case Id::Allowed:
            return "allowed";
        case Id::AppliedDefaults:
            return "applied " + p.arg(0) + " defaults";
        case Id::NoChange:
            return "no change";
        case Id::Valid:
            return "valid";
        case Id::Admitted:
            return "admitted";
        case Id::SetField:
            return "set " + p.arg(0) + "=" + p.arg(1);
        case Id::SetDefaultPriorityClass:
            return "set priorityClassName=" + p.arg(0) + " (globalDefault)";
        case Id::SetTolerationSeconds:
            return "set tolerationSeconds=" + p.arg(0) + " for " + p.arg(1);
        case Id::SetByLimitRange:
            return "set " + p.arg(0) + " (LimitRange " + p.arg(1) + ")";
        case Id::QuotaUsage:
            return "quota " + p.arg(0) + ": " + p.arg(1);
        case Id::Stored:
            return std::string(pastTense(p.arg(0))) + " " + p.arg(1) + " at revision " + p.arg(2);
        case Id::ScheduledOn:
            return "node " + p.arg(0);
        case Id::Bound:
            return p.arg(0) + " to " + p.arg(1);
        case Id::ImagePresent:
            return p.arg(0) + " (already present)";
        case Id::ContainerRestarted:
            return p.arg(0) + " (restart " + p.arg(1) + ")";
        case Id::ContainerReady:
            return p.arg(0) + " ready";
        case Id::Deleted:
            return "deleted";
        case Id::GracePeriod:
            return "grace " + p.arg(0) + "s";
        case Id::ReadyEndpoint:
            return "ready endpoint " + p.arg(0) + " of service " + p.arg(1) + " (EndpointSlice " +
                   p.arg(2) + ")";
    }
    return {};
}

std::string english(const std::vector<Phrase>& phrases) {
    std::string out;
    for (const auto& p : phrases) out += (out.empty() ? "" : ", ") + english(p);
    return out;
}

}  // namespace pilothouse::sim
