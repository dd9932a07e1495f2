#include "explainer/recorded_failure.h"

#include "core_v1.pb.h"
#include "util/rfc3339.h"

namespace pilothouse::ui {

namespace {

qint64 nanos(const std::string& text) {
    if (text.empty()) return 0;
    auto t = rfc3339::parse(text);
    return t ? *t : 0;
}

}  // namespace

std::optional<RecordedFailure> latestFailedScheduling(const QVector<ObjectPtr>& events, const QString& podKey) {
    const qsizetype slash = podKey.indexOf(QLatin1Char('/'));
    if (slash < 0) return std::nullopt;
    const std::string ns = podKey.left(slash).toStdString();
    const std::string name = podKey.mid(slash + 1).toStdString();
    std::optional<RecordedFailure> out;
    for (const auto& o : events) {
        const auto* e = dynamic_cast<const k8s::io::api::core::v1::Event*>(o.get());
        if (!e || e->reason() != "FailedScheduling") continue;
        const auto& ref = e->involved_object();
        if (ref.kind() != "Pod" || ref.namespace_() != ns || ref.name() != name) continue;
        RecordedFailure r;
        r.message = QString::fromStdString(e->message());
        r.lastSeenNanos = std::max({nanos(e->series().last_observed_time()), nanos(e->last_timestamp()), nanos(e->event_time())});
        r.count = e->series().count() > 0 ? e->series().count() : std::max(e->count(), 1);
        if (!out || r.lastSeenNanos >= out->lastSeenNanos) out = r;
    }
    return out;
}

}  // namespace pilothouse::ui
