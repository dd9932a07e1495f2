#include "client/in_process_client.h"

#include <QMetaObject>

#include "api/scheme.h"

namespace pilothouse::ui {

InProcessClient::InProcessClient(controlplane::ControlPlane& controlPlane, QObject* parent)
    : ControlPlaneClient(parent), controlPlane_(controlPlane) {
    qRegisterMetaType<ObjectPtr>();
    qRegisterMetaType<ObjectEvent>();
    qRegisterMetaType<QVector<ObjectPtr>>();
}

InProcessClient::~InProcessClient() {
    stopping_ = true;
    for (auto& t : threads_) t->wait();
}

qint64 InProcessClient::nowNanos() const { return controlPlane_.clock().nowUnixNanos(); }

void InProcessClient::watchResource(const QString& resource) {
    std::unique_ptr<QThread> thread(QThread::create([this, resource] { runInformer(resource); }));
    thread->setObjectName(QStringLiteral("informer-") + resource);
    thread->start();
    threads_.push_back(std::move(thread));
}

void InProcessClient::runInformer(const QString& resource) {
    const api::ResourceType* type = api::Scheme::instance().byName(resource.toStdString());
    if (!type) {
        QMetaObject::invokeMethod(this, [this, resource] {
            emit errorOccurred(tr("Unknown resource type \"%1\"").arg(resource));
        });
        return;
    }
    auto& server = controlPlane_.apiServer();
    while (!stopping_) {
        // List, then watch from the list's revision; start over when the watch ends.
        apiserver::Request list;
        list.verb = "list";
        list.token = controlPlane_.loopbackToken();
        list.type = type;
        auto listed = server.handle(list);
        if (!listed.ok()) {
            const QString message = QString::fromStdString(listed.status.message());
            QMetaObject::invokeMethod(this, [this, message] { emit errorOccurred(message); });
            QThread::msleep(500);
            continue;
        }
        QVector<ObjectPtr> objects;
        for (auto& o : listed.items) objects.push_back(ObjectPtr(std::move(o)));
        const qint64 revision = listed.listRevision;
        QMetaObject::invokeMethod(this, [this, resource, objects, revision] {
            emit objectsListed(resource, objects, revision);
        });
        apiserver::Request watch;
        watch.verb = "watch";
        watch.token = controlPlane_.loopbackToken();
        watch.type = type;
        watch.resourceVersion = revision;
        auto stream = server.watch(watch);
        if (!stream) continue;
        while (!stopping_) {
            auto events = (*stream)->next(std::chrono::milliseconds(100));
            if (!events) break;  // expired or too slow: re-list
            for (auto& e : *events) {
                ObjectEvent ev;
                ev.type = e.type == store::EventType::Added      ? ObjectEvent::Type::Added
                          : e.type == store::EventType::Modified ? ObjectEvent::Type::Modified
                                                                 : ObjectEvent::Type::Deleted;
                ev.object = ObjectPtr(std::move(e.object));
                ev.revision = e.revision;
                QMetaObject::invokeMethod(this, [this, resource, ev] { emit objectChanged(resource, ev); });
            }
        }
    }
}

}  // namespace pilothouse::ui
