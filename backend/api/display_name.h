// How kubectl names an object in what it prints: its kind in lower case, qualified by the API
// group when there is one, then its name ("pod/web", "deployment.apps/web",
// "priorityclass.scheduling.k8s.io/high").
#pragma once

#include <string>

#include "api/scheme.h"

namespace pilothouse::api {

std::string displayName(const ResourceType& type, const std::string& name);

}  // namespace pilothouse::api
