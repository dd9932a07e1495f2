// The object inspector: the selected object (a pod or a node; other kinds are read from the store
// too) at the moment the timeline shows — past moments show it as it was, and an object that did
// not exist then says so. Tabs:
//   Fields   the object as a tree (ObjectTreeModel), updated in place as the object changes
//   YAML     exactly what `pilothousectl get <kind> <name> -o yaml` prints, read-only
//   Events   the event log of that object
//   Journey  (pods) the pod's journey as a Gantt chart of its stages up to the moment shown
//   Pods     (nodes) the pods bound to the node, with kubectl's columns
#pragma once

#include <QWidget>

#include "client/control_plane_client.h"
#include "models/cluster_state.h"
#include "models/selection_model.h"
#include "models/timeline.h"

class QLabel;
class QListView;
class QPlainTextEdit;
class QScrollArea;
class QTabWidget;
class QTableView;
class QTimer;
class QTreeView;

namespace pilothouse::ui {

class EventFilterProxyModel;
class EventTableModel;
class JourneyCache;
class JourneyGanttView;
class NodePodsProxyModel;
class ObjectTableModel;
class ObjectTreeModel;
class PodJourneyModel;

class InspectorView final : public QWidget {
    Q_OBJECT
public:
    InspectorView(ControlPlaneClient* client, ClusterState* state, Timeline* timeline, SelectionModel* selection,
                  QWidget* parent = nullptr);

    enum Tab { FieldsTab, YamlTab, EventsTab, JourneyTab, PodsTab };
    QTabWidget* tabs() const { return tabs_; }
    void showTab(Tab tab);

    // What is shown (for tests and the main window).
    ObjectPtr object() const { return object_; }
    QString title() const;
    QString subtitle() const;
    QString yaml() const;
    ObjectTreeModel* treeModel() const { return tree_; }
    EventFilterProxyModel* eventsModel() const { return eventsProxy_; }
    PodJourneyModel* journeyModel() const { return journey_; }
    JourneyCache* journeyCache() const { return journeys_; }
    NodePodsProxyModel* podsModel() const { return podsProxy_; }
    JourneyGanttView* journeyView() const { return gantt_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void onSelectionChanged();
    void refresh();
    ObjectPtr lookup() const;
    void showObject(const ObjectPtr& object, bool sameSelection);
    void updateHeader();
    void applyFonts();

    ControlPlaneClient* client_;
    ClusterState* state_;
    Timeline* timeline_;
    SelectionModel* selection_;
    ObjectPtr object_;
    ObjectRef shownRef_;

    QLabel* title_;
    QLabel* subtitle_;
    QTabWidget* tabs_;
    ObjectTreeModel* tree_;
    QTreeView* treeView_;
    QPlainTextEdit* yaml_;
    EventTableModel* events_;
    EventFilterProxyModel* eventsProxy_;
    QListView* eventsView_;
    JourneyCache* journeys_;
    PodJourneyModel* journey_;
    JourneyGanttView* gantt_;
    QScrollArea* ganttScroll_;
    ObjectTableModel* pods_;
    NodePodsProxyModel* podsProxy_;
    QTableView* podsView_;
    QTimer* refetch_;  // kinds the cluster state does not follow are read again after a pause
};

}  // namespace pilothouse::ui
