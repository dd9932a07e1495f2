// File > Scenarios…: the built-in scenarios (resources/scenarios), each with its description and
// learning goal, to start the simulation over from one.
#pragma once

#include <QDialog>

#include "cluster/scenario.h"

class QLabel;
class QListWidget;

namespace pilothouse::ui {

class ScenarioPicker final : public QDialog {
    Q_OBJECT
public:
    explicit ScenarioPicker(QWidget* parent = nullptr);

    // The scenarios offered (their files, ":/scenarios/*.yaml", by name).
    QStringList names() const;
    void setCurrent(const QString& name);
    QString description() const;
    QString learningGoal() const;
    // The scenario picked, read from its file.
    StatusOr<cluster::Scenario> scenario() const;

private:
    void showScenario(int row);

    QListWidget* list_;
    QLabel* title_;
    QLabel* description_;
    QLabel* goal_;
    std::vector<cluster::Scenario> scenarios_;  // by row
    std::vector<QString> paths_;
};

}  // namespace pilothouse::ui
