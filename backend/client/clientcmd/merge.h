// How client-go merges the kubeconfig files of a loading precedence (loader.go's Load, which merges
// with mergo in both directions, merge.go): the first file to define a cluster, user or context
// name wins, whole — a later file's entry of the same name is dropped, even its fields the first
// left out; the first file to set current-context wins.
#pragma once

#include <vector>

#include "client/clientcmd/api/types.h"

namespace pilothouse::client::clientcmd {

// `configs` in precedence order, first wins.
api::Config mergeConfigs(const std::vector<api::Config>& configs);

}  // namespace pilothouse::client::clientcmd
