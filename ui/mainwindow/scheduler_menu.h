// The Scheduler menu: kube-scheduler's configuration, switched while the cluster runs. Load a
// KubeSchedulerConfiguration file, or pick NodeResourcesFit's scoring strategy (LeastAllocated,
// kube-scheduler's default, spreads pods over the emptiest nodes; MostAllocated packs them onto
// the fullest). Either way kube-scheduler restarts with the new configuration, as after a change
// of its --config file: pending pods are tried again at once, and what is placed from then on is
// placed by the new scoring (running pods stay where they are). The explainer scores with the
// configuration in force at the moment it shows. Over a server whose RBAC does not let the user
// update simulations.pilothouse.io, the items are disabled with that reason (access_review.h).
#pragma once

#include <QMenu>

#include "scheduler/apis/config/types.h"

namespace pilothouse::ui {

class AccessReview;
class ControlPlaneClient;

class SchedulerMenu final : public QMenu {
    Q_OBJECT
public:
    // `access`: null to offer every item.
    SchedulerMenu(ControlPlaneClient* client, QWidget* parent, AccessReview* access = nullptr);

    // NodeResourcesFit's scoringStrategy.type in a configuration's first profile (LeastAllocated
    // when it says none).
    static QString scoringStrategy(const scheduler::config::KubeSchedulerConfiguration& config);
    // A KubeSchedulerConfiguration (YAML) whose only change from the defaults is that strategy.
    static QString configurationWith(const QString& scoringStrategy);

    // What the menu's items do, for tests: restart kube-scheduler with a file's configuration, or
    // with the defaults and this scoring strategy. The outcome comes as message().
    void loadFile(const QString& path);
    void useScoringStrategy(const QString& type);

signals:
    // "kube-scheduler restarted with …", or the error (the file, the field).
    void message(const QString& text, bool ok);

private:
    void configure(const QString& yaml, const QString& source, const QString& what);
    void updateChecks();
    void updatePermissions();

    ControlPlaneClient* client_;
    AccessReview* access_;
    QAction* load_ = nullptr;
    QList<QAction*> strategies_;
};

}  // namespace pilothouse::ui
