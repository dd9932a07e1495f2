#pragma once

#include <QObject>

class ApiClientTest : public QObject {
    Q_OBJECT
private slots:
    void errorsReadAsInProcess_data();
    void errorsReadAsInProcess();
    void everyVerb();
    void watchFromRevision();
    void dialErrors();
};
