#pragma once

#include <QObject>

class ProxyTest : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void roundRobinOverReadyEndpoints();
    void sessionAffinityKeepsTheEndpoint();
    void noEndpointsIsRejected();
    void dnsRecords_data();
    void dnsRecords();
};
