#include "clusterview/tooltip_text.h"

#include <QCoreApplication>

#include <memory>
#include <vector>

#include "api/scheme.h"
#include "clusterview/pending_lane.h"
#include "clusterview/resource_text.h"
#include "kubectl/table_printer.h"

namespace pilothouse::ui::clusterview {

namespace core = k8s::io::api::core::v1;

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ClusterView)
};

QString esc(const QString& s) { return s.toHtmlEscaped(); }
QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString row(const QString& label, const QString& value) {
    return QStringLiteral("<tr><td style='padding-right:12px'><i>%1</i></td><td>%2</td></tr>").arg(label, value);
}

QString usage(const QString& used, const QString& total, double ratio) {
    return Text::tr("%1 of %2 (%3)").arg(used, total, percentText(ratio));
}
}  // namespace

QString nodeToolTip(const ClusterViewModel::Node& node, const core::Node* object) {
    const NodeSummary& n = node.summary;
    QString status = readinessName(n.readiness);
    if (n.unschedulable) status += QStringLiteral(",SchedulingDisabled");
    QString html = QStringLiteral("<b>%1</b><table>").arg(esc(n.name));
    html += row(Text::tr("STATUS"), esc(status));
    if (object) {
        for (const auto& c : object->status().conditions()) {
            if (c.type() != "Ready") continue;
            html += row(Text::tr("Ready"), esc(QStringLiteral("%1 (%2) %3").arg(QString::fromStdString(c.status()),
                                                                              QString::fromStdString(c.reason()),
                                                                              QString::fromStdString(c.message()))));
        }
    }
    html += row(Text::tr("Taints"), n.taints.isEmpty() ? Text::tr("&lt;none&gt;") : esc(n.taints.join(QStringLiteral(", "))));
    if (object) {
        QStringList labels;
        for (const auto& [k, v] : object->metadata().labels())
            labels.push_back(esc(QString::fromStdString(k) + QLatin1Char('=') + QString::fromStdString(v)));
        labels.sort();
        html += row(Text::tr("Labels"), labels.isEmpty() ? Text::tr("&lt;none&gt;") : labels.join(QStringLiteral("<br>")));
    }
    html += row(Text::tr("cpu requested"), usage(cpuText(node.cpuRequestedMilli), cpuText(n.cpuAllocatableMilli), node.cpuRatio()));
    html += row(Text::tr("memory requested"),
                usage(memoryText(node.memoryRequestedBytes), memoryText(n.memoryAllocatableBytes), node.memoryRatio()));
    html += row(Text::tr("pods"), usage(QString::number(node.podsHoldingResources), QString::number(n.podsAllocatable), node.podsRatio()));
    if (node.pods.size() != size_t(node.podsHoldingResources))
        html += row(Text::tr("finished pods"), QString::number(qint64(node.pods.size()) - node.podsHoldingResources));
    html += QStringLiteral("</table>");
    return html;
}

QString podToolTip(const ClusterViewModel::Pod& pod, const core::Pod* object) {
    const PodSummary& s = pod.summary;
    QString html = QStringLiteral("<b>%1</b><table>").arg(esc(s.key));
    html += row(Text::tr("Node"), s.nodeName.isEmpty() ? Text::tr("&lt;none&gt;") : esc(s.nodeName));
    html += row(Text::tr("Phase"), esc(phaseName(s.phase)));
    if (object) {
        // kubectl get pods' own columns for this pod (AGE left out: the view has no clock).
        std::vector<std::unique_ptr<google::protobuf::Message>> one;
        one.push_back(std::make_unique<core::Pod>(*object));
        if (const api::ResourceType* type = api::Scheme::instance().byName("pods")) {
            const auto table = kubectl::buildTable(*type, one, kubectl::Columns::Default, false, 0);
            for (size_t c = 0; c < table.headers.size() && !table.rows.empty(); ++c) {
                const std::string& h = table.headers[c];
                if (h == "READY" || h == "STATUS" || h == "RESTARTS") html += row(esc(h), esc(table.rows[0][c]));
            }
        }
    }
    html += row(Text::tr("Requests"), Text::tr("cpu %1, memory %2").arg(cpuText(s.cpuRequestMilli), memoryText(s.memoryRequestBytes)));
    if (object) {
        for (const auto& o : object->metadata().owner_references())
            html += row(Text::tr("Controlled by"), esc(o.kind() + "/" + o.name()));
        if (!object->spec().priority_class_name().empty())
            html += row(Text::tr("Priority class"), esc(object->spec().priority_class_name()));
        if (!object->status().qos_class().empty()) html += row(Text::tr("QoS class"), esc(object->status().qos_class()));
    }
    if (!s.schedulingReason.isEmpty()) html += row(Text::tr("PodScheduled"), esc(pendingDetail(s)));
    html += QStringLiteral("</table>");
    return html;
}

}  // namespace pilothouse::ui::clusterview
