#include "charts/chart_catalog.h"

#include <QCoreApplication>

#include "theme/theme.h"

namespace pilothouse::ui {

namespace {
// Translated in the "ChartCatalog" context (Text::tr, which lupdate reads).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ChartCatalog)
};
}  // namespace

QColor ChartLine::qcolor() const {
    switch (color) {
    case Color::Accent: return theme::accent();
    case Color::Muted: return theme::mutedText();
    case Color::Pending: return theme::phaseColor(QStringLiteral("Pending"));
    case Color::Running: return theme::phaseColor(QStringLiteral("Running"));
    case Color::Warning: return theme::warning();
    case Color::Failure: return theme::failure();
    }
    return theme::text();
}

std::vector<ChartSpec> chartCatalog() {
    using C = ChartLine::Color;
    constexpr double kGiB = 1.0 / (1024.0 * 1024.0 * 1024.0);
    auto quantiles = [](const char* metric) {
        const QString m = QString::fromLatin1(metric);
        return std::vector<ChartLine>{
            {m + QStringLiteral("{quantile=\"0.5\"}"), Text::tr("p50"), C::Accent, false, 3},
            {m + QStringLiteral("{quantile=\"0.9\"}"), Text::tr("p90"), C::Warning, false, 2.5},
            {m + QStringLiteral("{quantile=\"0.99\"}"), Text::tr("p99"), C::Failure, true, 2.5},
        };
    };
    return {
        {Text::tr("CPU: requested vs allocatable"),
         QStringLiteral("kube_pod_container_resource_requests · kube_node_status_allocatable"),
         Text::tr("cores"),
         1,
         {{QStringLiteral("kube_node_status_allocatable{resource=\"cpu\",unit=\"core\"}"), Text::tr("allocatable"), C::Muted, true, 2.5},
          {QStringLiteral("kube_pod_container_resource_requests{resource=\"cpu\",unit=\"core\"}"), Text::tr("requested"), C::Accent, false, 3}}},
        {Text::tr("Memory: requested vs allocatable"),
         QStringLiteral("kube_pod_container_resource_requests · kube_node_status_allocatable"),
         Text::tr("GiB"),
         1,
         {{QStringLiteral("kube_node_status_allocatable{resource=\"memory\",unit=\"byte\"}"), Text::tr("allocatable"), C::Muted, true, 2.5, kGiB},
          {QStringLiteral("kube_pod_container_resource_requests{resource=\"memory\",unit=\"byte\"}"), Text::tr("requested"), C::Accent, false, 3, kGiB}}},
        {Text::tr("Pending pods and the scheduling queue"),
         QStringLiteral("pods{phase=\"Pending\"} · scheduler_pending_pods{queue}"),
         Text::tr("pods"),
         0,
         {{QStringLiteral("pods{phase=\"Pending\"}"), Text::tr("Pending pods"), C::Pending, false, 3.5},
          {QStringLiteral("scheduler_pending_pods{queue=\"active\"}"), Text::tr("active"), C::Accent, false, 2.5},
          {QStringLiteral("scheduler_pending_pods{queue=\"backoff\"}"), Text::tr("backoff"), C::Muted, true, 2.5},
          {QStringLiteral("scheduler_pending_pods{queue=\"unschedulable\"}"), Text::tr("unschedulable"), C::Failure, false, 2.5}}},
        {Text::tr("Scheduling latency: queue to scheduled"),
         Text::tr("%1, last minute").arg(QStringLiteral("scheduler_pod_scheduling_sli_duration_seconds")),
         Text::tr("seconds"),
         1,
         quantiles("scheduler_pod_scheduling_sli_duration_seconds")},
        {Text::tr("Pod startup latency: created to running"),
         Text::tr("%1 (image pulls excluded), last minute").arg(QStringLiteral("kubelet_pod_start_sli_duration_seconds")),
         Text::tr("seconds"),
         1,
         quantiles("kubelet_pod_start_sli_duration_seconds")},
        {Text::tr("Scheduling attempts by result"),
         QStringLiteral("scheduler_schedule_attempts_total{result}"),
         Text::tr("attempts"),
         0,
         {{QStringLiteral("scheduler_schedule_attempts_total{result=\"scheduled\"}"), Text::tr("scheduled"), C::Running, false, 3},
          {QStringLiteral("scheduler_schedule_attempts_total{result=\"unschedulable\"}"), Text::tr("unschedulable"), C::Warning, false, 2.5},
          {QStringLiteral("scheduler_schedule_attempts_total{result=\"error\"}"), Text::tr("error"), C::Failure, true, 2.5}}},
    };
}

}  // namespace pilothouse::ui
