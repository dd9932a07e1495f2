// The editor of one object: a form and its YAML, kept in sync over one draft (object_draft.h), and
// the buttons that send it to the API server — every change a request like any client's, so
// admission and validation apply and the journey view shows it.
//
//   Apply     the draft: a merge patch with the resourceVersion it was read at (a Conflict when
//             the object changed since; the editor then offers to reload or to merge the edits
//             onto the latest version), the status part through the status subresource; a new
//             object is created. Validation errors are shown at the fields they name.
//   Dry run   the same requests with dryRun: what the API server would say, nothing stored.
//   Revert    back to the object as read. Delete.
//   Nodes:    Cordon / Uncordon (spec.unschedulable, as kubectl cordon), Drain (kubectl drain
//             --ignore-daemonsets: cordon, then evict each pod through pods/eviction), Fail and
//             Recover (the simulated machine stops or starts).
//   Pods:     Evict (pods/eviction), Replace (kubectl replace --force: delete, then create the
//             draft — the way to change what a pod update may not), Edit owner (the Deployment or
//             ReplicaSet that made it: scale it, roll out a new image).
//
// Over a server, a button whose request the user's RBAC does not allow (setAccessReview: patch,
// create or delete on the object's resource in its namespace, pods/eviction, the simulation for
// Fail/Recover) is disabled with the server's 403 text in its tooltip.
//
// The editor follows the selection while it holds no unsaved edits, and is read-only while the
// views show a past moment. It follows the object's own changes while unedited; once edited, it
// says that the object changed underneath.
#pragma once

#include <QPointer>
#include <QWidget>

#include "client/access_review.h"
#include "client/control_plane_client.h"
#include "editor/object_draft.h"
#include "models/selection_model.h"

class QLabel;
class QPushButton;
class QTabWidget;
class QFrame;
class QMenu;

namespace pilothouse::ui {
class ClusterState;
class Timeline;
}

namespace pilothouse::ui::editor {

class ObjectForm;
class YamlView;

class ObjectEditor final : public QWidget {
    Q_OBJECT
public:
    ObjectEditor(ControlPlaneClient* client, ClusterState* state, SelectionModel* selection, Timeline* timeline,
                 QWidget* parent = nullptr);

    // Opens an object: nodes and pods from the views' state, other kinds read through the client.
    void open(const ObjectRef& ref);
    // Starts a new object of `kind` (newObjectKinds()).
    void startNew(const QString& kind);

    ObjectDraft* draft() const { return draft_; }
    ObjectForm* form() const { return form_; }
    YamlView* yamlView() const { return yaml_; }
    QTabWidget* tabs() const { return tabs_; }
    const ObjectRef& ref() const { return ref_; }
    // The last request's outcome as shown under the title ("node/node-2 cordoned", an error).
    QString statusText() const;
    // A Conflict is waiting for Reload or Merge.
    bool inConflict() const;
    // Whether the editor may send anything (live, not busy, an object open).
    bool writable() const;

    // What the user may do (null: everything); its changes update the buttons.
    void setAccessReview(AccessReview* access);

    // Deletes without asking first (tests).
    void setConfirmDeletes(bool on) { confirmDeletes_ = on; }

public slots:
    void apply();
    void dryRun();
    void revert();
    void reload();
    // After a Conflict: the edits (original -> draft) applied onto the latest version.
    void merge();
    void deleteObject();
    void cordon(bool unschedulable);
    void drain();
    void failNode();
    void recoverNode();
    void evict();
    void replace();
    void editOwner();

signals:
    // A request (or a sequence of them: drain, replace) finished; `ok` when all succeeded.
    void finished(bool ok);

private:
    void build();
    void updateState();
    void onSelection(const ObjectRef& ref);
    void onObjectChanged(const QString& resource, const QString& key, const ObjectPtr& object);
    void loadFromState();
    void send(ApiRequest request, std::function<void(const ApiResult&)> done);
    void sendApply(bool dryRun);
    // Fail or recover the node; `done` is the message, %1 the node.
    void controlNode(ControlPlaneClient::NodeControl control, const QString& done);
    void finish(bool ok, const QString& message);
    void fail(const Status& status, const QString& context = {});
    void showConflict(const Status& status);
    void fetchLatest(std::function<void(const ObjectPtr&)> then);
    QString shownName() const;  // "node/node-2", "pod/web-1", "deployment.apps/web"
    ApiRequest request(const QString& verb) const;
    // Kubernetes' 403 text when the user may not do `action` on `resource` in `namespace_` ("" when
    // allowed or not known).
    QString denied(Action action, const QString& resource, const QString& namespace_) const;

    ControlPlaneClient* client_;
    QPointer<AccessReview> access_;
    ClusterState* state_;
    SelectionModel* selection_;
    Timeline* timeline_;
    ObjectDraft* draft_;
    ObjectRef ref_;
    bool busy_ = false;
    bool confirmDeletes_ = true;
    bool changedUnderneath_ = false;
    bool deleted_ = false;

    QLabel* title_ = nullptr;
    QLabel* state_label_ = nullptr;
    QLabel* status_ = nullptr;
    QFrame* conflict_ = nullptr;
    QLabel* conflictText_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    ObjectForm* form_ = nullptr;
    YamlView* yaml_ = nullptr;
    QPushButton* apply_ = nullptr;
    QPushButton* dryRun_ = nullptr;
    QPushButton* revert_ = nullptr;
    QPushButton* delete_ = nullptr;
    QPushButton* new_ = nullptr;
    QWidget* nodeActions_ = nullptr;
    QPushButton* cordon_ = nullptr;
    QPushButton* drain_ = nullptr;
    QPushButton* fail_ = nullptr;
    QPushButton* recover_ = nullptr;
    QWidget* podActions_ = nullptr;
    QPushButton* evict_ = nullptr;
    QPushButton* replace_ = nullptr;
    QPushButton* owner_ = nullptr;
};

}  // namespace pilothouse::ui::editor
