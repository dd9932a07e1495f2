// kubectl apply (client-side apply) and the MERGED side of kubectl diff, as kubectl v1.28 does them
// (staging/src/k8s.io/kubectl/pkg/cmd/apply/{apply,patcher}.go, pkg/cmd/diff/diff.go), as data and
// without any transport: pilothousectl drives it against its API server, the GUI's Apply YAML
// dialog through its asynchronous client.
//
//   readObjects      the input, document by document, as kubectl's resource builder reads it: a
//                    YAML syntax error ends the stream (earlier documents still apply), any other
//                    problem fails only its own document; namespaced objects without a namespace
//                    get the default one; each object carries its last-applied-configuration.
//   ObjectApply      the requests for one object, one at a time (next(), onResponse()):
//                      get ── NotFound ──> create                          "pod/web created"
//                          └─ found ─────> three-way patch ── {} ──> none   "pod/web unchanged"
//                                                         └─ else ─> patch  "pod/web configured"
//                    with kubectl's errors ("error when creating "STDIN": ..."), its warnings, and
//                    the live and merged objects kubectl diff compares.
//   threeWayMergePatch  kubectl's three-way merge of the last applied configuration (original),
//                    the manifest (modified) and the live object (current).
//
// Patches go to the API server as JSON merge patches (it takes no strategic merge patch). Where
// kubectl's strategic merge patch merges a list by its key (containers, env, volumes, ports,
// volumeMounts, ... by name, containerPort, port, mountPath, ...), the list is merged here the same
// way and sent whole, so that fields the API server defaulted in its items do not count as changes
// and items someone else added are kept. Other lists are replaced, as in both patch types.
#pragma once

#include <google/protobuf/message.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "api/codec/value.h"
#include "api/scheme.h"
#include "util/status.h"

namespace pilothouse::apiserver {
struct Request;
}  // namespace pilothouse::apiserver

namespace pilothouse::kubectl {

inline constexpr const char* kLastAppliedConfigAnnotation =
    "kubectl.kubernetes.io/last-applied-configuration";

// --dry-run=none|client|server.
enum class DryRun { None, Client, Server };

struct ApplyOptions {
    // What kubectl's errors name as the source: `error when creating "STDIN": ...` ("STDIN" for -f
    // -).
    std::string source = "STDIN";
    // The namespace of namespaced objects that name none (kubeconfig's namespace, or -n).
    std::string namespace_ = "default";
    // -n was given: an object naming another namespace is an error (kubectl's EnforceNamespace).
    bool enforceNamespace = false;
};

// One object of the input as kubectl prepares it, or why it could not be read.
struct ApplyObject {
    int document = 0;    // 1-based document number in the text (empty documents count)
    int item = -1;       // index in a List's items, or -1
    int line = 0;        // 1-based line of the text where the object (or its problem) is
    std::string source;  // ApplyOptions::source
    const api::ResourceType* type = nullptr;
    std::string name;
    std::string generateName;
    std::string namespace_;  // "" for cluster-scoped objects
    // The manifest as read, its namespace set: what kubectl diff creates for a new object.
    codec::Value local;
    // `local` with metadata.annotations (possibly {}) holding the last-applied-configuration: what
    // kubectl apply creates, and the "modified" side of its patch.
    codec::Value modified;
    std::string lastApplied;  // the annotation's value: `local` as compact JSON, keys sorted, "\n"
    std::shared_ptr<const google::protobuf::Message> localObject;     // `local` decoded
    std::shared_ptr<const google::protobuf::Message> modifiedObject;  // `modified` decoded
    std::vector<std::string> warnings;                                // unknown fields, ...
    // Why it cannot be applied, e.g. "error parsing STDIN: error converting YAML to JSON: yaml:
    // line 3: ..." (a field's problem carries the field as a cause); OK when it can.
    Status error;
    int lineOffset = 0;  // line of the text where this object's document starts, minus one

    bool ok() const { return error.isOk(); }
    // "document 3", "document 1, items[2]".
    std::string location() const;
    // kubectl's name printer: "pod/web", "deployment.apps/web".
    std::string displayName() const;
    // resource.Info's String(): `Resource: "apps/v1, Resource=deployments", GroupVersionKind:
    // "apps/v1, Kind=Deployment"` and `Name: "web", Namespace: "default"` on the next line.
    std::string infoString() const;
    // kubectl diff's file name for the object: "apps.v1.Deployment.default.web", "v1.Node..node-a".
    std::string diffName() const;
    // The line of the text where a field ("spec.containers[0].image") is, or the line of the
    // deepest part of it the manifest has; `line` when it has none of it.
    int lineOf(std::string_view fieldPath) const;
};

// Every object of a (multi-document) YAML or JSON text, in order. Problems are objects with an
// error; a YAML syntax error is the last one (kubectl reads no further).
std::vector<ApplyObject> readObjects(std::string_view text, const ApplyOptions& options = {});

// kubectl's three-way merge: the merge patch that makes `current` what `modified` says, deleting
// what `original` (the last applied configuration; null when there is none) set and `modified` no
// longer does, leaving what only `current` has. An empty object when nothing is to change.
codec::Value threeWayMergePatch(const codec::Value& original, const codec::Value& modified,
                                const codec::Value& current);

// Apply: kubectl apply. Diff: the MERGED side of kubectl diff — a server dry run of the manifest
// without the annotation, the patch conditioned on the live object's resourceVersion.
enum class ApplyMode { Apply, Diff };

// What kubectl printed for an object.
enum class ApplyOperation { None, Created, Configured, Unchanged };

// One request of an object's apply.
struct ApplyCall {
    std::string verb;  // "get", "create", "patch"
    const api::ResourceType* type = nullptr;
    std::string namespace_;
    std::string name;
    std::shared_ptr<const google::protobuf::Message> body;  // create
    codec::Value patch;                                     // patch: a JSON merge patch
    bool dryRun = false;                                    // ?dryRun=All
};

// The call as a request to our own API server (pilothousectl, tests); a patch is a merge patch.
// The caller adds its token.
apiserver::Request toRequest(const ApplyCall& call);

// The requests kubectl makes to apply one object, and what it prints. Not thread-safe; a value
// that the caller drives: while next() is not null, send it and hand the answer to onResponse().
class ObjectApply {
public:
    ObjectApply(ApplyObject object, ApplyMode mode, DryRun dryRun);

    const ApplyObject& object() const { return object_; }
    // The request to send now; nullptr once finished.
    const ApplyCall* next() const { return finished_ ? nullptr : &call_; }
    // The answer to next(): its status, the object it returned (nullptr on errors) and the API
    // server's warnings.
    void onResponse(const Status& status, const google::protobuf::Message* object,
                    const std::vector<std::string>& warnings = {});
    bool finished() const { return finished_; }

    ApplyOperation operation() const { return operation_; }
    bool ok() const { return error_.isOk(); }
    // The error with kubectl's context ("error when creating \"STDIN\": ..."), causes kept.
    const Status& error() const { return error_; }
    // kubectl's stdout line: "deployment.apps/web configured (server dry run)"; "" on errors and in
    // Diff mode.
    std::string outputLine() const;
    // kubectl's stderr text for the error (cmdutil.StandardErrorMessage): "Error from server
    // (Invalid): error when creating \"STDIN\": Pod \"web\" is invalid: ...", "error: ...".
    std::string errorText() const;
    // The "Warning: ..." lines kubectl printed on the way (the API server's warnings among them);
    // the warnings from reading the object are object().warnings.
    const std::vector<std::string>& warnings() const { return warnings_; }
    // The patch computed (an empty object for "unchanged"; null before one was computed).
    const codec::Value& patch() const { return patch_; }
    // For kubectl diff: the object as the server has it (null when it does not exist) and as it
    // would be (null on errors).
    const codec::Value& live() const { return live_; }
    const codec::Value& merged() const { return merged_; }
    // The field the error is about (its first cause's), or "".
    std::string errorField() const;

private:
    void start();
    void get();
    void fail(const Status& status);
    void finish(ApplyOperation operation);
    void planFromLive(const google::protobuf::Message& current);
    Status withSource(const std::string& verb, const Status& st) const;

    enum class Stage { Getting, Creating, Patching };
    ApplyObject object_;
    ApplyMode mode_;
    DryRun dryRun_;
    Stage stage_ = Stage::Getting;
    ApplyCall call_;
    bool finished_ = false;
    int attempts_ = 0;
    ApplyOperation operation_ = ApplyOperation::None;
    Status error_;
    std::vector<std::string> warnings_;
    codec::Value patch_;
    codec::Value live_;
    codec::Value merged_;
};

// "pod/web created", "service/x unchanged (server dry run)", "deployment.apps/web configured (dry
// run)".
std::string applyResultLine(const std::string& displayName, ApplyOperation operation,
                            DryRun dryRun);

// kubectl's text for an error (cmdutil.StandardErrorMessage): "Error from server (Reason): message"
// for API errors, "error: message" otherwise.
std::string standardErrorMessage(const Status& status);

// What kubectl prints on stderr at the end of a run for its errors (cmdutil.CheckErr): a single
// Invalid error as "The Pod \"web\" is invalid: <field>: <message>" (several causes as a "* "
// list), another single error as standardErrorMessage, several errors one per line.
std::string applyErrorSummary(const std::vector<const ObjectApply*>& failed);

}  // namespace pilothouse::kubectl
