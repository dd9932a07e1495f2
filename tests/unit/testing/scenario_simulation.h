// Test helper: a built-in scenario (resources/scenarios/<name>.yaml) run in an embedded session,
// with an in-process client on it and a timeline at its present — what the GUI's views are built
// on.
#pragma once

#include <QString>

#include <memory>

#include "client/in_process_client.h"
#include "models/timeline.h"
#include "session/embedded_session.h"

namespace pilothouse::testing {

struct ScenarioSimulation {
    std::unique_ptr<ui::EmbeddedSession> session;
    std::unique_ptr<ui::InProcessClient> client;
    ui::Timeline timeline;

    // Runs `scenario` for `run` of virtual time; false when it cannot be started or run.
    bool start(const char* scenario, sim::Duration run) {
        return started(ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/") +
                                                                  QLatin1String(scenario) + QStringLiteral(".yaml")),
                       run);
    }
    // The same for a scenario already read (a snapshot's, one a test wrote).
    bool start(cluster::Scenario scenario, sim::Duration run) {
        return started(ui::EmbeddedSession::start(":memory:", std::move(scenario)), run);
    }
    bool started(StatusOr<std::unique_ptr<ui::EmbeddedSession>> s, sim::Duration run) {
        if (!s.isOk()) qWarning("%s", s.status().message().c_str());
        if (!s.isOk() || !(*s)->runFor(run).isOk()) return false;
        session = std::move(*s);
        client = std::make_unique<ui::InProcessClient>(*session);
        timeline.setPresent(client->epochNanos(), client->nowNanos());
        return true;
    }
    // Runs on and tells the timeline, as the main window does on each tick.
    bool runFor(sim::Duration d) {
        if (!session->runFor(d).isOk()) return false;
        timeline.setPresent(client->epochNanos(), client->nowNanos());
        return true;
    }
};

}  // namespace pilothouse::testing
