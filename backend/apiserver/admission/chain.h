// The admission chain: kube-apiserver runs every mutating plugin (MutationInterface) in its
// plugin order, then — after object validation — every validating plugin (ValidationInterface) in
// the same order; a plugin that does not handle the operation is skipped, and the first error
// stops the request. The order is upstream's (pkg/kubeapiserver/options/plugins.go), of which
// Pilothouse implements NamespaceLifecycle, LimitRanger, Priority, DefaultTolerationSeconds and
// ResourceQuota (kube-apiserver's defaults among them).
// Each run records the plugin, its phase, what it noted and its result.
// Thread-safety: a Chain is immutable after construction; admit()/validate() may run
// concurrently when its plugins allow it (the ones here keep no per-request state).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "apiserver/admission/interface.h"

namespace pilothouse::apiserver::admission {

enum class Phase { Mutating, Validating };

const char* phaseName(Phase phase);  // "mutating", "validating"

struct PluginRun {
    std::string plugin;
    Phase phase = Phase::Mutating;
    std::vector<sim::Phrase> notes;
    Status status;  // OK, or the error that stopped the request
};

// kube-apiserver's full plugin order (AllOrderedPlugins, v1.28).
const std::vector<std::string>& upstreamPluginOrder();
// The plugins Pilothouse implements, in upstream order.
const std::vector<std::string>& supportedPlugins();

// A new plugin by its upstream name; nullptr for a name Pilothouse does not implement.
std::shared_ptr<Plugin> newPlugin(const std::string& name);

class Chain {
public:
    Chain() = default;
    // The plugins are put in upstream order whatever order they are given in (plugins with names
    // upstream does not know go last, in the order given).
    explicit Chain(std::vector<std::shared_ptr<Plugin>> plugins);
    // NamespaceLifecycle, LimitRanger, Priority, DefaultTolerationSeconds, ResourceQuota.
    static Chain defaultChain();
    // The named plugins; InvalidArgument naming the first unknown one.
    static StatusOr<Chain> fromNames(const std::vector<std::string>& names);

    std::vector<std::string> pluginNames() const;
    // The same plugins split by interface, for apiserver::Config.
    std::vector<std::shared_ptr<MutationInterface>> mutatingPlugins() const;
    std::vector<std::shared_ptr<ValidationInterface>> validatingPlugins() const;

    // Runs the mutating phase; `runs` (optional) receives one entry per plugin that ran.
    Status admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                 std::vector<PluginRun>* runs = nullptr) const;
    // Runs the validating phase.
    Status validate(const AdmissionAttributes& attrs, const ObjectLister& lister,
                    std::vector<PluginRun>* runs = nullptr) const;

private:
    std::vector<std::shared_ptr<Plugin>> plugins_;
};

}  // namespace pilothouse::apiserver::admission
