// The scenarios that ship with Pilothouse (resources/scenarios/*.yaml), compiled into the backend
// so pilothouse-server and pilothousectl find them by name wherever they are installed. (The GUI
// reads the same files from its Qt resources.)
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pilothouse::cluster {

// The text of the built-in scenario `name` ("node-failure"), or nothing.
std::optional<std::string_view> builtinScenario(std::string_view name);
// Every built-in scenario's name, sorted and ", "-separated (for usage texts and errors).
std::string builtinScenarioNameList();

}  // namespace pilothouse::cluster
