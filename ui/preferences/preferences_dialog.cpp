#include "preferences/preferences_dialog.h"

#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "theme/theme.h"

namespace pilothouse::ui {

PreferencesDialog::PreferencesDialog(const Preferences& current, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Preferences"));
    setObjectName(QStringLiteral("preferencesDialog"));
    auto* layout = new QVBoxLayout(this);

    auto* simulation = new QGroupBox(tr("Simulation"), this);
    auto* simForm = new QFormLayout(simulation);
    startSpeed_ = new QComboBox(simulation);
    startSpeed_->setObjectName(QStringLiteral("startSpeed"));
    for (double speed : {0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 100.0, 1000.0}) startSpeed_->addItem(tr("%1×").arg(speed), speed);
    startSpeed_->addItem(tr("As fast as possible"), 0.0);
    simForm->addRow(tr("Speed at start:"), startSpeed_);
    playOnStart_ = new QCheckBox(tr("Start playing when a window opens"), simulation);
    playOnStart_->setObjectName(QStringLiteral("playOnStart"));
    simForm->addRow(QString(), playOnStart_);
    bandwidth_ = new QLineEdit(simulation);
    bandwidth_->setObjectName(QStringLiteral("imagePullBandwidth"));
    bandwidth_->setPlaceholderText(tr("100M (the default)"));
    bandwidth_->setToolTip(tr("Bytes per second each simulated node pulls images at, as a Kubernetes quantity: 20M, 12.5Mi, 1G. "
                              "Used by scenarios started from now on that do not set spec.imagePullBandwidth."));
    simForm->addRow(tr("Image pull bandwidth (bytes/s):"), bandwidth_);
    bandwidthError_ = new QLabel(simulation);
    bandwidthError_->setObjectName(QStringLiteral("imagePullBandwidthError"));
    bandwidthError_->setWordWrap(true);
    bandwidthError_->setStyleSheet(QStringLiteral("color: %1;").arg(theme::failure().name()));
    bandwidthError_->hide();
    simForm->addRow(QString(), bandwidthError_);
    connect(bandwidth_, &QLineEdit::textEdited, bandwidthError_, &QLabel::hide);
    layout->addWidget(simulation);

    auto* kubectl = new QGroupBox(tr("kubectl"), this);
    auto* kubectlForm = new QFormLayout(kubectl);
    serveKubeApi_ = new QCheckBox(tr("Serve the Kubernetes API to kubectl on this machine"), kubectl);
    serveKubeApi_->setObjectName(QStringLiteral("serveKubeApi"));
    serveKubeApi_->setToolTip(tr("kubectl on this computer then drives the simulated cluster, and each request's journey "
                                 "plays in the window. The status bar shows the address and copies the KUBECONFIG command."));
    kubectlForm->addRow(QString(), serveKubeApi_);
    kubeApiAddress_ = new QLineEdit(kubectl);
    kubeApiAddress_->setObjectName(QStringLiteral("kubeApiAddress"));
    kubeApiAddress_->setPlaceholderText(QStringLiteral("127.0.0.1:6443"));
    kubectlForm->addRow(tr("Address:"), kubeApiAddress_);
    kubeApiError_ = new QLabel(kubectl);
    kubeApiError_->setObjectName(QStringLiteral("kubeApiAddressError"));
    kubeApiError_->setWordWrap(true);
    kubeApiError_->setStyleSheet(QStringLiteral("color: %1;").arg(theme::failure().name()));
    kubeApiError_->hide();
    kubectlForm->addRow(QString(), kubeApiError_);
    connect(kubeApiAddress_, &QLineEdit::textEdited, kubeApiError_, &QLabel::hide);
    connect(serveKubeApi_, &QCheckBox::toggled, kubeApiAddress_, &QLineEdit::setEnabled);
    layout->addWidget(kubectl);

    auto* look = new QGroupBox(tr("Appearance"), this);
    auto* lookForm = new QFormLayout(look);
    palette_ = new QComboBox(look);
    palette_->setObjectName(QStringLiteral("palette"));
    palette_->addItem(tr("Light"), false);
    palette_->addItem(tr("Dark"), true);
    lookForm->addRow(tr("Palette:"), palette_);
    fontScale_ = new QSpinBox(look);
    fontScale_->setObjectName(QStringLiteral("fontScale"));
    fontScale_->setRange(50, 300);
    fontScale_->setSingleStep(25);
    fontScale_->setSuffix(QStringLiteral(" %"));
    fontScale_->setToolTip(tr("For projectors: 150 % or 200 % reads from the back of a room"));
    lookForm->addRow(tr("Text size:"), fontScale_);
    auto* colors = new QGridLayout;
    int row = 0;
    for (const QString& phase : theme::phases()) {
        auto* button = new QPushButton(look);
        button->setObjectName(QStringLiteral("color-") + phase);
        button->setMinimumWidth(120);
        connect(button, &QPushButton::clicked, this, [this, phase] {
            const QColor chosen = QColorDialog::getColor(colors_.value(phase, theme::defaultPhaseColor(phase)), this,
                                                         tr("Colour of %1 pods").arg(phase));
            if (chosen.isValid()) setColor(phase, chosen);
        });
        auto* reset = new QPushButton(tr("Default"), look);
        reset->setObjectName(QStringLiteral("resetColor-") + phase);
        connect(reset, &QPushButton::clicked, this, [this, phase] { setColor(phase, QColor()); });
        colors->addWidget(new QLabel(phase, look), row, 0);  // the phase as Kubernetes writes it
        colors->addWidget(button, row, 1);
        colors->addWidget(reset, row, 2);
        colorButtons_.insert(phase, button);
        ++row;
    }
    lookForm->addRow(tr("Pod phase colours:"), colors);
    layout->addWidget(look);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel |
                                             QDialogButtonBox::RestoreDefaults, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &PreferencesDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &PreferencesDialog::apply);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this, [this] { setPreferences(Preferences{}); });
    layout->addWidget(buttons);
    setPreferences(current);
}

void PreferencesDialog::setColor(const QString& phase, const QColor& color) {
    if (color.isValid()) colors_.insert(phase, color);
    else colors_.remove(phase);
    const QColor shown = color.isValid() ? color : theme::defaultPhaseColor(phase);
    QPushButton* button = colorButtons_.value(phase);
    button->setText(color.isValid() ? shown.name() : tr("%1 (default)").arg(shown.name()));
    button->setStyleSheet(QStringLiteral("QPushButton { background: %1; color: %2; }")
                              .arg(shown.name(), shown.lightnessF() > 0.6 ? QStringLiteral("#000000") : QStringLiteral("#ffffff")));
}

void PreferencesDialog::setPreferences(const Preferences& p) {
    int speed = startSpeed_->findData(p.startSpeed);
    startSpeed_->setCurrentIndex(speed >= 0 ? speed : startSpeed_->findData(1.0));
    playOnStart_->setChecked(p.playOnStart);
    bandwidth_->setText(p.imagePullBandwidth);
    bandwidthError_->hide();
    serveKubeApi_->setChecked(p.serveKubeApi);
    kubeApiAddress_->setText(p.kubeApiAddress);
    kubeApiAddress_->setEnabled(p.serveKubeApi);
    kubeApiError_->hide();
    palette_->setCurrentIndex(p.dark ? 1 : 0);
    fontScale_->setValue(int(p.fontScale * 100 + 0.5));
    for (const QString& phase : theme::phases()) setColor(phase, p.phaseColors.value(phase));
}

Preferences PreferencesDialog::preferences() const {
    Preferences p;
    p.startSpeed = startSpeed_->currentData().toDouble();
    p.playOnStart = playOnStart_->isChecked();
    p.imagePullBandwidth = bandwidth_->text().trimmed();
    p.serveKubeApi = serveKubeApi_->isChecked();
    p.kubeApiAddress = kubeApiAddress_->text().trimmed().isEmpty() ? Preferences{}.kubeApiAddress : kubeApiAddress_->text().trimmed();
    p.dark = palette_->currentData().toBool();
    p.fontScale = fontScale_->value() / 100.0;
    p.phaseColors = colors_;
    return p;
}

bool PreferencesDialog::apply() {
    const Preferences p = preferences();
    // The speed and the text size come from lists and a bounded box: only the bandwidth and the
    // address can be wrong; the error goes under the field it names.
    if (Status st = p.validate(); !st.isOk()) {
        const bool address = st.message().rfind("Kubernetes API address", 0) == 0;
        QLabel* error = address ? kubeApiError_ : bandwidthError_;
        error->setText(QString::fromStdString(st.message()));
        error->show();
        (address ? kubeApiAddress_ : bandwidth_)->setFocus();
        return false;
    }
    emit applied(p);
    return true;
}

void PreferencesDialog::accept() {
    if (apply()) QDialog::accept();
}

}  // namespace pilothouse::ui
