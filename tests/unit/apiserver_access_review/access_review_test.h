// authorization.k8s.io/v1 SelfSubjectAccessReview through the assembled control plane (token
// authentication, system:masters, RBAC): the answers and RBAC's reasons for users of several
// groups, Role vs ClusterRole, validation errors with their field paths, the verbs it does not
// serve, its JSON, and that nothing is stored; and authentication.k8s.io/v1 SelfSubjectReview.
#pragma once

#include <QObject>
#include <QTemporaryDir>

#include <memory>

#include "controlplane/control_plane.h"
#include "sim/clock.h"

class AccessReviewTest : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    // allowed / denied / reason for a resource or non-resource question asked by each user.
    void review_data();
    void review();
    // The answer comes back as the review asked, with kind and status; nothing is written.
    void answerIsNotStored();
    // system:basic-user lets any authenticated user ask; anonymous and unknown tokens may not.
    void whoMayAsk_data();
    void whoMayAsk();
    // ValidateSelfSubjectAccessReview's messages, field paths and causes.
    void validation_data();
    void validation();
    // Only create is served: the router's 404 and 405, after authorization.
    void unsupportedVerbs_data();
    void unsupportedVerbs();
    // Upstream's JSON field names, both ways.
    void jsonRoundTrip_data();
    void jsonRoundTrip();
    // The trace names what was asked and what the authorizer said.
    void traceRecordsTheAnswer();
    // The bootstrap ClusterRole and binding mirror upstream's system:basic-user.
    void basicUserBootstrap();

    // authentication.k8s.io/v1 SelfSubjectReview (kubectl auth whoami): the caller's username,
    // uid and groups; anonymous and unknown tokens refused; create only; its JSON; not stored.
    void selfSubjectReview_data();
    void selfSubjectReview();
    void selfSubjectReviewJson();
    void selfSubjectReviewVerbs_data();
    void selfSubjectReviewVerbs();

private:
    pilothouse::sim::VirtualClock clock_;
    std::unique_ptr<pilothouse::controlplane::ControlPlane> cp_;
    QTemporaryDir dir_;
};
