#include "journey/journey_layout.h"

#include <QLineF>

namespace pilothouse::ui::journey {

namespace {

// Three rows (API server, scheduler, kubelet) with room between them for the arrows. The API
// server's stations take no time (tokens only pass them): its row is the lowest, and the others
// have room for the tokens that wait.
constexpr qreal kMargin = 12;
constexpr qreal kRowTop[3] = {12, 324, 712};
constexpr qreal kRowHeights[3] = {276, 352, 352};
constexpr qreal kGroupHeader = 54;  // a group's title band; stations start below it
constexpr qreal kGap = 26;  // between stations (a flow arrow's room)
constexpr qreal kLeftColumn = 190;
constexpr qreal kGroupLeft = 252;                         // the API server and scheduler groups
constexpr qreal kStationWidth = (1424 - 24 - 4 * kGap) / 5;  // five stations in a 1424-wide group

qreal stationTop(int row) { return kRowTop[row] + kGroupHeader; }
qreal stationHeight(int row) { return kRowHeights[row] - kGroupHeader - 10; }
qreal rowBottom(int row) { return kRowTop[row] + kRowHeights[row]; }

QRectF inGroup(qreal groupLeft, int row, int index) {
    return {groupLeft + 12 + index * (kStationWidth + kGap), stationTop(row), kStationWidth, stationHeight(row)};
}

// The scheduling queue's frame: right of filter, to the scheduler group's right edge.
QRectF queueFrame() {
    const QRectF filter = inGroup(kGroupLeft, 1, 2);
    const qreal left = filter.right() + kGap;
    return {left, stationTop(1), 1908 - 12 - left, stationHeight(1)};
}

QRectF queueLane(int lane) {
    const QRectF f = queueFrame();
    const qreal w = (f.width() - 20 - 2 * 12) / 3;
    return {f.left() + 10 + lane * (w + 12), f.top() + 40, w, f.height() - 40 - 8};
}

QPainterPath line(QPointF a, QPointF b) {
    QPainterPath p(a);
    p.lineTo(b);
    return p;
}

}  // namespace

QRectF JourneyLayout::stationRect(Station s) {
    const qreal compactHeight = (stationHeight(0) - 12) / 2;
    switch (s) {
        case Station::Client: return {kMargin, stationTop(0), kLeftColumn, compactHeight};
        case Station::Controllers: return {kMargin, stationTop(0) + compactHeight + 12, kLeftColumn, compactHeight};
        case Station::Authentication: return inGroup(kGroupLeft, 0, 0);
        case Station::Authorization: return inGroup(kGroupLeft, 0, 1);
        case Station::MutatingAdmission: return inGroup(kGroupLeft, 0, 2);
        case Station::Validation: return inGroup(kGroupLeft, 0, 3);
        case Station::ValidatingAdmission: return inGroup(kGroupLeft, 0, 4);
        case Station::Etcd: return {1700, stationTop(0), 1908 - 1700, stationHeight(0)};
        // The scheduler reads right to left: the queue under etcd, then filter, score, bind.
        case Station::QueueActive: return queueLane(0);
        case Station::QueueBackoff: return queueLane(1);
        case Station::QueueUnschedulable: return queueLane(2);
        case Station::Filter: return inGroup(kGroupLeft, 1, 2);
        case Station::Score: return inGroup(kGroupLeft, 1, 1);
        case Station::Bind: return inGroup(kGroupLeft, 1, 0);
        case Station::KubeletAdmission: return inGroup(kMargin, 2, 0);
        case Station::Sandbox: return inGroup(kMargin, 2, 1);
        case Station::ImagePull: return inGroup(kMargin, 2, 2);
        case Station::Containers: return inGroup(kMargin, 2, 3);
        case Station::Probes: return inGroup(kMargin, 2, 4);
        case Station::RunningReady: return {1460, stationTop(2), 232, stationHeight(2)};
        case Station::Endpoints: return {1716, stationTop(2), 1908 - 1716, stationHeight(2)};
        case Station::Count: break;
    }
    return {};
}

std::vector<JourneyLayout::Group> JourneyLayout::groups() {
    return {
        {tr("API server"), tr("kube-apiserver"), {kGroupLeft, kRowTop[0], 1424, kRowHeights[0]}, false},
        {tr("scheduler"), tr("kube-scheduler"), {kGroupLeft, kRowTop[1], 1908 - kGroupLeft, kRowHeights[1]}, false},
        {tr("scheduling queue"), QString(), queueFrame(), true},
        {tr("kubelet"), tr("on the pod's node"), {kMargin, kRowTop[2], 1424, kRowHeights[2]}, false},
    };
}

std::vector<JourneyLayout::Caption> JourneyLayout::captions() {
    const qreal band = kGroupHeader - 8;
    return {
        {tr("clients"), {kMargin, kRowTop[0], kLeftColumn, band}},
        {tr("store"), {1700, kRowTop[0], 1908 - 1700, band}},
        {tr("pod"), {1460, kRowTop[2], 232, band}},
        {tr("Service"), {1716, kRowTop[2], 1908 - 1716, band}},
    };
}

QRectF JourneyLayout::legendRect() { return {kMargin, stationTop(1), kLeftColumn, stationHeight(1)}; }

std::vector<QPainterPath> JourneyLayout::flowArrows() {
    std::vector<QPainterPath> out;
    auto between = [&out](Station a, Station b) {
        const QRectF ra = stationRect(a), rb = stationRect(b);
        if (rb.left() >= ra.right()) out.push_back(line({ra.right(), rb.center().y()}, {rb.left(), rb.center().y()}));
        else out.push_back(line({ra.left(), rb.center().y()}, {rb.right(), rb.center().y()}));
    };
    // Clients to the API server.
    for (Station s : {Station::Client, Station::Controllers}) {
        const QRectF r = stationRect(s);
        out.push_back(line({r.right(), r.center().y()}, {stationRect(Station::Authentication).left(), r.center().y()}));
    }
    between(Station::Authentication, Station::Authorization);
    between(Station::Authorization, Station::MutatingAdmission);
    between(Station::MutatingAdmission, Station::Validation);
    between(Station::Validation, Station::ValidatingAdmission);
    between(Station::ValidatingAdmission, Station::Etcd);
    // Stored: into the scheduler's queue (the scheduler's watch).
    {
        const QRectF etcd = stationRect(Station::Etcd);
        out.push_back(line({etcd.center().x(), etcd.bottom()}, {etcd.center().x(), queueFrame().top()}));
    }
    {
        const QRectF q = queueFrame(), f = stationRect(Station::Filter);
        out.push_back(line({q.left(), f.center().y()}, {f.right(), f.center().y()}));
    }
    between(Station::Filter, Station::Score);
    between(Station::Score, Station::Bind);
    // Bound: the node's kubelet takes it.
    {
        const QRectF b = stationRect(Station::Bind), a = stationRect(Station::KubeletAdmission);
        out.push_back(line({b.center().x(), b.bottom()}, {a.center().x() + 60, a.top()}));
    }
    between(Station::KubeletAdmission, Station::Sandbox);
    between(Station::Sandbox, Station::ImagePull);
    between(Station::ImagePull, Station::Containers);
    between(Station::Containers, Station::Probes);
    between(Station::Probes, Station::RunningReady);
    between(Station::RunningReady, Station::Endpoints);
    return out;
}

QPainterPath JourneyLayout::watchPath(WatchTarget target) {
    switch (target) {
        case WatchTarget::Scheduler: {
            const qreal x = stationRect(Station::Score).center().x();
            return line({x, rowBottom(0)}, {x, kRowTop[1]});
        }
        case WatchTarget::Kubelets: {
            // Down the channel between the left column and the scheduler.
            const qreal x = kMargin + kLeftColumn + 18;
            QPainterPath p({kGroupLeft + 30, rowBottom(0)});
            p.lineTo(x, rowBottom(0) + 22);
            p.lineTo(x, kRowTop[2]);
            return p;
        }
        case WatchTarget::Controllers: {
            const QRectF c = stationRect(Station::Controllers);
            return line({kGroupLeft, c.bottom() - 18}, {c.right(), c.bottom() - 18});
        }
        case WatchTarget::Count: break;
    }
    return {};
}

QPointF JourneyLayout::watchLabelAnchor(WatchTarget target) {
    switch (target) {
        case WatchTarget::Scheduler: return watchPath(target).pointAtPercent(0.5) + QPointF(16, -9);
        case WatchTarget::Kubelets: return {kMargin + kLeftColumn + 36, kRowTop[1] + 20};
        case WatchTarget::Controllers: return {kMargin + 2, stationRect(Station::Controllers).bottom() + 18};
        case WatchTarget::Count: break;
    }
    return {};
}

qreal JourneyLayout::watchLabelAngle(WatchTarget target) { return target == WatchTarget::Kubelets ? 90 : 0; }

QString JourneyLayout::watchTitle(WatchTarget target) {
    switch (target) {
        case WatchTarget::Scheduler: return tr("watch → scheduler");
        case WatchTarget::Kubelets: return tr("watch → kubelets");
        case WatchTarget::Controllers: return tr("watch → controllers");
        case WatchTarget::Count: break;
    }
    return {};
}

std::optional<WatchTarget> JourneyLayout::watchTargetOf(const std::string& client) {
    if (client == "kube-scheduler") return WatchTarget::Scheduler;
    if (client.starts_with("kubelet/")) return WatchTarget::Kubelets;
    // kube-controller-manager's shared informers, or a controller's own.
    if (client == "kube-controller-manager" || client.ends_with("-controller")) return WatchTarget::Controllers;
    return std::nullopt;
}

}  // namespace pilothouse::ui::journey
