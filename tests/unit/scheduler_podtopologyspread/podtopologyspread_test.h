// PodTopologySpread against the rows of upstream's filtering_test.go, scoring_test.go and the
// PodTopologySpreadArgs validation tests (Kubernetes v1.28 semantics), plus DefaultSelector and
// the v1.28-specific behaviours (pair-keyed counts, nil selector with matchLabelKeys).
#pragma once

#include <QObject>

class PodTopologySpreadTest : public QObject {
    Q_OBJECT
private slots:
    void preFilterState_data();
    void preFilterState();
    void preFilterAddPod_data();
    void preFilterAddPod();
    void preFilterRemovePod_data();
    void preFilterRemovePod();
    void filterSingleConstraint_data();
    void filterSingleConstraint();
    void filterMultipleConstraints_data();
    void filterMultipleConstraints();
    void filterWithoutPreFilter();
    void filterReasons();
    void preScoreSkip_data();
    void preScoreSkip();
    void preScoreState_data();
    void preScoreState();
    void score_data();
    void score();
    void normalizeScoreMissingLabels();
    void defaultSelector_data();
    void defaultSelector();
    void args_data();
    void args();
    void eventsToRegister();
    void nodeInclusionMatching_data();
    void nodeInclusionMatching();
};
