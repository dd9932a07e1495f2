// The authorization test's class (declared apart from the test data: moc does not read raw
// string literals).
#pragma once

#include <QtTest>

#include "fake_lister.h"

class AuthorizationTest : public QObject {
    Q_OBJECT
private:
    pilothouse::testing::FakeLister lister_;

private slots:
    void initTestCase();
    void rbac_data();
    void rbac();
    void rulesFor();
    void ruleHelpers_data();
    void ruleHelpers();
    void unionWithMasters_data();
    void unionWithMasters();
    void unionOrderAndReasons();
    void forbiddenText_data();
    void forbiddenText();
    // Non-resource requests (paths), as a SelfSubjectAccessReview asks about them.
    void nonResource_data();
    void nonResource();
    void nonResourceForbiddenText();
};
