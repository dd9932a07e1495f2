#include "explainer/explainer_view.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "explainer/filter_matrix_model.h"
#include "explainer/pod_explainer.h"
#include "explainer/recorded_failure.h"
#include "explainer/what_if_panel.h"
#include "explainer/score_table_model.h"
#include "theme/roomy_table.h"
#include "theme/theme.h"
#include "util/human_duration.h"

namespace pilothouse::ui {

namespace {

constexpr double kBodyPoints = 13;

// The models' emphasis in bold, in roomy rows.
class EmphasisDelegate final : public theme::RoomyDelegate {
public:
    explicit EmphasisDelegate(QObject* parent) : RoomyDelegate(parent, 1.6, 16) {}
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        RoomyDelegate::initStyleOption(option, index);
        if (index.data(EmphasisRole).toBool()) option->font.setBold(true);
    }
};

// The explainer's tables: one row selected at a time, and the grid kept — the matrix is read
// cell by cell.
QTableView* makeTable(QWidget* parent) {
    QTableView* t = theme::roomyTable(parent);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setShowGrid(true);
    t->setItemDelegate(new EmphasisDelegate(t));
    return t;
}

QString joined(const std::vector<std::string>& items) {
    QStringList out;
    for (const auto& i : items) out.push_back(QString::fromStdString(i));
    return out.join(QStringLiteral(", "));
}

}  // namespace

ExplainerView::ExplainerView(ControlPlaneClient* client, Timeline* timeline, SelectionModel* selection, QWidget* parent)
    : QWidget(parent),
      client_(client),
      explainer_(new PodExplainer(client, timeline, selection, this)),
      selection_(selection),
      filters_(new FilterMatrixModel(this)),
      scores_(new ScoreTableModel(this)) {
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    verdict_ = new QLabel(this);
    verdict_->setWordWrap(true);
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    preemption_ = new QLabel(this);
    preemption_->setWordWrap(true);
    preemption_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    source_ = new QLabel(this);
    source_->setWordWrap(true);
    recorded_ = new QLabel(this);
    recorded_->setObjectName(QStringLiteral("recordedFailure"));
    recorded_->setWordWrap(true);
    recorded_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    recorded_->hide();
    // The cluster's events come and go: its word is looked for again at most twice a second.
    recordedDelay_ = new QTimer(this);
    recordedDelay_->setSingleShot(true);
    recordedDelay_->setInterval(500);
    connect(recordedDelay_, &QTimer::timeout, this, &ExplainerView::updateRecorded);
    if (!client->keepsHistory())
        connect(client, &ControlPlaneClient::objectChanged, this, [this](const QString& resource) {
            if (resource == QLatin1String("events") && !recordedDelay_->isActive()) recordedDelay_->start();
        });
    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    filterView_ = makeTable(this);
    filterView_->setModel(filters_);
    tabs_->addTab(filterView_, tr("Filters: nodes × plugins"));
    scoreView_ = makeTable(this);
    scoreView_->setModel(scores_);
    tabs_->addTab(scoreView_, tr("Scores"));
    whatIf_ = new WhatIfPanel(client, timeline, explainer_, this);
    tabs_->addTab(whatIf_, tr("What if…"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(6);
    layout->addWidget(title_);
    layout->addWidget(verdict_);
    layout->addWidget(recorded_);
    layout->addWidget(preemption_);
    layout->addWidget(source_);
    layout->addWidget(tabs_, 1);

    // A node's row selects the node everywhere.
    for (QTableView* view : {filterView_, scoreView_}) {
        // Columns sized to the first rows (and those on screen), not to 5,000 nodes' each time a
        // live cluster's pod is explained again: that took a frame's time several times over.
        view->horizontalHeader()->setResizeContentsPrecision(100);
        connect(view, &QTableView::clicked, this, [this](const QModelIndex& index) {
            const QString node = index.data(NodeRole).toString();
            if (node.isEmpty()) return;
            whatIf_->setNode(node);
            selection_->select(ObjectRef::node(node));
        });
    }
    connect(explainer_, &PodExplainer::explained, this, &ExplainerView::refresh);
    applyFonts();
    refresh();
}

void ExplainerView::showTab(Tab tab) { tabs_->setCurrentIndex(int(tab)); }

void ExplainerView::askWhyNotOn(const QString& podKey, const QString& node) {
    selection_->select(ObjectRef::pod(podKey));
    showTab(WhatIfTab);
    whatIf_->setNode(node);
    whatIf_->ask();
}

void ExplainerView::pickTab(Tab tab) {
    // The tab that answers best, once per pod: a recomputed answer (time moved on) leaves the user
    // where they are, and the what-ifs are never left for another tab.
    if (explainer_->pod() == tabPickedFor_ || tabs_->currentIndex() == WhatIfTab) return;
    tabPickedFor_ = explainer_->pod();
    showTab(tab);
}

QString ExplainerView::title() const { return title_->text(); }
QString ExplainerView::verdict() const { return verdict_->text(); }
QString ExplainerView::preemption() const { return preemption_->isHidden() ? QString() : preemption_->text(); }
QString ExplainerView::source() const { return source_->isHidden() ? QString() : source_->text(); }
QString ExplainerView::recorded() const { return recorded_->isHidden() ? QString() : recorded_->text(); }

void ExplainerView::updateRecorded() {
    // A simulation's events are its own scheduler's: only a live cluster's are another's word.
    const auto& answer = explainer_->explanation();
    if (client_->keepsHistory() || explainer_->pod().isEmpty() || !answer) {
        recorded_->hide();
        return;
    }
    auto events = client_->listAt(QStringLiteral("events"), 0);
    const auto failure = events ? latestFailedScheduling(*events, explainer_->pod()) : std::nullopt;
    QPalette p = palette();
    if (!failure) {
        recorded_->setText(answer->boundNode.empty() ? tr("The cluster recorded no FailedScheduling event for this pod.") : QString());
        recorded_->setVisible(answer->boundNode.empty());
        p.setColor(QPalette::WindowText, theme::mutedText());
        recorded_->setPalette(p);
        return;
    }
    // As kubectl's LAST SEEN says it: "16s", "11m", "5h3m", "333d".
    const QString when = tr("%1 ago").arg(QString::fromStdString(
        util::humanDuration(std::max<qint64>(0, client_->nowNanos() - failure->lastSeenNanos))));
    const bool agrees = !answer->outcome.node && QString::fromStdString(answer->outcome.message) == failure->message;
    const QString seen = failure->count > 1 ? tr("FailedScheduling ×%1, %2").arg(failure->count).arg(when) : tr("FailedScheduling, %1").arg(when);
    const QString text = agrees ? tr("✓ The cluster's kube-scheduler said the same, word for word (%1).").arg(seen)
                                : tr("≠ The cluster's kube-scheduler said otherwise (%1): %2\nThe cluster may have changed since, or "
                                     "its scheduler runs another version, configuration or plugins.")
                                      .arg(seen, failure->message);
    recorded_->setText(text);
    p.setColor(QPalette::WindowText, agrees ? theme::phaseColor(QStringLiteral("Running")) : theme::warning());
    recorded_->setPalette(p);
    recorded_->show();
}

void ExplainerView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) applyFonts();
    QWidget::changeEvent(event);
}

void ExplainerView::showEvent(QShowEvent* event) {
    explainer_->setActive(true);
    QWidget::showEvent(event);
}

void ExplainerView::hideEvent(QHideEvent* event) {
    explainer_->setActive(false);
    QWidget::hideEvent(event);
}

void ExplainerView::applyFonts() {
    title_->setFont(theme::font(17, true));
    verdict_->setFont(theme::font(15));
    preemption_->setFont(theme::font(kBodyPoints));
    source_->setFont(theme::font(kBodyPoints - 1));
    recorded_->setFont(theme::font(kBodyPoints, true));
    tabs_->tabBar()->setFont(theme::font(kBodyPoints - 1));
    filterView_->setFont(theme::font(kBodyPoints));
    scoreView_->setFont(theme::font(kBodyPoints));
    whatIf_->setFont(theme::font(kBodyPoints));
    filterView_->horizontalHeader()->setFont(theme::font(kBodyPoints - 1, true));
    scoreView_->horizontalHeader()->setFont(theme::font(kBodyPoints - 1, true));
    sizedFor_.clear();
    refresh();
}

void ExplainerView::refresh() {
    updateRecorded();
    const auto& answer = explainer_->explanation();
    const scheduler::Explanation* e = answer ? &*answer->outcome.explanation : nullptr;
    filters_->setExplanation(e);
    scores_->setExplanation(e);
    // Sized to their contents when they take another shape (another pod, other plugins, the first
    // answer), not for each answer of the same pod: measuring a hundred rows' text takes 15-50 ms,
    // and a live cluster's pod is answered again every second; its columns would jump too.
    const QString shape = QStringLiteral("%1 %2x%3 %4x%5")
                              .arg(explainer_->pod())
                              .arg(filters_->rowCount() > 0)
                              .arg(filters_->columnCount())
                              .arg(scores_->rowCount() > 0)
                              .arg(scores_->columnCount());
    if (shape != sizedFor_) {
        sizedFor_ = shape;
        filterView_->resizeColumnsToContents();
        scoreView_->resizeColumnsToContents();
    }
    preemption_->hide();
    // Answered before the control plane was up: said, so nobody takes it for the live cluster's.
    source_->setVisible(explainer_->showsStartingAnswer());
    source_->setText(tr("Tried on the objects the control plane is being started with; tried again once it is up."));
    QPalette sourcePalette = palette();
    sourcePalette.setColor(QPalette::WindowText, theme::mutedText());
    source_->setPalette(sourcePalette);
    QPalette verdictPalette = palette();
    if (explainer_->pod().isEmpty()) {
        title_->setText(tr("Why is my pod pending?"));
        verdict_->setText(tr("Select a pod: the scheduler tries it against every node and says, node by node and "
                             "plugin by plugin, why it fits or not."));
        verdictPalette.setColor(QPalette::WindowText, theme::mutedText());
        verdict_->setPalette(verdictPalette);
        return;
    }
    if (!answer) {
        title_->setText(explainer_->pod());
        verdict_->setText(explainer_->error().isEmpty() ? tr("Asking the scheduler…") : explainer_->error());
        verdictPalette.setColor(QPalette::WindowText, explainer_->error().isEmpty() ? theme::mutedText() : theme::failure());
        verdict_->setPalette(verdictPalette);
        return;
    }
    const auto& outcome = answer->outcome;
    const QString pod = explainer_->pod();
    const QString bound = QString::fromStdString(answer->boundNode);
    const int nodes = int(e->nodes.size());
    if (outcome.node) {
        const QString node = QString::fromStdString(*outcome.node);
        title_->setText(bound.isEmpty() ? tr("Why is %1 pending? It fits now").arg(pod)
                                        : tr("Why is %1 on %2?").arg(pod, bound));
        QString text = tr("The scheduler would choose %1: %2 of %3 nodes are feasible.").arg(node).arg(e->feasibleNodes).arg(nodes);
        if (!bound.isEmpty())
            text = tr("Bound to %1. Tried again now, as if it were pending (it no longer counts on its node): ").arg(bound) + text;
        verdict_->setText(text);
        verdictPalette.setColor(QPalette::WindowText, theme::text());
        pickTab(e->scores.nodes.empty() ? FiltersTab : ScoresTab);
    } else {
        title_->setText(bound.isEmpty() ? tr("Why is %1 pending?").arg(pod)
                                        : tr("%1 is bound to %2, but would not fit anywhere now").arg(pod, bound));
        verdict_->setText(QString::fromStdString(outcome.message));
        verdictPalette.setColor(QPalette::WindowText, theme::failure());
        pickTab(FiltersTab);
    }
    verdict_->setPalette(verdictPalette);
    if (!outcome.nominatedNode.empty() || !e->preemptionCandidates.empty()) {
        QStringList lines;
        if (!outcome.nominatedNode.empty())
            lines << tr("Preemption: nominated to %1 once these pods are gone: %2")
                         .arg(QString::fromStdString(outcome.nominatedNode), joined(outcome.victims));
        if (!e->preemptionCandidates.empty()) lines << tr("Candidate nodes: %1").arg(joined(e->preemptionCandidates));
        preemption_->setText(lines.join(QLatin1Char('\n')));
        preemption_->show();
    }
}

}  // namespace pilothouse::ui
