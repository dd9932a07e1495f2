// What the GUI's user may do, as the control plane's authorizer says: the window asks before it
// offers an action, and shows a forbidden one disabled with the reason in Kubernetes' own words
// (the 403 the server would answer, e.g.
//   User "bob" cannot update resource "simulations" in API group "pilothouse.io" at the cluster scope).
//
// Each question (AccessQuestion: verb, group, resource, subresource, namespace, name) is asked
// once, through ControlPlaneClient::send, as a SelfSubjectAccessReview (authorization.k8s.io/v1,
// what `kubectl auth can-i` sends); the answers are kept and asked again when the client is
// connected again and when the control plane is replaced (a rewind may bring other RBAC objects).
// changed() says an answer or the user's name came. Until an answer has come the action is offered
// (the server still decides). An embedded client is never asked: its user is the loopback user,
// allowed everything.
//
// The questions the window asks are named in one table (Action, question()): each view asks about
// its actions through it, with the selected object's resource and namespace where they apply.
// GUI thread only.
#pragma once

#include <QObject>
#include <QString>

#include <map>
#include <tuple>

class QAction;
class QWidget;

namespace pilothouse::ui {

class ControlPlaneClient;

// authorizer.Attributes as a SelfSubjectAccessReview asks them ("" group: the core group; ""
// namespace: cluster-scoped or all namespaces).
struct AccessQuestion {
    QString verb;
    QString group;
    QString resource;
    QString subresource;
    QString namespace_;
    QString name;
    bool operator==(const AccessQuestion&) const = default;
    bool operator<(const AccessQuestion& o) const {
        return std::tie(verb, group, resource, subresource, namespace_, name) <
               std::tie(o.verb, o.group, o.resource, o.subresource, o.namespace_, o.name);
    }
};

// The window's actions and what each needs.
enum class Action {
    ChangeSimulation,  // play, pause, speed, step, step cycle, reset, rewind, load a scenario,
                       // fail/recover a node, configure the scheduler: update simulations.pilothouse.io
    PatchObject,       // the editor's Apply, Cordon/Uncordon: patch <resource> in <namespace>
    CreateObject,      // the editor's Apply of a new object, a what-if's apply: create <resource>
    DeleteObject,      // the editor's Delete: delete <resource> in <namespace>
    EvictPod,          // the editor's Evict and a node's Drain: create pods/eviction in <namespace>
};

// The question an action asks about `resource` (kubectl's plural, "pods") in `namespace_`;
// ChangeSimulation ignores both.
AccessQuestion question(Action action, const QString& resource = {}, const QString& namespace_ = {});

class AccessReview final : public QObject {
    Q_OBJECT
public:
    // `client` must outlive this object.
    explicit AccessReview(ControlPlaneClient* client, QObject* parent = nullptr);

    // Kubernetes' 403 text when the answer was no; "" when allowed, not asked about over an
    // embedded client, or not answered yet (it is asked now; changed() follows the answer).
    QString deniedReason(const AccessQuestion& question);
    QString deniedReason(Action action, const QString& resource = {}, const QString& namespace_ = {}) {
        return deniedReason(question(action, resource, namespace_));
    }
    // Whether every question asked so far has its answer.
    bool settled() const;

signals:
    void changed();

private:
    struct Answer {
        bool answered = false;
        bool allowed = true;
        QString reason;  // the authorizer's, e.g. "RBAC: role.rbac.authorization.k8s.io \"x\" not found"
        int asking = 0;  // the round of the question in flight, 0 when none
    };
    void ask(const AccessQuestion& question);
    void askAgain();

    ControlPlaneClient* client_;
    std::map<AccessQuestion, Answer> answers_;
    int round_ = 0;  // askAgain() starts a new one; older answers are dropped
};

// "Forbidden: <denied>", as the tooltips and labels say it (the 403 text itself untranslated).
QString forbiddenText(const QString& denied);

// Shows a permission on an action or a widget: enabled when `enabled` and `denied` is empty;
// otherwise, when denied, disabled with "Forbidden: <denied>" after its own tooltip and as its
// status tip. The own tooltip is the one it had the first time.
void showPermission(QAction* action, bool enabled, const QString& denied);
void showPermission(QWidget* widget, bool enabled, const QString& denied);

}  // namespace pilothouse::ui
