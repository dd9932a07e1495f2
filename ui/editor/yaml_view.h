// The YAML view of an editor: the whole draft as `kubectl get -o yaml` prints it, editable. Text
// typed here replaces the draft once it reads as YAML (a short pause after the last key); until
// then the reader's error is shown with its line. The lines the draft's validation error names are
// highlighted, each cause listed with its line number.
#pragma once

#include <QTimer>
#include <QWidget>

#include "editor/object_draft.h"

class QLabel;
class QPlainTextEdit;

namespace pilothouse::ui::editor {

class YamlView final : public QWidget {
    Q_OBJECT
public:
    YamlView(ObjectDraft* draft, QWidget* parent = nullptr);

    QPlainTextEdit* text() const { return text_; }
    void setReadOnly(bool readOnly);
    // Reads the text into the draft now (the editor does before applying). The reader's error, or OK.
    Status commit();
    // The 1-based lines highlighted as errors.
    QList<int> errorLines() const { return errorLines_; }
    QString errorText() const;

private:
    void reload();
    void showErrors();

    ObjectDraft* draft_;
    QPlainTextEdit* text_;
    QLabel* errors_;
    QTimer parseDelay_;
    QList<int> errorLines_;
    QString parseError_;
    bool loading_ = false;
};

}  // namespace pilothouse::ui::editor
