#include "models/timeline.h"

#include <algorithm>

namespace pilothouse::ui {

void Timeline::setPresent(qint64 epochNanos, qint64 nowNanos) {
    if (epochNanos == epoch_ && nowNanos == now_) return;
    epoch_ = epochNanos;
    now_ = std::max(nowNanos, epochNanos);
    if (!live_ && view_ > now_) view_ = now_;
    emit presentChanged();
    if (live_) emit viewChanged();
}

void Timeline::setView(qint64 nanos) {
    nanos = std::clamp(nanos, epoch_, now_);
    if (nanos >= now_) return goLive();
    if (!live_ && nanos == view_) return;
    live_ = false;
    view_ = nanos;
    emit viewChanged();
}

void Timeline::goLive() {
    if (live_) return;
    live_ = true;
    emit viewChanged();
}

}  // namespace pilothouse::ui
