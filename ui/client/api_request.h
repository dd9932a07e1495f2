// One request to the Kubernetes API of a control plane, as the GUI makes it (an editor's apply, a
// delete, a what-if), and its answer: the same verbs, subresources and options as kube-apiserver's
// REST API, whichever ControlPlaneClient carries it.
#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

#include <google/protobuf/message.h>

#include "api/codec/value.h"
#include "util/status.h"

namespace pilothouse::ui {

using ObjectPtr = std::shared_ptr<const google::protobuf::Message>;

struct ApiRequest {
    QString verb;         // "get", "create", "update", "patch", "delete"
    QString resource;     // kubectl's resource name: "pods", "nodes", "deployments"
    QString namespace_;   // "" for cluster-scoped resources
    QString name;
    QString subresource;  // "", "status", "eviction"
    ObjectPtr body;       // create, update (eviction: a policy/v1 Eviction)
    codec::Value patch;   // patch: a JSON merge patch (metadata.resourceVersion in it is a precondition)
    bool dryRun = false;  // ?dryRun=All: admission and validation run, nothing is stored
    QString propagationPolicy;     // delete: "Background", "Foreground", "Orphan" or "" (the kind's default)
    qint64 gracePeriodSeconds = -1;  // delete: -1 = the object's own
};

struct ApiResult {
    Status status;           // the API error (reason, code, causes with field paths) or OK
    ObjectPtr object;        // the object as stored (or as it would be, on a dry run)
    QStringList warnings;
    bool ok() const { return status.isOk(); }
};

using ApiCallback = std::function<void(const ApiResult&)>;

}  // namespace pilothouse::ui
