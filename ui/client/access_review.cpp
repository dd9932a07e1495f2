#include "client/access_review.h"

#include <QAction>
#include <QCoreApplication>
#include <QWidget>

#include "api/scheme.h"
#include "apiserver/authorization/authorizer.h"
#include "authorization_v1.pb.h"
#include "client/control_plane_client.h"

namespace pilothouse::ui {

namespace {

const char* const kOwnToolTip = "pilothouseOwnToolTip";
const char* const kShownStatusTip = "pilothouseForbiddenStatusTip";

// The 403's message for the question, as the API server would word it for `user`.
QString forbiddenMessageFor(const AccessQuestion& q, const QString& user, const QString& reason) {
    apiserver::Attributes a;
    a.user.name = user.toStdString();
    a.verb = q.verb.toStdString();
    a.apiGroup = q.group.toStdString();
    a.resource = q.resource.toStdString();
    a.subresource = q.subresource.toStdString();
    a.namespace_ = q.namespace_.toStdString();
    a.name = q.name.toStdString();
    return QString::fromStdString(apiserver::authorization::forbiddenMessage(a, reason.toStdString()));
}

// The API group of a resource the scheme knows ("apps" for deployments, "" for pods).
QString groupOf(const QString& resource) {
    const api::ResourceType* type = api::Scheme::instance().byName(resource.toStdString());
    return type ? QString::fromStdString(type->group) : QString();
}

template <typename T>
void show(T* target, bool enabled, const QString& denied) {
    if (!target) return;
    QVariant own = target->property(kOwnToolTip);
    if (!own.isValid()) {
        own = target->toolTip();
        target->setProperty(kOwnToolTip, own);
    }
    target->setEnabled(enabled && denied.isEmpty());
    if (denied.isEmpty()) {
        target->setToolTip(own.toString());
        // A status tip of its own (the window's "Not connected to …") stays.
        if (target->statusTip() == target->property(kShownStatusTip).toString()) target->setStatusTip(QString());
        return;
    }
    const QString why = forbiddenText(denied);
    target->setToolTip(own.toString().isEmpty() ? why : own.toString() + QLatin1Char('\n') + why);
    target->setStatusTip(why);
    target->setProperty(kShownStatusTip, why);
}

}  // namespace

QString forbiddenText(const QString& denied) {
    return QCoreApplication::translate("AccessReview", "Forbidden: %1").arg(denied);
}

AccessQuestion question(Action action, const QString& resource, const QString& namespace_) {
    // One row per action: what kube-apiserver (or the Simulation service) authorizes it as.
    switch (action) {
    case Action::ChangeSimulation:
        return {QStringLiteral("update"), QStringLiteral("pilothouse.io"), QStringLiteral("simulations"), {}, {},
                QStringLiteral("default")};
    case Action::PatchObject: return {QStringLiteral("patch"), groupOf(resource), resource, {}, namespace_, {}};
    case Action::CreateObject: return {QStringLiteral("create"), groupOf(resource), resource, {}, namespace_, {}};
    case Action::DeleteObject: return {QStringLiteral("delete"), groupOf(resource), resource, {}, namespace_, {}};
    case Action::EvictPod: return {QStringLiteral("create"), {}, QStringLiteral("pods"), QStringLiteral("eviction"), namespace_, {}};
    }
    return {};
}

AccessReview::AccessReview(ControlPlaneClient* client, QObject* parent) : QObject(parent), client_(client) {
    if (!client_->isRemote()) return;
    connect(client_, &ControlPlaneClient::connectionStateChanged, this, [this](ControlPlaneClient::ConnectionState s) {
        if (s == ControlPlaneClient::ConnectionState::Connected) askAgain();
    });
    connect(client_, &ControlPlaneClient::controlPlaneReplaced, this, &AccessReview::askAgain);
    // The reasons name the user.
    connect(client_, &ControlPlaneClient::userNameChanged, this, &AccessReview::changed);
    connect(client_, &ControlPlaneClient::writesOffChanged, this, &AccessReview::changed);
}

QString AccessReview::deniedReason(const AccessQuestion& q) {
    if (!client_->isRemote()) return {};
    // A live cluster read-only until the user turns changes on: said before RBAC is asked.
    if (q.verb != QLatin1String("get") && q.verb != QLatin1String("list") && q.verb != QLatin1String("watch"))
        if (const QString off = client_->writesOffReason(); !off.isEmpty()) return off;
    auto it = answers_.find(q);
    if (it == answers_.end()) {
        answers_[q];
        ask(q);
        return {};
    }
    const Answer& a = it->second;
    if (!a.answered || a.allowed) return {};
    return forbiddenMessageFor(q, client_->userName(), a.reason);
}

bool AccessReview::settled() const {
    for (const auto& [q, a] : answers_)
        if (a.asking) return false;
    return true;
}

void AccessReview::askAgain() {
    ++round_;
    for (auto& [q, a] : answers_) ask(q);
}

void AccessReview::ask(const AccessQuestion& q) {
    namespace authorizationv1 = k8s::io::api::authorization::v1;
    auto review = std::make_shared<authorizationv1::SelfSubjectAccessReview>();
    auto* attrs = review->mutable_spec()->mutable_resource_attributes();
    attrs->set_verb(q.verb.toStdString());
    attrs->set_group(q.group.toStdString());
    attrs->set_resource(q.resource.toStdString());
    attrs->set_subresource(q.subresource.toStdString());
    attrs->set_namespace_(q.namespace_.toStdString());
    attrs->set_name(q.name.toStdString());
    ApiRequest request;
    request.verb = QStringLiteral("create");
    request.resource = QStringLiteral("selfsubjectaccessreviews");
    request.body = review;
    const int round = round_ + 1;  // never 0
    answers_[q].asking = round;
    client_->send(request, this, [this, q, round](const ApiResult& r) {
        auto it = answers_.find(q);
        if (it == answers_.end() || it->second.asking != round) return;  // asked again since
        Answer& a = it->second;
        a.asking = 0;
        const auto* answer = dynamic_cast<const authorizationv1::SelfSubjectAccessReview*>(r.object.get());
        // No answer (the connection dropped, a server without reviews): the action stays offered
        // and the server decides; asked again on the next connection.
        if (!r.ok() || !answer) {
            emit changed();
            return;
        }
        const bool changedAnswer = !a.answered || a.allowed != answer->status().allowed() ||
                                   a.reason != QString::fromStdString(answer->status().reason());
        a.answered = true;
        a.allowed = answer->status().allowed();
        a.reason = QString::fromStdString(answer->status().reason());
        if (changedAnswer || settled()) emit changed();
    });
}

void showPermission(QAction* action, bool enabled, const QString& denied) { show(action, enabled, denied); }
void showPermission(QWidget* widget, bool enabled, const QString& denied) { show(widget, enabled, denied); }

}  // namespace pilothouse::ui
