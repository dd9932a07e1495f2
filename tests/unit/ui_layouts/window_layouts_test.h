#pragma once

#include <QObject>

// The window in each layout (Teach, Debug, Operate) at the sizes people have (1280x800, 1366x768,
// 1920x1080; run again at 150% device pixel ratio), measured in the rendered window: in Teach a
// station title renders at least 13 device pixels high and its counters at least 10 (the glyphs'
// ink, converted to a font size by the font's own proportions); in every layout the cluster dock
// shows a whole node with its name, the events dock (where shown) three events; the layout actions
// and presentation mode work.
class WindowLayoutsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void legibleAtEverySize_data();
    void legibleAtEverySize();
    void teachColumnWidth_data();
    void teachColumnWidth();
    void switchingLayouts();
    void presentationMode();
};
