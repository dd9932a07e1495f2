// Reading a KubeSchedulerConfiguration file as kube-scheduler does: strict decoding (an unknown
// field is an error), v1 defaulting (the default profile's plugins merged with the file's through
// upstream's mergePlugins, so `disabled: [{name: '*'}]` removes every default plugin of that
// extension point and the file's enabled plugins keep their places), then validation. Errors name
// the file and the field path (profiles[0].plugins.score.enabled[1].weight, ...).
#pragma once

#include <string>
#include <string_view>

#include "scheduler/apis/config/types.h"
#include "util/status.h"

namespace pilothouse::scheduler::config {

// The configuration kube-scheduler v1.28 runs with when given none (one default profile).
KubeSchedulerConfiguration defaultConfiguration();
// v1.28's default plugins (getDefaultPlugins, with the SchedulingGates feature on).
Plugins defaultPlugins();

StatusOr<KubeSchedulerConfiguration> loadConfiguration(std::string_view text, const std::string& source);
StatusOr<KubeSchedulerConfiguration> loadConfigurationFile(const std::string& path);

// mergePlugins(defaults, custom) for one extension point.
PluginSet mergePluginSet(const PluginSet& defaults, const PluginSet& custom);

}  // namespace pilothouse::scheduler::config
