#include "client/control_plane_client.h"

#include "api/scheme.h"
#include "authentication_v1.pb.h"
#include "scheduler/apis/config/load.h"

namespace pilothouse::ui {

StatusOr<apiserver::Request> toApiServerRequest(const ApiRequest& request) {
    apiserver::Request r;
    r.verb = request.verb.toStdString();
    r.type = api::Scheme::instance().byName(request.resource.toStdString());
    if (!r.type)
        return Status(StatusCode::NotFound, "the server doesn't have a resource type \"" + request.resource.toStdString() + "\"");
    r.namespace_ = request.namespace_.toStdString();
    r.name = request.name.toStdString();
    r.subresource = request.subresource.toStdString();
    r.body = request.body;  // read-only on both sides: shared, not copied
    r.patch = request.patch;
    r.patchType = apiserver::PatchType::Merge;
    r.dryRun = request.dryRun;
    r.propagationPolicy = request.propagationPolicy.toStdString();
    r.gracePeriodSeconds = request.gracePeriodSeconds;
    return r;
}

ApiResult toApiResult(apiserver::Response response) {
    ApiResult result;
    result.status = std::move(response.status);
    result.object = std::move(response.object);
    for (const auto& w : response.warnings) result.warnings << QString::fromStdString(w);
    return result;
}

void ControlPlaneClient::askUserName() {
    ApiRequest request;
    request.verb = QStringLiteral("create");
    request.resource = QStringLiteral("selfsubjectreviews");
    request.body = std::make_shared<k8s::io::api::authentication::v1::SelfSubjectReview>();
    send(request, this, [this](const ApiResult& r) {
        const auto* review = dynamic_cast<const k8s::io::api::authentication::v1::SelfSubjectReview*>(r.object.get());
        if (!r.ok() || !review) return;
        const QString name = QString::fromStdString(review->status().user_info().username());
        if (name == userName_) return;
        userName_ = name;
        emit userNameChanged(name);
    });
}

scheduler::config::KubeSchedulerConfiguration ControlPlaneClient::schedulerConfigurationAt(qint64) const {
    return scheduler::config::defaultConfiguration();
}

}  // namespace pilothouse::ui
