#pragma once

#include <QObject>

// The Job and TTL-after-finished controllers through a real cluster: API server, scheduler,
// controllers and simulated kubelets on the virtual clock (cluster::addStandardComponents).
class JobControllerTest : public QObject {
    Q_OBJECT
private slots:
    void completedIndexes_data();
    void completedIndexes();
    void backoffRecord();
    void defaultsAndSelector();
    void validation_data();
    void validation();
    void completionsAndParallelism_data();
    void completionsAndParallelism();
    void backoffLimitExceeded_data();
    void backoffLimitExceeded();
    void activeDeadline();
    void indexedJob();
    void suspendAndResume();
    void ttlAfterFinished();
    void withoutCompletions();
};
