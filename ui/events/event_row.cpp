#include "events/event_row.h"

#include <QCoreApplication>

#include "api/scheme.h"
#include "util/human_duration.h"
#include "util/rfc3339.h"

namespace pilothouse::ui {

namespace {

qint64 timeOf(const std::string& text) {
    if (text.empty()) return 0;
    auto t = rfc3339::parse(text);
    return t ? qint64(*t) : 0;
}

QString since(qint64 viewNanos, qint64 nanos) {
    if (nanos == 0) return QStringLiteral("<unknown>");
    return QString::fromStdString(util::humanDuration(viewNanos - nanos));
}

}  // namespace

EventRow EventRow::from(const QString& key, const k8s::io::api::core::v1::Event& e) {
    EventRow r;
    r.key = key;
    r.name = QString::fromStdString(e.metadata().name());
    r.type = QString::fromStdString(e.type());
    r.reason = QString::fromStdString(e.reason());
    r.message = QString::fromStdString(e.message()).trimmed();
    const auto& io = e.involved_object();
    r.objectKind = QString::fromStdString(io.kind());
    r.objectNamespace = QString::fromStdString(io.namespace_());
    r.objectName = QString::fromStdString(io.name());
    r.objectText = r.objectName.isEmpty() ? r.objectKind.toLower() : r.objectKind.toLower() + QLatin1Char('/') + r.objectName;
    const ObjectRef involved = r.involvedObject();
    if (!involved.isNull()) r.objectKey = involved.resource + QLatin1Char('|') + involved.key();
    r.source = QString::fromStdString(e.source().component().empty() ? e.reporting_component() : e.source().component());
    r.firstSeenNanos = timeOf(e.first_timestamp());
    if (r.firstSeenNanos == 0) r.firstSeenNanos = timeOf(e.event_time());
    r.lastSeenNanos = timeOf(e.last_timestamp());
    if (r.lastSeenNanos == 0) r.lastSeenNanos = r.firstSeenNanos;
    r.count = e.count();
    if (e.has_series()) {
        if (qint64 last = timeOf(e.series().last_observed_time())) r.lastSeenNanos = last;
        r.count = e.series().count();
    }
    if (r.count <= 0) r.count = 1;
    return r;
}

QString EventRow::lastSeenText(qint64 viewNanos) const {
    const QString last = since(viewNanos, lastSeenNanos);
    if (count <= 1) return last;
    //: kubectl events' interval: last seen, count, since first seen ("45s (x5 over 3m)").
    return QCoreApplication::translate("EventRow", "%1 (x%2 over %3)").arg(last).arg(count).arg(since(viewNanos, firstSeenNanos));
}

ObjectRef EventRow::involvedObject() const {
    const api::ResourceType* type = api::Scheme::instance().byKindOnly(objectKind.toStdString());
    if (!type || objectName.isEmpty()) return {};
    return {QString::fromStdString(type->resource), type->namespaced ? objectNamespace : QString(), objectName};
}

}  // namespace pilothouse::ui
