#include "apply/diff_view.h"

#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>

#include "theme/theme.h"

namespace pilothouse::ui::apply {

DiffView::DiffView(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    applyTheme();
}

void DiffView::applyTheme() {
    QFont mono = theme::font(11);
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    setFont(mono);
    render();
}

void DiffView::changeEvent(QEvent* event) {
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        render();
}

void DiffView::setDiff(const QString& diff) {
    diff_ = diff;
    render();
}

void DiffView::render() {
    QColor added = theme::phaseColor(QStringLiteral("Running"));
    added.setAlpha(theme::dark() ? 75 : 55);
    QColor removed = theme::failure();
    removed.setAlpha(theme::dark() ? 75 : 50);
    clear();
    QTextCursor c(document());
    QStringList lines = diff_.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    bool first = true;
    for (const QString& line : lines) {
        QTextBlockFormat block;
        QTextCharFormat chars;
        if (line.startsWith(QLatin1String("diff ")) || line.startsWith(QLatin1String("--- ")) ||
            line.startsWith(QLatin1String("+++ "))) {
            chars.setFontWeight(QFont::Bold);
            block.setBackground(theme::surfaceRaised());
        } else if (line.startsWith(QLatin1String("@@"))) {
            chars.setForeground(theme::accent());
        } else if (line.startsWith(QLatin1Char('+'))) {
            block.setBackground(added);
        } else if (line.startsWith(QLatin1Char('-'))) {
            block.setBackground(removed);
        } else if (line.startsWith(QLatin1Char('#'))) {
            chars.setForeground(theme::mutedText());
        }
        if (first) {
            c.setBlockFormat(block);
            c.setBlockCharFormat(chars);
            first = false;
        } else {
            c.insertBlock(block, chars);
        }
        c.insertText(line, chars);
    }
    moveCursor(QTextCursor::Start);
}

void DiffView::showLine(int line) {
    const QTextBlock block = document()->findBlockByNumber(std::max(0, line - 1));
    if (!block.isValid())
        return;
    setTextCursor(QTextCursor(block));
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
    ensureCursorVisible();
}

}  // namespace pilothouse::ui::apply
