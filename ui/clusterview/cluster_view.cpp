#include "clusterview/cluster_view.h"

#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "clusterview/node_card.h"
#include "clusterview/node_tile.h"
#include "clusterview/pending_lane.h"
#include "clusterview/tooltip_text.h"
#include "clusterview/view_header.h"
#include "theme/theme.h"

namespace pilothouse::ui::clusterview {

namespace core = k8s::io::api::core::v1;

namespace {
constexpr double kZoomStep = 1.25;
constexpr double kMaxZoom = 400;
// Text sizes of the header and the pending lane (points), unless cards are large.
constexpr double kHeaderPoints = 12;
constexpr double kLanePoints = 11;
}  // namespace

// Everything about where things go that depends only on the viewport's size, the number of nodes,
// the zoom and the font scale.
struct ClusterView::Frame {
    QSize viewport;
    int nodes = -1;
    double zoom = 0;
    double fontScale = 0;

    HeaderStyle headerStyle;
    LaneStyle laneStyle;
    QRectF header, lane, grid;  // viewport coordinates
    double fitWidth = 0;
    GridLayout layout;          // grid coordinates: (0, 0) is the grid's top-left at scroll 0
};

ClusterView::ClusterView(ClusterState* state, SelectionModel* selection, QWidget* parent)
    : QAbstractScrollArea(parent), model_(new ClusterViewModel(state, this)), selection_(selection) {
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Cluster view"));

    auto reflow = [this] {
        relayout();
        viewport()->update();
    };
    connect(model_, &QAbstractItemModel::dataChanged, this, &ClusterView::scheduleRepaint);
    connect(model_, &ClusterViewModel::pendingChanged, this, &ClusterView::scheduleRepaint);
    connect(model_, &QAbstractItemModel::rowsInserted, this, reflow);
    connect(model_, &QAbstractItemModel::rowsRemoved, this, reflow);
    connect(model_, &QAbstractItemModel::modelReset, this, reflow);
    if (selection_) connect(selection_, &SelectionModel::selectionChanged, this, &ClusterView::onSelectionChanged);
    relayout();
}

ClusterView::~ClusterView() = default;

void ClusterView::setTilesAtMost(bool on) {
    if (on == tilesAtMost_) return;
    tilesAtMost_ = on;
    frame_.reset();
    relayout();
    viewport()->update();
}

QSize ClusterView::minimumSizeHint() const {
    const double scale = theme::fontScale();
    const GridLayout tiles = layoutGrid(1, QSizeF(kTileMinWidth * scale, 1), kTileMinWidth * scale, scale);
    const double grid = tiles.contentHeight();
    const double height = HeaderStyle::withPoints(kHeaderPoints).height() + LaneStyle::withPoints(kLanePoints).height() + grid;
    const int frame = 2 * frameWidth();
    return {int(std::ceil(kTileMinWidth * scale + 2 * tiles.margin)) + frame + verticalScrollBar()->sizeHint().width(),
            int(std::ceil(height)) + frame};
}

bool ClusterView::listed() const {
    const ClusterState* state = model_->clusterState();
    return state->listed(QStringLiteral("nodes")) && state->listed(QStringLiteral("pods"));
}

// --- layout -------------------------------------------------------------------------------------

const ClusterView::Frame& ClusterView::frame() const {
    if (!frame_) const_cast<ClusterView*>(this)->relayout();
    return *frame_;
}

void ClusterView::relayout() {
    const QSize size = viewport()->size();
    const int nodes = model_->nodeCount();
    auto build = [&](double headerPoints, double lanePoints) {
        auto f = std::make_unique<Frame>();
        f->viewport = size;
        f->nodes = nodes;
        f->zoom = zoom_;
        f->fontScale = theme::fontScale();
        f->headerStyle = HeaderStyle::withPoints(headerPoints);
        f->laneStyle = LaneStyle::withPoints(lanePoints);
        const double w = size.width();
        f->header = QRectF(0, 0, w, f->headerStyle.height());
        f->lane = QRectF(0, f->header.bottom(), w, f->laneStyle.height());
        f->grid = QRectF(0, f->lane.bottom(), w, std::max(0.0, size.height() - f->lane.bottom()));
        f->fitWidth = fitCellWidth(f->nodes, f->grid.size(), f->fontScale);
        double cellWidth = std::clamp(f->fitWidth * zoom_, kHeatMinWidth, std::max(kHeatMinWidth, f->grid.width()));
        if (tilesAtMost_) cellWidth = std::min(cellWidth, kCardMinWidth * f->fontScale - 1);
        f->layout = layoutGrid(f->nodes, f->grid.size(), cellWidth, f->fontScale);
        return f;
    };
    auto f = build(kHeaderPoints, kLanePoints);
    if (f->layout.level == DetailLevel::Card) {
        // Large cards (a few nodes on a projector): the header and the pending lane grow with them.
        const double body = CardStyle::bodyPoints(f->layout.cell);
        auto large = build(std::clamp(body * 0.85, kHeaderPoints, 18.0), std::clamp(body * 0.85, kLanePoints, 18.0));
        if (large->layout.level == DetailLevel::Card) f = std::move(large);
    }
    frame_ = std::move(f);
    cellCache_.clear();

    QScrollBar* bar = verticalScrollBar();
    const int extent = int(std::ceil(frame_->layout.contentHeight() - frame_->grid.height()));
    bar->setRange(0, std::max(0, extent));
    bar->setPageStep(std::max(1, int(frame_->grid.height())));
    bar->setSingleStep(std::max(1, int((frame_->layout.cell.height() + frame_->layout.gap) / 3)));

    if (frame_->layout.level != shownLevel_) {
        shownLevel_ = frame_->layout.level;
        emit detailLevelChanged(shownLevel_);
    }
}

DetailLevel ClusterView::detailLevel() const { return frame().layout.level; }

QSizeF ClusterView::cellSize() const { return frame().layout.cell; }

void ClusterView::setZoom(double zoom) {
    zoomAround(zoom, QPoint(viewport()->width() / 2, int(frame().grid.center().y())));
}

void ClusterView::zoomIn() { setZoom(zoom_ * kZoomStep); }
void ClusterView::zoomOut() { setZoom(zoom_ / kZoomStep); }

void ClusterView::zoomAround(double zoom, const QPoint& anchor) {
    const Frame& before = frame();
    // Zooming out past the fit only shrinks cells down to the smallest heat-map cell.
    const double minZoom = std::min(1.0, kHeatMinWidth / std::max(kHeatMinWidth, before.fitWidth));
    zoom = std::clamp(zoom, minZoom, kMaxZoom);
    if (zoom == zoom_) return;
    // Keep the node under the anchor where it is.
    const QPointF g = toGrid(anchor);
    int index = before.layout.count > 0 ? before.layout.indexAt(g) : -1;
    double within = 0;
    if (index < 0 && before.layout.count > 0) {
        const auto [first, last] = before.layout.indexRange(g.y(), g.y() + 1);
        index = first < last ? first : -1;
    }
    if (index >= 0) {
        const QRectF cell = before.layout.cellRect(index);
        within = (g.y() - cell.top()) / std::max(1.0, cell.height());
    }
    const double anchorY = anchor.y() - before.grid.top();
    zoom_ = zoom;
    relayout();
    if (index >= 0) {
        const QRectF cell = frame_->layout.cellRect(index);
        verticalScrollBar()->setValue(int(std::round(cell.top() + within * cell.height() - anchorY)));
    }
    viewport()->update();
}

void ClusterView::setHeatMetric(HeatMetric metric) {
    if (metric == metric_) return;
    metric_ = metric;
    viewport()->update();
}

QPointF ClusterView::toGrid(const QPoint& pos) const {
    const Frame& f = frame();
    return QPointF(pos.x() - f.grid.left(), pos.y() - f.grid.top() + verticalScrollBar()->value());
}

int ClusterView::nodeIndexAt(const QPoint& pos) const {
    const Frame& f = frame();
    if (!f.grid.contains(pos)) return -1;
    return f.layout.indexAt(toGrid(pos));
}

// --- hit testing --------------------------------------------------------------------------------

ObjectRef ClusterView::objectAt(const QPoint& pos) const {
    const Frame& f = frame();
    if (f.lane.contains(pos)) {
        const auto& pending = model_->pendingPods();
        const LaneLayout lane = layoutLane(f.laneStyle, f.lane, int(pending.size()));
        const int i = lane.chips.indexAt(pos);
        return i >= 0 ? ObjectRef::pod(pending[size_t(i)]->summary.key) : ObjectRef();
    }
    const int index = nodeIndexAt(pos);
    if (index < 0) return {};
    const ClusterViewModel::Node& node = model_->nodeAt(index);
    if (f.layout.level == DetailLevel::Card) {
        const CardLayout card = layoutCard(CardStyle::forCell(f.layout.cell), f.layout.cellRect(index), node);
        const int chip = card.chips.indexAt(toGrid(pos));
        if (chip >= 0) return ObjectRef::pod(node.pods[size_t(chip)]->summary.key);
    }
    return ObjectRef::node(node.summary.name);
}

QRect ClusterView::nodeRect(const QString& name) const {
    const Frame& f = frame();
    const int row = model_->rowOfNode(name);
    if (row < 0) return {};
    const QRectF r = f.layout.cellRect(row).translated(f.grid.left(), f.grid.top() - verticalScrollBar()->value());
    return r.intersects(f.grid) ? r.toAlignedRect() : QRect();
}

QRect ClusterView::podRect(const QString& key) const {
    const Frame& f = frame();
    const ClusterViewModel::Pod* pod = model_->pod(key);
    if (!pod) return {};
    if (!pod->node) {
        const auto& pending = model_->pendingPods();
        const LaneLayout lane = layoutLane(f.laneStyle, f.lane, int(pending.size()));
        if (pod->laneIndex < 0 || pod->laneIndex >= lane.chips.shown()) return {};
        return lane.chips.slotRect(int(pod->laneIndex)).toAlignedRect();
    }
    if (f.layout.level != DetailLevel::Card || !pod->node->exists) return {};
    const ClusterViewModel::Node& node = *pod->node;
    const CardLayout card = layoutCard(CardStyle::forCell(f.layout.cell), f.layout.cellRect(node.row), node);
    const int i = int(std::find(node.pods.begin(), node.pods.end(), pod) - node.pods.begin());
    if (i >= card.chips.shown()) return {};
    const QRectF r = card.chips.slotRect(i).translated(f.grid.left(), f.grid.top() - verticalScrollBar()->value());
    return r.intersects(f.grid) ? r.toAlignedRect() : QRect();
}

QRect ClusterView::heatMetricSwitchRect(HeatMetric metric) const {
    const Frame& f = frame();
    if (f.layout.level != DetailLevel::HeatMap) return {};
    HeaderInfo info;
    info.level = f.layout.level;
    const HeaderLayout header = layoutHeader(f.headerStyle, f.header, info);
    return (metric == HeatMetric::Cpu ? header.cpuToggle() : header.memoryToggle()).toAlignedRect();
}

void ClusterView::reveal(const ObjectRef& ref) {
    QString nodeName;
    if (ref.resource == QLatin1String("nodes")) {
        nodeName = ref.name;
    } else if (ref.resource == QLatin1String("pods")) {
        const ClusterViewModel::Pod* pod = model_->pod(ref.key());
        if (pod && pod->node) nodeName = pod->node->summary.name;
    }
    const int row = nodeName.isEmpty() ? -1 : model_->rowOfNode(nodeName);
    if (row < 0) return;
    const Frame& f = frame();
    const QRectF cell = f.layout.cellRect(row);
    const double top = verticalScrollBar()->value();
    if (cell.top() >= top && cell.bottom() <= top + f.grid.height()) return;
    verticalScrollBar()->setValue(int(std::round(cell.center().y() - f.grid.height() / 2)));
}

void ClusterView::scheduleRepaint() {
    if (repaintScheduled_) return;
    repaintScheduled_ = true;
    viewport()->update();
}

void ClusterView::onSelectionChanged(const ObjectRef& ref) {
    reveal(ref);
    viewport()->update();
}

// --- painting -----------------------------------------------------------------------------------

void ClusterView::paintEvent(QPaintEvent* event) {
    repaintScheduled_ = false;
    if (!frame_ || frame_->viewport != viewport()->size() || frame_->fontScale != theme::fontScale()) relayout();
    const Frame& f = *frame_;
    QPainter p(viewport());
    p.setRenderHint(QPainter::Antialiasing);
    const QRect exposed = event->rect();
    p.fillRect(exposed, theme::background());

    const PhasePalette phases;
    const ObjectRef selected = selection_ ? selection_->selected() : ObjectRef();
    const QString selectedPod = selected.resource == QLatin1String("pods") ? selected.key() : QString();
    const QString selectedNode = selected.resource == QLatin1String("nodes") ? selected.name : QString();

    // The nodes: only the cells in the exposed band, in grid coordinates.
    const QRectF gridExposed = f.grid.intersected(QRectF(exposed));
    if (!gridExposed.isEmpty() && f.layout.count > 0) {
        const double scroll = verticalScrollBar()->value();
        p.save();
        p.setClipRect(gridExposed);
        p.translate(f.grid.left(), f.grid.top() - scroll);
        const QRectF visible = gridExposed.translated(-f.grid.left(), scroll - f.grid.top());
        const auto [first, last] = f.layout.indexRange(visible.top(), visible.bottom());
        switch (f.layout.level) {
            case DetailLevel::Card:
            case DetailLevel::Tile: paintCells(p, visible, first, last, selectedNode, selectedPod); break;
            case DetailLevel::HeatMap: {
                // Cells are small and many: no antialiasing (crisp edges, and much faster).
                p.setRenderHint(QPainter::Antialiasing, false);
                const HeatPalette heat;
                const bool named = f.layout.cell.width() >= kHeatNameMinWidth;
                const QFont nameFont = theme::font(std::clamp(f.layout.cell.width() / 9 / theme::fontScale(), 6.5, 10.0));
                // The node of a selected pod is highlighted too: a cell has no chips.
                QString highlight = selectedNode;
                if (!selectedPod.isEmpty())
                    if (const auto* pod = model_->pod(selectedPod); pod && pod->node) highlight = pod->node->summary.name;
                int highlighted = -1;
                for (int i = first; i < last; ++i) {
                    const QRectF cell = f.layout.cellRect(i);
                    const ClusterViewModel::Node& node = model_->nodeAt(i);
                    const bool selectedCell = !highlight.isEmpty() && node.summary.name == highlight;
                    if (selectedCell) highlighted = i;
                    paintHeatCell(p, cell, node, metric_, heat, false, named ? &nameFont : nullptr);
                }
                if (highlighted >= 0)  // last, so neighbours do not paint over its ring
                    paintHeatCell(p, f.layout.cellRect(highlighted), model_->nodeAt(highlighted), metric_, heat, true,
                                  named ? &nameFont : nullptr);
                p.setRenderHint(QPainter::Antialiasing);
                break;
            }
        }
        p.restore();
    }

    if (f.layout.count == 0 && !gridExposed.isEmpty()) {
        p.setFont(theme::font(14));
        p.setPen(theme::mutedText());
        p.drawText(f.grid, Qt::AlignCenter, listed() ? tr("No nodes at this moment") : tr("Waiting for the control plane's nodes…"));
    }

    // The pending lane and the header, above the grid.
    if (exposed.intersects(f.lane.toAlignedRect())) {
        const auto& pending = model_->pendingPods();
        paintLane(p, f.laneStyle, layoutLane(f.laneStyle, f.lane, int(pending.size())), pending, phases, selectedPod, listed());
    }
    if (exposed.intersects(f.header.toAlignedRect())) {
        HeaderInfo info;
        info.nodes = model_->nodeCount();
        for (int i = 0; i < info.nodes; ++i) {
            const NodeSummary& s = model_->nodeAt(i).summary;
            if (s.readiness != NodeReadiness::Ready) ++info.notReady;
            if (s.unschedulable) ++info.cordoned;
        }
        info.pods = model_->podCount();
        info.pending = qsizetype(model_->pendingPods().size());
        for (int i = 0; i < kPodPhaseCount; ++i) info.phases[size_t(i)] = model_->podCount(PodPhase(i));
        info.level = f.layout.level;
        info.metric = metric_;
        info.live = model_->clusterState()->live();
        info.listed = listed();
        info.revision = model_->clusterState()->revision();
        info.error = model_->clusterState()->error();
        paintHeader(p, f.headerStyle, layoutHeader(f.headerStyle, f.header, info), info, phases);
    }
    if (dragging_) paintDrag(p, f);
}

void ClusterView::paintCells(QPainter& p, const QRectF& visible, int first, int last, const QString& selectedNode,
                             const QString& selectedPod) {
    const Frame& f = *frame_;
    const bool cards = f.layout.level == DetailLevel::Card;
    const CardStyle cardStyle = cards ? CardStyle::forCell(f.layout.cell) : CardStyle();
    const TileStyle tileStyle = cards ? TileStyle() : TileStyle::forCell(f.layout.cell);
    const PhasePalette phases;
    const ClusterViewModel::Pod* pod = selectedPod.isEmpty() ? nullptr : model_->pod(selectedPod);
    const ClusterViewModel::Node* podNode = pod ? pod->node : nullptr;
    auto draw = [&](QPainter& painter, const QRectF& cell, const ClusterViewModel::Node& node) {
        const bool nodeSelected = node.summary.name == selectedNode;
        if (cards) {
            CardPaint how;
            how.phases = &phases;
            how.nodeSelected = nodeSelected;
            how.selectedPod = &node == podNode ? selectedPod : QString();
            paintCard(painter, cardStyle, layoutCard(cardStyle, cell, node), node, how);
        } else {
            paintTile(painter, tileStyle, cell, node, nodeSelected);
        }
    };

    const qreal dpr = viewport()->devicePixelRatioF();
    const QSize pixels = (f.layout.cell * dpr).toSize();
    // A cell is drawn again when its node changed, or the colours or the text size did.
    size_t look = qHash(theme::background().rgba()) ^ (qHash(theme::text().rgba()) << 1);
    for (const QString& phase : theme::phases()) look = look * 31 + qHash(theme::phaseColor(phase).rgba());
    look = look * 31 + qHash(theme::fontScale());  // lines thicken with the text
    const QRectF local(QPointF(0, 0), f.layout.cell);
    for (int i = first; i < last; ++i) {
        const QRectF cell = f.layout.cellRect(i);
        if (!cell.intersects(visible)) continue;
        const ClusterViewModel::Node& node = model_->nodeAt(i);
        if (&node == podNode || node.summary.name == selectedNode) {  // the selection is drawn fresh
            draw(p, cell, node);
            continue;
        }
        CachedCell& cached = cellCache_[&node];
        if (cached.pixmap.isNull() || cached.version != node.version || cached.look != look) {
            if (cached.pixmap.size() != pixels) {
                cached.pixmap = QPixmap(pixels);
                cached.pixmap.setDevicePixelRatio(dpr);
            }
            cached.pixmap.fill(theme::background());
            QPainter cp(&cached.pixmap);
            cp.setRenderHint(QPainter::Antialiasing);
            draw(cp, local, node);
            cached.version = node.version;
            cached.look = look;
        }
        cached.used = true;
        p.drawPixmap(cell.topLeft(), cached.pixmap);
    }
    // Keep only what this frame showed.
    for (auto it = cellCache_.begin(); it != cellCache_.end();) {
        if (!it->second.used) {
            it = cellCache_.erase(it);
        } else {
            it->second.used = false;
            ++it;
        }
    }
}

// --- input --------------------------------------------------------------------------------------

void ClusterView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    relayout();
}

void ClusterView::scrollContentsBy(int, int) { viewport()->update(); }

void ClusterView::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        relayout();  // and what was cached was drawn in the other colours
        viewport()->update();
    }
}

void ClusterView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const QPoint pos = event->position().toPoint();
    for (HeatMetric m : {HeatMetric::Cpu, HeatMetric::Memory})
        if (heatMetricSwitchRect(m).contains(pos)) return setHeatMetric(m);
    const ObjectRef ref = objectAt(pos);
    if (!ref.isNull() && selection_) selection_->select(ref);
    // A pending pod's chip can be dragged onto a node.
    dragPod_.clear();
    dragging_ = false;
    if (ref.resource == QLatin1String("pods"))
        if (const auto* pod = model_->pod(ref.key()); pod && !pod->node) {
            dragPod_ = ref.key();
            dragStart_ = pos;
        }
    event->accept();
}

void ClusterView::mouseMoveEvent(QMouseEvent* event) {
    if (dragPod_.isEmpty()) {
        QAbstractScrollArea::mouseMoveEvent(event);
        return;
    }
    const QPoint pos = event->position().toPoint();
    if (!dragging_ && (pos - dragStart_).manhattanLength() >= QApplication::startDragDistance()) {
        dragging_ = true;
        viewport()->setCursor(Qt::ClosedHandCursor);
    }
    if (dragging_) {
        dragPos_ = pos;
        viewport()->update();
    }
    event->accept();
}

void ClusterView::mouseReleaseEvent(QMouseEvent* event) {
    // Selection happens on press; the release belongs to it, or ends a drag.
    if (event->button() == Qt::LeftButton && dragging_) {
        const int index = nodeIndexAt(event->position().toPoint());
        const QString pod = dragPod_;
        dragging_ = false;
        dragPod_.clear();
        viewport()->unsetCursor();
        viewport()->update();
        if (index >= 0) emit whyNotHere(pod, model_->nodeAt(index).summary.name);
    }
    if (event->button() == Qt::LeftButton) dragPod_.clear();
    event->setAccepted(event->button() == Qt::LeftButton);
}

void ClusterView::paintDrag(QPainter& p, const Frame& f) const {
    // The node under the pointer is outlined; the pod follows the pointer with the question.
    const int index = nodeIndexAt(dragPos_);
    if (index >= 0) {
        const QRect target = nodeRect(model_->nodeAt(index).summary.name);
        p.save();
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(theme::accent(), 3 * f.fontScale, Qt::DashLine));
        p.drawRoundedRect(QRectF(target).adjusted(-2, -2, 2, 2), 6, 6);
        p.restore();
    }
    const QString name = dragPod_.section(QLatin1Char('/'), 1);
    const QString text = index >= 0 ? tr("Why not on %1? %2").arg(model_->nodeAt(index).summary.name, name)
                                    : tr("Drop %1 on a node to ask why it is not there").arg(name);
    p.save();
    const QFont font = theme::font(11, true);
    p.setFont(font);
    const QFontMetrics fm(font);
    QRectF pill(dragPos_ + QPointF(14, 10), QSizeF(fm.horizontalAdvance(text) + 20, fm.height() + 10));
    if (pill.right() > f.viewport.width()) pill.moveRight(dragPos_.x() - 10);
    p.setPen(Qt::NoPen);
    p.setBrush(theme::accent());
    p.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2);
    p.setPen(QColor(Qt::white));
    p.drawText(pill, Qt::AlignCenter, text);
    p.restore();
}

void ClusterView::mouseDoubleClickEvent(QMouseEvent* event) {
    // Double-clicking a cell or a tile zooms in to the next level of detail around it.
    const QPoint pos = event->position().toPoint();
    const Frame& f = frame();
    if (event->button() != Qt::LeftButton || nodeIndexAt(pos) < 0 || f.layout.level == DetailLevel::Card) {
        QAbstractScrollArea::mouseDoubleClickEvent(event);
        return;
    }
    const double target = (f.layout.level == DetailLevel::HeatMap ? kTileMinWidth : kCardMinWidth) * f.fontScale * 1.05;
    zoomAround(target / std::max(1.0, f.fitWidth), pos);
}

void ClusterView::wheelEvent(QWheelEvent* event) {
    if (!(event->modifiers() & Qt::ControlModifier)) {
        QAbstractScrollArea::wheelEvent(event);
        return;
    }
    const int steps = event->angleDelta().y() / 120;
    if (steps != 0) zoomAround(zoom_ * std::pow(kZoomStep, steps), event->position().toPoint());
    event->accept();
}

void ClusterView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal: zoomIn(); break;
        case Qt::Key_Minus: zoomOut(); break;
        case Qt::Key_0: zoomToFit(); break;
        default: QAbstractScrollArea::keyPressEvent(event); return;
    }
    event->accept();
}

bool ClusterView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

QString ClusterView::toolTipAt(const QPoint& pos) const {
    const ObjectRef ref = objectAt(pos);
    if (ref.isNull()) return {};
    const ObjectPtr object = model_->clusterState()->object(ref);
    if (ref.resource == QLatin1String("pods")) {
        const ClusterViewModel::Pod* pod = model_->pod(ref.key());
        return pod ? podToolTip(*pod, dynamic_cast<const core::Pod*>(object.get())) : QString();
    }
    const int row = model_->rowOfNode(ref.name);
    return row < 0 ? QString() : nodeToolTip(model_->nodeAt(row), dynamic_cast<const core::Node*>(object.get()));
}

}  // namespace pilothouse::ui::clusterview
