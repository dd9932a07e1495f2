#pragma once

#include <QObject>
#include <QTemporaryDir>

// What a window lets its user do: over a loopback pilothouse-server with tokens, the user's name
// (SelfSubjectReview) in the title and status bar, and what RBAC forbids (SelfSubjectAccessReview)
// disabled with the server's 403 text; over the embedded control plane, everything.
class PermissionsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    // bob (group students, allowed to read only): the simulation's controls, the Simulation, File
    // and Scheduler menus' changes and the editor's writes disabled, the reason in the tooltip.
    void studentsActionsAreForbidden();
    // bob with pods create/patch in "default" only: Apply YAML checks each object as it is typed;
    // a text of forbidden objects only has Diff and Apply disabled with the 403 text.
    void applyDialogChecksEachObject();
    // alice (system:masters): the same controls enabled, her name in the title.
    void adminsActionsAreAllowed();
    // The embedded window asks nothing and offers everything.
    void embeddedWindowAllowsEverything();

private:
    QTemporaryDir settings_;
};
