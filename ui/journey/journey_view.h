// The journey view, the centrepiece of the explorer: the control plane drawn as stations (see
// journey_layout.h) and every pod a token travelling through them at the times its journey
// records say (JourneyModel). A station shows its counters and what it is doing; a failing step
// shows in red with its real message; watch arrows pulse when the API server delivers watch
// events to the scheduler, the kubelets or the controllers.
//
// Clicking a token selects its pod (SelectionModel: every view follows); the selected pod's
// token is always drawn, with a halo, and its route so far is traced. Past what a station holds
// tokens a station shows a count instead.
//
// Frames: a 60 Hz timer runs while anything moves (the timeline, new records, a pulse) and stops
// when nothing does, or when the view is hidden (a layout without it): it catches up when shown.
// The model is evaluated at most every three times as long as its last evaluation took (150,000
// pods of a live cluster: a few frames a second; a workshop's scenario: every frame). Each frame evaluates the model at the timeline's moment and moves the
// tokens — items from a pool, reused; an item repaints only when its look changes, and a move
// repaints only its old and new places.
#pragma once

#include <QElapsedTimer>
#include <QGraphicsView>
#include <QTimer>

#include <array>
#include <vector>

#include "journey/journey_layout.h"
#include "journey/journey_model.h"

class QGraphicsPathItem;

namespace pilothouse::ui::journey {
class BackdropItem;
class CountBadgeItem;
class StationItem;
class TokenItem;
class WatchArrowItem;
}  // namespace pilothouse::ui

namespace pilothouse::ui {

class ClusterState;
class ControlPlaneClient;
class SelectionModel;
class Timeline;
struct ObjectRef;

class JourneyView final : public QGraphicsView {
    Q_OBJECT
public:
    // `state` may be null: owners then come from pod names, and pods' statuses are not shown.
    JourneyView(ControlPlaneClient* client, Timeline* timeline, SelectionModel* selection, ClusterState* state,
                QWidget* parent = nullptr);
    ~JourneyView() override;

    using JourneyModel = journey::JourneyModel;
    using Station = journey::Station;
    using WatchTarget = journey::WatchTarget;
    using TokenItem = journey::TokenItem;
    using StationItem = journey::StationItem;
    using CountBadgeItem = journey::CountBadgeItem;
    using WatchArrowItem = journey::WatchArrowItem;

    JourneyModel* model() const { return model_; }

    // Reads new records and draws the moment the timeline shows, now (the frame timer does this
    // while anything moves; tests, screenshots and the benchmark call it).
    void updateFrame();
    // Re-reads the theme's colours (light or dark).
    void refreshTheme();

    // What is drawn (tests): a pod's token when it is drawn one by one, else null.
    const TokenItem* tokenItem(const QString& podKey) const;
    const StationItem* stationItem(Station s) const { return stations_[size_t(s)]; }
    const CountBadgeItem* badge(Station s) const { return badges_[size_t(s)]; }
    const WatchArrowItem* watchArrow(WatchTarget t) const { return arrows_[size_t(t)]; }
    // Device pixels per scene pixel of the 1920 x 1080 canvas: the whole canvas fits when that is
    // at least journey::style::kMinDeviceScale, else it stays at that and scrolls.
    qreal deviceScale() const;
    // Token items in the scene now (visible ones): the pool's use.
    int visibleTokenItems() const { return int(inUse_.size()); }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    void fitScene();
    void scheduleFrame();
    void onFrame();
    void syncItems();
    void checkWatches();
    void onSelectionChanged(const ObjectRef& ref);
    void onModelReset();
    TokenItem* itemFor(int pod);
    const QColor& colorOf(int pod);
    // Where the `index`-th of `count` tokens at `s` goes, and whether it has room for its name.
    QPointF slot(Station s, int index, int count, bool* labelled, qreal* labelWidth) const;
    // How many tokens station `s` shows one by one (more: a count).
    int shownAt(Station s) const;
    // Where the `index`-th of `count` tokens travelling from (to) `s` leaves (arrives).
    QPointF departure(Station s, int index, int count) const;
    QPointF arrival(Station s, int index, int count) const;
    void updateRoute();

    ControlPlaneClient* client_;
    Timeline* timeline_;
    SelectionModel* selection_;
    JourneyModel* model_;
    QGraphicsScene* scene_;

    journey::BackdropItem* backdrop_ = nullptr;
    std::array<StationItem*, journey::kStationCount> stations_{};
    std::array<CountBadgeItem*, journey::kStationCount> badges_{};
    std::array<WatchArrowItem*, journey::kWatchTargetCount> arrows_{};
    QGraphicsPathItem* route_ = nullptr;
    std::array<QRectF, journey::kStationCount> areas_;  // token areas, this frame
    // Travelling tokens per way (from * kStationCount + to), this frame.
    std::array<int, journey::kStationCount * journey::kStationCount> edgeCount_{};
    std::array<int, journey::kStationCount * journey::kStationCount> edgeNext_{};

    std::vector<TokenItem*> pool_;      // hidden items, ready for reuse
    std::vector<TokenItem*> itemOfPod_;  // per pod: its item, or null
    std::vector<int> inUse_;             // pods that have an item
    std::vector<quint32> usedAt_;        // per pod: the frame that last used its item
    quint32 frame_ = 0;
    std::vector<QColor> colors_;  // per pod: its owner's colour (invalid: not computed)

    QString selectedKey_;
    int selectedPod_ = -1;

    QTimer frameTimer_;
    QElapsedTimer wall_;
    bool dirty_ = true;
    int idleFrames_ = 0;
    // Not before then (wall_ ms) is the model evaluated again: a large cluster's evaluation takes
    // a share of the GUI thread no larger than a third (twice its time between two).
    qint64 nextEvaluation_ = 0;
    qint64 lastWatchCheck_ = -1'000'000;
    std::array<qint64, journey::kWatchTargetCount> delivered_{};
    bool watchesPrimed_ = false;
};

}  // namespace pilothouse::ui
