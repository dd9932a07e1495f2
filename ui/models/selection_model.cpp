#include "models/selection_model.h"

namespace pilothouse::ui {

ObjectRef ObjectRef::pod(const QString& key) {
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    if (slash < 0) return {QStringLiteral("pods"), QStringLiteral("default"), key};
    return {QStringLiteral("pods"), key.left(slash), key.mid(slash + 1)};
}

ObjectRef ObjectRef::node(const QString& name) { return {QStringLiteral("nodes"), QString(), name}; }

ObjectRef ObjectRef::fromPath(const QString& path) {
    const QStringList parts = path.split(QLatin1Char('/'));
    if (parts.size() == 2) return {parts[0], QString(), parts[1]};
    if (parts.size() == 3) return {parts[0], parts[1], parts[2]};
    return {};
}

void SelectionModel::select(const ObjectRef& ref) {
    if (ref == selected_) return;
    selected_ = ref;
    emit selectionChanged(selected_);
}

}  // namespace pilothouse::ui
