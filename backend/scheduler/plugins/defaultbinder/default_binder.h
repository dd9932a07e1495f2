// DefaultBinder (pkg/scheduler/framework/plugins/defaultbinder, Kubernetes v1.28): Bind posts the
// pod's Binding (pods/binding) to the chosen node through the API server
// (Handle::client()->bind). A failed write is an Error status carrying the API server's message,
// as framework.AsStatus(err) does. Takes no args.
#pragma once

#include <memory>

#include "api/codec/value.h"
#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "util/status.h"

namespace pilothouse::scheduler::plugins::defaultbinder {

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value& args, framework::Handle& handle,
                                                 const framework::FeatureGates& gates);

}  // namespace pilothouse::scheduler::plugins::defaultbinder
