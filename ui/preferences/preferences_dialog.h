// Preferences…: edits a Preferences (preferences.h). Nothing changes until OK or Apply; a value
// that does not validate is shown in red under its field, and the dialog stays open.
#pragma once

#include <QDialog>

#include "preferences/preferences.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace pilothouse::ui {

class PreferencesDialog final : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(const Preferences& current, QWidget* parent = nullptr);

    // What the fields say now.
    Preferences preferences() const;
    void setPreferences(const Preferences& p);
    // Validates; on success emits applied(preferences()). False (and the error shown) otherwise.
    bool apply();

    void accept() override;

signals:
    void applied(const pilothouse::ui::Preferences& preferences);

private:
    void setColor(const QString& phase, const QColor& color);

    QComboBox* startSpeed_;
    QCheckBox* playOnStart_;
    QLineEdit* bandwidth_;
    QLabel* bandwidthError_;
    QCheckBox* serveKubeApi_;
    QLineEdit* kubeApiAddress_;
    QLabel* kubeApiError_;
    QComboBox* palette_;
    QSpinBox* fontScale_;
    QMap<QString, QPushButton*> colorButtons_;
    QMap<QString, QColor> colors_;
};

}  // namespace pilothouse::ui
