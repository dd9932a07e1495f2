#include "apiserver/endpoints/pod_streams.h"

#include "apiserver/endpoints/responses.h"
#include "core_v1.pb.h"

namespace pilothouse::apiserver::endpoints {

namespace core = k8s::io::api::core::v1;

bool isPodStreamSubresource(const std::string& subresource) {
    return subresource == "log" || subresource == "exec" || subresource == "attach" || subresource == "portforward";
}

namespace {

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// "[a b]", as Go prints a []string.
std::string goList(const google::protobuf::RepeatedPtrField<core::Container>& containers) {
    std::string out = "[";
    for (const auto& c : containers) out += (out.size() > 1 ? " " : "") + c.name();
    return out + "]";
}

// What a simulated container can give each subresource: nothing, said plainly.
std::string simulatedAnswer(const std::string& subresource, const std::string& container, const std::string& pod) {
    const std::string who = "container " + quoted(container) + " in pod " + quoted(pod);
    if (subresource == "log")
        return who + " is simulated by Pilothouse: it runs no process and writes no log (its journey and events are in "
                     "the Pilothouse GUI and in `kubectl describe pod " + pod + "`)";
    if (subresource == "exec") return who + " is simulated by Pilothouse: it runs no process, so there is nothing to exec into";
    if (subresource == "attach") return who + " is simulated by Pilothouse: it runs no process, so there is nothing to attach to";
    return "pod " + quoted(pod) + " is simulated by Pilothouse: its containers listen on no port, so there is nothing to forward to";
}

}  // namespace

HttpResponse servePodStream(remote::ApiBackend& backend, const Request& request, const std::string& verb,
                            const std::string& container) {
    const StatusSubject subject{"", "pods", "Pod", request.name};
    Attributes attributes;
    attributes.verb = verb;
    attributes.apiVersion = "v1";
    attributes.resource = "pods";
    attributes.subresource = request.subresource;
    attributes.namespace_ = request.namespace_;
    attributes.name = request.name;
    if (Status st = backend.authorize(request.token, attributes); !st.isOk()) return errorResponse(st, subject);
    if (request.name.empty()) return errorResponse(newRouteNotFound(), subject);
    if (request.subresource == "log" && verb != "get") return errorResponse(newMethodNotAllowed(), subject);

    Request get = request;
    get.verb = "get";
    get.subresource.clear();
    Response current = backend.handle(get);
    if (!current.ok()) return errorResponse(current.status, subject);
    const auto& pod = static_cast<const core::Pod&>(*current.object);
    const std::string& name = pod.metadata().name();

    // Which container (the pod registry's checks, in its order).
    std::string chosen = container;
    if (request.subresource != "portforward") {
        if (chosen.empty()) {
            if (pod.spec().containers_size() == 1) {
                chosen = pod.spec().containers(0).name();
            } else {
                std::string message = "a container name must be specified for pod " + name + ", choose one of: " +
                                      goList(pod.spec().containers());
                if (pod.spec().init_containers_size() > 0)
                    message += " or one of the init containers: " + goList(pod.spec().init_containers());
                return errorResponse(newBadRequest(message), subject);
            }
        }
        bool found = false;
        for (const auto& c : pod.spec().containers()) found = found || c.name() == chosen;
        for (const auto& c : pod.spec().init_containers()) found = found || c.name() == chosen;
        if (!found) return errorResponse(newBadRequest("container " + chosen + " is not valid for pod " + name), subject);
    }
    if (pod.spec().node_name().empty())
        return errorResponse(newBadRequest("pod " + name + " does not have a host assigned"), subject);
    if (request.subresource != "portforward") {
        // The kubelet's answer for a container that has not started yet.
        std::string waiting = "ContainerCreating";
        bool started = false;
        for (const auto* statuses : {&pod.status().container_statuses(), &pod.status().init_container_statuses()})
            for (const auto& s : *statuses) {
                if (s.name() != chosen) continue;
                if (s.state().has_waiting()) {
                    if (!s.state().waiting().reason().empty()) waiting = s.state().waiting().reason();
                } else if (s.state().has_running() || s.state().has_terminated()) {
                    started = true;
                }
            }
        if (!started)
            return errorResponse(newBadRequest("container " + quoted(chosen) + " in pod " + quoted(name) +
                                               " is waiting to start: " + waiting),
                                 subject);
    }
    return errorResponse(newBadRequest(simulatedAnswer(request.subresource, chosen, name)), subject);
}

}  // namespace pilothouse::apiserver::endpoints
