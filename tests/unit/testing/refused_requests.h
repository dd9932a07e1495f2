// Test helper: what a fake ControlPlaneClient answers to requests (it stores nothing) — each is
// refused, later, on the GUI thread, as a real client answers.
#pragma once

#include <QMetaObject>
#include <QObject>

#include "client/control_plane_client.h"

namespace pilothouse::testing {

inline void refuseRequest(QObject* context, ui::ApiCallback done) {
    ui::ApiResult result;
    result.status = Status(StatusCode::Unimplemented, "the fake client sends no requests");
    QMetaObject::invokeMethod(context, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
}

inline void refuseControl(QObject* context, std::function<void(const Status&)> done) {
    QMetaObject::invokeMethod(
        context, [done = std::move(done)] { done(Status(StatusCode::Unimplemented, "the fake client controls no simulation")); },
        Qt::QueuedConnection);
}

}  // namespace pilothouse::testing
