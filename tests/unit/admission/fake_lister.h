// An in-memory ObjectLister for admission and authorization tests, filled from YAML manifests
// (multi-document, any kind the scheme serves). Namespaced objects without a namespace are put in
// "default", as kubectl would.
#pragma once

#include <google/protobuf/message.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "api/codec/manifest.h"
#include "api/object.h"
#include "apiserver/lister.h"
#include "util/status.h"

namespace pilothouse::testing {

class FakeLister final : public apiserver::ObjectLister {
public:
    Status load(std::string_view yaml) {
        std::vector<std::string> warnings;
        auto manifests = codec::loadManifests(yaml, "test.yaml", &warnings);
        if (!manifests.isOk()) return manifests.status();
        for (auto& m : *manifests) add(*m.type, std::move(m.object));
        return Status::ok();
    }

    void add(const api::ResourceType& type, std::unique_ptr<google::protobuf::Message> object) {
        auto* meta = api::mutableMetadata(object.get());
        if (type.namespaced && meta->namespace_().empty()) meta->set_namespace_("default");
        if (meta->resource_version().empty()) meta->set_resource_version(std::to_string(++rv_));
        objects_.push_back({&type, std::shared_ptr<google::protobuf::Message>(std::move(object))});
    }

    std::vector<apiserver::ListedObject> list(const api::ResourceType& type, const std::string& ns) const override {
        std::vector<apiserver::ListedObject> out;
        for (const auto& e : objects_) {
            if (!same(*e.type, type)) continue;
            if (!ns.empty() && api::metadata(*e.object).namespace_() != ns) continue;
            out.push_back(e.object);
        }
        return out;
    }

    apiserver::ListedObject get(const api::ResourceType& type, const std::string& ns,
                                const std::string& name) const override {
        for (const auto& e : objects_) {
            if (!same(*e.type, type)) continue;
            const auto& meta = api::metadata(*e.object);
            if (meta.name() != name || meta.namespace_() != (type.namespaced ? ns : "")) continue;
            return e.object;
        }
        return nullptr;
    }

    size_t size() const { return objects_.size(); }

private:
    static bool same(const api::ResourceType& a, const api::ResourceType& b) {
        return a.group == b.group && a.kind == b.kind;
    }
    struct Entry {
        const api::ResourceType* type;
        std::shared_ptr<google::protobuf::Message> object;
    };
    std::vector<Entry> objects_;
    int rv_ = 0;
};

// The first manifest of a YAML text as a typed object (for request bodies).
template <typename T>
StatusOr<std::unique_ptr<T>> decodeOne(std::string_view yaml) {
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifests(yaml, "object.yaml", &warnings);
    if (!manifests.isOk()) return manifests.status();
    if (manifests->empty()) return Status(StatusCode::InvalidArgument, "no object");
    auto& m = manifests->front();
    auto* typed = dynamic_cast<T*>(m.object.get());
    if (!typed) return Status(StatusCode::InvalidArgument, "object is not " + T::descriptor()->full_name());
    m.object.release();
    return std::unique_ptr<T>(typed);
}

}  // namespace pilothouse::testing
