// The cluster at a glance: every node as a card, a tile or a heat-map cell (whichever fits the
// space a node gets), its pods as chips coloured by phase, and the pods without a node in a lane
// of their own above. Painted directly (a virtual layout: positions are arithmetic, only what is
// visible is drawn, nothing is an item), so 5,000 nodes and 150,000 pods stay smooth.
//
// Zoom: 1 fits every node in the window; Ctrl+wheel, + / − and 0 (fit) change it, and the level of
// detail follows. Clicking a card, tile or cell selects the node, clicking a chip selects the pod
// (SelectionModel); a selection made elsewhere is highlighted and scrolled into view. Tooltips
// give the details. The view shows whatever moment ClusterState holds (live or past).
#pragma once

#include <QAbstractScrollArea>
#include <QPixmap>

#include <memory>
#include <unordered_map>

#include "clusterview/cluster_view_model.h"
#include "clusterview/grid_layout.h"
#include "clusterview/heat_map_cell.h"
#include "models/selection_model.h"

namespace pilothouse::ui::clusterview {

class ClusterView final : public QAbstractScrollArea {
    Q_OBJECT
public:
    ClusterView(ClusterState* state, SelectionModel* selection, QWidget* parent = nullptr);
    ~ClusterView() override;

    ClusterViewModel* model() const { return model_; }
    SelectionModel* selectionModel() const { return selection_; }

    // The level of detail nodes are drawn at now, and the size of a node's cell.
    DetailLevel detailLevel() const;
    QSizeF cellSize() const;
    // 1: every node fits; larger zooms in (and scrolls).
    double zoom() const { return zoom_; }
    void setZoom(double zoom);
    void zoomIn();
    void zoomOut();
    void zoomToFit() { setZoom(1.0); }

    // Nodes as tiles or heat-map cells only, never cards (a dashboard of many nodes: Operate).
    void setTilesAtMost(bool on);
    bool tilesAtMost() const { return tilesAtMost_; }

    HeatMetric heatMetric() const { return metric_; }
    void setHeatMetric(HeatMetric metric);

    // Hit testing and geometry, in viewport coordinates.
    ObjectRef objectAt(const QPoint& pos) const;
    // Where a pod's chip is drawn now (null when it is not drawn: scrolled away, or not at card
    // level, or beyond what its card or the lane shows).
    QRect podRect(const QString& key) const;
    // Where a node's card, tile or cell is (null when scrolled away or unknown).
    QRect nodeRect(const QString& name) const;
    // The header's switch for the heat map's colour (null when not at heat-map level).
    QRect heatMetricSwitchRect(HeatMetric metric) const;
    // Scrolls so that the node (or the pod's node) is visible.
    void reveal(const ObjectRef& ref);

    QSize sizeHint() const override { return {1280, 800}; }
    // Room for the header, the pending lane and one row of the smallest nodes with their names
    // (tiles): a dock never squeezes the view to its header.
    QSize minimumSizeHint() const override;

    // A pending pod being dragged onto a node ("why not here?"): its key, empty otherwise.
    QString draggedPod() const { return dragging_ ? dragPod_ : QString(); }

signals:
    void detailLevelChanged(pilothouse::ui::clusterview::DetailLevel level);
    // A pending pod's chip was dragged from the lane and dropped on a node: the user asks why the
    // pod is not there (the explainer's What if… answers, for that node).
    void whyNotHere(const QString& podKey, const QString& node);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct Frame;
    const Frame& frame() const;
    // The nodes and pods shown were listed (not while the control plane is still to list them).
    bool listed() const;
    void relayout();
    void zoomAround(double zoom, const QPoint& anchor);
    void onSelectionChanged(const ObjectRef& ref);
    // Many model changes between two frames ask for one repaint.
    void scheduleRepaint();
    // The node row under a viewport point in the grid (-1 for none), and the grid's y for a
    // viewport y.
    int nodeIndexAt(const QPoint& pos) const;
    QPointF toGrid(const QPoint& pos) const;
    QString toolTipAt(const QPoint& pos) const;
    // Cards and tiles as drawn last, per node, while they stay on screen (a frame redraws only the
    // nodes that changed).
    struct CachedCell {
        quint64 version = 0;
        size_t look = 0;  // the palette and phase colours it was drawn in
        QPixmap pixmap;
        bool used = false;
    };
    void paintCells(QPainter& p, const QRectF& visible, int first, int last, const QString& selectedNode,
                    const QString& selectedPod);

    ClusterViewModel* model_;
    SelectionModel* selection_;
    double zoom_ = 1.0;
    bool tilesAtMost_ = false;
    HeatMetric metric_ = HeatMetric::Cpu;
    DetailLevel shownLevel_ = DetailLevel::Card;
    bool repaintScheduled_ = false;
    mutable std::unique_ptr<Frame> frame_;
    std::unordered_map<const ClusterViewModel::Node*, CachedCell> cellCache_;
    // Dragging a pending pod: pressed on its chip (dragPod_), moved far enough (dragging_).
    QString dragPod_;
    QPoint dragStart_, dragPos_;
    bool dragging_ = false;
    void paintDrag(QPainter& p, const Frame& f) const;
};

}  // namespace pilothouse::ui::clusterview

namespace pilothouse::ui {
using clusterview::ClusterView;
using clusterview::ClusterViewModel;
}  // namespace pilothouse::ui
