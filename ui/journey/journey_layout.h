// Where everything stands on the journey diagram, in scene coordinates of a 1920 x 1080 canvas
// (the view scales it to fit), laid out like the seeds' architecture diagrams and read as a snake:
//
//   [kubectl    ]  ┌ API server ──────────────────────────────────────────────┐  [etcd]
//   [controllers]  │ authentication → authorization → mutating → validation → │
//                  │ validating admission                                     │    │
//                  └──────────────┬───────────────────────────────────────────┘    ↓
//    [legend]   ┊  ┌ scheduler ───↓──────────────────────────────────────────────────────┐
//               ┊  │ bind ← score ← filter ← queue [active | backoff | unschedulable]      │
//               ↓  └─────────────────────────────────────────────────────────────────────┘
//   ┌ kubelet (each node) ───────────────────────────────────────┐
//   │ admission → sandbox & IP → image pull → containers → probes│ → [Running/Ready] → [endpoints]
//   └────────────────────────────────────────────────────────────┘
//
// Dotted arrows are watches: the API server notifying the scheduler, the kubelets and the
// controllers (the only way components learn anything).
#pragma once

#include <QCoreApplication>
#include <QPainterPath>
#include <QRectF>
#include <QString>

#include <optional>
#include <string>
#include <vector>

#include "journey/stations.h"

namespace pilothouse::ui::journey {

enum class WatchTarget { Scheduler, Kubelets, Controllers, Count };
inline constexpr int kWatchTargetCount = int(WatchTarget::Count);

class JourneyLayout {
    Q_DECLARE_TR_FUNCTIONS(JourneyLayout)
public:
    struct Group {
        QString title;
        QString subtitle;  // muted, after the title
        QRectF rect;
        bool inner = false;  // a frame inside a group (the scheduling queue)
    };
    struct Caption {
        QString text;
        QRectF rect;
    };

    static QRectF sceneRect() { return {0, 0, 1920, 1080}; }
    static QRectF stationRect(Station s);
    // Stations drawn small (the origins: a token only passes them).
    static bool compact(Station s) { return s == Station::Client || s == Station::Controllers; }
    static std::vector<Group> groups();
    static std::vector<Caption> captions();
    // Where the legend goes.
    static QRectF legendRect();
    // The way a pod goes, station to station (arrow heads at the end).
    static std::vector<QPainterPath> flowArrows();
    // From the API server to the component; its label's anchor and angle (degrees).
    static QPainterPath watchPath(WatchTarget target);
    static QPointF watchLabelAnchor(WatchTarget target);
    static qreal watchLabelAngle(WatchTarget target);
    // The label's count goes on a second line (where the arrow is short).
    static bool watchLabelTwoLines(WatchTarget target) { return target != WatchTarget::Kubelets; }
    static QString watchTitle(WatchTarget target);
    // Which arrow a watching client's deliveries pulse ("kube-scheduler", "kubelet/node-1",
    // "replicaset-controller"); nullopt for others (the GUI's own informers).
    static std::optional<WatchTarget> watchTargetOf(const std::string& client);
};

}  // namespace pilothouse::ui::journey
