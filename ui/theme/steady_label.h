// A label whose text changes often (a count, a clock) without the window being laid out again at
// each change: a label whose size may change asks every layout up to the main window's to be done
// again whenever its text is set, and a main window full of docks takes tens of milliseconds to
// lay out. The label keeps a fixed size that only grows, with room for a few more characters.
#pragma once

#include <QLabel>
#include <QString>

namespace pilothouse::ui {

inline void setSteadyText(QLabel* label, const QString& text) {
    if (label->text() == text) return;
    label->setText(text);
    const QSize hint = label->sizeHint();
    if (hint.width() > label->minimumWidth() || hint.height() != label->minimumHeight())
        label->setFixedSize(hint.width() + label->fontMetrics().horizontalAdvance(QStringLiteral("0000")), hint.height());
}

// After a change of font: sized again by the next setSteadyText.
inline void resetSteadySize(QLabel* label) {
    label->setMinimumSize(0, 0);
    label->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    const QString text = label->text();
    label->clear();
    setSteadyText(label, text);
}

}  // namespace pilothouse::ui
