// The user's preferences (Preferences… in the File menu), kept with QSettings between runs:
//  - the simulation: the speed a session starts at and whether it starts playing;
//  - the simulated nodes: how fast their kubelets pull images, for scenarios that do not say
//    (a scenario's spec.imagePullBandwidth wins; the value is written into the scenario as it
//    starts, so a saved scenario or workspace replays with it);
//  - kubectl: whether the embedded control plane serves the Kubernetes API on this machine, and where;
//  - how things look: light or dark palette, the text size (projectors: 150 %, 200 %), and a
//    colour per pod phase for rooms or eyes where the defaults do not work.
#pragma once

#include <QColor>
#include <QMap>
#include <QMetaType>
#include <QString>

#include "cluster/scenario.h"
#include "util/status.h"

namespace pilothouse::ui {

struct Preferences {
    // Virtual seconds per wall-clock second at start; 0 = as fast as possible.
    double startSpeed = 1.0;
    bool playOnStart = true;
    // A quantity of bytes per second ("100M", "12Mi"); "" = the kubelet's default (100M).
    QString imagePullBandwidth;
    bool dark = false;
    double fontScale = 1.0;
    // Phase -> the user's colour; phases not here keep the palette's.
    QMap<QString, QColor> phaseColors;
    // The Kubernetes API for kubectl on this machine (session/embedded_kube_api.h), at a loopback
    // address; its kubeconfig goes to EmbeddedKubeApi::defaultKubeconfigPath().
    bool serveKubeApi = false;
    QString kubeApiAddress = QStringLiteral("127.0.0.1:6443");

    bool operator==(const Preferences&) const = default;

    // From QSettings (defaults for what is missing or unreadable).
    static Preferences load();
    void save() const;
    // The first thing wrong, naming the setting: a bandwidth that is no positive quantity, a
    // speed or text size out of range.
    Status validate() const;
    // The phase colours into the theme (the palette and text size go through MainWindow's
    // setDark and setFontScale, which repaint the views).
    void applyPhaseColors() const;
    // For a scenario about to start: the bandwidth, unless the scenario sets its own.
    void fillScenario(cluster::Scenario& scenario) const;
};

}  // namespace pilothouse::ui

Q_DECLARE_METATYPE(pilothouse::ui::Preferences)
