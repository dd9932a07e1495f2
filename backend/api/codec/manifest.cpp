#include "api/codec/manifest.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "api/codec/json.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"

namespace pilothouse::codec {

std::string Manifest::location() const {
    std::string out = source + ": document " + std::to_string(document);
    if (item >= 0) out += ", items[" + std::to_string(item) + "]";
    return out;
}

StatusOr<std::unique_ptr<google::protobuf::Message>> decodeObject(
    const Value& value, const api::ResourceType& type, std::vector<std::string>* warnings) {
    auto object = type.newObject();
    Status st = decodeMessage(value, object.get(), warnings);
    if (!st.isOk()) {
        // kube-apiserver's wording for a body it cannot decode.
        Status wrapped(StatusCode::InvalidArgument,
                       type.kind + " in version \"" + type.version + "\" cannot be handled as a " +
                           type.kind + ": " + st.message());
        for (const auto& c : st.causes()) wrapped.addCause(c);
        return wrapped;
    }
    return object;
}

namespace {

Status placeError(const Manifest& m, const Status& st) {
    Status out(st.code(), m.location() + ": " + st.message());
    for (const auto& c : st.causes()) out.addCause(c);
    return out;
}

Status addObject(const Value& v, const std::string& source, int document, int item,
                 std::vector<Manifest>* out, std::vector<std::string>* warnings,
                 const LoadOptions& options) {
    Manifest m;
    m.source = source;
    m.document = document;
    m.item = item;
    if (!v.isObject()) {
        return Status(StatusCode::InvalidArgument,
                      m.location() + ": expected a Kubernetes object, got " + v.typeName());
    }
    const Value* apiVersion = v.find("apiVersion");
    const Value* kind = v.find("kind");
    std::vector<std::string> missing;
    if (!apiVersion || !apiVersion->isString() || apiVersion->asString().empty())
        missing.push_back("apiVersion not set");
    if (!kind || !kind->isString() || kind->asString().empty()) missing.push_back("kind not set");
    if (!missing.empty()) {
        std::string msg = m.location() + ": error validating data: [";
        for (size_t i = 0; i < missing.size(); ++i) msg += (i ? ", " : "") + missing[i];
        return Status(StatusCode::InvalidArgument, msg + "]");
    }
    m.apiVersion = apiVersion->asString();
    m.kind = kind->asString();
    m.raw = v;
    m.type = api::Scheme::instance().byKind(m.apiVersion, m.kind);
    if (!m.type) {
        if (options.unknownKinds == UnknownKinds::Keep) {
            out->push_back(std::move(m));
            return {};
        }
        std::string name;
        if (const Value* md = v.find("metadata"); md && md->find("name") && md->find("name")->isString())
            name = md->find("name")->asString();
        return Status(StatusCode::NotFound,
                      m.location() + ": resource mapping not found for name: \"" + name +
                          "\": no matches for kind \"" + m.kind + "\" in version \"" +
                          m.apiVersion + "\"");
    }
    std::vector<std::string> local;
    auto object = decodeObject(v, *m.type, &local);
    if (!object) return placeError(m, object.status());
    for (auto& w : local) warnings->push_back(m.location() + ": " + w);
    m.object = std::move(*object);
    out->push_back(std::move(m));
    return {};
}

bool isList(const Value& doc) {
    const Value* kind = doc.find("kind");
    const Value* items = doc.find("items");
    if (!kind || !kind->isString()) return false;
    const std::string& k = kind->asString();
    return k.size() >= 4 && k.compare(k.size() - 4, 4, "List") == 0 && (!items || items->isArray() || items->isNull());
}

}  // namespace

StatusOr<std::vector<Manifest>> loadManifests(std::string_view text, const std::string& source,
                                              std::vector<std::string>* warnings,
                                              const LoadOptions& options) {
    std::vector<std::string> sink;
    if (!warnings) warnings = &sink;
    size_t first = text.find_first_not_of(" \t\r\n");
    std::vector<Value> docs;
    if (first != std::string_view::npos && text[first] == '{') {
        auto v = parseJson(text);
        if (!v) return Status(StatusCode::InvalidArgument, "error parsing " + source + ": " + v.status().message());
        docs.push_back(std::move(*v));
    } else {
        auto parsed = parseYamlDocuments(text);
        if (!parsed)
            return Status(StatusCode::InvalidArgument,
                          "error parsing " + source + ": error converting YAML to JSON: " +
                              parsed.status().message());
        docs = std::move(*parsed);
    }
    std::vector<Manifest> out;
    for (size_t i = 0; i < docs.size(); ++i) {
        const Value& doc = docs[i];
        const int number = int(i) + 1;
        if (doc.isNull()) continue;
        if (doc.isObject() && isList(doc)) {
            const Value* items = doc.find("items");
            if (!items || items->isNull()) continue;
            int index = 0;
            for (const Value& item : items->asArray())
                PH_RETURN_IF_ERROR(addObject(item, source, number, index++, &out, warnings, options));
            continue;
        }
        PH_RETURN_IF_ERROR(addObject(doc, source, number, -1, &out, warnings, options));
    }
    return out;
}

StatusOr<std::vector<Manifest>> loadManifestFile(const std::string& path,
                                                 std::vector<std::string>* warnings,
                                                 const LoadOptions& options) {
    std::stringstream buffer;
    if (path == "-") {
        buffer << std::cin.rdbuf();
    } else {
        std::ifstream in(path, std::ios::binary);
        if (!in) return Status(StatusCode::NotFound, "the path \"" + path + "\" does not exist");
        buffer << in.rdbuf();
        if (in.bad()) return Status(StatusCode::DataLoss, "error reading \"" + path + "\"");
    }
    return loadManifests(buffer.str(), path, warnings, options);
}

}  // namespace pilothouse::codec
