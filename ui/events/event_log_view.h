// The event log, like `kubectl get events`: the events of the cluster at the moment the timeline
// shows, oldest first (the newest at the bottom, followed while the view is scrolled to the end),
// with filters by type, object and free text above. Warning rows stand out (a red tint and a bold
// red TYPE). Clicking a row selects the event's involved object everywhere; when the selection
// changes, the rows about that object are highlighted. Wide, it is kubectl's table; narrower than
// kCompactWidth (a dock), each event is a card of two or three lines (EventCardDelegate) over the
// same rows and selection.
#pragma once

#include <QWidget>

#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "models/timeline.h"

class QComboBox;
class QGridLayout;
class QLabel;
class QAbstractItemView;
class QLineEdit;
class QListView;
class QStackedWidget;
class QTableView;
class QTimer;

namespace pilothouse::ui {

class EventFilterProxyModel;
class EventTableModel;

class EventLogView final : public QWidget {
    Q_OBJECT
public:
    EventLogView(ClusterState* state, Timeline* timeline, SelectionModel* selection, QWidget* parent = nullptr);

    EventTableModel* model() const { return model_; }
    EventFilterProxyModel* proxy() const { return proxy_; }
    QTableView* table() const { return table_; }
    QListView* cards() const { return cards_; }
    // Whether the cards are shown instead of the table.
    bool compact() const;

    static constexpr int kCompactWidth = 1000;
    // The filters and three events (as cards: the narrower form).
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void applyFonts();
    void updateCount();
    void onRowClicked(const QModelIndex& index);
    void highlightSelected();
    QAbstractItemView* shown() const;
    void setCompact(bool on);

    SelectionModel* selection_;
    EventTableModel* model_;
    EventFilterProxyModel* proxy_;
    QComboBox* type_;
    QLineEdit* object_;
    QLineEdit* text_;
    QLabel* count_;
    QTableView* table_;
    QListView* cards_;
    QStackedWidget* stack_;
    QGridLayout* filters_;
    QTimer* settle_;
    bool followEnd_ = true;
};

}  // namespace pilothouse::ui
