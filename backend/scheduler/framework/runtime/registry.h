// The plugin registry (pkg/scheduler/framework/runtime/registry.go): plugin name -> factory. A
// factory receives the plugin's args from the KubeSchedulerConfiguration (pluginConfig[].args, as
// JSON; null when none were given), applies the upstream defaults for its args type, validates
// them (errors as InvalidArgument with the field path inside args, e.g.
// "scoringStrategy.resources[0].weight: Invalid value: 101: resource weight of cpu not in valid
// range (0, 100]"), and builds the plugin.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::framework {

using PluginFactory = std::function<StatusOr<std::shared_ptr<Plugin>>(
    const codec::Value& args, Handle& handle, const FeatureGates& gates)>;

class Registry {
public:
    pilothouse::Status add(const std::string& name, PluginFactory factory);
    const PluginFactory* find(const std::string& name) const;
    std::vector<std::string> names() const;

private:
    std::map<std::string, PluginFactory> factories_;
};

}  // namespace pilothouse::scheduler::framework
