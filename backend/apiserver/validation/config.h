// Validation of what pods read and run as: core/v1 ConfigMap, Secret and ServiceAccount, as their
// v1.28 validators run them (keys, the 1 MiB size limit, Secret types, immutability).
#pragma once

#include "apiserver/validation/common.h"
#include "core_v1_config.pb.h"

namespace pilothouse::apiserver::validation {

ErrorList validateConfigMap(const k8s::io::api::core::v1::ConfigMap& configMap);
ErrorList validateConfigMapUpdate(const k8s::io::api::core::v1::ConfigMap& configMap,
                                  const k8s::io::api::core::v1::ConfigMap& old);
ErrorList validateSecret(const k8s::io::api::core::v1::Secret& secret);
ErrorList validateSecretUpdate(const k8s::io::api::core::v1::Secret& secret, const k8s::io::api::core::v1::Secret& old);
ErrorList validateServiceAccount(const k8s::io::api::core::v1::ServiceAccount& account);
ErrorList validateServiceAccountUpdate(const k8s::io::api::core::v1::ServiceAccount& account,
                                       const k8s::io::api::core::v1::ServiceAccount& old);

}  // namespace pilothouse::apiserver::validation
