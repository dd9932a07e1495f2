// kubectl apply's client side (backend/kubectl/apply.h) and kubectl diff's unified diff: the
// three-way merge patch, reading a multi-document text (document numbers, lines, errors), the
// last-applied-configuration annotation, kubectl's output lines and errors, and the requests of
// an object's apply run against a real control plane.
#pragma once

#include <QObject>

class ApplyTest : public QObject {
    Q_OBJECT
private slots:
    void threeWayMergePatch_data();
    void threeWayMergePatch();
    void readsDocuments_data();
    void readsDocuments();
    void lastAppliedConfigurationIsTheManifestAsSortedJson();
    void resultLines_data();
    void resultLines();
    void unifiedDiff_data();
    void unifiedDiff();
    void appliesAgainstAControlPlane();
    void serverDryRunStoresNothing();
    void errorsAsKubectlPrintsThem();
    void diffModeComparesLiveAndMerged();
};
