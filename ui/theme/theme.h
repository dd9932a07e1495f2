// Colours and type shared by every view, in a light and a dark palette: one meaning, one colour
// everywhere (a Pending pod is the same amber in the journey view, the cluster view, the
// inspector and the charts). Chosen to stay apart on a washed-out projector and for the common
// colour-vision deficiencies (Okabe–Ito hues), never colour alone: views also write the word.
#pragma once

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>

class QApplication;

namespace pilothouse::ui::theme {

enum class Mode { Light, Dark };

// Fusion style with the palette of `mode`; views repaint from the functions below.
void apply(QApplication& app, Mode mode);
Mode mode();
bool dark();

// Text sizes are multiplied by this (projectors: 1.5 or 2).
double fontScale();
void setFontScale(double scale);
// The application font at `points` × fontScale().
QFont font(double points, bool bold = false);

// Surfaces and text of the views' own drawing (widgets use the palette).
QColor background();       // a view's canvas
QColor surface();          // a card, a station
QColor surfaceRaised();    // a card's header, a selected station
QColor border();
QColor text();
QColor mutedText();
QColor accent();           // selection, the timeline's cursor
QColor failure();          // Warning events, failed stages (red)
QColor warning();          // amber: waiting, pressure

// A pod's phase ("Pending", "Running", "Succeeded", "Failed", "Unknown"; "Terminating" for a
// pod being deleted).
QColor phaseColor(const QString& phase);
// The phases phaseColor() knows, in the order a legend lists them.
QStringList phases();
// The user's own colour for a phase (Preferences), in both palettes; an invalid colour goes back
// to the palette's.
void setPhaseColor(const QString& phase, const QColor& color);
// The palette's colour, whatever the user chose.
QColor defaultPhaseColor(const QString& phase);
// A stable colour per owner ("ReplicaSet/web-5d4f"): tokens and chips of one workload share it.
QColor ownerColor(const QString& owner);

}  // namespace pilothouse::ui::theme
