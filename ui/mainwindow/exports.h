// What File > Export writes: the event log as CSV (the columns and rows the log shows, RFC 4180
// quoting), a pod's journey as JSON (every stage with its start, end, duration and detail), and
// a view as PNG or SVG (drawn again at its size into the file, not a screen capture of the
// window).
#pragma once

#include <QByteArray>
#include <QString>

#include <string>
#include <vector>

#include "sim/journey.h"
#include "util/status.h"

class QAbstractItemModel;
class QWidget;

namespace pilothouse::ui::exports {

QByteArray tableCsv(const QAbstractItemModel& model);
// {"pod": "default/web", "stages": [{"stage", "start", "end" (RFC 3339, ns), "seconds", "detail",
// "failed"}]}, the stages in the order they were recorded.
QByteArray journeyJson(const QString& pod, const std::vector<sim::JourneyRecord>& records);
// PNG or SVG by the file's extension.
Status writeView(QWidget* view, const QString& path);
Status writeFile(const QString& path, const QByteArray& bytes);

}  // namespace pilothouse::ui::exports
