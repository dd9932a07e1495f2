#include "journey/journey_view.h"

#include <QEvent>
#include <QHelpEvent>
#include <QToolTip>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QMouseEvent>

#include <algorithm>
#include <cmath>

#include "client/control_plane_client.h"
#include "journey/backdrop_item.h"
#include "journey/count_badge_item.h"
#include "journey/journey_style.h"
#include "journey/station_item.h"
#include "journey/token_item.h"
#include "journey/watch_arrow_item.h"
#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "models/timeline.h"
#include "theme/theme.h"

namespace pilothouse::ui {

using namespace journey;

namespace {
constexpr int kFrameMillis = 16;
// Frames with nothing to do before the timer stops.
constexpr int kIdleFramesBeforeStop = 30;
// How often watch deliveries are read while frames run.
constexpr qint64 kWatchCheckMillis = 100;
// Travelling tokens carry their names while there are at most this many on the move.
constexpr int kMaxLabelledTravellers = 16;
constexpr qreal kTravellerLabelWidth = 190;

QPointF lerp(QPointF a, QPointF b, qreal t) { return a + (b - a) * t; }
}  // namespace

JourneyView::JourneyView(ControlPlaneClient* client, Timeline* timeline, SelectionModel* selection, ClusterState* state,
                         QWidget* parent)
    : QGraphicsView(parent),
      client_(client),
      timeline_(timeline),
      selection_(selection),
      model_(new JourneyModel(client, timeline, state, this)),
      scene_(new QGraphicsScene(this)) {
    setObjectName(QStringLiteral("journeyView"));
    scene_->setSceneRect(JourneyLayout::sceneRect());
    // Tokens move every frame: an index would be rebuilt all the time.
    scene_->setItemIndexMethod(QGraphicsScene::NoIndex);
    setScene(scene_);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontSavePainterState);
    setCacheMode(QGraphicsView::CacheBackground);
    // Scroll bars only when the canvas would be smaller than legible (fitScene).
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFrameShape(QFrame::NoFrame);
    setMinimumSize(480, 270);

    backdrop_ = new BackdropItem();
    scene_->addItem(backdrop_);
    for (int i = 0; i < kStationCount; ++i) {
        const auto s = Station(i);
        stations_[size_t(i)] = new StationItem(s);
        scene_->addItem(stations_[size_t(i)]);
        const QRectF r = JourneyLayout::stationRect(s);
        badges_[size_t(i)] = new CountBadgeItem(s, r.width() - 20);
        badges_[size_t(i)]->hide();
        scene_->addItem(badges_[size_t(i)]);
    }
    for (int i = 0; i < kWatchTargetCount; ++i) {
        arrows_[size_t(i)] = new WatchArrowItem(WatchTarget(i));
        scene_->addItem(arrows_[size_t(i)]);
    }
    route_ = new QGraphicsPathItem();
    route_->setZValue(-5);  // under the stations: the selected pod's track shows between them
    scene_->addItem(route_);

    frameTimer_.setInterval(kFrameMillis);
    frameTimer_.setTimerType(Qt::PreciseTimer);
    connect(&frameTimer_, &QTimer::timeout, this, &JourneyView::onFrame);
    wall_.start();

    connect(timeline_, &Timeline::viewChanged, this, &JourneyView::scheduleFrame);
    connect(timeline_, &Timeline::presentChanged, this, &JourneyView::scheduleFrame);
    connect(model_, &JourneyModel::recordsAdded, this, [this] {
        if (selectedPod_ < 0 && !selectedKey_.isEmpty()) selectedPod_ = model_->podIndex(selectedKey_);
        scheduleFrame();
    });
    connect(model_, &JourneyModel::modelReset, this, &JourneyView::onModelReset);
    connect(model_, &JourneyModel::ownersChanged, this, [this] {
        colors_.clear();
        scheduleFrame();
    });
    connect(client_, &ControlPlaneClient::controlPlaneReplaced, this, [this] {
        watchesPrimed_ = false;
        scheduleFrame();
    });
    if (state) {
        connect(state, &ClusterState::reset, this, &JourneyView::scheduleFrame);
        connect(state, &ClusterState::changed, this, &JourneyView::scheduleFrame);
    }
    if (selection_) {
        connect(selection_, &SelectionModel::selectionChanged, this, &JourneyView::onSelectionChanged);
        onSelectionChanged(selection_->selected());
    }
    refreshTheme();
    updateFrame();
}

JourneyView::~JourneyView() = default;

void JourneyView::onModelReset() {
    for (int pod : inUse_) {
        TokenItem* item = itemOfPod_[size_t(pod)];
        item->hide();
        pool_.push_back(item);
    }
    inUse_.clear();
    itemOfPod_.clear();
    usedAt_.clear();
    colors_.clear();
    selectedPod_ = -1;
    scheduleFrame();
}

void JourneyView::onSelectionChanged(const ObjectRef& ref) {
    selectedKey_ = ref.resource == QLatin1String("pods") ? ref.key() : QString();
    selectedPod_ = selectedKey_.isEmpty() ? -1 : model_->podIndex(selectedKey_);
    scheduleFrame();
}

void JourneyView::scheduleFrame() {
    dirty_ = true;
    idleFrames_ = 0;
    if (!frameTimer_.isActive()) frameTimer_.start();
}

void JourneyView::onFrame() {
    if (!isVisible()) {
        // Nothing to draw on: the next showEvent draws what changed meanwhile.
        frameTimer_.stop();
        return;
    }
    const bool backlog = model_->backlog();
    if (backlog) model_->poll();
    bool busy = dirty_ || backlog;
    if (busy && wall_.elapsed() >= nextEvaluation_) {
        dirty_ = false;
        QElapsedTimer took;
        took.start();
        model_->evaluate(timeline_->viewNanos());
        syncItems();
        nextEvaluation_ = wall_.elapsed() + 2 * took.elapsed();
    } else if (busy) {
        dirty_ = true;
    }
    checkWatches();
    const qint64 now = wall_.elapsed();
    for (WatchArrowItem* a : arrows_) busy = a->advance(now) || busy;
    if (busy) idleFrames_ = 0;
    else if (++idleFrames_ > kIdleFramesBeforeStop) frameTimer_.stop();
}

void JourneyView::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    scheduleFrame();
}

void JourneyView::updateFrame() {
    model_->poll();
    dirty_ = false;
    model_->evaluate(timeline_->viewNanos());
    syncItems();
    checkWatches();
}

void JourneyView::checkWatches() {
    const qint64 now = wall_.elapsed();
    if (now - lastWatchCheck_ < kWatchCheckMillis) return;
    lastWatchCheck_ = now;
    std::array<qint64, kWatchTargetCount> counts{};
    for (const auto& [client, count] : client_->watchDeliveries())
        if (auto target = JourneyLayout::watchTargetOf(client)) counts[size_t(*target)] += count;
    for (int i = 0; i < kWatchTargetCount; ++i) {
        WatchArrowItem* arrow = arrows_[size_t(i)];
        // Pulses show deliveries as they happen: only at the live edge, and not for what was
        // delivered before this view first looked.
        if (watchesPrimed_ && timeline_->live() && counts[size_t(i)] > delivered_[size_t(i)]) {
            arrow->pulse(now);
            if (!frameTimer_.isActive()) frameTimer_.start();
            idleFrames_ = 0;
        }
        delivered_[size_t(i)] = counts[size_t(i)];
        arrow->setDelivered(counts[size_t(i)]);
    }
    watchesPrimed_ = true;
}

const QColor& JourneyView::colorOf(int pod) {
    if (colors_.size() < size_t(model_->podCount())) colors_.resize(size_t(model_->podCount()));
    QColor& c = colors_[size_t(pod)];
    if (!c.isValid()) c = theme::ownerColor(model_->podOwner(pod));
    return c;
}

TokenItem* JourneyView::itemFor(int pod) {
    if (itemOfPod_.size() < size_t(model_->podCount())) {
        itemOfPod_.resize(size_t(model_->podCount()), nullptr);
        usedAt_.resize(size_t(model_->podCount()), 0);
    }
    TokenItem*& item = itemOfPod_[size_t(pod)];
    if (!item) {
        if (!pool_.empty()) {
            item = pool_.back();
            pool_.pop_back();
        } else {
            item = new TokenItem();
            scene_->addItem(item);
        }
        item->setPod(pod, model_->podKey(pod), model_->podName(pod), colorOf(pod));
        item->show();
        inUse_.push_back(pod);
    } else {
        item->setColor(colorOf(pod));
    }
    usedAt_[size_t(pod)] = frame_;
    return item;
}

QPointF JourneyView::slot(Station s, int index, int count, bool* labelled, qreal* labelWidth) const {
    const QRectF& a = areas_[size_t(s)];
    const qreal r = style::kTokenDiameter / 2;
    const int rows = std::max(1, int(a.height() / style::kTokenRowPitch));
    if (count <= rows) {
        // One per row, named.
        *labelled = true;
        *labelWidth = std::max<qreal>(a.width() - style::kTokenDiameter - 12, 40);
        return {a.left() + r + 4, a.top() + style::kTokenRowPitch / 2 + index * style::kTokenRowPitch};
    }
    if (count <= 2 * rows && a.width() / 2 >= 100) {
        // Two columns, still named (shortened in the middle: the generated suffix stays).
        const qreal column = a.width() / 2;
        *labelled = true;
        *labelWidth = column - style::kTokenDiameter - 14;
        return {a.left() + r + 4 + (index / rows) * column,
                a.top() + style::kTokenRowPitch / 2 + (index % rows) * style::kTokenRowPitch};
    }
    *labelled = false;
    *labelWidth = 0;
    const int cols = std::max(1, int((a.width() - 4) / style::kTokenGridPitch));
    return {a.left() + r + 4 + (index % cols) * style::kTokenGridPitch,
            a.top() + r + 4 + (index / cols) * style::kTokenGridPitch};
}

int JourneyView::shownAt(Station s) const {
    // As many as the token area holds (one per row named, two columns named, or a grid), so that
    // no token sits on the station's text or beyond its frame; more are shown as a count.
    const QRectF& a = areas_[size_t(s)];
    if (a.height() < style::kTokenDiameter + 4) return 0;
    const int rows = std::max(1, int(a.height() / style::kTokenRowPitch));
    const int cols = std::max(1, int((a.width() - 4) / style::kTokenGridPitch));
    const int gridRows = std::max(1, int((a.height() - 4 - style::kTokenDiameter) / style::kTokenGridPitch) + 1);
    return std::min(JourneyModel::kShownPerStation, std::max(a.width() / 2 >= 100 ? 2 * rows : rows, cols * gridRows));
}

QPointF JourneyView::departure(Station s, int index, int count) const {
    const QRectF& a = areas_[size_t(s)];
    bool labelled;
    qreal width;
    // A crowd leaves from its count; else the leavers from the head of the station's queue.
    if (model_->station(s).here + count > shownAt(s))
        return {a.left() + 30, a.top() + CountBadgeItem::kHeight / 2};
    return slot(s, index, count, &labelled, &width);
}

QPointF JourneyView::arrival(Station s, int index, int count) const {
    const QRectF& a = areas_[size_t(s)];
    const int here = model_->station(s).here;
    bool labelled;
    qreal width;
    // They join at the tail of the station's queue (or its count).
    if (here + count > shownAt(s)) return {a.left() + 30, a.top() + CountBadgeItem::kHeight / 2};
    return slot(s, here + index, here + count, &labelled, &width);
}

void JourneyView::syncItems() {
    ++frame_;
    const auto& tokens = model_->tokens();
    backdrop_->setObserved(model_->observedPods() > 0);
    // The selected pod's observed journey: the stations on its way nobody recorded it at.
    QList<Station> unrecorded;
    if (selectedPod_ >= 0 && model_->observed(selectedPod_) && model_->tokenOf(selectedPod_))
        unrecorded = model_->unrecorded(selectedPod_, model_->time());
    for (int i = 0; i < kStationCount; ++i) {
        stations_[size_t(i)]->setState(model_->station(Station(i)));
        stations_[size_t(i)]->setUnrecorded(unrecorded.contains(Station(i)) ? model_->podName(selectedPod_) : QString());
        areas_[size_t(i)] = stations_[size_t(i)]->tokenArea();
    }
    // Tokens at stations: one by one up to what the station holds, else a count (the selected pod
    // still drawn beside it).
    for (int i = 0; i < kStationCount; ++i) {
        const auto s = Station(i);
        const auto& here = model_->stationTokens(s);
        CountBadgeItem* badge = badges_[size_t(i)];
        const int n = int(here.size());
        if (n > shownAt(s)) {
            std::array<QColor, CountBadgeItem::kColors> colors;
            int colorCount = 0;
            for (int k = 0; k < n && colorCount < CountBadgeItem::kColors; ++k) {
                const QColor& c = colorOf(tokens[size_t(here[size_t(k)])].pod);
                if (std::find(colors.begin(), colors.begin() + colorCount, c) == colors.begin() + colorCount)
                    colors[size_t(colorCount++)] = c;
            }
            badge->setCount(n, model_->station(s).failingHere, colors, colorCount);
            badge->setFirstPod(model_->podKey(tokens[size_t(here[0])].pod));
            badge->setPos(areas_[size_t(i)].topLeft());
            badge->show();
            if (selectedPod_ >= 0) {
                for (int k : here) {
                    const auto& tok = tokens[size_t(k)];
                    if (tok.pod != selectedPod_) continue;
                    TokenItem* item = itemFor(tok.pod);
                    item->setLook(true, areas_[size_t(i)].width() - 40, true, tok.failing, tok.terminating);
                    item->setPos(areas_[size_t(i)].left() + style::kTokenDiameter / 2 + 4,
                                 areas_[size_t(i)].top() + CountBadgeItem::kHeight + 8 + style::kTokenDiameter / 2);
                }
            }
            continue;
        }
        badge->hide();
        for (int k = 0; k < n; ++k) {
            const auto& tok = tokens[size_t(here[size_t(k)])];
            bool labelled;
            qreal width;
            const QPointF at = slot(s, k, n, &labelled, &width);
            const bool selected = tok.pod == selectedPod_;
            TokenItem* item = itemFor(tok.pod);
            item->setLook(labelled || selected, labelled ? width : kTravellerLabelWidth, selected, tok.failing,
                          tok.terminating);
            if (item->pos() != at) item->setPos(at);
        }
    }
    // Travelling tokens: those on one way between two stations leave in the layout they had
    // there and arrive in the one they will have (side by side, not on top of each other).
    std::fill(edgeCount_.begin(), edgeCount_.end(), 0);
    int travelling = 0;
    for (const auto& tok : tokens) {
        if (tok.atStation()) continue;
        ++travelling;
        ++edgeCount_[size_t(tok.from) * kStationCount + size_t(tok.to)];
    }
    std::fill(edgeNext_.begin(), edgeNext_.end(), 0);
    const bool names = travelling <= kMaxLabelledTravellers;
    for (const auto& tok : tokens) {
        if (tok.atStation()) continue;
        const size_t edge = size_t(tok.from) * kStationCount + size_t(tok.to);
        const int k = edgeNext_[edge]++, n = edgeCount_[edge];
        const QPointF at = lerp(departure(tok.from, k, n), arrival(tok.to, k, n), tok.progress);
        const bool selected = tok.pod == selectedPod_;
        TokenItem* item = itemFor(tok.pod);
        item->setLook((names && n <= 3) || selected, kTravellerLabelWidth, selected, tok.failing, tok.terminating);
        if (item->pos() != at) item->setPos(at);
    }
    // Items no token used this frame go back to the pool.
    for (size_t k = 0; k < inUse_.size();) {
        const int pod = inUse_[k];
        if (usedAt_[size_t(pod)] == frame_) {
            ++k;
            continue;
        }
        TokenItem* item = itemOfPod_[size_t(pod)];
        item->hide();
        pool_.push_back(item);
        itemOfPod_[size_t(pod)] = nullptr;
        inUse_[k] = inUse_.back();
        inUse_.pop_back();
    }
    updateRoute();
}

void JourneyView::updateRoute() {
    const JourneyModel::Token* tok = selectedPod_ >= 0 ? model_->tokenOf(selectedPod_) : nullptr;
    if (!tok) {
        route_->hide();
        return;
    }
    const QList<Station> stations = model_->route(selectedPod_, model_->time());
    // Station to station the way the arrows go: within a row across, then up or down; from one
    // row to the next down first, then across. The stations hide the track; it shows between them.
    QPainterPath path;
    QRectF atRect;
    auto to = [&](const QRectF& next, QPointF point) {
        if (path.elementCount() == 0) {
            path.moveTo(point);
        } else {
            const QPointF at = path.currentPosition();
            const bool sameRow = next.top() < atRect.bottom() && atRect.top() < next.bottom();
            if (point.x() != at.x() && point.y() != at.y())
                path.lineTo(sameRow ? QPointF(point.x(), at.y()) : QPointF(at.x(), point.y()));
            path.lineTo(point);
        }
        atRect = next;
    };
    for (Station s : stations) to(JourneyLayout::stationRect(s), JourneyLayout::stationRect(s).center());
    if (const TokenItem* item = itemOfPod_.size() > size_t(selectedPod_) ? itemOfPod_[size_t(selectedPod_)] : nullptr)
        to(QRectF(item->pos(), QSizeF(1, 1)), item->pos());
    QColor c = theme::accent();
    c.setAlphaF(0.45);
    route_->setPen(QPen(c, 14, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    if (route_->path() != path) route_->setPath(path);
    route_->show();
}

const TokenItem* JourneyView::tokenItem(const QString& podKey) const {
    const int pod = model_->podIndex(podKey);
    if (pod < 0 || size_t(pod) >= itemOfPod_.size()) return nullptr;
    return itemOfPod_[size_t(pod)];
}

void JourneyView::refreshTheme() {
    setBackgroundBrush(theme::background());
    colors_.clear();
    for (QGraphicsItem* item : scene_->items()) item->update();
    resetCachedContent();
    scheduleFrame();
}

void JourneyView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    fitScene();
}

qreal JourneyView::deviceScale() const { return transform().m11() * devicePixelRatioF(); }

void JourneyView::fitScene() {
    // The whole canvas when it is legible so; else the smallest legible scale, scrolled (the
    // scroll bars take room from the viewport, so the fit is measured without them).
    const QRectF scene = JourneyLayout::sceneRect();
    const QSizeF room = QSizeF(size()) - QSizeF(2 * frameWidth(), 2 * frameWidth());
    const qreal fit = std::min(room.width() / scene.width(), room.height() / scene.height());
    const qreal least = journey::style::kMinDeviceScale / devicePixelRatioF();
    const qreal scale = std::max(fit, least);
    setTransform(QTransform::fromScale(scale, scale));
    centerOn(scene.center());
}

void JourneyView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && selection_) {
        for (QGraphicsItem* item : items(event->position().toPoint())) {
            if (!item->isVisible()) continue;
            if (item->type() == TokenItem::Type) {
                selection_->select(ObjectRef::pod(static_cast<TokenItem*>(item)->key()));
                event->accept();
                return;
            }
            if (item->type() == CountBadgeItem::Type) {
                selection_->select(ObjectRef::pod(static_cast<CountBadgeItem*>(item)->firstPod()));
                event->accept();
                return;
            }
        }
    }
    QGraphicsView::mousePressEvent(event);
}

bool JourneyView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        // A token's tooltip: the pod, what it is doing, and the failure holding it.
        auto* help = static_cast<QHelpEvent*>(event);
        for (QGraphicsItem* item : items(help->pos())) {
            if (item->type() != TokenItem::Type || !item->isVisible()) continue;
            const int pod = static_cast<TokenItem*>(item)->pod();
            if (pod < 0 || pod >= model_->podCount()) continue;
            QString text = model_->podKey(pod);
            if (const QString activity = model_->activityOf(pod); !activity.isEmpty()) text += QLatin1Char('\n') + activity;
            if (const QString failure = model_->failureOf(pod); !failure.isEmpty()) text += QLatin1Char('\n') + failure;
            QToolTip::showText(help->globalPos(), text, viewport());
            return true;
        }
        QToolTip::hideText();
        return true;
    }
    return QGraphicsView::viewportEvent(event);
}

void JourneyView::changeEvent(QEvent* event) {
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) refreshTheme();
}

}  // namespace pilothouse::ui
