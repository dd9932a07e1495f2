#pragma once

#include <QObject>

// Dragging a pending pod onto a node in the cluster view asks "why not here?": the explainer's
// What if… tab answers for that node, with suggestions that would let the pod there.
class WhyNotHereTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void dragPendingPodOntoNode();
};
