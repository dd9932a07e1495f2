// NodeResourcesFit and NodeResourcesBalancedAllocation against the cases of kube-scheduler v1.28's
// fit_test.go, least_allocated_test.go, most_allocated_test.go,
// requested_to_capacity_ratio_test.go, balanced_allocation_test.go and
// validation_pluginargs_test.go, plus a worked example measured on a real v1.28.7 scheduler.
// Pods and nodes are built in code the way upstream's st.MakePod()/st.MakeNode() build them (a
// pod made with no containers requests nothing, not even the non-zero defaults).
#pragma once

#include <QtTest>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "scheduler/framework/feature_gates.h"
#include "scheduler/framework/interface.h"
#include "scheduler_testing/scheduler_testing.h"

namespace pilothouse::scheduler::noderesources_test {

using framework::Node;
using framework::NodeInfo;
using framework::Pod;
using PodPtr = std::shared_ptr<const Pod>;
using NodePtr = std::shared_ptr<const Node>;
using Quantities = std::map<std::string, std::string>;

// framework.Resource as upstream's newResourcePod() turns it into a container's requests.
struct Res {
    int64_t milliCPU = 0;
    int64_t memory = 0;
    int64_t ephemeralStorage = 0;
    std::map<std::string, int64_t> scalar;
};

class PodBuilder {
public:
    PodBuilder();
    PodBuilder& req(const Quantities& requests);   // a container with these requests
    PodBuilder& res(const Res& r);                 // a container with newResourcePod()'s requests
    PodBuilder& container();                       // a container without requests
    PodBuilder& initReq(const Quantities& requests);
    PodBuilder& initRes(const Res& r);
    PodBuilder& sidecar(const Quantities& requests);  // init container with restartPolicy Always
    PodBuilder& overhead(const Quantities& overhead);
    PodBuilder& node(const std::string& nodeName);
    PodPtr obj() const;

private:
    std::shared_ptr<Pod> pod_;
};

inline PodBuilder makePod() { return PodBuilder(); }

// A node whose capacity and allocatable are `resources` (st.MakeNode().Capacity(...)).
NodePtr makeNode(const std::string& name, const Quantities& resources);
// makeAllocatableResources(milliCPU, memory, pods, example.com/aaa, ephemeral-storage, hugepages-2Mi).
Quantities allocatable(int64_t milliCPU, int64_t memory, int64_t pods, int64_t extendedA, int64_t storage,
                       int64_t hugePageA);

// Plugin args as YAML ("" = null).
codec::Value yamlArgs(const std::string& yaml);
// NodeResourcesFit args {scoringStrategy: {type, resources, [requestedToCapacityRatio.shape]}}.
codec::Value strategyArgs(const std::string& type, const std::vector<std::pair<std::string, int64_t>>& resources,
                          const std::vector<std::pair<int, int>>& shape = {});

// Each node's score from a freshly built plugin over `nodes` + `existing` pods (placed by
// spec.nodeName), after PreScore when `runPreScore`. Fails the test on a non-success status.
std::vector<int64_t> scores(const std::shared_ptr<framework::Plugin>& plugin, framework::Handle& handle,
                            const PodPtr& pod, bool runPreScore, std::vector<framework::Code>* codes = nullptr);

// The factory's plugin, or a QFAIL-friendly null with the error in *error.
std::shared_ptr<framework::Plugin> fit(const codec::Value& args, framework::Handle& handle,
                                       const framework::FeatureGates& gates = {}, std::string* error = nullptr);
std::shared_ptr<framework::Plugin> balanced(const codec::Value& args, framework::Handle& handle,
                                            std::string* error = nullptr);

QString join(const std::vector<std::string>& parts);
QString join(const std::vector<int64_t>& parts);

}  // namespace pilothouse::scheduler::noderesources_test

class NodeResourcesTest : public QObject {
    Q_OBJECT
private slots:
    // fit_filter_test.cpp
    void filter_data();
    void filter();
    void filterInsufficientResourceDetails();
    void filterWithoutPreFilter();
    void preFilter();
    void restartableInitContainers_data();
    void restartableInitContainers();
    void eventsToRegister();
    // fit_score_test.cpp
    void fitScore_data();
    void fitScore();
    void fitScoreWithoutPreScore();
    void scoreErrors();
    void brokenLinearFunction_data();
    void brokenLinearFunction();
    void workedExample();
    // balanced_allocation_test.cpp
    void balancedAllocation_data();
    void balancedAllocation();
    void balancedResourceScorer_data();
    void balancedResourceScorer();
    // args_test.cpp
    void fitArgsDefaults_data();
    void fitArgsDefaults();
    void balancedArgsDefaults_data();
    void balancedArgsDefaults();
    void fitArgsErrors_data();
    void fitArgsErrors();
    void balancedArgsErrors_data();
    void balancedArgsErrors();
};
