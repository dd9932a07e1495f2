// Reading a scenario file through Qt's file API, so the built-in ones (":/scenarios/NAME.yaml")
// read as files on disk do. Errors name the file (and, from cluster::loadScenario, the document
// and the field).
#pragma once

#include <QString>

#include <string>
#include <vector>

#include "cluster/scenario.h"

namespace pilothouse::ui {

StatusOr<cluster::Scenario> readScenarioFile(const QString& path, std::vector<std::string>* warnings = nullptr);

}  // namespace pilothouse::ui
