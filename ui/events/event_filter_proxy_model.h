// The event log's filters over EventTableModel: by type (Normal / Warning), by object (a text
// matched against OBJECT, e.g. "pod/web", or one exact involved object, as the inspector's events
// tab uses it) and by free text (reason, object, message, case-insensitive). Every filter given
// must match. Rows keep the model's order (by last seen).
//
// The filters read fields that never change for an Event (type, reason, involved object,
// message), so the proxy does not re-filter on dataChanged (LAST SEEN changes every second of
// view time on every row); setting a filter re-filters.
#pragma once

#include <QSortFilterProxyModel>

#include <optional>

#include "models/selection_model.h"

namespace pilothouse::ui {

class EventTableModel;

class EventFilterProxyModel final : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit EventFilterProxyModel(QObject* parent = nullptr);

    void setSourceModel(QAbstractItemModel* model) override;

    // "Normal", "Warning", or empty for both.
    void setTypeFilter(const QString& type);
    QString typeFilter() const { return type_; }
    // A part of OBJECT ("pod/web", "web", "node/"); also matches namespace/name. Empty: any.
    void setObjectFilter(const QString& text);
    QString objectFilter() const { return object_; }
    // Only the events about this object (a null ObjectRef: none); std::nullopt: any object.
    void setInvolvedObject(const std::optional<ObjectRef>& ref);
    const std::optional<ObjectRef>& involvedObject() const { return involved_; }
    // Words anywhere in TYPE, REASON, OBJECT or MESSAGE. Empty: any.
    void setTextFilter(const QString& text);
    QString textFilter() const { return text_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    void refilter();

    EventTableModel* events_ = nullptr;
    QString type_;
    QString object_;
    std::optional<ObjectRef> involved_;
    QString involvedKey_;
    QString text_;
};

}  // namespace pilothouse::ui
