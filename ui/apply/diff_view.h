// kubectl diff's output, read-only, coloured as a colour terminal shows it: removed lines on a red
// band, added lines on a green one (whole-width bands, so the +/- stays readable on a washed-out
// projector), hunk headers in the accent colour, file headers bold, notes muted.
#pragma once

#include <QPlainTextEdit>

namespace pilothouse::ui::apply {

class DiffView final : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit DiffView(QWidget* parent = nullptr);

    void setDiff(const QString& diff);
    QString diff() const { return diff_; }
    // Scrolls a 1-based line of the diff to the top.
    void showLine(int line);
    // Re-reads the theme's font and colours.
    void applyTheme();

protected:
    void changeEvent(QEvent* event) override;

private:
    void render();

    QString diff_;
};

}  // namespace pilothouse::ui::apply
