#include "editor/value_text.h"

#include <QCoreApplication>
#include <QStringList>

namespace pilothouse::ui::editor {

using codec::Value;

QString toText(const Value* value, ValueKind kind) {
    if (!value || value->isNull()) return {};
    switch (kind) {
    case ValueKind::StringList: {
        if (!value->isArray()) break;
        QStringList parts;
        for (const auto& item : value->asArray()) parts << toText(&item, ValueKind::Text);
        return parts.join(QStringLiteral(", "));
    }
    case ValueKind::LabelMap: {
        if (!value->isObject()) break;
        QStringList parts;
        for (const auto& [k, v] : value->asObject())
            parts << QString::fromStdString(k) + QLatin1Char('=') + toText(&v, ValueKind::Text);
        return parts.join(QStringLiteral(", "));
    }
    default:
        break;
    }
    if (value->isString()) return QString::fromStdString(value->asString());
    if (value->isNumber()) return QString::fromStdString(value->numberText());
    if (value->isBool()) return value->asBool() ? QStringLiteral("true") : QStringLiteral("false");
    return {};
}

StatusOr<Value> fromText(const QString& raw, ValueKind kind) {
    const QString text = raw.trimmed();
    if (text.isEmpty() && kind != ValueKind::Bool) return Value();
    switch (kind) {
    case ValueKind::Text:
    case ValueKind::Choice:
    case ValueKind::Quantity:
        return Value(text.toStdString());
    case ValueKind::Integer: {
        bool ok = false;
        const qlonglong n = text.toLongLong(&ok);
        if (!ok) return Status(StatusCode::InvalidArgument,
                             QCoreApplication::translate("ValueText", "expected a whole number, got \"%1\"").arg(text).toStdString());
        return Value(int64_t(n));
    }
    case ValueKind::IntOrString: {
        bool ok = false;
        const qlonglong n = text.toLongLong(&ok);
        return ok ? Value(int64_t(n)) : Value(text.toStdString());
    }
    case ValueKind::Bool:
        return Value(text == QStringLiteral("true"));
    case ValueKind::StringList: {
        Value list = Value::array();
        for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!part.trimmed().isEmpty()) list.push(Value(part.trimmed().toStdString()));
        return list;
    }
    case ValueKind::LabelMap: {
        Value map = Value::object();
        for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString item = part.trimmed();
            if (item.isEmpty()) continue;
            const qsizetype eq = item.indexOf(QLatin1Char('='));
            if (eq <= 0)
                return Status(StatusCode::InvalidArgument,
                              QCoreApplication::translate("ValueText", "expected key=value pairs separated by commas, got \"%1\"")
                                  .arg(item)
                                  .toStdString());
            map.set(item.left(eq).trimmed().toStdString(), Value(item.mid(eq + 1).trimmed().toStdString()));
        }
        return map;
    }
    }
    return Value();
}

}  // namespace pilothouse::ui::editor
