#include "charts/metrics_history.h"

namespace pilothouse::ui {

namespace {
const QVector<QPointF> kNoPoints;
}  // namespace

MetricsHistory::MetricsHistory(ControlPlaneClient* client, Timeline* timeline, QObject* parent)
    : QObject(parent), client_(client) {
    later_ = new QTimer(this);
    later_->setSingleShot(true);
    connect(later_, &QTimer::timeout, this, &MetricsHistory::read);
    connect(timeline, &Timeline::presentChanged, this, &MetricsHistory::update);
    connect(client_, &ControlPlaneClient::controlPlaneReplaced, this, [this] {
        clear();
        read();
    });
    read();
}

void MetricsHistory::clear() {
    points_.clear();
    lastSample_ = -1;
    interval_ = 0;
    later_->stop();
    emit cleared();
}

void MetricsHistory::update() {
    const double now = double(client_->nowNanos() - client_->epochNanos()) / 1e9;
    // Nothing new can have been sampled before the next interval is due.
    if (interval_ > 0 && now < lastSample_ + interval_) return;
    if (later_->isActive()) return;
    const qint64 since = lastRead_.isValid() ? lastRead_.elapsed() : kMinWallMillis;
    if (since < kMinWallMillis) {
        later_->start(int(kMinWallMillis - since));
        return;
    }
    read();
}

void MetricsHistory::read() {
    lastRead_.start();
    const double epoch = double(client_->epochNanos());
    const auto all = client_->metrics();
    double newest = lastSample_;
    for (const auto& [name, samples] : all) {
        const QString key = QString::fromStdString(name);
        QVector<QPointF>& points = points_[key];
        if (qsizetype(samples.size()) < points.size()) {
            // Fewer samples than before: a different run. Start again.
            clear();
            return read();
        }
        const int first = int(points.size());
        if (size_t(first) == samples.size()) continue;
        points.reserve(qsizetype(samples.size()));
        for (size_t i = size_t(first); i < samples.size(); ++i) {
            const double x = (double(sim::toUnixNanos(samples[i].first)) - epoch) / 1e9;
            points.append(QPointF(x, samples[i].second));
            if (x > newest) {
                if (newest >= 0 && x - newest > 0) interval_ = x - newest;
                newest = x;
            }
        }
        emit appended(key, first);
    }
    lastSample_ = newest;
}

const QVector<QPointF>& MetricsHistory::points(const QString& series) const {
    auto it = points_.constFind(series);
    return it == points_.constEnd() ? kNoPoints : *it;
}

}  // namespace pilothouse::ui
