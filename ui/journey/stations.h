// The stations of the journey diagram — where a pod can be on its way from kubectl to Running and
// Ready — and how a journey record (sim/journey.h; the API server's stages of apiserver/trace.h)
// takes a pod to them:
//
//   client (kubectl) / controllers
//     -> API server: authentication -> authorization -> mutating admission -> validation
//                    -> validating admission
//     -> etcd
//     -> scheduler: queue (activeQ | backoffQ | unschedulablePods) -> filter -> score -> bind
//     -> kubelet: admission -> sandbox & IP -> image pull -> containers -> probes
//     -> Running/Ready -> endpoints
//
// Pure functions of the record's stage name, detail and failed flag: the journey model and its
// tests share them.
#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <string_view>

namespace pilothouse::ui::journey {

enum class Station : quint8 {
    Client,       // a request from kubectl (or any user): the scenario's own pods
    Controllers,  // kube-controller-manager: pods its controllers create
    Authentication,
    Authorization,
    MutatingAdmission,
    Validation,  // the registry (defaults that need state, e.g. a Service's ClusterIP) and validation
    ValidatingAdmission,
    Etcd,
    QueueActive,
    QueueBackoff,
    QueueUnschedulable,
    Filter,
    Score,
    Bind,
    KubeletAdmission,
    Sandbox,
    ImagePull,
    Containers,
    Probes,  // Running: the kubelet probes until the pod is Ready
    RunningReady,
    Endpoints,
    Count
};
inline constexpr int kStationCount = int(Station::Count);

// What one journey record does to a pod: the stations it takes it through, in order (a
// scheduling attempt that placed the pod filters then scores; one that failed stops at filter),
// or, for a termination, none — the pod stays where it was, terminating, then leaves.
struct StageMapping {
    Station stations[2] = {Station::Client, Station::Client};
    int count = 0;
    bool terminating = false;
};

class Stations {
    Q_DECLARE_TR_FUNCTIONS(Stations)
public:
    // The station's title on the diagram ("mutating admission", "sandbox & IP").
    static QString title(Station s);
    // A stable identifier ("mutating-admission"): tests and logs.
    static QString id(Station s);
    // Where a station stands on the way (client 0 ... endpoints); the queue's three lanes share one.
    static int order(Station s);
    static bool isQueue(Station s) {
        return s == Station::QueueActive || s == Station::QueueBackoff || s == Station::QueueUnschedulable;
    }

    // `stage`: the record's stage ("authentication: loopback", "scheduling queue", "image pull");
    // `detail`: the queue lane, the chosen node or the FailedScheduling message, ...; count 0
    // for a stage the diagram does not know.
    static StageMapping forStage(std::string_view stage, std::string_view detail, bool failed);

    // Where a pod goes after `s` when its next stage has not been recorded yet (a stage is
    // recorded when it ends: the image being pulled now shows up when the pull is done); nullopt
    // when it stays (its journey ended there: Ready, endpoints, a rejected request; or it retries
    // the same step: a failed image pull or sandbox). `detail`/`failed`: of its last record.
    static std::optional<Station> expectedNext(Station s, bool failed, std::string_view detail);
};

}  // namespace pilothouse::ui::journey
