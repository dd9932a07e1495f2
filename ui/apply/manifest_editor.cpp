#include "apply/manifest_editor.h"

#include <QPainter>
#include <QTextBlock>

#include "theme/theme.h"

namespace pilothouse::ui::apply {

class ManifestEditor::Margin final : public QWidget {
public:
    explicit Margin(ManifestEditor* editor) : QWidget(editor), editor_(editor) {}
    QSize sizeHint() const override { return {editor_->marginWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { editor_->paintMargin(event); }

private:
    ManifestEditor* editor_;
};

ManifestEditor::ManifestEditor(QWidget* parent)
    : QPlainTextEdit(parent), margin_(new Margin(this)) {
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabChangesFocus(false);
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(marginWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy)
            margin_->scroll(0, dy);
        else
            margin_->update(0, rect.y(), margin_->width(), rect.height());
    });
    applyTheme();
}

void ManifestEditor::applyTheme() {
    QFont mono = theme::font(11);
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    setFont(mono);
    margin_->setFont(mono);
    setViewportMargins(marginWidth(), 0, 0, 0);
    updateMarks();
}

void ManifestEditor::changeEvent(QEvent* event) {
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        updateMarks();
}

int ManifestEditor::marginWidth() const {
    int digits = 1;
    for (int n = std::max(1, blockCount()); n >= 10; n /= 10) ++digits;
    return fontMetrics().horizontalAdvance(QLatin1Char('9')) * (digits + 2);
}

void ManifestEditor::resizeEvent(QResizeEvent* event) {
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    margin_->setGeometry(QRect(r.left(), r.top(), marginWidth(), r.height()));
}

void ManifestEditor::paintMargin(QPaintEvent* event) {
    QPainter p(margin_);
    p.fillRect(event->rect(), theme::surfaceRaised());
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    const int right = margin_->width() - fontMetrics().horizontalAdvance(QLatin1Char('9')) / 2;
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        if (block.isVisible() && top + height >= event->rect().top()) {
            const int line = block.blockNumber() + 1;
            const bool bad = errorLines_.contains(line);
            QFont f = font();
            f.setBold(bad);
            p.setFont(f);
            p.setPen(bad ? theme::failure() : theme::mutedText());
            p.drawText(0, top, right, height, Qt::AlignRight | Qt::AlignVCenter,
                       QString::number(line));
        }
        block = block.next();
        top += height;
    }
}

void ManifestEditor::setErrorLines(const QList<int>& lines) {
    errorLines_ = lines;
    updateMarks();
}

void ManifestEditor::updateMarks() {
    QList<QTextEdit::ExtraSelection> marks;
    QColor band = theme::failure();
    band.setAlpha(55);
    for (int line : errorLines_) {
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(block);
        mark.format.setBackground(band);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks << mark;
    }
    setExtraSelections(marks);
    margin_->update();
}

void ManifestEditor::goToLine(int line) {
    const QTextBlock block = document()->findBlockByNumber(std::max(0, line - 1));
    if (!block.isValid())
        return;
    setTextCursor(QTextCursor(block));
    centerCursor();
}

}  // namespace pilothouse::ui::apply
