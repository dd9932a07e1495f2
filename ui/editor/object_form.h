// The form view of an editor: the kind's common fields (form_spec.h) in sections, each bound to
// its place in the draft. Edits go into the draft at once (the YAML view follows); the draft's
// error is shown at the fields it names — the field framed in red and the API server's message
// under it — and causes no field claims above the form.
#pragma once

#include <QScrollArea>

#include <vector>

#include "editor/form_spec.h"
#include "editor/object_draft.h"

class QLabel;
class QVBoxLayout;

namespace pilothouse::ui::editor {

class FieldTable;

class ObjectForm final : public QScrollArea {
    Q_OBJECT
public:
    ObjectForm(ObjectDraft* draft, QWidget* parent = nullptr);

    void setReadOnly(bool readOnly);
    // The widget that edits `path` (a QLineEdit, QCheckBox, QComboBox or FieldTable), or null.
    QWidget* fieldWidget(const std::string& path) const;
    // The message shown under the field at `path` ("" when it has none).
    QString fieldError(const std::string& path) const;
    // Causes no field claims, as shown above the form.
    QString otherErrors() const;

private:
    struct Field {
        FieldSpec spec;
        FieldPath path;
        QWidget* editor = nullptr;
        FieldTable* table = nullptr;
        QLabel* error = nullptr;
    };
    void rebuild();
    void refresh(const QObject* source);
    void showErrors();
    void commitSingle(Field& field, const QString& text);

    ObjectDraft* draft_;
    QWidget* content_ = nullptr;
    QLabel* other_ = nullptr;
    std::string kind_;
    std::vector<Field> fields_;
    bool readOnly_ = false;
    bool refreshing_ = false;
};

}  // namespace pilothouse::ui::editor
