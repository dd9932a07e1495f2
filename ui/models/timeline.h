// What moment the views show. Live, they follow the simulation's present; dragging the timeline
// back puts them at a past moment (each view then reads the cluster as it was: the store at the
// revision of that moment, the journeys and metrics recorded up to it). Times are virtual, in
// Unix nanoseconds, between the simulation's start (epoch) and its present (now).
#pragma once

#include <QObject>

namespace pilothouse::ui {

class Timeline final : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    qint64 epochNanos() const { return epoch_; }
    qint64 nowNanos() const { return now_; }
    bool live() const { return live_; }
    // The moment shown: now when live.
    qint64 viewNanos() const { return live_ ? now_ : view_; }
    // Seconds of virtual time since the start, of the moment shown.
    double viewSeconds() const { return double(viewNanos() - epoch_) / 1e9; }

    // The simulation moved (or was replaced: a rewind moves now back). Emits presentChanged, and
    // viewChanged when live.
    void setPresent(qint64 epochNanos, qint64 nowNanos);
    // Shows a past moment (clamped to [epoch, now]); at now it is live again.
    void setView(qint64 nanos);
    void goLive();

signals:
    void presentChanged();
    void viewChanged();

private:
    qint64 epoch_ = 0;
    qint64 now_ = 0;
    qint64 view_ = 0;
    bool live_ = true;
};

}  // namespace pilothouse::ui
