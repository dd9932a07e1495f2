#include "apply/apply_runner.h"

namespace pilothouse::ui::apply {

ApplyRunner::ApplyRunner(ControlPlaneClient& client, std::vector<kubectl::ApplyObject> objects,
                         kubectl::ApplyMode mode, kubectl::DryRun dryRun, QObject* parent)
    : QObject(parent), client_(client) {
    applies_.reserve(objects.size());
    for (auto& o : objects)
        applies_.push_back(std::make_unique<kubectl::ObjectApply>(std::move(o), mode, dryRun));
}

void ApplyRunner::start() {
    if (running_)
        return;
    running_ = true;
    step();
}

void ApplyRunner::cancel() {
    cancelled_ = true;
    running_ = false;
}

void ApplyRunner::step() {
    if (cancelled_)
        return;
    while (current_ < count()) {
        kubectl::ObjectApply& a = *applies_[size_t(current_)];
        if (const kubectl::ApplyCall* call = a.next()) {
            ApiRequest request;
            request.verb = QString::fromStdString(call->verb);
            request.resource = QString::fromStdString(call->type->resource);
            request.namespace_ = QString::fromStdString(call->namespace_);
            request.name = QString::fromStdString(call->name);
            request.body = call->body;
            request.patch = call->patch;
            request.dryRun = call->dryRun;
            // The answer comes later on the GUI thread (never inside send), and not at all once
            // this runner is gone.
            client_.send(request, this, [this, &a](const ApiResult& result) {
                if (cancelled_)
                    return;
                std::vector<std::string> warnings;
                for (const QString& w : result.warnings) warnings.push_back(w.toStdString());
                a.onResponse(result.status, result.object.get(), warnings);
                step();
            });
            return;
        }
        emit objectFinished(current_++);
    }
    running_ = false;
    emit finished();
}

}  // namespace pilothouse::ui::apply
