// scheduler::suggestFixes: for each kind of fix, the suggestions (as data, and in English), and
// each suggestion's operations carried out through the API server of a simulated cluster, after
// which the pod (or its Deployment's new pod) must be bound to the node asked about.
#pragma once

#include <QObject>

class WhatIfTest : public QObject {
    Q_OBJECT
private slots:
    void suggestionsBindThePod_data();
    void suggestionsBindThePod();
    void suggestionsAsData_data();
    void suggestionsAsData();
    void describedInEnglish_data();
    void describedInEnglish();
    void operationsFollowTheOwner_data();
    void operationsFollowTheOwner();
    void podAlreadyFits();
    void unknownNode();
};
