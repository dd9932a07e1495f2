#include "editor/field_table.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

#include "editor/value_text.h"
#include "theme/theme.h"

namespace pilothouse::ui::editor {

using codec::Value;

namespace {

// Choice columns edit with a drop-down of the allowed values ("" clears the field).
class ChoiceDelegate final : public QStyledItemDelegate {
public:
    ChoiceDelegate(QStringList choices, QObject* parent) : QStyledItemDelegate(parent), choices_(std::move(choices)) {}
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override {
        auto* box = new QComboBox(parent);
        box->addItem(QString());
        box->addItems(choices_);
        box->setEditable(true);  // a value outside the list reaches validation, which says what is allowed
        return box;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        static_cast<QComboBox*>(editor)->setCurrentText(index.data(Qt::EditRole).toString());
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
        model->setData(index, static_cast<QComboBox*>(editor)->currentText(), Qt::EditRole);
    }

private:
    QStringList choices_;
};

QString translated(const char* text) { return QCoreApplication::translate("ObjectForm", text); }

// The value an error message quotes: `Invalid value: "bad value": ...` -> bad value.
QString quotedValue(const std::string& message) {
    const QString m = QString::fromStdString(message);
    const qsizetype start = m.indexOf(QLatin1Char('"'));
    const qsizetype end = start < 0 ? -1 : m.indexOf(QLatin1Char('"'), start + 1);
    return end < 0 ? QString() : m.mid(start + 1, end - start - 1);
}

}  // namespace

FieldTable::FieldTable(const FieldSpec& spec, ObjectDraft* draft, QWidget* parent)
    : QWidget(parent), spec_(spec), draft_(draft), path_(FieldPath::parse(spec.path)),
      innerPath_(FieldPath::parse(spec.innerPath)) {
    if (spec_.shape == FieldShape::Map)
        mapColumns_ = {{QT_TRANSLATE_NOOP("ObjectForm", "Key"), ""}, {QT_TRANSLATE_NOOP("ObjectForm", "Value"), ""}};
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    table_ = new QTableWidget(this);
    table_->setObjectName(QString::fromStdString(spec.path));
    QStringList headers;
    if (spec_.shape == FieldShape::NestedList) headers << tr("Term");
    const auto& columns = spec_.shape == FieldShape::Map ? mapColumns_ : spec_.columns;
    for (const auto& c : columns) headers << translated(c.title);
    table_->setColumnCount(int(headers.size()));
    table_->setHorizontalHeaderLabels(headers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::AllEditTriggers);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    for (int c = firstDataColumn(); c < table_->columnCount(); ++c)
        if (!columnSpec(c).choices.isEmpty())
            table_->setItemDelegateForColumn(c, new ChoiceDelegate(columnSpec(c).choices, table_));
    layout->addWidget(table_);
    auto* buttons = new QHBoxLayout;
    add_ = new QPushButton(spec_.shape == FieldShape::NestedList ? tr("Add expression") : tr("Add"), this);
    buttons->addWidget(add_);
    if (spec_.shape == FieldShape::NestedList) {
        addGroup_ = new QPushButton(tr("Add term"), this);
        buttons->addWidget(addGroup_);
        connect(addGroup_, &QPushButton::clicked, this, &FieldTable::addGroup);
    }
    remove_ = new QPushButton(tr("Remove"), this);
    buttons->addWidget(remove_);
    buttons->addStretch();
    layout->addLayout(buttons);
    connect(add_, &QPushButton::clicked, this, &FieldTable::addRow);
    connect(remove_, &QPushButton::clicked, this, [this] {
        if (table_->currentRow() >= 0) removeRow(table_->currentRow());
    });
    connect(table_, &QTableWidget::cellChanged, this, &FieldTable::onCellChanged);
    refresh();
}

const ColumnSpec& FieldTable::columnSpec(int column) const {
    const auto& columns = spec_.shape == FieldShape::Map ? mapColumns_ : spec_.columns;
    return columns[size_t(column - firstDataColumn())];
}

void FieldTable::setReadOnly(bool readOnly) {
    table_->setEditTriggers(readOnly ? QAbstractItemView::NoEditTriggers : QAbstractItemView::AllEditTriggers);
    add_->setEnabled(!readOnly);
    remove_->setEnabled(!readOnly);
    if (addGroup_) addGroup_->setEnabled(!readOnly);
}

void FieldTable::refresh() {
    refreshing_ = true;
    rows_.clear();
    keys_.clear();
    const Value* field = path_.find(draft_->value());
    auto cell = [](const QString& text) {
        auto* item = new QTableWidgetItem(text);
        return item;
    };
    table_->setRowCount(0);
    if (spec_.shape == FieldShape::Map) {
        if (field && field->isObject())
            for (const auto& [k, v] : field->asObject()) {
                const int row = table_->rowCount();
                table_->insertRow(row);
                table_->setItem(row, 0, cell(QString::fromStdString(k)));
                table_->setItem(row, 1, cell(toText(&v, ValueKind::Text)));
                keys_.push_back(k);
            }
    } else if (field && field->isArray()) {
        for (size_t i = 0; i < field->asArray().size(); ++i) {
            const Value& outer = field->asArray()[i];
            if (spec_.shape == FieldShape::List) {
                const int row = table_->rowCount();
                table_->insertRow(row);
                for (int c = 0; c < table_->columnCount(); ++c)
                    table_->setItem(row, c, cell(toText(FieldPath::parse(columnSpec(c).path).find(outer), columnSpec(c).kind)));
                rows_.emplace_back(i, 0);
                continue;
            }
            const Value* inner = innerPath_.find(outer);
            const size_t count = inner && inner->isArray() ? inner->asArray().size() : 0;
            for (size_t j = 0; j < std::max<size_t>(count, 1); ++j) {
                const int row = table_->rowCount();
                table_->insertRow(row);
                auto* term = cell(QString::number(i + 1));
                term->setFlags(term->flags() & ~Qt::ItemIsEditable);
                table_->setItem(row, 0, term);
                for (int c = 1; c < table_->columnCount(); ++c) {
                    const ColumnSpec& col = columnSpec(c);
                    const Value* from = col.outer ? &outer : (j < count ? &inner->asArray()[j] : nullptr);
                    table_->setItem(row, c, cell(from ? toText(FieldPath::parse(col.path).find(*from), col.kind) : QString()));
                }
                rows_.emplace_back(i, j);
            }
        }
    }
    fitHeight();
    refreshing_ = false;
    showErrors();
}

void FieldTable::fitHeight() {
    // Every row shown, no inner vertical scrolling: the form scrolls as a whole.
    table_->resizeColumnsToContents();
    const int rows = table_->rowCount() ? table_->verticalHeader()->length() : table_->verticalHeader()->defaultSectionSize();
    const bool wide = table_->horizontalHeader()->length() > table_->viewport()->width();
    table_->setFixedHeight(table_->horizontalHeader()->sizeHint().height() + rows + 2 * table_->frameWidth() +
                           (wide ? table_->horizontalScrollBar()->sizeHint().height() : 0) + 2);
}

FieldPath FieldTable::cellPath(int row, int column) const {
    if (spec_.shape == FieldShape::Map) return path_.child(keys_[size_t(row)]);
    const auto [i, j] = rows_[size_t(row)];
    FieldPath item = path_.child(i);
    const ColumnSpec& col = columnSpec(column);
    const FieldPath base = spec_.shape == FieldShape::NestedList && !col.outer ? item.append(innerPath_).child(j) : item;
    return base.append(FieldPath::parse(col.path));
}

void FieldTable::onCellChanged(int row, int column) {
    if (refreshing_ || row < 0 || column < firstDataColumn()) return;
    const QString text = table_->item(row, column) ? table_->item(row, column)->text() : QString();
    if (spec_.shape == FieldShape::Map) {
        // Rebuilt in row order: a key renamed in place keeps its position.
        Value map = Value::object();
        for (int r = 0; r < table_->rowCount(); ++r) {
            const QString key = table_->item(r, 0) ? table_->item(r, 0)->text().trimmed() : QString();
            if (key.isEmpty()) continue;
            map.set(key.toStdString(), Value((table_->item(r, 1) ? table_->item(r, 1)->text() : QString()).toStdString()));
        }
        keys_.clear();
        for (int r = 0; r < table_->rowCount(); ++r)
            keys_.push_back(table_->item(r, 0) ? table_->item(r, 0)->text().trimmed().toStdString() : std::string());
        draft_->setField(path_, map.size() ? map : Value(), this);
        return;
    }
    auto value = fromText(text, columnSpec(column).kind);
    const FieldPath at = cellPath(row, column);
    if (!value) {
        Status error(StatusCode::InvalidArgument, at.toString() + ": " + value.status().message());
        error.addCause({"FieldValueInvalid", value.status().message(), at.toString()});
        draft_->setError(error);
        return;
    }
    draft_->setField(at, std::move(*value), this);
}

void FieldTable::addRow() {
    Value field = path_.find(draft_->value()) ? *path_.find(draft_->value()) : Value();
    if (spec_.shape == FieldShape::Map) {
        if (!field.isObject()) field = Value::object();
        std::string key = "key";
        for (int n = 2; field.find(key); ++n) key = "key" + std::to_string(n);
        field.set(key, Value(""));
    } else if (spec_.shape == FieldShape::List) {
        field.push(Value::object());
    } else {
        if (!field.isArray() || field.asArray().empty()) return addGroup();
        Value& last = field.asArray().back();
        Value inner = innerPath_.find(last) ? *innerPath_.find(last) : Value::array();
        inner.push(Value::object());
        innerPath_.set(last, std::move(inner));
    }
    draft_->setField(path_, std::move(field), nullptr);
}

void FieldTable::addGroup() {
    Value field = path_.find(draft_->value()) ? *path_.find(draft_->value()) : Value::array();
    Value term = Value::object();
    Value inner = Value::array();
    inner.push(Value::object());
    innerPath_.set(term, std::move(inner));
    field.push(std::move(term));
    draft_->setField(path_, std::move(field), nullptr);
}

void FieldTable::removeRow(int row) {
    if (row < 0 || row >= table_->rowCount()) return;
    const Value* found = path_.find(draft_->value());
    if (!found) return;
    Value field = *found;
    if (spec_.shape == FieldShape::Map) {
        field.erase(keys_[size_t(row)]);
    } else if (spec_.shape == FieldShape::List) {
        auto& items = field.asArray();
        items.erase(items.begin() + long(rows_[size_t(row)].first));
    } else {
        const auto [i, j] = rows_[size_t(row)];
        auto& terms = field.asArray();
        Value* inner = innerPath_.find(terms[i]) ? const_cast<Value*>(innerPath_.find(terms[i])) : nullptr;
        if (inner && inner->isArray() && j < inner->asArray().size()) inner->asArray().erase(inner->asArray().begin() + long(j));
        if (!inner || inner->asArray().empty()) terms.erase(terms.begin() + long(i));
    }
    const bool empty = (field.isObject() || field.isArray()) && field.size() == 0;
    draft_->setField(path_, empty ? Value() : std::move(field), nullptr);
}

bool FieldTable::mapRowNamed(int row, const std::string& message) const {
    // Errors about a map (labels) name the whole map and quote the bad key or value; one that
    // quotes nothing of this table marks every row.
    const QString quoted = quotedValue(message);
    bool any = false;
    for (int r = 0; r < table_->rowCount(); ++r)
        for (int c = 0; c < 2; ++c)
            if (table_->item(r, c) && table_->item(r, c)->text() == quoted) {
                any = true;
                if (r == row) return true;
            }
    return !any;
}

int FieldTable::showErrors() {
    int found = 0;
    const QColor bad = theme::failure();
    for (int r = 0; r < table_->rowCount(); ++r)
        for (int c = firstDataColumn(); c < table_->columnCount(); ++c) {
            QTableWidgetItem* item = table_->item(r, c);
            if (!item) continue;
            const FieldPath at = cellPath(r, c);
            // A map's key column carries errors about the key; its value column those about the value.
            QStringList messages;
            for (const auto& cause : draft_->causesAt(spec_.shape == FieldShape::Map ? path_ : at)) {
                const FieldPath p = draft_->locate(cause);
                if (spec_.shape == FieldShape::Map && !(p == at || (p == path_ && mapRowNamed(r, cause.message)))) continue;
                messages << QString::fromStdString(cause.message);
            }
            const bool wasRefreshing = refreshing_;
            refreshing_ = true;
            item->setBackground(messages.isEmpty() ? QBrush() : QBrush(QColor(bad.red(), bad.green(), bad.blue(), 70)));
            item->setToolTip(messages.join(QLatin1Char('\n')));
            refreshing_ = wasRefreshing;
            found += messages.isEmpty() ? 0 : 1;
        }
    return found;
}

}  // namespace pilothouse::ui::editor
