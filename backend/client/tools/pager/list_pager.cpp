#include "client/tools/pager/list_pager.h"

#include <cctype>

#include "api/codec/json.h"

namespace pilothouse::client::pager {

std::string collectionPath(const api::ResourceType& type, const std::string& namespace_) {
    std::string path = type.group.empty() ? "/api/v1" : "/apis/" + type.group + "/" + type.version;
    if (!namespace_.empty() && type.namespaced) path += "/namespaces/" + namespace_;
    return path + "/" + type.resource;
}

namespace {

// The list's metadata (resourceVersion, continue). An API server writes kind, apiVersion and
// metadata before the items: only that head is parsed again (the whole answer when it is laid
// out otherwise).
StatusOr<codec::Value> listHead(const std::string& body) {
    if (size_t items = body.find("\"items\":"); items != std::string::npos) {
        std::string text = body.substr(0, items);
        while (!text.empty() && (text.back() == ',' || std::isspace(static_cast<unsigned char>(text.back())))) text.pop_back();
        if (auto head = codec::parseJson(text + "}")) return head;
    }
    return codec::parseJson(body);
}

std::string stringAt(const codec::Value& v, const char* a, const char* b) {
    const codec::Value* x = v.find(a);
    if (!x) return {};
    x = x->find(b);
    return x && x->isString() ? x->asString() : std::string();
}

}  // namespace

StatusOr<ListResult> listAll(rest::RESTClient& client, const api::ResourceType& type, const ListOptions& options,
                             std::vector<std::string>* warnings) {
    codec::LoadOptions load;
    load.unknownKinds = codec::UnknownKinds::Error;
    load.keepRaw = false;
    load.dropManagedFields = true;
    load.itemApiVersion = type.apiVersion();
    load.itemKind = type.kind;
    ListResult out;
    std::string continueToken;
    bool paged = options.pageSize > 0;
    while (true) {
        rest::Request request;
        request.path = collectionPath(type, options.namespace_);
        if (paged) request.query.emplace_back("limit", std::to_string(options.pageSize));
        if (!continueToken.empty()) request.query.emplace_back("continue", continueToken);
        auto response = client.send(request);
        if (!response) return response.status();
        if (response->status == 410 && !continueToken.empty()) {
            // The continue token expired: the kind again, whole.
            out.items.clear();
            continueToken.clear();
            paged = false;
            continue;
        }
        if (response->status != 200) return Status(rest::codeOfHttpStatus(response->status), rest::errorMessage(*response));
        const std::string source = "GET " + client.url(request);
        auto page = codec::loadManifests(response->body, source, warnings, load);
        if (!page) return page.status();
        for (auto& m : *page) out.items.push_back(std::move(m));
        auto head = listHead(response->body);
        if (!head) return head.status().withContext(source + ": ");
        // Each page's resourceVersion is the first page's (the list is one consistent read).
        if (out.resourceVersion.empty()) out.resourceVersion = stringAt(*head, "metadata", "resourceVersion");
        continueToken = paged ? stringAt(*head, "metadata", "continue") : std::string();
        if (continueToken.empty()) return out;
    }
}

}  // namespace pilothouse::client::pager
