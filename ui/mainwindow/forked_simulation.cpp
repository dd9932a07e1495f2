#include "mainwindow/forked_simulation.h"

#include <QCoreApplication>

#include <sstream>

#include "api/object.h"
#include "api/scheme.h"
#include "client/in_process_client.h"
#include "client/kubernetes_client.h"
#include "cluster/snapshot_scenario.h"
#include "kubectl/cluster_snapshot.h"
#include "scheduler/snapshot_scheduler.h"
#include "models/selection_model.h"
#include "mainwindow/window_owner.h"
#include "session/embedded_session.h"

namespace pilothouse::ui {

StatusOr<MainWindow*> ForkedSimulation::openWindow(KubernetesClient& live, MainWindow::Options windowOptions,
                                                   std::vector<std::string>* warnings) {
    std::vector<codec::Manifest> manifests;
    for (const auto& type : api::Scheme::instance().types()) {
        if (!scheduler::readForScheduling(type.kind)) continue;
        auto objects = live.listAt(QString::fromStdString(type.resource), 0);
        if (!objects) {
            // What RBAC hides is left out, and said; anything else stops the fork.
            if (objects.status().code() != StatusCode::PermissionDenied && objects.status().code() != StatusCode::NotFound)
                return objects.status().withContext(type.resource + ": ");
            warnings->push_back(type.resource + ": " + objects.status().message() + "; left out of the copy");
            continue;
        }
        for (const auto& o : *objects) {
            codec::Manifest m;
            m.type = &type;
            m.apiVersion = type.apiVersion();
            m.kind = type.kind;
            m.object.reset(o->New());
            m.object->CopyFrom(*o);
            manifests.push_back(std::move(m));
        }
    }
    std::ostringstream text;
    kubectl::writeSnapshot(manifests, "json", text);
    manifests.clear();
    const std::string name = live.target().contextName.empty() ? std::string("live cluster") : live.target().contextName;
    auto scenario = cluster::scenarioFromSnapshot({{name + " (fork)", text.str()}}, warnings);
    if (!scenario) return scenario.status();
    const auto pending = cluster::unboundPods(*scenario);
    const QString first = pending.empty() ? QString() : QString::fromStdString(pending.front());
    std::unique_ptr<ForkedSimulation> fork(new ForkedSimulation);
    fork->session_ = EmbeddedSession::startInBackground(":memory:", std::move(*scenario), first);
    fork->client_ = std::make_unique<InProcessClient>(*fork->session_);
    fork->window_ = new MainWindow(fork->client_.get(), fork->session_.get(), windowOptions);
    MainWindow* window = fork->window_;
    if (!first.isEmpty()) {
        window->selection()->select(ObjectRef::pod(first));
        window->showExplainer();
    }
    window->resize(1280, 800);
    keepWhileOpen(fork.release(), window);
    return window;
}

ForkedSimulation::~ForkedSimulation() {
    if (!QCoreApplication::closingDown()) delete window_.data();
    client_.reset();
    session_.reset();
}

}  // namespace pilothouse::ui
