#include "editor/yaml_view.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QVBoxLayout>

#include "api/codec/yaml.h"
#include "theme/theme.h"

namespace pilothouse::ui::editor {

YamlView::YamlView(ObjectDraft* draft, QWidget* parent) : QWidget(parent), draft_(draft) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    text_ = new QPlainTextEdit(this);
    text_->setObjectName(QStringLiteral("yaml"));
    text_->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono = theme::font(10);
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    text_->setFont(mono);
    layout->addWidget(text_, 1);
    errors_ = new QLabel(this);
    errors_->setObjectName(QStringLiteral("yamlErrors"));
    errors_->setWordWrap(true);
    errors_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    errors_->setStyleSheet(QStringLiteral("color: %1;").arg(theme::failure().name()));
    errors_->hide();
    layout->addWidget(errors_);
    parseDelay_.setSingleShot(true);
    parseDelay_.setInterval(400);
    connect(&parseDelay_, &QTimer::timeout, this, [this] { commit(); });
    connect(text_, &QPlainTextEdit::textChanged, this, [this] {
        if (!loading_) parseDelay_.start();
    });
    connect(draft_, &ObjectDraft::changed, this, [this](const QObject* source) {
        if (source != this) reload();
    });
    connect(draft_, &ObjectDraft::errorChanged, this, &YamlView::showErrors);
    reload();
}

void YamlView::setReadOnly(bool readOnly) { text_->setReadOnly(readOnly); }

void YamlView::reload() {
    const int scroll = text_->verticalScrollBar()->value();
    loading_ = true;
    text_->setPlainText(draft_->yaml());
    loading_ = false;
    parseError_.clear();
    text_->verticalScrollBar()->setValue(scroll);
    showErrors();
}

Status YamlView::commit() {
    parseDelay_.stop();
    Status st = draft_->setYaml(text_->toPlainText(), this);
    parseError_ = st.isOk() ? QString() : QString::fromStdString(st.message());
    showErrors();
    return st;
}

QString YamlView::errorText() const { return errors_->isHidden() ? QString() : errors_->text(); }

void YamlView::showErrors() {
    errorLines_.clear();
    QStringList lines;
    if (!parseError_.isEmpty()) lines << parseError_;
    // Where each cause's field is in the text as it is now.
    auto docs = codec::parseYamlDocuments(text_->toPlainText().toStdString());
    const codec::Value* root = docs && docs->size() == 1 ? &(*docs)[0] : nullptr;
    for (const auto& cause : draft_->error().causes()) {
        const int line = root ? draft_->locate(cause).deepest(*root).line() : 0;
        if (line > 0) errorLines_ << line;
        const QString where = line > 0 ? tr("line %1: ").arg(line) : QString();
        lines << where + QString::fromStdString(cause.field.empty() ? cause.message : cause.field + ": " + cause.message);
    }
    if (draft_->error().causes().empty() && !draft_->error().isOk()) lines << QString::fromStdString(draft_->error().message());
    errors_->setText(lines.join(QLatin1Char('\n')));
    errors_->setVisible(!lines.isEmpty());
    QList<QTextEdit::ExtraSelection> marks;
    QColor bad = theme::failure();
    bad.setAlpha(60);
    for (int line : errorLines_) {
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(text_->document()->findBlockByNumber(line - 1));
        mark.format.setBackground(bad);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        marks << mark;
    }
    text_->setExtraSelections(marks);
}

}  // namespace pilothouse::ui::editor
