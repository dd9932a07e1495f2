// The explorer's main window. The journey view in the middle; the cluster view, the inspector, the
// event log, the charts and kubectl-style tables in docks (moved, closed and restored as the user
// left them: QMainWindow state in QSettings). Every view follows one selection (SelectionModel)
// and one moment (Timeline): live, or a past moment picked on the timeline slider, read from the
// store's history.
//
// The toolbar drives the simulation (session/simulation_control.h: the embedded one, or a
// pilothouse-server's shared with its other clients): play/pause (Space), step one event (Right),
// step one scheduling cycle (Shift+Right), speed 0.1×–1000× or as fast as possible, reset
// (Ctrl+R); the timeline slider goes back in time (Left/Right when paused move it), "Live" (End)
// returns to the present, "Resume here" (Ctrl+Return) replays the scenario to the moment shown
// and goes on from there. The status bar shows virtual time, speed, pending and running pods, the
// store revision and the connection.
//
// Over a remote server (client->isRemote()) the title and the status bar name the server and say
// whether it is connected; while it is not, the views keep the last state they had and the
// simulation's controls are disabled. What needs the simulation in this process (saving the
// scenario as played, workspaces) is disabled in the File menu with the reason as its tooltip.
// The title names the user the server takes the token for ("host as bob"). What the server's RBAC
// does not let that user do (client/access_review.h) is disabled with the server's 403 text in its
// tooltip and status tip: the simulation's controls, the File menu's scenarios and the Scheduler
// menu without update on simulations.pilothouse.io; the editor's and the what-ifs' writes per
// object. A read-only user still sees everything.
//
// View > Language switches between English, Deutsch and 日本語 at runtime (i18n/language.h): on
// QEvent::LanguageChange the window rebuilds its views, docks, toolbars and menus over the same
// client, session, models, selection and timeline, and restores the dock layout. So whatever
// makeViews, make*ToolBar and makeMenus create must be owned by (and connect with the context of)
// a dock, a toolbar, the menu bar or one of its menus (those are deleted whoever owns them), not
// the window, or it would be made once more on each switch.
#pragma once

#include <QMainWindow>
#include <QSize>
#include <QElapsedTimer>
#include <QTimer>

#include <array>
#include <optional>
#include <utility>

#include "mainwindow/window_layout.h"
#include "preferences/preferences.h"
#include "util/status.h"

class QAction;
class QImage;
class QComboBox;
class QLabel;
class QMenu;
class QSlider;
class QTabWidget;
class QTableView;

namespace pilothouse::ui {

namespace clusterview {
class ClusterView;
}
class AccessReview;
class ClusterState;
class ChartsView;
class ClusterMenu;
class ControlPlaneClient;
class EmbeddedSession;
class SimulationControl;
class EventLogView;
class ExplainerView;
namespace editor {
class ObjectEditor;
}
class InspectorView;
class JourneyView;
class EmbeddedKubeApi;
class KubeApiStatus;
class ObjectTableModel;
class SelectionModel;
class Timeline;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        // Restore the layout, palette and font scale saved by the last window and save them on
        // close. Off for screenshots and tests (they must not depend on a user's settings).
        bool persistSettings = true;
    };

    // `session`: the embedded simulation whose time the toolbar controls (null: no time controls).
    MainWindow(ControlPlaneClient* client, EmbeddedSession* session, Options options, QWidget* parent = nullptr);
    MainWindow(ControlPlaneClient* client, EmbeddedSession* session = nullptr, QWidget* parent = nullptr)
        : MainWindow(client, session, Options{false}, parent) {}
    // Over any simulation (a RemoteSimulation for a pilothouse-server's): the File menu's
    // scenario items load into it; the workspace items are the embedded session's only. Both
    // must outlive the window.
    MainWindow(ControlPlaneClient* client, SimulationControl* simulation, Options options, QWidget* parent = nullptr);
    ~MainWindow() override;

    ControlPlaneClient* client() const { return client_; }
    // What the user may do (asked of a remote server; everything in an embedded one).
    AccessReview* accessReview() const { return access_; }
    const Options& options() const { return options_; }
    // The simulation the toolbar drives (null when there is none).
    SimulationControl* simulation() const { return simulation_; }
    // The status bar's text about the control plane ("Connected to 127.0.0.1:7443", ...).
    QString connectionText() const;
    Timeline* timeline() const { return timeline_; }
    SelectionModel* selection() const { return selection_; }
    ClusterState* clusterState() const { return state_; }
    ObjectTableModel* nodesModel() const { return nodes_; }
    ObjectTableModel* podsModel() const { return pods_; }
    QTabWidget* tabs() const { return tabs_; }
    JourneyView* journeyView() const { return journey_; }
    clusterview::ClusterView* clusterView() const { return clusterView_; }
    InspectorView* inspectorView() const { return inspector_; }
    ExplainerView* explainerView() const { return explainer_; }
    editor::ObjectEditor* editor() const { return editor_; }
    EventLogView* eventLogView() const { return events_; }
    ChartsView* chartsView() const { return charts_; }
    // The Cluster menu of a window on a real cluster (null otherwise).
    ClusterMenu* clusterMenu() const { return clusterMenu_; }

    QAction* playAction() const { return play_; }
    QAction* stepAction() const { return step_; }
    QAction* stepCycleAction() const { return stepCycle_; }
    QAction* resetAction() const { return reset_; }
    QAction* liveAction() const { return live_; }
    QAction* resumeAction() const { return resume_; }
    QAction* darkAction() const { return dark_; }
    // View > Language: one checkable action per language (data: its code, "en", "de", "ja").
    QMenu* languageMenu() const { return language_; }
    QComboBox* speedBox() const { return speedBox_; }
    QSlider* timelineSlider() const { return slider_; }

    // The views' state is loaded (each informer has listed).
    bool loaded() const;
    // The Explainer dock shown, in front of the docks it shares a place with (a snapshot is opened
    // to see why its pods are pending).
    void showExplainer();
    // journey.png, cluster.png, inspector.png, explainer.png, what-if.png (the explainer's what-ifs
    // about the pod's node, or the first node), events.png and charts.png — each view on its own at
    // `size` —, pod-editor.png and node-editor.png (the selected pod and its node, or
    // the first node while it is pending), window.png (the whole window as it is) and the whole
    // window in each layout at each of kScreenshotSizes (window-teach-1280x800.png, ...) into `dir`.
    Status writeScreenshots(const QString& dir, QSize size);
    static constexpr std::array<QSize, 3> kScreenshotSizes = {QSize(1280, 800), QSize(1366, 768), QSize(1920, 1080)};
    // The whole window in `layout` at `size` (the window is resized, and put back after).
    QImage grabLayout(WindowLayout layout, QSize size);

    // The layout in force (mainwindow/window_layout.h).
    WindowLayout windowLayout() const { return layout_; }
    // Arranges the window as `layout`: the user's own arrangement of it for this screen size when
    // the window keeps settings and has one, else the default for the window's size now. Entering
    // Debug with nothing selected selects the first pending pod, so that it is explained.
    void setWindowLayout(WindowLayout layout);
    // The default arrangement of the layout in force, for the window's size now.
    void resetWindowLayout();
    // Once the pods are listed, the first start's layout (WindowLayouts::initial), unless one was
    // saved or chosen meanwhile.
    void chooseInitialLayout();
    QAction* layoutAction(WindowLayout layout) const { return layoutActions_[size_t(layout)]; }
    // Presentation mode (F11; Esc leaves): full screen, text 1.5 times larger, the layout kept; every
    // control keeps its shortcut.
    QAction* presentationAction() const { return presentationAction_; }
    bool presentation() const { return presentation_; }
    void setPresentation(bool on);

    // Light or dark palette for the whole application (views repaint).
    void setDark(bool dark);
    // Text size factor for projectors (1 = normal).
    void setFontScale(double scale);
    // The preferences in force (preferences/preferences.h): the saved ones when the window keeps
    // settings, else the defaults.
    const Preferences& preferences() const { return preferences_; }
    // Takes them: palette, text size and phase colours at once (views repaint); the speed and the
    // bandwidth at the next start. Saved when the window keeps settings.
    void applyPreferences(const Preferences& preferences);
    // The Preferences dialog (modal), over the preferences in force.
    void showPreferences();
    // The Kubernetes API the embedded control plane serves for kubectl (null when attached to a
    // server): started by --kube-api-listen or the preferences, shown in the status bar.
    EmbeddedKubeApi* kubeApi() const { return kubeApi_; }
    KubeApiStatus* kubeApiStatus() const { return kubeApiStatus_; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    MainWindow(ControlPlaneClient* client, EmbeddedSession* session, SimulationControl* simulation, Options options,
               QWidget* parent);
    void makeViews();
    void makeSimulationToolBar();
    void makeTimelineToolBar();
    void makeLayoutToolBar();
    void makeMenus();
    void arrangeDefault(WindowLayout layout);
    // The layout in force as the user left it, kept for this screen size (when settings are kept).
    void saveArrangement();
    bool restoreArrangement(WindowLayout layout);
    QString arrangementKey(WindowLayout layout) const;
    // The oldest pending pod without a node ("namespace/name"; empty when none), and selecting it
    // when nothing is selected.
    QString firstPendingPod() const;
    void selectFirstPendingPod();
    QTableView* makeTable(ObjectTableModel* model);
    void onPresentChanged();
    void onViewChanged();
    void updateStatus();
    void updateTime();
    // The title, the connection's label and whether the simulation's controls can be used.
    void updateConnection();
    void restoreSettings();
    // Takes `preferences` without saving them (applyPreferences saves too).
    void usePreferences(const Preferences& preferences);
    void repaintViews();
    // The views, docks, toolbars and menus made again in the language now installed.
    void retranslate();

    ControlPlaneClient* client_;
    EmbeddedSession* session_;         // null over a remote server
    SimulationControl* simulation_;    // the session's (owned) or the one given
    bool everConnected_ = false;       // a remote server answered once: a drop keeps the last state
    AccessReview* access_;
    Options options_;
    Preferences preferences_;
    Timeline* timeline_;
    SelectionModel* selection_;
    ClusterState* state_;
    ObjectTableModel* nodes_;
    ObjectTableModel* pods_;
    QTabWidget* tabs_ = nullptr;
    JourneyView* journey_ = nullptr;
    clusterview::ClusterView* clusterView_ = nullptr;
    InspectorView* inspector_ = nullptr;
    ExplainerView* explainer_ = nullptr;
    editor::ObjectEditor* editor_ = nullptr;
    EventLogView* events_ = nullptr;
    ChartsView* charts_ = nullptr;
    ClusterMenu* clusterMenu_ = nullptr;

    QAction* play_ = nullptr;
    QAction* step_ = nullptr;
    QAction* stepCycle_ = nullptr;
    QAction* reset_ = nullptr;
    QAction* live_ = nullptr;
    QAction* resume_ = nullptr;
    QAction* dark_ = nullptr;
    QMenu* language_ = nullptr;
    bool retranslatePending_ = false;
    WindowLayout layout_ = WindowLayout::Teach;
    bool layoutChosen_ = false;  // by the user, the saved settings, or the first start
    bool shownOnce_ = false;
    std::array<QAction*, 3> layoutActions_{};
    QAction* presentationAction_ = nullptr;
    bool presentation_ = false;
    double fontScaleBeforePresentation_ = 1.0;
    Qt::WindowStates statesBeforePresentation_;
    QComboBox* speedBox_ = nullptr;
    QLabel* simulationDenied_ = nullptr;          // why the simulation's controls are off (RBAC)
    QAction* simulationDeniedAction_ = nullptr;   // its place in the toolbar (hidden when allowed)
    QSlider* slider_ = nullptr;
    QLabel* viewTime_ = nullptr;

    QTimer statusDelay_;
    // The status bar's pod counts, and when (pods_'s revision, wall clock) they were counted.
    int pending_ = 0;
    int running_ = 0;
    qint64 countedRevision_ = -1;
    QElapsedTimer counted_;
    QLabel* connection_;
    QLabel* revision_;
    QLabel* time_;
    QLabel* counts_;
    EmbeddedKubeApi* kubeApi_ = nullptr;
    KubeApiStatus* kubeApiStatus_ = nullptr;
    // The preferences' Kubernetes API settings last acted on (serving is changed only when they
    // change, so --kube-api-listen is not undone by preferences that say nothing new).
    std::optional<std::pair<bool, QString>> kubeApiPreference_;
};

}  // namespace pilothouse::ui
