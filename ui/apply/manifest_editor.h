// The text of the Apply YAML dialog: a plain-text editor in a monospaced font with line numbers in
// a margin (kubectl's errors name lines), and lines marked as errors (a tinted band, the number in
// red).
#pragma once

#include <QList>
#include <QPlainTextEdit>

namespace pilothouse::ui::apply {

class ManifestEditor final : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit ManifestEditor(QWidget* parent = nullptr);

    // Marks these 1-based lines (an empty list clears the marks).
    void setErrorLines(const QList<int>& lines);
    QList<int> errorLines() const { return errorLines_; }
    // Puts the cursor at the start of a 1-based line and scrolls it into view.
    void goToLine(int line);
    // Re-reads the theme's font and colours (text size for projectors, dark palette).
    void applyTheme();

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    class Margin;
    int marginWidth() const;
    void paintMargin(QPaintEvent* event);
    void updateMarks();

    QWidget* margin_;
    QList<int> errorLines_;
};

}  // namespace pilothouse::ui::apply
