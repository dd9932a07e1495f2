// Reading Kubernetes manifests as kubectl does: multi-document YAML or JSON, `kind: List` (and any
// `*List` with items) unpacked, each object decoded into its typed message. Problems name the place:
// "pods.yaml: document 2: spec.containers[0].ports[0].containerPort: json: cannot unmarshal ..."
// (documents count from 1; items of a List are "items[i]").
#pragma once

#include <google/protobuf/message.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "api/codec/value.h"
#include "api/scheme.h"
#include "util/status.h"

namespace pilothouse::codec {

struct Manifest {
    std::string source;    // file name (or "-" for standard input)
    int document = 0;      // 1-based document number in the source
    int item = -1;         // index in a List's items, or -1
    std::string apiVersion;
    std::string kind;
    const api::ResourceType* type = nullptr;  // nullptr: a kind the scheme does not know
    std::unique_ptr<google::protobuf::Message> object;  // set when type is known
    Value raw;             // the document as read (null unless kept: see LoadOptions::keepRaw)

    // "pods.yaml: document 2" or "list.yaml: document 1, items[3]".
    std::string location() const;
};

enum class UnknownKinds { Error, Keep };

struct LoadOptions {
    // Error: a kind the scheme does not serve is an error (kubectl's "no matches for kind").
    // Keep: it is returned with type == nullptr so the caller can warn and skip it.
    UnknownKinds unknownKinds = UnknownKinds::Error;
    // Keep every object's document as read in Manifest::raw. When false, only the objects of kinds the
    // scheme does not know keep it (their callers have nothing else); a snapshot of 150,000 pods then
    // exists once, as typed objects.
    bool keepRaw = true;
    // Leave metadata.managedFields out of the decoded objects, as kube-scheduler's informers do to save
    // memory (they are neither read nor checked).
    bool dropManagedFields = false;
    // A large List (kubectl's layout) is read in parts, one thread each (list_parts.h): 0 chooses by
    // its size and the cores; 1 reads it whole; more (for tests) cuts any List into that many.
    int listParts = 0;
    // The apiVersion and kind of a List's items that name none: an API server answers a list
    // (a PodList) with items that carry no apiVersion or kind. Empty: such an item is an error.
    std::string itemApiVersion;
    std::string itemKind;
};

// Warnings (unknown fields, ...) are appended to `warnings`, each prefixed with its location.
// The items of a List are decoded as the reader reaches them: the document is never one tree.
StatusOr<std::vector<Manifest>> loadManifests(std::string_view text, const std::string& source,
                                              std::vector<std::string>* warnings,
                                              const LoadOptions& options = {});
StatusOr<std::vector<Manifest>> loadManifestFile(const std::string& path,
                                                 std::vector<std::string>* warnings,
                                                 const LoadOptions& options = {});

// Decodes one object Value whose apiVersion/kind are known (used by API requests too).
StatusOr<std::unique_ptr<google::protobuf::Message>> decodeObject(
    const Value& value, const api::ResourceType& type, std::vector<std::string>* warnings);

}  // namespace pilothouse::codec
