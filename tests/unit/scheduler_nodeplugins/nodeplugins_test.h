// Data-driven tests of the node plugins (queue sort, scheduling gates, node unschedulable, node
// name, taint toleration, node affinity, node ports, image locality, default binder, volumes),
// with rows from Kubernetes v1.28's *_test.go. The class is declared here because moc skips .cpp
// files that contain raw string literals.
#pragma once

#include <QObject>

class NodePluginsTest : public QObject {
    Q_OBJECT

private slots:
    void prioritySort_data();
    void prioritySort();
    void schedulingGates_data();
    void schedulingGates();

    void nodeUnschedulable_data();
    void nodeUnschedulable();
    void nodeName_data();
    void nodeName();

    void toleratesTaint_data();
    void toleratesTaint();
    void taintTolerationFilter_data();
    void taintTolerationFilter();
    void taintTolerationScore_data();
    void taintTolerationScore();

    void nodeAffinityFilter_data();
    void nodeAffinityFilter();
    void nodeAffinityScore_data();
    void nodeAffinityScore();
    void nodeAffinityArgs_data();
    void nodeAffinityArgs();

    void nodePorts_data();
    void nodePorts();
    void nodePortsWithoutPreFilter();

    void imageLocality_data();
    void imageLocality();
    void normalizedImageName_data();
    void normalizedImageName();

    void defaultBinder();

    void volumePlugins_data();
    void volumePlugins();
    void volumeBindingScoreReservePreBind();
    void volumeBindingArgs_data();
    void volumeBindingArgs();

    void events_data();
    void events();
};
