// The admission plugins and their chain, each plugin's mutations and rejections checked against
// upstream's exact texts. Objects come from YAML manifests through an in-memory lister.
#pragma once

#include <QtTest>

#include <memory>
#include <string>

#include "apiserver/admission/interface.h"
#include "fake_lister.h"

namespace pilothouse::testing {

// One admission request built from a manifest (or, for deletes, from a kind and a name).
struct TestRequest {
    std::unique_ptr<google::protobuf::Message> object;
    std::unique_ptr<google::protobuf::Message> oldObject;
    apiserver::admission::AdmissionAttributes attrs;
};

// Create/Update: `yaml` is the object (namespace from its metadata; "default" when a namespaced
// object has none). Update: `oldYaml` is the stored object.
std::unique_ptr<TestRequest> makeRequest(apiserver::admission::Operation op, const QString& yaml,
                                         const QString& oldYaml = {});
std::unique_ptr<TestRequest> makeDelete(const char* apiVersion, const char* kind, const QString& ns,
                                        const QString& name);

// "app: requests=cpu=100m,memory=256Mi limits=cpu=500m; init/setup: requests= limits=".
QString describeResources(const google::protobuf::Message& pod);
// "node.kubernetes.io/not-ready|Exists|NoExecute|300;..." (seconds "-" when unset).
QString describeTolerations(const google::protobuf::Message& pod);
// The notes in English, one per line.
QString joinNotes(const std::vector<sim::Phrase>& notes);

}  // namespace pilothouse::testing

class AdmissionTest : public QObject {
    Q_OBJECT
private slots:
    // namespace_lifecycle_test.cpp
    void namespaceLifecycle_data();
    void namespaceLifecycle();
    void namespaceTerminatingCause();
    // limit_ranger_test.cpp
    void limitRangerDefaults_data();
    void limitRangerDefaults();
    void limitRangerValidation_data();
    void limitRangerValidation();
    void limitRangerIgnoresUpdatesAndSubresources();
    // priority_test.cpp
    void priorityAdmit_data();
    void priorityAdmit();
    void priorityUpdateKeepsValues();
    void priorityClassValidation_data();
    void priorityClassValidation();
    // default_toleration_seconds_test.cpp
    void defaultTolerationSeconds_data();
    void defaultTolerationSeconds();
    void defaultTolerationSecondsConfigured();
    // resource_quota_test.cpp
    void resourceQuota_data();
    void resourceQuota();
    void resourceQuotaDeletedPodsAndClock();
    // chain_test.cpp
    void chainOrder();
    void chainRunsAndNotes();
    void chainStopsAtFirstError();
    void chainFromNames();
};
