#include "events/event_log_view.h"


#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QItemSelection>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QScrollBar>
#include <QStackedWidget>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "events/event_card_delegate.h"
#include "events/event_filter_proxy_model.h"
#include "theme/steady_label.h"
#include "events/event_table_model.h"
#include "theme/theme.h"

namespace pilothouse::ui {

namespace {
constexpr double kTablePoints = 13.5;
constexpr double kHeaderPoints = 12.5;
constexpr double kFilterPoints = 12.5;
}  // namespace

EventLogView::EventLogView(ClusterState* state, Timeline* timeline, SelectionModel* selection, QWidget* parent)
    : QWidget(parent), selection_(selection) {
    model_ = new EventTableModel(state, timeline, this);
    proxy_ = new EventFilterProxyModel(this);
    proxy_->setSourceModel(model_);

    type_ = new QComboBox(this);
    type_->addItem(tr("All types"), QString());
    type_->addItem(tr("Normal"), QStringLiteral("Normal"));
    type_->addItem(tr("Warning"), QStringLiteral("Warning"));
    type_->setToolTip(tr("Show events of one type"));
    object_ = new QLineEdit(this);
    object_->setPlaceholderText(tr("Object, e.g. pod/web"));
    object_->setClearButtonEnabled(true);
    object_->setToolTip(tr("Show the events of objects whose OBJECT (kind/name) or namespace/name contains this"));
    text_ = new QLineEdit(this);
    text_->setPlaceholderText(tr("Search reason and message"));
    text_->setClearButtonEnabled(true);
    text_->setToolTip(tr("Show the events with every word somewhere in TYPE, REASON, OBJECT or MESSAGE"));
    count_ = new QLabel(this);

    table_ = new QTableView(this);
    table_->setModel(proxy_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setShowGrid(false);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideRight);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table_->horizontalHeader()->setHighlightSections(false);
    table_->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);

    cards_ = new QListView(this);
    cards_->setModel(proxy_);
    cards_->setSelectionModel(table_->selectionModel());
    cards_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    cards_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    cards_->setUniformItemSizes(true);
    cards_->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    cards_->setItemDelegate(new EventCardDelegate(cards_));
    stack_ = new QStackedWidget(this);
    stack_->addWidget(table_);
    stack_->addWidget(cards_);

    filters_ = new QGridLayout;
    filters_->setHorizontalSpacing(6);
    filters_->setVerticalSpacing(4);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(filters_);
    layout->addWidget(stack_, 1);

    connect(type_, &QComboBox::currentIndexChanged, this,
            [this] { proxy_->setTypeFilter(type_->currentData().toString()); });
    connect(object_, &QLineEdit::textChanged, proxy_, &EventFilterProxyModel::setObjectFilter);
    connect(text_, &QLineEdit::textChanged, proxy_, &EventFilterProxyModel::setTextFilter);
    connect(table_, &QTableView::clicked, this, &EventLogView::onRowClicked);
    connect(cards_, &QListView::clicked, this, &EventLogView::onRowClicked);
    connect(selection_, &SelectionModel::selectionChanged, this, &EventLogView::highlightSelected);

    // Follow the newest events while the view is at the end.
    for (QAbstractItemView* view : {static_cast<QAbstractItemView*>(table_), static_cast<QAbstractItemView*>(cards_)}) {
        QScrollBar* bar = view->verticalScrollBar();
        connect(bar, &QScrollBar::valueChanged, this, [this, view, bar](int value) {
            if (view == shown()) followEnd_ = value >= bar->maximum();
        });
    }
    // After rows come and go: the count, and the newest row in view when following. Once per turn
    // of the event loop, not per row (scrolling lays the view out).
    settle_ = new QTimer(this);
    settle_->setSingleShot(true);
    settle_->setInterval(0);
    connect(settle_, &QTimer::timeout, this, [this] {
        updateCount();
        if (followEnd_) shown()->scrollToBottom();
    });
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int first, int last) {
        const ObjectRef& selected = selection_->selected();
        if (!selected.isNull()) {
            const QString key = EventTableModel::objectKey(selected);
            for (int r = first; r <= last; ++r)
                if (proxy_->index(r, 0).data(EventTableModel::ObjectKeyRole).toString() == key)
                    table_->selectionModel()->select(proxy_->index(r, 0),
                                                     QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
        settle_->start();
    });
    connect(proxy_, &QAbstractItemModel::modelReset, this, [this] {
        highlightSelected();
        followEnd_ = true;
        settle_->start();
    });
    connect(proxy_, &QAbstractItemModel::rowsRemoved, settle_, qOverload<>(&QTimer::start));
    connect(proxy_, &QAbstractItemModel::layoutChanged, settle_, qOverload<>(&QTimer::start));

    setCompact(false);
    applyFonts();
    updateCount();
    highlightSelected();
    table_->scrollToBottom();
}

bool EventLogView::compact() const { return stack_->currentWidget() == cards_; }

QAbstractItemView* EventLogView::shown() const {
    return stack_->currentWidget() == cards_ ? static_cast<QAbstractItemView*>(cards_) : static_cast<QAbstractItemView*>(table_);
}

QSize EventLogView::minimumSizeHint() const {
    // The filters and three events: as one-line table rows when the view is wide, as cards (and
    // the filters on two lines) when it is narrow.
    const QMargins m = layout()->contentsMargins();
    if (!compact()) {
        const int filters = std::max(type_->sizeHint().height(), text_->sizeHint().height());
        const int rows = table_->horizontalHeader()->sizeHint().height() + 3 * table_->verticalHeader()->defaultSectionSize();
        return {320, m.top() + filters + layout()->spacing() + rows + 2 * table_->frameWidth() + m.bottom()};
    }
    QStyleOptionViewItem option;
    option.initFrom(cards_);
    option.font = cards_->font();
    const int card = cards_->itemDelegate()->sizeHint(option, QModelIndex()).height() + cards_->spacing() * 2;
    const int filters = type_->sizeHint().height() + text_->sizeHint().height() + filters_->verticalSpacing();
    return {320, m.top() + filters + layout()->spacing() + 3 * card + 2 * cards_->frameWidth() + m.bottom()};
}

void EventLogView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // After the layout pass that resized it: a page of the stack shown in the middle of one is
    // not laid out (nor painted) until something else asks.
    QTimer::singleShot(0, this, [this] { setCompact(width() < kCompactWidth); });
}

void EventLogView::setCompact(bool on) {
    if (filters_->count() > 0 && on == compact()) return;
    stack_->setCurrentWidget(on ? static_cast<QWidget*>(cards_) : static_cast<QWidget*>(table_));
    // The cards' uniform size was measured while they were hidden (or not at all): again, now.
    if (on) cards_->doItemsLayout();
    // The filters on one line, or on two in a narrow dock.
    for (QWidget* w : {static_cast<QWidget*>(type_), static_cast<QWidget*>(object_), static_cast<QWidget*>(text_),
                       static_cast<QWidget*>(count_)})
        filters_->removeWidget(w);
    for (int c = 0; c < 4; ++c) filters_->setColumnStretch(c, 0);
    if (on) {
        filters_->addWidget(type_, 0, 0);
        filters_->addWidget(object_, 0, 1);
        filters_->addWidget(text_, 1, 0, 1, 2);
        filters_->addWidget(count_, 1, 2);
        filters_->setColumnStretch(1, 1);
    } else {
        filters_->addWidget(type_, 0, 0);
        filters_->addWidget(object_, 0, 1);
        filters_->addWidget(text_, 0, 2);
        filters_->addWidget(count_, 0, 3);
        filters_->setColumnStretch(1, 2);
        filters_->setColumnStretch(2, 3);
    }
    if (followEnd_) shown()->scrollToBottom();
}

void EventLogView::applyFonts() {
    table_->setFont(theme::font(kTablePoints));
    cards_->setFont(theme::font(kTablePoints));
    // Rows about the selected object are highlighted, softly enough that Warning tints show.
    for (QAbstractItemView* view : {static_cast<QAbstractItemView*>(table_), static_cast<QAbstractItemView*>(cards_)}) {
        QPalette p = view->palette();
        QColor highlight = theme::accent();
        highlight.setAlpha(theme::dark() ? 90 : 60);
        p.setColor(QPalette::Highlight, highlight);
        p.setColor(QPalette::HighlightedText, theme::text());
        view->setPalette(p);
    }
    table_->horizontalHeader()->setFont(theme::font(kHeaderPoints, true));
    for (QWidget* w : {static_cast<QWidget*>(type_), static_cast<QWidget*>(object_), static_cast<QWidget*>(text_),
                       static_cast<QWidget*>(count_)})
        w->setFont(theme::font(kFilterPoints));
    resetSteadySize(count_);
    const QFontMetrics fm(table_->font());
    table_->verticalHeader()->setDefaultSectionSize(int(fm.height() * 1.55));
    // Widths for kubectl's typical values; MESSAGE takes the rest.
    const int pad = fm.horizontalAdvance(QLatin1Char('M')) * 2;
    table_->setColumnWidth(EventTableModel::LastSeenColumn, fm.horizontalAdvance(QStringLiteral("59s (x10 over 3m)")) + pad);
    table_->setColumnWidth(EventTableModel::TypeColumn, fm.horizontalAdvance(QStringLiteral("Warning")) + pad);
    table_->setColumnWidth(EventTableModel::ReasonColumn, fm.horizontalAdvance(QStringLiteral("NodeHasSufficientMemory")) + pad);
    table_->setColumnWidth(EventTableModel::ObjectColumn, fm.horizontalAdvance(QStringLiteral("pod/web-5d4f8c9b7d-x2x9z")) + pad);
}

void EventLogView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::ApplicationFontChange ||
        event->type() == QEvent::PaletteChange)
        applyFonts();
    QWidget::changeEvent(event);
}

void EventLogView::updateCount() {
    const int visible = proxy_->rowCount();
    const int all = model_->rowCount();
    // Steady: the count changes with each event (80 times a second on a busy cluster, which made it
    // the main window's most frequent layout).
    if (visible == all) setSteadyText(count_, all == 1 ? tr("1 event") : tr("%1 events").arg(all));
    else setSteadyText(count_, all == 1 ? tr("%1 of 1 event").arg(visible) : tr("%1 of %2 events").arg(visible).arg(all));
}

void EventLogView::onRowClicked(const QModelIndex& index) {
    if (!index.isValid()) return;
    const ObjectRef ref = model_->eventAt(proxy_->mapToSource(index).row()).involvedObject();
    if (!ref.isNull()) selection_->select(ref);
}

void EventLogView::highlightSelected() {
    const ObjectRef& selected = selection_->selected();
    QItemSelection rows;
    if (!selected.isNull()) {
        const QString key = EventTableModel::objectKey(selected);
        // Runs of adjacent rows as one range each.
        int first = -1;
        const int count = proxy_->rowCount();
        for (int r = 0; r <= count; ++r) {
            const bool match = r < count && model_->eventAt(proxy_->mapToSource(proxy_->index(r, 0)).row()).objectKey == key;
            if (match && first < 0) first = r;
            if (!match && first >= 0) {
                rows.select(proxy_->index(first, 0), proxy_->index(r - 1, EventTableModel::ColumnCount - 1));
                first = -1;
            }
        }
    }
    table_->selectionModel()->select(rows, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

}  // namespace pilothouse::ui
