#include "events/event_filter_proxy_model.h"

#include "events/event_table_model.h"

namespace pilothouse::ui {

EventFilterProxyModel::EventFilterProxyModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setDynamicSortFilter(false);
}

void EventFilterProxyModel::setSourceModel(QAbstractItemModel* model) {
    events_ = qobject_cast<EventTableModel*>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

void EventFilterProxyModel::refilter() {
    // One layout change for the whole view: removing and inserting the rows range by range costs
    // a view of 100,000 rows far more.
    invalidate();
}

void EventFilterProxyModel::setTypeFilter(const QString& type) {
    if (type == type_) return;
    type_ = type;
    refilter();
}

void EventFilterProxyModel::setObjectFilter(const QString& text) {
    const QString t = text.trimmed();
    if (t == object_) return;
    object_ = t;
    refilter();
}

void EventFilterProxyModel::setInvolvedObject(const std::optional<ObjectRef>& ref) {
    if (ref == involved_) return;
    involved_ = ref;
    involvedKey_ = ref && !ref->isNull() ? EventTableModel::objectKey(*ref) : QString();
    refilter();
}

void EventFilterProxyModel::setTextFilter(const QString& text) {
    const QString t = text.trimmed();
    if (t == text_) return;
    text_ = t;
    refilter();
}

bool EventFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (!events_ || sourceParent.isValid()) return true;
    const EventRow& e = events_->eventAt(sourceRow);
    if (!type_.isEmpty() && e.type.compare(type_, Qt::CaseInsensitive) != 0) return false;
    if (involved_ && (involved_->isNull() || e.objectKey != involvedKey_)) return false;
    if (!object_.isEmpty()) {
        const QString namespaced = e.objectNamespace + QLatin1Char('/') + e.objectName;
        if (!e.objectText.contains(object_, Qt::CaseInsensitive) && !namespaced.contains(object_, Qt::CaseInsensitive))
            return false;
    }
    if (!text_.isEmpty()) {
        for (const QString& word : text_.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (!e.type.contains(word, Qt::CaseInsensitive) && !e.reason.contains(word, Qt::CaseInsensitive) &&
                !e.objectText.contains(word, Qt::CaseInsensitive) && !e.message.contains(word, Qt::CaseInsensitive))
                return false;
        }
    }
    return true;
}

}  // namespace pilothouse::ui
