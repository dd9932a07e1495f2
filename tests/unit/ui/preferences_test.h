#pragma once

#include <QObject>

// File > Preferences…: the dialog's fields and their validation, what is kept between runs, and
// each preference taking effect — the palette, text size and phase colours in the views at once,
// the image pull bandwidth in the kubelets of the next scenario started.
class PreferencesTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void dialogEditsAndValidates();
    void keptBetweenRuns();
    void phaseColourReachesTheClusterView();
    void bandwidthSlowsImagePulls();
};
