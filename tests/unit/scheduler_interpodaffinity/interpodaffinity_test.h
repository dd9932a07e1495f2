// InterPodAffinity plugin tests: the test class and the row types (declared apart from the test
// data, which moc does not need to read).
#pragma once

#include <QtTest>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "scheduler/framework/interface.h"

namespace ipa_test {

using Labels = std::map<std::string, std::string>;
using PodPtr = std::shared_ptr<const pilothouse::scheduler::framework::Pod>;
using PodList = std::vector<PodPtr>;
using NodePtr = std::shared_ptr<const pilothouse::scheduler::framework::Node>;
using NodeList = std::vector<NodePtr>;
using ScoreList = std::vector<int64_t>;

// An expected framework status: code and message (reasons joined with ", ").
struct WantStatus {
    pilothouse::scheduler::framework::Code code = pilothouse::scheduler::framework::Code::Success;
    std::string message;
};
using WantStatuses = std::vector<WantStatus>;

// (topology key, value) -> count, as the plugin's TopologyCounts.
using Counts = std::map<std::pair<std::string, std::string>, int64_t>;

}  // namespace ipa_test

Q_DECLARE_METATYPE(ipa_test::PodPtr)
Q_DECLARE_METATYPE(ipa_test::PodList)
Q_DECLARE_METATYPE(ipa_test::NodePtr)
Q_DECLARE_METATYPE(ipa_test::NodeList)
Q_DECLARE_METATYPE(ipa_test::ScoreList)
Q_DECLARE_METATYPE(ipa_test::WantStatus)
Q_DECLARE_METATYPE(ipa_test::WantStatuses)
Q_DECLARE_METATYPE(ipa_test::Counts)
Q_DECLARE_METATYPE(ipa_test::Labels)

class InterPodAffinityTest : public QObject {
    Q_OBJECT

private slots:
    // filtering_test.go
    void requiredAffinitySingleNode_data();
    void requiredAffinitySingleNode();
    void requiredAffinityMultipleNodes_data();
    void requiredAffinityMultipleNodes();
    void preFilterDisabled();
    void preFilterStateAddRemovePod_data();
    void preFilterStateAddRemovePod();
    void preFilterStateClone();
    void incomingAffinityAntiAffinityCounts_data();
    void incomingAffinityAntiAffinityCounts();
    void existingAntiAffinityCountsUseNamespaceLabels();
    void preemptionDryRunThroughExtensions();

    // scoring_test.go
    void preferredAffinity_data();
    void preferredAffinity();
    void preferredAffinityWithHardPodAffinitySymmetricWeight_data();
    void preferredAffinityWithHardPodAffinitySymmetricWeight();
    void hardPodAffinityWeightScalesRawScores_data();
    void hardPodAffinityWeightScalesRawScores();
    void normalizeScore_data();
    void normalizeScore();
    void scoreWithoutPreScore();

    // args, factory, events
    void args_data();
    void args();
    void factoryBuildsEveryExtensionPoint();
    void eventsToRegister();
};
