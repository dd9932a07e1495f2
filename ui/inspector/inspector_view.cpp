#include "inspector/inspector_view.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"
#include "api/object.h"
#include "api/scheme.h"
#include "core_v1.pb.h"
#include "events/event_card_delegate.h"
#include "events/event_filter_proxy_model.h"
#include "events/event_table_model.h"
#include "inspector/journey_cache.h"
#include "inspector/journey_gantt_view.h"
#include "inspector/node_pods_proxy_model.h"
#include "inspector/object_tree_model.h"
#include "inspector/pod_journey_model.h"
#include "kubectl/table_printer.h"
#include "models/object_table_model.h"
#include "theme/roomy_table.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {

constexpr double kTitlePoints = 18;
constexpr double kSubtitlePoints = 13;
constexpr double kBodyPoints = 13;
constexpr int kRefetchMillis = 250;

const api::ResourceType* typeOf(const QString& resource) { return api::Scheme::instance().byName(resource.toStdString()); }

// kubectl's STATUS for an object (pods and nodes), empty for kinds without one.
QString kubectlStatus(const api::ResourceType& type, const google::protobuf::Message& object, qint64 nowNanos) {
    std::vector<std::unique_ptr<google::protobuf::Message>> one;
    one.emplace_back(object.New());
    one.back()->CopyFrom(object);
    const auto table = kubectl::buildTable(type, one, kubectl::Columns::Default, false, nowNanos);
    for (size_t i = 0; i < table.headers.size(); ++i)
        if (table.headers[i] == "STATUS" && !table.rows.empty()) return QString::fromStdString(table.rows[0][i]);
    return {};
}

}  // namespace

InspectorView::InspectorView(ControlPlaneClient* client, ClusterState* state, Timeline* timeline,
                             SelectionModel* selection, QWidget* parent)
    : QWidget(parent), client_(client), state_(state), timeline_(timeline), selection_(selection) {
    title_ = new QLabel(this);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    subtitle_ = new QLabel(this);
    subtitle_->setWordWrap(true);
    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);

    tree_ = new ObjectTreeModel(this);
    treeView_ = new QTreeView(this);
    treeView_->setModel(tree_);
    treeView_->setUniformRowHeights(true);
    treeView_->setAlternatingRowColors(true);
    treeView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    treeView_->header()->setStretchLastSection(true);
    treeView_->setItemDelegate(new theme::RoomyDelegate(treeView_));
    tabs_->addTab(treeView_, tr("Fields"));

    yaml_ = new QPlainTextEdit(this);
    yaml_->setReadOnly(true);
    yaml_->setLineWrapMode(QPlainTextEdit::NoWrap);
    tabs_->addTab(yaml_, tr("YAML"));

    events_ = new EventTableModel(state_, timeline_, this);
    eventsProxy_ = new EventFilterProxyModel(this);
    eventsProxy_->setSourceModel(events_);
    eventsProxy_->setInvolvedObject(ObjectRef{});  // none until something is selected
    // Cards (two or three lines each): the message reads in full in a narrow dock too.
    eventsView_ = new QListView(this);
    eventsView_->setModel(eventsProxy_);
    eventsView_->setItemDelegate(new EventCardDelegate(eventsView_));
    eventsView_->setUniformItemSizes(true);
    eventsView_->setSelectionMode(QAbstractItemView::NoSelection);
    eventsView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tabs_->addTab(eventsView_, tr("Events"));

    journeys_ = new JourneyCache(client_, timeline_, this);
    journey_ = new PodJourneyModel(journeys_, timeline_, this);
    gantt_ = new JourneyGanttView(journey_);
    ganttScroll_ = new QScrollArea(this);
    ganttScroll_->setWidget(gantt_);
    ganttScroll_->setWidgetResizable(true);
    ganttScroll_->setFrameShape(QFrame::NoFrame);
    tabs_->addTab(ganttScroll_, tr("Journey"));

    pods_ = new ObjectTableModel(state_, timeline_, QStringLiteral("pods"), this);
    podsProxy_ = new NodePodsProxyModel(pods_, this);
    podsView_ = theme::roomyTable(this);
    podsView_->setModel(podsProxy_);
    // The node is the tab's subject; its name and the scheduler's nomination add nothing here.
    for (int c = 0; c < pods_->columnCount(); ++c) {
        const QString header = pods_->headerData(c, Qt::Horizontal).toString();
        if (header == QLatin1String("NODE") || header == QLatin1String("NOMINATED NODE") ||
            header == QLatin1String("READINESS GATES"))
            podsView_->setColumnHidden(c, true);
    }
    tabs_->addTab(podsView_, tr("Pods"));
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(podsProxy_, signal, podsView_, &QTableView::resizeColumnsToContents);
    connect(podsProxy_, &QAbstractItemModel::modelReset, podsView_, &QTableView::resizeColumnsToContents);
    connect(podsProxy_, &QAbstractItemModel::layoutChanged, podsView_, &QTableView::resizeColumnsToContents);
    connect(podsView_, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (ObjectPtr pod = pods_->objectAt(podsProxy_->mapToSource(index).row()))
            selection_->select(ObjectRef::pod(ClusterState::keyOf(*pod)));
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(4);
    layout->addWidget(title_);
    layout->addWidget(subtitle_);
    layout->addSpacing(4);
    layout->addWidget(tabs_, 1);

    refetch_ = new QTimer(this);
    refetch_->setSingleShot(true);
    refetch_->setInterval(kRefetchMillis);
    connect(refetch_, &QTimer::timeout, this, &InspectorView::refresh);

    connect(selection_, &SelectionModel::selectionChanged, this, &InspectorView::onSelectionChanged);
    connect(state_, &ClusterState::changed, this, [this](const QString& resource, const QString& key, const ObjectPtr&) {
        if (resource == shownRef_.resource && key == shownRef_.key()) refresh();
    });
    connect(state_, &ClusterState::reset, this, [this](const QString& resource) {
        if (resource == shownRef_.resource) refresh();
    });
    connect(timeline_, &Timeline::viewChanged, this, [this] {
        updateHeader();
        if (!shownRef_.isNull() && !state_->resources().contains(shownRef_.resource) && !refetch_->isActive())
            refetch_->start();
    });

    applyFonts();
    onSelectionChanged();
}

void InspectorView::showTab(Tab tab) {
    QWidget* pages[] = {treeView_, yaml_, eventsView_, ganttScroll_, podsView_};
    tabs_->setCurrentIndex(tabs_->indexOf(pages[tab]));
}

void InspectorView::applyFonts() {
    title_->setFont(theme::font(kTitlePoints, true));
    subtitle_->setFont(theme::font(kSubtitlePoints));
    tabs_->tabBar()->setFont(theme::font(kSubtitlePoints));
    const QFont body = theme::font(kBodyPoints);
    treeView_->setFont(body);
    eventsView_->setFont(body);
    podsView_->setFont(body);
    podsView_->horizontalHeader()->setFont(theme::font(kBodyPoints - 1, true));
    podsView_->verticalHeader()->setDefaultSectionSize(int(QFontMetrics(body).height() * 1.5));
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(kBodyPoints * theme::fontScale());
    yaml_->setFont(mono);
    QPalette muted = subtitle_->palette();
    muted.setColor(QPalette::WindowText, theme::mutedText());
    subtitle_->setPalette(muted);
}

void InspectorView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::ApplicationFontChange || event->type() == QEvent::PaletteChange) applyFonts();
    QWidget::changeEvent(event);
}

void InspectorView::onSelectionChanged() {
    const ObjectRef& ref = selection_->selected();
    const bool pod = ref.resource == QLatin1String("pods");
    const bool node = ref.resource == QLatin1String("nodes");
    shownRef_ = ref;
    tabs_->setTabVisible(tabs_->indexOf(ganttScroll_), pod);
    tabs_->setTabVisible(tabs_->indexOf(podsView_), node);
    eventsProxy_->setInvolvedObject(ref);
    journey_->setPod(pod ? ref.key() : QString());
    podsProxy_->setNodeName(node ? ref.name : QString());
    showObject(lookup(), false);
}

void InspectorView::refresh() { showObject(lookup(), true); }

ObjectPtr InspectorView::lookup() const {
    const ObjectRef& ref = shownRef_;
    if (ref.isNull()) return {};
    if (state_->resources().contains(ref.resource)) return state_->object(ref);
    // Kinds the cluster state does not follow: read from the store at the moment shown.
    qint64 revision = 0;
    if (!timeline_->live()) {
        revision = client_->revisionAt(timeline_->viewNanos());
        if (revision == 0) return {};  // before the first write
    }
    auto listed = client_->listAt(ref.resource, revision);
    if (!listed) return {};
    for (const auto& o : *listed)
        if (ClusterState::keyOf(*o) == ref.key()) return o;
    return {};
}

void InspectorView::showObject(const ObjectPtr& object, bool sameSelection) {
    const bool sameObject = sameSelection && object && object_ &&
                            api::metadata(*object).uid() == api::metadata(*object_).uid();
    const bool firstShow = !object_ || !sameObject;
    if (object.get() != object_.get() || !sameSelection) {
        object_ = object;
        tree_->setObject(object_, sameObject ? ObjectTreeModel::Update::InPlace : ObjectTreeModel::Update::Reset);
        if (firstShow) {
            // metadata, spec and status open.
            for (int r = 0; r < tree_->rowCount(); ++r) treeView_->expand(tree_->index(r, 0));
            // The status in full: conditions with their reasons and messages, container states.
            treeView_->expandRecursively(tree_->indexOf(QStringLiteral("status")), 3);
            // Field names in full, leaving the values at least half of a narrow dock.
            treeView_->resizeColumnToContents(ObjectTreeModel::FieldColumn);
            int fieldWidth = treeView_->columnWidth(ObjectTreeModel::FieldColumn) + 24;
            if (treeView_->viewport()->width() > 100) fieldWidth = std::min(fieldWidth, treeView_->viewport()->width() / 2);
            treeView_->setColumnWidth(ObjectTreeModel::FieldColumn, fieldWidth);
        }
        QString text;
        if (object_) {
            codec::Value value = codec::encodeMessage(*object_);
            codec::eraseManagedFields(value);  // as kubectl get -o yaml shows objects
            text = QString::fromStdString(codec::toYaml(value));
        }
        if (text != yaml_->toPlainText()) {
            const int scroll = yaml_->verticalScrollBar()->value();
            yaml_->setPlainText(text);
            if (sameObject) yaml_->verticalScrollBar()->setValue(scroll);
        }
    }
    updateHeader();
}

QString InspectorView::title() const { return title_->text(); }
QString InspectorView::subtitle() const { return subtitle_->text(); }
QString InspectorView::yaml() const { return yaml_->toPlainText(); }

void InspectorView::updateHeader() {
    const ObjectRef& ref = shownRef_;
    if (ref.isNull()) {
        title_->setText(tr("Nothing selected"));
        subtitle_->setText(tr("Click a pod or a node in any view, or an event, to inspect it here."));
        tabs_->setEnabled(false);
        return;
    }
    tabs_->setEnabled(true);
    const api::ResourceType* type = typeOf(ref.resource);
    const QString kind = type ? QString::fromStdString(type->kind) : ref.resource;
    title_->setText(tr("%1 %2").arg(kind, ref.key()));
    const QString moment = tr("%1 s").arg(timeline_->viewSeconds(), 0, 'f', 1);
    if (!state_->error().isEmpty() && !timeline_->live()) {
        subtitle_->setText(state_->error());
        return;
    }
    if (!object_) {
        subtitle_->setText(timeline_->live() ? tr("No such %1 now: it was deleted, or not created yet.").arg(kind.toLower())
                                             : tr("This %1 did not exist at %2.").arg(kind.toLower(), moment));
        return;
    }
    QStringList parts;
    if (type) {
        const QString status = kubectlStatus(*type, *object_, timeline_->viewNanos());
        if (!status.isEmpty()) parts << status;
    }
    if (const auto* pod = dynamic_cast<const k8s::io::api::core::v1::Pod*>(object_.get())) {
        parts << (pod->spec().node_name().empty() ? tr("not scheduled")
                                                  : tr("on %1").arg(QString::fromStdString(pod->spec().node_name())));
        if (!pod->status().pod_ip().empty()) parts << tr("IP %1").arg(QString::fromStdString(pod->status().pod_ip()));
        for (const auto& c : pod->status().conditions())
            if (c.type() == "PodScheduled" && c.status() == "False" && !c.reason().empty())
                parts << QString::fromStdString(c.reason());
    } else if (const auto* node = dynamic_cast<const k8s::io::api::core::v1::Node*>(object_.get())) {
        const auto& a = node->status().allocatable();
        auto get = [&](const char* r) {
            auto it = a.find(r);
            return it == a.end() ? QStringLiteral("0") : QString::fromStdString(it->second);
        };
        parts << tr("allocatable %1 cpu, %2 memory, %3 pods").arg(get("cpu"), get("memory"), get("pods"));
    }
    parts << (timeline_->live() ? tr("live") : tr("as it was at %1").arg(moment));
    subtitle_->setText(parts.join(QStringLiteral("  ·  ")));
}

}  // namespace pilothouse::ui
