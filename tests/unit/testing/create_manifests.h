// Test helper: creates every object of a YAML text through the API server, in order, as
// `kubectl create -f` would. A test's own manifests must be valid, so a problem ends the test run
// with its message.
#pragma once

#include <QtGlobal>

#include <memory>
#include <string>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "apiserver/server.h"

namespace pilothouse::testing {

inline void createManifests(apiserver::APIServer& server, const std::string& yaml, const std::string& token = "") {
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(yaml, "test.yaml", &warnings);
    if (!manifests) qFatal("%s", manifests.status().message().c_str());
    for (auto& m : *manifests) {
        apiserver::Request r;
        r.verb = "create";
        r.type = m.type;
        r.namespace_ = api::metadata(*m.object).namespace_();
        r.token = token;
        r.body = std::shared_ptr<google::protobuf::Message>(std::move(m.object));
        auto resp = server.handle(r);
        if (!resp.ok()) qFatal("%s", resp.status.message().c_str());
    }
}

}  // namespace pilothouse::testing
