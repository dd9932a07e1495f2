#include "mainwindow/exports.h"

#include <QAbstractItemModel>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

#include "sim/clock.h"

namespace pilothouse::ui::exports {

namespace {
QString csvField(QString text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')) &&
        !text.contains(QLatin1Char('\r')))
        return text;
    text.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return QLatin1Char('"') + text + QLatin1Char('"');
}
}  // namespace

QByteArray tableCsv(const QAbstractItemModel& model) {
    QString out;
    QStringList fields;
    for (int c = 0; c < model.columnCount(); ++c) fields << csvField(model.headerData(c, Qt::Horizontal).toString());
    out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    for (int r = 0; r < model.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < model.columnCount(); ++c) {
            fields << csvField(model.index(r, c).data(Qt::DisplayRole).toString());
        }
        out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

QByteArray journeyJson(const QString& pod, const std::vector<sim::JourneyRecord>& records) {
    QJsonArray stages;
    const std::string key = pod.toStdString();
    for (const auto& r : records) {
        if (r.pod != key) continue;
        QJsonObject s;
        s[QStringLiteral("stage")] = QString::fromStdString(r.stage.stage);
        s[QStringLiteral("start")] = QString::fromStdString(sim::formatRfc3339Nano(r.stage.start));
        s[QStringLiteral("end")] = QString::fromStdString(sim::formatRfc3339Nano(r.stage.end));
        s[QStringLiteral("seconds")] = std::chrono::duration<double>(r.stage.end - r.stage.start).count();
        s[QStringLiteral("detail")] = QString::fromStdString(r.stage.detail);
        s[QStringLiteral("failed")] = r.stage.failed;
        stages.append(s);
    }
    QJsonObject doc;
    doc[QStringLiteral("pod")] = pod;
    doc[QStringLiteral("stages")] = stages;
    return QJsonDocument(doc).toJson(QJsonDocument::Indented);
}

Status writeFile(const QString& path, const QByteArray& bytes) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
        return Status(StatusCode::PermissionDenied, "cannot write \"" + path.toStdString() + "\": " + f.errorString().toStdString());
    return {};
}

Status writeView(QWidget* view, const QString& path) {
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(view->size());
        svg.setViewBox(QRect(QPoint(0, 0), view->size()));
        svg.setTitle(view->windowTitle().isEmpty() ? view->accessibleName() : view->windowTitle());
        QPainter p;
        if (!p.begin(&svg)) return Status(StatusCode::PermissionDenied, "cannot write \"" + path.toStdString() + "\"");
        view->render(&p);
        p.end();
        QFile check(path);
        if (!check.exists() || check.size() == 0) return Status(StatusCode::PermissionDenied, "cannot write \"" + path.toStdString() + "\"");
        return {};
    }
    if (!view->grab().save(path, "PNG")) return Status(StatusCode::PermissionDenied, "cannot write \"" + path.toStdString() + "\"");
    return {};
}

}  // namespace pilothouse::ui::exports
