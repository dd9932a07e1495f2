#include "preferences/preferences.h"

#include <QApplication>
#include <QSettings>

#include "theme/theme.h"

namespace pilothouse::ui {

namespace {
const QString kStartSpeed = QStringLiteral("simulation/startSpeed");
const QString kPlayOnStart = QStringLiteral("simulation/playOnStart");
const QString kImagePull = QStringLiteral("kubelet/imagePullBandwidth");
// The same keys the window has always kept its palette and text size under.
const QString kDark = QStringLiteral("theme/dark");
const QString kFontScale = QStringLiteral("theme/fontScale");
const QString kPhaseColors = QStringLiteral("theme/phaseColors/");
}  // namespace

Preferences Preferences::load() {
    QSettings settings;
    Preferences p;
    p.startSpeed = settings.value(kStartSpeed, p.startSpeed).toDouble();
    p.playOnStart = settings.value(kPlayOnStart, p.playOnStart).toBool();
    p.imagePullBandwidth = settings.value(kImagePull).toString();
    p.dark = settings.value(kDark, p.dark).toBool();
    p.fontScale = settings.value(kFontScale, p.fontScale).toDouble();
    for (const QString& phase : theme::phases()) {
        const QColor c(settings.value(kPhaseColors + phase).toString());
        if (c.isValid()) p.phaseColors.insert(phase, c);
    }
    // A hand-edited settings file must not stop the window from opening.
    if (!p.validate().isOk()) {
        Preferences defaults;
        if (!(p.startSpeed == 0 || (p.startSpeed >= 0.1 && p.startSpeed <= 1000))) p.startSpeed = defaults.startSpeed;
        if (!cluster::imagePullBytesPerSecond(p.imagePullBandwidth.toStdString()).isOk()) p.imagePullBandwidth.clear();
        if (!(p.fontScale >= 0.5 && p.fontScale <= 3)) p.fontScale = defaults.fontScale;
    }
    return p;
}

void Preferences::save() const {
    QSettings settings;
    settings.setValue(kStartSpeed, startSpeed);
    settings.setValue(kPlayOnStart, playOnStart);
    settings.setValue(kImagePull, imagePullBandwidth);
    settings.setValue(kDark, dark);
    settings.setValue(kFontScale, fontScale);
    for (const QString& phase : theme::phases()) {
        if (phaseColors.contains(phase)) settings.setValue(kPhaseColors + phase, phaseColors.value(phase).name());
        else settings.remove(kPhaseColors + phase);
    }
}

Status Preferences::validate() const {
    if (!(startSpeed == 0 || (startSpeed >= 0.1 && startSpeed <= 1000)))
        return Status(StatusCode::InvalidArgument, "speed at start: " + std::to_string(startSpeed) + " is outside 0.1–1000");
    if (auto bytes = cluster::imagePullBytesPerSecond(imagePullBandwidth.trimmed().toStdString()); !bytes)
        return Status(StatusCode::InvalidArgument, "image pull bandwidth: " + bytes.status().message());
    if (!(fontScale >= 0.5 && fontScale <= 3))
        return Status(StatusCode::InvalidArgument, "text size: " + std::to_string(int(fontScale * 100)) + "% is outside 50–300%");
    return Status::ok();
}

void Preferences::applyTheme() const {
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance()))
        theme::apply(*app, dark ? theme::Mode::Dark : theme::Mode::Light);
    theme::setFontScale(fontScale);
    for (const QString& phase : theme::phases()) theme::setPhaseColor(phase, phaseColors.value(phase));
}

void Preferences::fillScenario(cluster::Scenario& scenario) const {
    if (scenario.imagePullBandwidth.empty()) scenario.imagePullBandwidth = imagePullBandwidth.trimmed().toStdString();
}

}  // namespace pilothouse::ui
