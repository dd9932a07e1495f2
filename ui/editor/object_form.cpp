#include "editor/object_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QVBoxLayout>

#include "editor/field_table.h"
#include "editor/value_text.h"
#include "theme/theme.h"

namespace pilothouse::ui::editor {

using codec::Value;

namespace {

QString translated(const char* text) { return QCoreApplication::translate("ObjectForm", text); }

QString causeText(const StatusCause& c) {
    return QString::fromStdString(c.field.empty() ? c.message : c.field + ": " + c.message);
}

void markInvalid(QWidget* w, bool invalid) {
    if (w->property("invalid").toBool() == invalid) return;
    w->setProperty("invalid", invalid);
    w->setStyleSheet(invalid ? QStringLiteral("%1 { border: 2px solid %2; }")
                                   .arg(QLatin1String(w->metaObject()->className()), theme::failure().name())
                             : QString());
}

}  // namespace

ObjectForm::ObjectForm(ObjectDraft* draft, QWidget* parent) : QScrollArea(parent), draft_(draft) {
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    connect(draft_, &ObjectDraft::changed, this, [this](const QObject* source) {
        const std::string kind = draft_->type() ? draft_->type()->kind : "";
        if (kind != kind_ || !content_) {
            kind_ = kind;
            rebuild();
        } else {
            refresh(source);
        }
    });
    connect(draft_, &ObjectDraft::errorChanged, this, &ObjectForm::showErrors);
    rebuild();
}

void ObjectForm::rebuild() {
    fields_.clear();
    content_ = new QWidget;
    auto* layout = new QVBoxLayout(content_);
    other_ = new QLabel(content_);
    other_->setObjectName(QStringLiteral("otherErrors"));
    other_->setWordWrap(true);
    other_->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;").arg(theme::failure().name()));
    other_->hide();
    layout->addWidget(other_);
    if (!draft_->isLoaded()) {
        layout->addWidget(new QLabel(tr("Select a node or a pod (or create an object) to edit it."), content_));
    } else if (formFor(kind_).empty()) {
        layout->addWidget(new QLabel(tr("%1 has no form: edit it in the YAML view.").arg(QString::fromStdString(kind_)), content_));
    }
    QGroupBox* group = nullptr;
    QFormLayout* form = nullptr;
    const char* groupName = nullptr;
    for (const FieldSpec& spec : draft_->isLoaded() ? formFor(kind_) : std::vector<FieldSpec>{}) {
        if (!group || std::string(spec.group) != groupName) {
            groupName = spec.group;
            group = new QGroupBox(translated(spec.group), content_);
            form = new QFormLayout(group);
            form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
            form->setRowWrapPolicy(QFormLayout::WrapLongRows);
            layout->addWidget(group);
        }
        Field f{spec, FieldPath::parse(spec.path)};
        auto* holder = new QWidget(group);
        auto* v = new QVBoxLayout(holder);
        v->setContentsMargins(0, 0, 0, 0);
        if (spec.shape != FieldShape::Single) {
            f.table = new FieldTable(spec, draft_, holder);
            f.editor = f.table;
        } else if (spec.kind == ValueKind::Bool) {
            auto* box = new QCheckBox(holder);
            f.editor = box;
        } else if (spec.kind == ValueKind::Choice) {
            auto* box = new QComboBox(holder);
            box->addItem(QString());
            box->addItems(spec.choices);
            f.editor = box;
        } else {
            f.editor = new QLineEdit(holder);
        }
        f.editor->setObjectName(QString::fromStdString(spec.path));
        v->addWidget(f.editor);
        f.error = new QLabel(holder);
        f.error->setWordWrap(true);
        f.error->setStyleSheet(QStringLiteral("color: %1;").arg(theme::failure().name()));
        f.error->hide();
        v->addWidget(f.error);
        form->addRow(translated(spec.title), holder);
        fields_.push_back(f);
    }
    layout->addStretch();
    // The connections refer to fields_ by index: it does not grow after this.
    for (size_t i = 0; i < fields_.size(); ++i) {
        Field& f = fields_[i];
        if (auto* edit = qobject_cast<QLineEdit*>(f.editor)) {
            connect(edit, &QLineEdit::editingFinished, this, [this, i, edit] { commitSingle(fields_[i], edit->text()); });
        } else if (auto* box = qobject_cast<QCheckBox*>(f.editor)) {
            connect(box, &QCheckBox::toggled, this, [this, i](bool on) {
                if (!refreshing_) draft_->setField(fields_[i].path, on ? Value(true) : Value(), fields_[i].editor);
            });
        } else if (auto* combo = qobject_cast<QComboBox*>(f.editor)) {
            connect(combo, &QComboBox::currentTextChanged, this, [this, i](const QString& text) { commitSingle(fields_[i], text); });
        }
    }
    setWidget(content_);
    refresh(nullptr);
    setReadOnly(readOnly_);
}

void ObjectForm::commitSingle(Field& field, const QString& text) {
    if (refreshing_) return;
    auto value = fromText(text, field.spec.kind);
    if (!value) {
        Status error(StatusCode::InvalidArgument, field.spec.path + ": " + value.status().message());
        error.addCause({"FieldValueInvalid", value.status().message(), field.spec.path});
        draft_->setError(error);
        return;
    }
    draft_->setField(field.path, std::move(*value), field.editor);
}

void ObjectForm::refresh(const QObject* source) {
    refreshing_ = true;
    for (Field& f : fields_) {
        if (f.editor == source) continue;
        if (f.table) {
            f.table->refresh();
            continue;
        }
        const Value* v = f.path.find(draft_->value());
        if (auto* edit = qobject_cast<QLineEdit*>(f.editor)) {
            const QString text = toText(v, f.spec.kind);
            if (edit->text() != text) edit->setText(text);
        } else if (auto* box = qobject_cast<QCheckBox*>(f.editor)) {
            box->setChecked(v && v->isBool() && v->asBool());
        } else if (auto* combo = qobject_cast<QComboBox*>(f.editor)) {
            combo->setCurrentText(toText(v, f.spec.kind));
        }
    }
    refreshing_ = false;
    showErrors();
}

void ObjectForm::showErrors() {
    std::vector<FieldPath> claimed;
    for (Field& f : fields_) {
        claimed.push_back(f.path);
        QStringList lines;
        for (const auto& c : draft_->causesAt(f.path)) lines << causeText(c);
        f.error->setText(lines.join(QLatin1Char('\n')));
        f.error->setVisible(!lines.isEmpty());
        if (f.table) f.table->showErrors();
        markInvalid(f.table ? static_cast<QWidget*>(f.table->table()) : f.editor, !lines.isEmpty());
    }
    QStringList other;
    for (const auto& c : draft_->unclaimedCauses(claimed)) other << causeText(c);
    if (other_) {
        other_->setText(other.join(QLatin1Char('\n')));
        other_->setVisible(!other.isEmpty());
    }
}

void ObjectForm::setReadOnly(bool readOnly) {
    readOnly_ = readOnly;
    for (Field& f : fields_) {
        if (f.table) f.table->setReadOnly(readOnly);
        else if (auto* edit = qobject_cast<QLineEdit*>(f.editor)) edit->setReadOnly(readOnly);
        else f.editor->setEnabled(!readOnly);
    }
}

QWidget* ObjectForm::fieldWidget(const std::string& path) const {
    for (const Field& f : fields_)
        if (f.spec.path == path) return f.editor;
    return nullptr;
}

QString ObjectForm::fieldError(const std::string& path) const {
    for (const Field& f : fields_)
        if (f.spec.path == path) return f.error->isHidden() ? QString() : f.error->text();
    return {};
}

QString ObjectForm::otherErrors() const { return other_ && !other_->isHidden() ? other_->text() : QString(); }

}  // namespace pilothouse::ui::editor
