// The Kubernetes API over a real loopback gRPC connection (backend/remote): every verb, every
// error class with its gRPC code and trailing metav1.Status, chunked lists, watches (from a
// resourceVersion, bookmarks, Gone after compaction, resumed after a reconnect, a stalled client
// cut off, ended by shutdown), RBAC by bearer token, TLS, health, and the listen-address rule.
#pragma once

#include <QObject>

class RemoteApiTest : public QObject {
    Q_OBJECT
private slots:
    void everyVerb();
    void subresources();
    void errorCodes();
    void requestErrorsNameTheField_data();
    void requestErrorsNameTheField();
    void listLimitContinue();
    void watchFromResourceVersionWithBookmarks();
    void watchStartsWithCurrentState();
    void watchersSharePackedEvents();
    void watchGoneAfterCompaction();
    void watchResumesAfterReconnect();
    void rbacAllowDeny();
    void tls();
    void stalledClientCutOff();
    void shutdownEndsWatches();
    void healthService();
    void nonLoopbackRefusedWithoutTokens();
};
