#include "preferences/preferences.h"

#include <QSettings>

#include "sim/runner.h"
#include "util/listen_address.h"
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
const QString kServeKubeApi = QStringLiteral("kubeApi/serve");
const QString kKubeApiAddress = QStringLiteral("kubeApi/address");

// One check per setting: validate() reports the first failure, load() puts back the default of
// each setting that fails.
Status checkStartSpeed(double speed) { return speed == 0 ? Status::ok() : sim::validateSpeed(speed); }
Status checkBandwidth(const QString& quantity) {
    auto bytes = cluster::imagePullBytesPerSecond(quantity.trimmed().toStdString());
    return bytes ? Status::ok() : bytes.status();
}
// A loopback HOST:PORT: the embedded control plane authenticates nobody.
Status checkKubeApiAddress(const QString& address) {
    auto parsed = util::parseListenAddress(address.trimmed().toStdString());
    if (!parsed) return parsed.status();
    if (!util::isLoopback(address.trimmed().toStdString()))
        return Status(StatusCode::InvalidArgument, "\"" + address.trimmed().toStdString() +
                                                       "\" is not a loopback address: the window serves kubectl on this machine only "
                                                       "(127.0.0.1:PORT)");
    return Status::ok();
}
Status checkFontScale(double scale) {
    if (scale >= 0.5 && scale <= 3) return Status::ok();
    return Status(StatusCode::InvalidArgument, std::to_string(int(scale * 100)) + "% is outside 50–300%");
}
}  // namespace

Preferences Preferences::load() {
    QSettings settings;
    Preferences p;
    p.startSpeed = settings.value(kStartSpeed, p.startSpeed).toDouble();
    p.playOnStart = settings.value(kPlayOnStart, p.playOnStart).toBool();
    p.imagePullBandwidth = settings.value(kImagePull).toString();
    p.dark = settings.value(kDark, p.dark).toBool();
    p.fontScale = settings.value(kFontScale, p.fontScale).toDouble();
    p.serveKubeApi = settings.value(kServeKubeApi, p.serveKubeApi).toBool();
    p.kubeApiAddress = settings.value(kKubeApiAddress, p.kubeApiAddress).toString();
    for (const QString& phase : theme::phases()) {
        const QColor c(settings.value(kPhaseColors + phase).toString());
        if (c.isValid()) p.phaseColors.insert(phase, c);
    }
    // A hand-edited settings file must not stop the window from opening.
    const Preferences defaults;
    if (!checkStartSpeed(p.startSpeed).isOk()) p.startSpeed = defaults.startSpeed;
    if (!checkBandwidth(p.imagePullBandwidth).isOk()) p.imagePullBandwidth = defaults.imagePullBandwidth;
    if (!checkFontScale(p.fontScale).isOk()) p.fontScale = defaults.fontScale;
    if (!checkKubeApiAddress(p.kubeApiAddress).isOk()) p.kubeApiAddress = defaults.kubeApiAddress;
    return p;
}

void Preferences::save() const {
    QSettings settings;
    settings.setValue(kStartSpeed, startSpeed);
    settings.setValue(kPlayOnStart, playOnStart);
    settings.setValue(kImagePull, imagePullBandwidth);
    settings.setValue(kDark, dark);
    settings.setValue(kFontScale, fontScale);
    settings.setValue(kServeKubeApi, serveKubeApi);
    settings.setValue(kKubeApiAddress, kubeApiAddress);
    for (const QString& phase : theme::phases()) {
        if (phaseColors.contains(phase)) settings.setValue(kPhaseColors + phase, phaseColors.value(phase).name());
        else settings.remove(kPhaseColors + phase);
    }
}

Status Preferences::validate() const {
    PH_RETURN_IF_ERROR(checkStartSpeed(startSpeed).withContext("speed at start: "));
    PH_RETURN_IF_ERROR(checkBandwidth(imagePullBandwidth).withContext("image pull bandwidth: "));
    PH_RETURN_IF_ERROR(checkKubeApiAddress(kubeApiAddress).withContext("Kubernetes API address: "));
    return checkFontScale(fontScale).withContext("text size: ");
}

void Preferences::applyPhaseColors() const {
    for (const QString& phase : theme::phases()) theme::setPhaseColor(phase, phaseColors.value(phase));
}

void Preferences::fillScenario(cluster::Scenario& scenario) const {
    if (scenario.imagePullBandwidth.empty()) scenario.imagePullBandwidth = imagePullBandwidth.trimmed().toStdString();
}

}  // namespace pilothouse::ui
