#include "mainwindow/scheduler_menu.h"

#include <QActionGroup>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>

#include "client/access_review.h"
#include "client/control_plane_client.h"

namespace pilothouse::ui {

namespace {
// NodeResourcesFit's scoring strategies (pkg/scheduler/apis/config ScoringStrategyType).
const char* const kStrategies[] = {"LeastAllocated", "MostAllocated"};
}  // namespace

SchedulerMenu::SchedulerMenu(ControlPlaneClient* client, QWidget* parent, AccessReview* access)
    : QMenu(tr("S&cheduler"), parent), client_(client), access_(access) {
    setObjectName(QStringLiteral("schedulerMenu"));
    setToolTipsVisible(true);
    QAction* load = load_ = addAction(tr("&Load configuration…"));
    load->setToolTip(tr("Restart kube-scheduler with a KubeSchedulerConfiguration file"));
    connect(load, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(parentWidget(), tr("KubeSchedulerConfiguration"), QString(),
                                                          tr("YAML files (*.yaml *.yml);;All files (*)"));
        if (!path.isEmpty()) loadFile(path);
    });
    addSection(tr("NodeResourcesFit scoring"));
    auto* group = new QActionGroup(this);
    for (const char* type : kStrategies) {
        const QString name = QString::fromLatin1(type);
        QAction* a = addAction(name == QLatin1String("LeastAllocated") ? tr("%1 (spread, the default)").arg(name)
                                                                       : tr("%1 (pack)").arg(name));
        a->setCheckable(true);
        a->setData(name);
        group->addAction(a);
        strategies_ << a;
        connect(a, &QAction::triggered, this, [this, name] { useScoringStrategy(name); });
    }
    connect(this, &QMenu::aboutToShow, this, &SchedulerMenu::updateChecks);
    updateChecks();
    if (access_) connect(access_, &AccessReview::changed, this, &SchedulerMenu::updatePermissions);
    updatePermissions();
}

void SchedulerMenu::updatePermissions() {
    const QString denied = access_ ? access_->deniedReason(Action::ChangeSimulation) : QString();
    showPermission(load_, true, denied);
    for (QAction* a : strategies_) showPermission(a, true, denied);
}

QString SchedulerMenu::scoringStrategy(const scheduler::config::KubeSchedulerConfiguration& config) {
    if (config.profiles.empty()) return QStringLiteral("LeastAllocated");
    const codec::Value* args = config.profiles.front().argsFor("NodeResourcesFit");
    const codec::Value* strategy = args ? args->find("scoringStrategy") : nullptr;
    const codec::Value* type = strategy ? strategy->find("type") : nullptr;
    return type && type->isString() && !type->asString().empty() ? QString::fromStdString(type->asString())
                                                                  : QStringLiteral("LeastAllocated");
}

QString SchedulerMenu::configurationWith(const QString& scoringStrategy) {
    return QStringLiteral(
               "apiVersion: kubescheduler.config.k8s.io/v1\n"
               "kind: KubeSchedulerConfiguration\n"
               "profiles:\n"
               "- schedulerName: default-scheduler\n"
               "  pluginConfig:\n"
               "  - name: NodeResourcesFit\n"
               "    args:\n"
               "      scoringStrategy:\n"
               "        type: %1\n"
               "        resources:\n"
               "        - {name: cpu, weight: 1}\n"
               "        - {name: memory, weight: 1}\n")
        .arg(scoringStrategy);
}

void SchedulerMenu::loadFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        emit message(tr("Cannot open %1: %2").arg(path, file.errorString()), false);
        return;
    }
    configure(QString::fromUtf8(file.readAll()), path, QFileInfo(path).fileName());
}

void SchedulerMenu::useScoringStrategy(const QString& type) {
    configure(configurationWith(type), tr("NodeResourcesFit scoring %1").arg(type), type);
}

void SchedulerMenu::configure(const QString& yaml, const QString& source, const QString& what) {
    client_->configureScheduler(yaml, source, this, [this, what](const Status& st) {
        updateChecks();
        if (st.isOk()) emit message(tr("kube-scheduler restarted with %1").arg(what), true);
        else emit message(QString::fromStdString(st.message()), false);
    });
}

void SchedulerMenu::updateChecks() {
    const QString now = scoringStrategy(client_->schedulerConfigurationAt(client_->nowNanos()));
    for (QAction* a : strategies_) a->setChecked(a->data().toString() == now);
}

}  // namespace pilothouse::ui
