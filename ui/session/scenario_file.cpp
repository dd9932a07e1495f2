#include "session/scenario_file.h"

#include <QFile>

namespace pilothouse::ui {

StatusOr<cluster::Scenario> readScenarioFile(const QString& path, std::vector<std::string>* warnings) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Status(StatusCode::NotFound, "cannot open \"" + path.toStdString() + "\": " + file.errorString().toStdString());
    std::vector<std::string> ignored;
    return cluster::loadScenario(file.readAll().toStdString(), path.toStdString(), warnings ? warnings : &ignored);
}

}  // namespace pilothouse::ui
