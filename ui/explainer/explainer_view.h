// "Why is my pod pending?": the explainer for the selected pod at the moment the timeline shows.
//   the verdict   the FailedScheduling message exactly as kube-scheduler writes it, or the node
//                 it would choose; for a bound pod, where it is bound and the answer of trying it
//                 again now, as if pending
//   preemption    the nominated node, the victims and the candidate nodes, when preemption helps
//   Filters       nodes × filter plugins: every rejection and its reasons (FilterMatrixModel)
//   Scores        the feasible nodes' scores per plugin and totals, the chosen one marked
//                 (ScoreTableModel)
//   What if…      what would make it fit on a node: the scheduler's suggestions, each applicable
//                 with one click (WhatIfPanel)
// Clicking a node's row selects that node everywhere (and asks the what-ifs about it).
#pragma once

#include <QWidget>

#include "client/control_plane_client.h"
#include "models/selection_model.h"
#include "models/timeline.h"

class QLabel;
class QTabWidget;
class QTimer;
class QTableView;

namespace pilothouse::ui {

class FilterMatrixModel;
class PodExplainer;
class ScoreTableModel;
class WhatIfPanel;

class ExplainerView final : public QWidget {
    Q_OBJECT
public:
    ExplainerView(ControlPlaneClient* client, Timeline* timeline, SelectionModel* selection, QWidget* parent = nullptr);

    enum Tab { FiltersTab, ScoresTab, WhatIfTab };
    void showTab(Tab tab);
    QTabWidget* tabs() const { return tabs_; }
    // "Why is this pod not on that node?" (a pending pod dropped on a node): the pod explained,
    // the What if… tab asking the scheduler about that node.
    void askWhyNotOn(const QString& podKey, const QString& node);

    PodExplainer* explainer() const { return explainer_; }
    FilterMatrixModel* filterModel() const { return filters_; }
    ScoreTableModel* scoreModel() const { return scores_; }
    WhatIfPanel* whatIfPanel() const { return whatIf_; }
    QTableView* filterView() const { return filterView_; }
    QTableView* scoreView() const { return scoreView_; }
    // What is shown (tests, screenshots).
    QString title() const;
    QString verdict() const;
    QString preemption() const;
    // Said when the answer was found before the control plane was up ("" otherwise).
    QString source() const;
    // On a live cluster: the cluster's own FailedScheduling message for the pod and whether it
    // agrees with the answer shown ("" otherwise).
    QString recorded() const;

protected:
    void changeEvent(QEvent* event) override;
    // The scheduler is asked only while the view is shown.
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private:
    void refresh();
    // The live cluster's FailedScheduling line under the verdict (hidden on a simulation).
    void updateRecorded();
    void pickTab(Tab tab);
    void applyFonts();

    ControlPlaneClient* client_;
    PodExplainer* explainer_;
    SelectionModel* selection_;
    FilterMatrixModel* filters_;
    ScoreTableModel* scores_;
    QLabel* title_;
    QLabel* verdict_;
    QLabel* source_;
    QLabel* preemption_;
    QLabel* recorded_;
    QTimer* recordedDelay_;
    QTabWidget* tabs_;
    QTableView* filterView_;
    QTableView* scoreView_;
    WhatIfPanel* whatIf_;
    QString tabPickedFor_;
    QString sizedFor_;  // the tables' shape their columns were last sized for
};

}  // namespace pilothouse::ui
