// KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) as Pilothouse reads it: profiles,
// their plugins per extension point (enabled/disabled, multiPoint, '*'), score weights and
// pluginConfig args, percentageOfNodesToScore and the backoff durations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/codec/value.h"

namespace pilothouse::scheduler::config {

struct Plugin {
    std::string name;
    int32_t weight = 0;  // 0 = not set
};

struct PluginSet {
    std::vector<Plugin> enabled;
    std::vector<Plugin> disabled;
};

struct Plugins {
    PluginSet preEnqueue, queueSort, preFilter, filter, postFilter, preScore, score, reserve, permit,
        preBind, bind, postBind, multiPoint;
};

struct PluginConfig {
    std::string name;
    codec::Value args;  // the plugin's args object (null: defaults)
};

struct Profile {
    std::string schedulerName = "default-scheduler";
    std::optional<int32_t> percentageOfNodesToScore;
    Plugins plugins;
    std::vector<PluginConfig> pluginConfig;
    const codec::Value* argsFor(const std::string& plugin) const;
};

struct KubeSchedulerConfiguration {
    int32_t parallelism = 16;
    std::optional<int32_t> percentageOfNodesToScore;  // unset/0: the adaptive rule
    int64_t podInitialBackoffSeconds = 1;
    int64_t podMaxBackoffSeconds = 10;
    std::vector<Profile> profiles;
};

}  // namespace pilothouse::scheduler::config
