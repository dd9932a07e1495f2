// Pilothouse's own words in the records the GUI shows — a step of the API server's trace
// (apiserver/trace.h), a stage of a pod's journey (sim/journey.h) — as data: which sentence and
// its arguments. The GUI says them in the user's language; pilothousectl, the JSON export and the
// logs keep the English line, english(). Kubernetes' own texts (error messages, FailedScheduling,
// RBAC's reasons, LimitRanger's annotation) and plain data (an IP, an image, a container's name)
// are not phrases: they stay as they are, as a phrase's arguments or as the detail itself.
#pragma once

#include <string>
#include <vector>

namespace pilothouse::sim {

struct Phrase {
    // Each with its arguments and its English.
    enum class Id {
        // The API server's trace.
        User,                     // {user}: "user system:admin"
        UserInGroups,             // {user, groups}: "user alice (groups: dev, ops)"
        Allowed,                  // "allowed"
        AppliedDefaults,          // {kind}: "applied Pod defaults"
        NoChange,                 // "no change" (a mutating admission plugin)
        Valid,                    // "valid"
        Admitted,                 // "admitted" (validating admission; the kubelet)
        SetField,                 // {field, value}: "set priority=0"
        SetDefaultPriorityClass,  // {name}: "set priorityClassName=high (globalDefault)"
        SetTolerationSeconds,     // {seconds, taint}: "set tolerationSeconds=300 for <taint>"
        SetByLimitRange,          // {what, limit range}: "set <what> (LimitRange limits)"
        QuotaUsage,               // {quota, usage}: "quota compute: requests.cpu 1/4"
        Stored,                   // {verb, key, revision}: "created <key> at revision 12"
        // The scheduler.
        ScheduledOn,  // {node}: "node node-1"
        Bound,        // {pod, node}: "default/web to node-1"
        // The kubelet.
        ImagePresent,        // {image}: "nginx:1.25 (already present)"
        ContainerRestarted,  // {container, restarts}: "app (restart 2)"
        ContainerReady,      // {container}: "app ready"
        Deleted,             // "deleted"
        GracePeriod,         // {seconds}: "grace 30s"
        // The EndpointSlice controller.
        ReadyEndpoint,  // {address, service, slice}: "ready endpoint <address> of service
                        // <service> (EndpointSlice <slice>)"
    };
    Id id = Id::NoChange;
    std::vector<std::string> args{};

    const std::string& arg(size_t i) const;  // "" past the end
    bool operator==(const Phrase&) const = default;
};

// In English, as pilothousectl and the logs write it.
std::string english(const Phrase& phrase);
// Several phrases of one detail, ", "-separated.
std::string english(const std::vector<Phrase>& phrases);

}  // namespace pilothouse::sim
