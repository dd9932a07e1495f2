// Admission plugins (k8s.io/apiserver/pkg/admission): mutating plugins may change the object,
// validating plugins may only accept or reject it. Plugins carry upstream's names
// ("NamespaceLifecycle", "LimitRanger", "Priority", "DefaultTolerationSeconds", "ResourceQuota").
// A rejection is an API error Status (usually Forbidden; NotFound for a missing namespace).
#pragma once

#include <google/protobuf/message.h>

#include <string>
#include <vector>

#include "api/scheme.h"
#include "apiserver/lister.h"
#include "apiserver/request.h"
#include "sim/phrase.h"
#include "util/status.h"

namespace pilothouse::apiserver::admission {

enum class Operation { Create, Update, Delete };

struct AdmissionAttributes {
    Attributes request;
    Operation operation = Operation::Create;
    const api::ResourceType* type = nullptr;
    google::protobuf::Message* object = nullptr;            // nullptr on Delete
    const google::protobuf::Message* oldObject = nullptr;  // set on Update and Delete
    bool dryRun = false;
};

class Plugin {
public:
    virtual ~Plugin() = default;
    virtual std::string name() const = 0;
    virtual bool handles(Operation op) const = 0;
};

class MutationInterface : public virtual Plugin {
public:
    // May modify attrs.object. `notes` receives one phrase per change made, for the request trace
    // ("set tolerationSeconds=300 for node.kubernetes.io/not-ready:NoExecute").
    virtual Status admit(AdmissionAttributes& attrs, const ObjectLister& lister,
                         std::vector<sim::Phrase>* notes) = 0;
};

class ValidationInterface : public virtual Plugin {
public:
    // `notes` receives what the plugin wants the request trace to say ("quota compute: ...").
    virtual Status validate(const AdmissionAttributes& attrs, const ObjectLister& lister,
                            std::vector<sim::Phrase>* notes) = 0;
};

}  // namespace pilothouse::apiserver::admission
