#include "preferences_test.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "api/object.h"
#include "clusterview/cluster_view.h"
#include "core_v1.pb.h"
#include "mainwindow/file_menu.h"
#include "mainwindow/main_window.h"
#include "preferences/preferences.h"
#include "preferences/preferences_dialog.h"
#include "session/scenario_file.h"
#include "testing/scenario_simulation.h"
#include "theme/theme.h"

using namespace pilothouse;
using namespace std::chrono_literals;
namespace core = k8s::io::api::core::v1;
namespace theme = pilothouse::ui::theme;

namespace {

std::string podPhase(ui::EmbeddedSession& session, const std::string& name) {
    apiserver::Request r;
    r.verb = "get";
    r.type = api::Scheme::instance().byName("pods");
    r.namespace_ = "default";
    r.name = name;
    auto resp = session.cluster().apiServer().handle(r);
    return resp.ok() ? static_cast<const core::Pod&>(*resp.object).status().phase() : "(none)";
}

}  // namespace

void PreferencesTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void PreferencesTest::dialogEditsAndValidates() {
    ui::PreferencesDialog dialog(ui::Preferences{});
    auto* speed = dialog.findChild<QComboBox*>(QStringLiteral("startSpeed"));
    auto* play = dialog.findChild<QCheckBox*>(QStringLiteral("playOnStart"));
    auto* bandwidth = dialog.findChild<QLineEdit*>(QStringLiteral("imagePullBandwidth"));
    auto* error = dialog.findChild<QLabel*>(QStringLiteral("imagePullBandwidthError"));
    auto* palette = dialog.findChild<QComboBox*>(QStringLiteral("palette"));
    auto* scale = dialog.findChild<QSpinBox*>(QStringLiteral("fontScale"));
    QVERIFY(speed && play && bandwidth && error && palette && scale);
    QCOMPARE(speed->currentData().toDouble(), 1.0);
    QVERIFY(play->isChecked());

    speed->setCurrentIndex(speed->findData(0.25));
    play->setChecked(false);
    palette->setCurrentIndex(1);
    scale->setValue(200);
    QSignalSpy applied(&dialog, &ui::PreferencesDialog::applied);

    // Not a quantity: the message is the API's, under the field, and nothing is applied.
    dialog.show();
    bandwidth->setText(QStringLiteral("fast"));
    QVERIFY(!dialog.apply());
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().contains(QStringLiteral("quantities must match the regular expression")), qPrintable(error->text()));
    QCOMPARE(applied.size(), 0);
    bandwidth->setText(QStringLiteral("-5M"));
    dialog.accept();
    QVERIFY(dialog.isVisible());  // stays open
    QVERIFY2(error->text().contains(QStringLiteral("must be greater than 0")), qPrintable(error->text()));
    QTest::keyClicks(bandwidth, QStringLiteral("x"));
    QVERIFY(!error->isVisible());  // editing clears it

    bandwidth->setText(QStringLiteral("20M"));
    QTemporaryDir dir;
    QVERIFY(dialog.grab().save(qEnvironmentVariable("PH_SCREENSHOT_DIR", dir.path()) + QStringLiteral("/preferences.png")));
    dialog.accept();
    QCOMPARE(applied.size(), 1);
    const auto p = applied[0][0].value<ui::Preferences>();
    QCOMPARE(p.startSpeed, 0.25);
    QCOMPARE(p.playOnStart, false);
    QCOMPARE(p.imagePullBandwidth, QStringLiteral("20M"));
    QCOMPARE(p.dark, true);
    QCOMPARE(p.fontScale, 2.0);

    // Restore defaults puts every field back.
    dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::RestoreDefaults)->click();
    QCOMPARE(dialog.preferences(), ui::Preferences{});
}

void PreferencesTest::keptBetweenRuns() {
    QSettings().clear();
    QCOMPARE(ui::Preferences::load(), ui::Preferences{});
    ui::Preferences p;
    p.startSpeed = 10;
    p.playOnStart = false;
    p.imagePullBandwidth = QStringLiteral("12.5Mi");
    p.fontScale = 1.5;
    p.phaseColors.insert(QStringLiteral("Pending"), QColor(QStringLiteral("#ff00ff")));
    QVERIFY(p.validate().isOk());
    p.save();
    QCOMPARE(ui::Preferences::load(), p);
    // A hand-edited file with nonsense falls back to the defaults for what is wrong.
    QSettings().setValue(QStringLiteral("kubelet/imagePullBandwidth"), QStringLiteral("lots"));
    QSettings().setValue(QStringLiteral("simulation/startSpeed"), 5000);
    const auto loaded = ui::Preferences::load();
    QCOMPARE(loaded.imagePullBandwidth, QString());
    QCOMPARE(loaded.startSpeed, 1.0);
    QCOMPARE(loaded.fontScale, 1.5);
    QSettings().clear();
}

// The colour chosen for Running pods is the one the cluster view paints them with.
void PreferencesTest::phaseColourReachesTheClusterView() {
    testing::ScenarioSimulation sim;
    QVERIFY(sim.start("single-pod-journey", 30s));
    ui::MainWindow window(sim.client.get(), sim.session.get(), ui::MainWindow::Options{false});
    window.resize(1400, 900);
    window.show();
    QTRY_VERIFY(window.loaded());
    const QColor magenta(QStringLiteral("#ff00ff"));
    auto count = [&] {
        const QImage image = window.clusterView()->grab().toImage();
        int n = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) n += image.pixelColor(x, y) == magenta;
        return n;
    };
    QCOMPARE(count(), 0);
    ui::Preferences p = window.preferences();
    p.phaseColors.insert(QStringLiteral("Running"), magenta);
    window.applyPreferences(p);
    QCOMPARE(theme::phaseColor(QStringLiteral("Running")), magenta);
    QTRY_VERIFY(count() > 20);
    // Back to the palette's.
    p.phaseColors.clear();
    window.applyPreferences(p);
    QCOMPARE(theme::phaseColor(QStringLiteral("Running")), theme::defaultPhaseColor(QStringLiteral("Running")));
    QTRY_COMPARE(count(), 0);
}

// 50 MB (the default image size) at 1 MB/s takes 50 s instead of half a second: the pod created at
// 5 s is still pulling at 40 s. The scenario started after the change carries the value, so a
// rewind (or a saved scenario) replays it the same.
void PreferencesTest::bandwidthSlowsImagePulls() {
    testing::ScenarioSimulation sim;
    QVERIFY(sim.start("single-pod-journey", 0s));
    ui::MainWindow window(sim.client.get(), sim.session.get(), ui::MainWindow::Options{false});
    auto* menu = window.findChild<ui::FileMenu*>(QStringLiteral("fileMenu"));
    QVERIFY(menu);
    auto startJourney = [&] {
        auto s = ui::readScenarioFile(QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
        QVERIFY(s.isOk());
        QVERIFY(menu->startScenario(std::move(*s)).isOk());
    };
    startJourney();
    QVERIFY(sim.runFor(10s));
    QCOMPARE(podPhase(*sim.session, "web"), std::string("Running"));

    ui::Preferences p = window.preferences();
    p.imagePullBandwidth = QStringLiteral("1M");
    window.applyPreferences(p);
    startJourney();
    QCOMPARE(sim.session->scenario().imagePullBandwidth, std::string("1M"));
    QVERIFY(sim.runFor(40s));
    QCOMPARE(podPhase(*sim.session, "web"), std::string("Pending"));
    QVERIFY(sim.runFor(20s));
    QCOMPARE(podPhase(*sim.session, "web"), std::string("Running"));
    // A rewind keeps the bandwidth the run started with.
    QVERIFY(sim.session->rewindTo(40s).isOk());
    QCOMPARE(podPhase(*sim.session, "web"), std::string("Pending"));
    // A scenario that sets its own keeps it.
    auto own = ui::readScenarioFile(QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
    QVERIFY(own.isOk());
    own->imagePullBandwidth = "1G";
    QVERIFY(menu->startScenario(std::move(*own)).isOk());
    QCOMPARE(sim.session->scenario().imagePullBandwidth, std::string("1G"));
}

QTEST_MAIN(PreferencesTest)
