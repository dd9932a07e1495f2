#include "remote_api_test.h"

#include <QProcess>
#include <QtTest>

#include <grpcpp/generic/generic_stub.h>

#include <chrono>
#include <future>

#include "api/object.h"
#include "core_v1.pb.h"
#include "apiserver/errors.h"
#include "policy_v1.pb.h"
#include "util/listen_address.h"
#include "remote_test_cluster.h"
#include "testing/self_signed_certificate.h"

using namespace remote_test;
using namespace pilothouse;
namespace core = k8s::io::api::core::v1;
using Stub = v1::KubernetesAPI::Stub;

namespace {

template <typename Resp>
struct Result {
    grpc::Status status;
    meta::Status k8s;  // the trailing metav1.Status of a failed call
    Resp response;
};

template <typename Req, typename Resp>
Result<Resp> call(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Req&, Resp*), const Req& request,
                  const std::string& token = kAdminToken) {
    auto context = as(token);
    Result<Resp> r;
    r.status = (stub.*method)(context.get(), request, &r.response);
    r.k8s = trailingStatus(*context);
    return r;
}

Result<v1::ObjectResponse> get(Cluster& c, const v1::Target& t, const std::string& token = kAdminToken, const std::string& rv = {}) {
    v1::GetRequest request;
    *request.mutable_target() = t;
    request.set_resource_version(rv);
    return call(c.api(), &Stub::Get, request, token);
}

Result<v1::ObjectResponse> create(Cluster& c, const v1::Target& t, const google::protobuf::Message& obj,
                                  const std::string& token = kAdminToken) {
    v1::CreateRequest request;
    *request.mutable_target() = t;
    request.mutable_object()->PackFrom(obj);
    return call(c.api(), &Stub::Create, request, token);
}

Result<v1::ObjectResponse> update(Cluster& c, const v1::Target& t, const google::protobuf::Message& obj) {
    v1::UpdateRequest request;
    *request.mutable_target() = t;
    request.mutable_object()->PackFrom(obj);
    return call(c.api(), &Stub::Update, request);
}

Result<v1::ObjectResponse> patch(Cluster& c, const v1::Target& t, v1::PatchType type, const std::string& body) {
    v1::PatchRequest request;
    *request.mutable_target() = t;
    request.set_patch_type(type);
    request.set_patch(body);
    return call(c.api(), &Stub::Patch, request);
}

Result<v1::ListResponse> list(Cluster& c, const v1::Target& t, const std::string& token = kAdminToken, int64_t limit = 0,
                              const std::string& continueToken = {}, const std::string& rv = {}) {
    v1::ListRequest request;
    *request.mutable_target() = t;
    request.set_limit(limit);
    request.set_continue_(continueToken);
    request.set_resource_version(rv);
    return call(c.api(), &Stub::List, request, token);
}

core::Pod pod(const google::protobuf::Any& any) {
    core::Pod p;
    if (!any.UnpackTo(&p)) qWarning("not a Pod: %s", any.type_url().c_str());
    return p;
}

// A watch as a client sees it: the events it read and how the stream ended.
struct WatchClient {
    std::unique_ptr<grpc::ClientContext> context;
    std::unique_ptr<grpc::ClientReader<v1::WatchEvent>> reader;

    WatchClient(Cluster& c, const v1::Target& t, const std::string& rv, bool bookmarks = false,
                const std::string& token = kAdminToken) {
        context = as(token);
        v1::WatchRequest request;
        *request.mutable_target() = t;
        request.set_resource_version(rv);
        request.set_allow_watch_bookmarks(bookmarks);
        reader = c.api().Watch(context.get(), request);
    }
    // The next event that is not a bookmark (nullopt when the stream ended).
    std::optional<v1::WatchEvent> next(bool skipBookmarks = true) {
        v1::WatchEvent event;
        while (reader->Read(&event))
            if (!skipBookmarks || event.type() != "BOOKMARK") return event;
        return std::nullopt;
    }
    grpc::Status finish() { return reader->Finish(); }
};

}  // namespace

void RemoteApiTest::everyVerb() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    QVERIFY(!c.create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: verbs}\n").empty());

    auto created = create(c, target("pods", "verbs"), *object(podYaml("verbs", "web", ", labels: {app: web}")));
    QVERIFY2(created.status.ok(), created.status.error_message().c_str());
    QCOMPARE(created.response.object().type_url(), std::string("type.googleapis.com/k8s.io.api.core.v1.Pod"));
    const core::Pod web = pod(created.response.object());
    QVERIFY(!web.metadata().uid().empty());

    auto got = get(c, target("pods", "verbs", "web"));
    QVERIFY(got.status.ok());
    QCOMPARE(pod(got.response.object()).metadata().uid(), web.metadata().uid());
    auto atRevision = get(c, target("pods", "verbs", "web"), kAdminToken, web.metadata().resource_version());
    QVERIFY(atRevision.status.ok());

    v1::ListRequest selected;
    *selected.mutable_target() = target("pods", "verbs");
    selected.set_label_selector("app=web");
    selected.set_field_selector("metadata.name=web");
    auto listed = call(c.api(), &Stub::List, selected);
    QVERIFY(listed.status.ok());
    QCOMPARE(listed.response.items_size(), 1);
    QVERIFY(std::stoll(listed.response.metadata().resource_version()) >= std::stoll(web.metadata().resource_version()));
    selected.set_label_selector("app=db");
    QCOMPARE(call(c.api(), &Stub::List, selected).response.items_size(), 0);

    core::Pod changed = pod(got.response.object());
    (*changed.mutable_metadata()->mutable_labels())["tier"] = "frontend";
    auto updated = update(c, target("pods", "verbs", "web"), changed);
    QVERIFY2(updated.status.ok(), updated.status.error_message().c_str());
    QVERIFY(std::stoll(pod(updated.response.object()).metadata().resource_version()) >
            std::stoll(web.metadata().resource_version()));

    auto merged = patch(c, target("pods", "verbs", "web"), v1::MERGE, R"({"metadata":{"labels":{"patched":"merge"}}})");
    QVERIFY2(merged.status.ok(), merged.status.error_message().c_str());
    QCOMPARE(pod(merged.response.object()).metadata().labels().at("patched"), std::string("merge"));
    auto jsonPatched = patch(c, target("pods", "verbs", "web"), v1::JSON,
                             R"([{"op":"add","path":"/metadata/annotations","value":{"note":"json"}}])");
    QVERIFY2(jsonPatched.status.ok(), jsonPatched.status.error_message().c_str());
    QCOMPARE(pod(jsonPatched.response.object()).metadata().annotations().at("note"), std::string("json"));

    // Delete: a dry run leaves the pod; a wrong UID precondition is a Conflict; then it goes.
    v1::DeleteRequest del;
    *del.mutable_target() = target("pods", "verbs", "web");
    del.mutable_options()->add_dry_run("All");
    QVERIFY(call(c.api(), &Stub::Delete, del).status.ok());
    QVERIFY(get(c, target("pods", "verbs", "web")).status.ok());
    del.mutable_options()->clear_dry_run();
    del.mutable_options()->mutable_preconditions()->set_uid("not-the-uid");
    auto refused = call(c.api(), &Stub::Delete, del);
    EXPECT_API_ERROR(refused, grpc::StatusCode::ABORTED, "Conflict", 409);
    QCOMPARE(refused.status.error_message(),
             "Operation cannot be fulfilled on pods \"web\": Precondition failed: UID in precondition: not-the-uid, UID in object meta: " +
                 web.metadata().uid());
    del.mutable_options()->mutable_preconditions()->set_uid(web.metadata().uid());
    del.mutable_options()->set_grace_period_seconds(0);
    del.mutable_options()->set_propagation_policy("Background");
    auto deleted = call(c.api(), &Stub::Delete, del);
    QVERIFY2(deleted.status.ok(), deleted.status.error_message().c_str());
    QCOMPARE(pod(deleted.response.object()).metadata().name(), std::string("web"));
    EXPECT_API_ERROR(get(c, target("pods", "verbs", "web")), grpc::StatusCode::NOT_FOUND, "NotFound", 404);
}

void RemoteApiTest::subresources() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    QVERIFY(!c.create("nodes", "apiVersion: v1\nkind: Node\nmetadata: {name: node-a}\n").empty());
    QVERIFY(!c.create("pods", podYaml("default", "bindme")).empty());

    core::Binding binding;
    binding.mutable_metadata()->set_name("bindme");
    binding.mutable_target()->set_kind("Node");
    binding.mutable_target()->set_name("node-a");
    auto bound = create(c, target("pods", "default", "bindme", "", "binding"), binding);
    QVERIFY2(bound.status.ok(), bound.status.error_message().c_str());
    auto got = get(c, target("pods", "default", "bindme"));
    QCOMPARE(pod(got.response.object()).spec().node_name(), std::string("node-a"));

    core::Pod running = pod(got.response.object());
    running.mutable_status()->set_phase("Running");
    auto statusUpdated = update(c, target("pods", "default", "bindme", "", "status"), running);
    QVERIFY2(statusUpdated.status.ok(), statusUpdated.status.error_message().c_str());
    QCOMPARE(pod(statusUpdated.response.object()).status().phase(), std::string("Running"));
    auto statusPatched = patch(c, target("pods", "default", "bindme", "", "status"), v1::MERGE, R"({"status":{"podIP":"10.244.0.5"}})");
    QVERIFY2(statusPatched.status.ok(), statusPatched.status.error_message().c_str());
    QCOMPARE(pod(get(c, target("pods", "default", "bindme")).response.object()).status().pod_ip(), std::string("10.244.0.5"));

    k8s::io::api::policy::v1::Eviction eviction;
    eviction.mutable_metadata()->set_name("bindme");
    eviction.mutable_metadata()->set_namespace_("default");
    auto evicted = create(c, target("pods", "default", "bindme", "", "eviction"), eviction);
    QVERIFY2(evicted.status.ok(), evicted.status.error_message().c_str());
    meta::Status success;
    QVERIFY(evicted.response.object().UnpackTo(&success));
    QCOMPARE(success.status(), std::string("Success"));
    // A pod on a node is deleted gracefully: marked, its kubelet finishes the deletion.
    auto after = get(c, target("pods", "default", "bindme"));
    QVERIFY(!after.status.ok() || pod(after.response.object()).metadata().has_deletion_timestamp());
}

void RemoteApiTest::errorCodes() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());

    auto missing = get(c, target("pods", "default", "nope"));
    EXPECT_API_ERROR(missing, grpc::StatusCode::NOT_FOUND, "NotFound", 404);
    QCOMPARE(missing.status.error_message(), std::string("pods \"nope\" not found"));
    QCOMPARE(missing.k8s.details().name(), std::string("nope"));
    QCOMPARE(missing.k8s.details().kind(), std::string("pods"));

    const auto dup = object(podYaml("default", "dup"));
    QVERIFY(create(c, target("pods", "default"), *dup).status.ok());
    auto exists = create(c, target("pods", "default"), *dup);
    EXPECT_API_ERROR(exists, grpc::StatusCode::ALREADY_EXISTS, "AlreadyExists", 409);
    QCOMPARE(exists.status.error_message(), std::string("pods \"dup\" already exists"));

    core::Pod stale = pod(get(c, target("pods", "default", "dup")).response.object());
    (*stale.mutable_metadata()->mutable_labels())["v"] = "1";
    QVERIFY(update(c, target("pods", "default", "dup"), stale).status.ok());
    (*stale.mutable_metadata()->mutable_labels())["v"] = "2";
    auto conflict = update(c, target("pods", "default", "dup"), stale);
    EXPECT_API_ERROR(conflict, grpc::StatusCode::ABORTED, "Conflict", 409);
    QCOMPARE(conflict.status.error_message(),
             std::string("Operation cannot be fulfilled on pods \"dup\": the object has been modified; please apply "
                         "your changes to the latest version and try again"));

    auto invalid = create(c, target("pods", "default"),
                          *object("apiVersion: v1\nkind: Pod\nmetadata: {name: empty, namespace: default}\nspec: {}\n"));
    EXPECT_API_ERROR(invalid, grpc::StatusCode::INVALID_ARGUMENT, "Invalid", 422);
    QVERIFY(invalid.status.error_message().rfind("Pod \"empty\" is invalid: ", 0) == 0);
    QVERIFY(invalid.k8s.details().causes_size() > 0);
    QCOMPARE(invalid.k8s.details().causes(0).field(), std::string("spec.containers"));
    QCOMPARE(invalid.k8s.details().kind(), std::string("Pod"));

    v1::ListRequest badSelector;
    *badSelector.mutable_target() = target("pods", "default");
    badSelector.set_field_selector("spec.foo=bar");
    auto badRequest = call(c.api(), &Stub::List, badSelector);
    EXPECT_API_ERROR(badRequest, grpc::StatusCode::INVALID_ARGUMENT, "BadRequest", 400);
    QCOMPARE(badRequest.status.error_message(), std::string("field label not supported: spec.foo"));

    auto forbidden = create(c, target("pods", "default"), *object(podYaml("default", "bobs")), kStudentToken);
    EXPECT_API_ERROR(forbidden, grpc::StatusCode::PERMISSION_DENIED, "Forbidden", 403);
    QVERIFY2(forbidden.status.error_message().rfind("pods is forbidden: User \"bob\" cannot create resource \"pods\"", 0) == 0,
             forbidden.status.error_message().c_str());

    auto unauthorized = get(c, target("pods", "default", "dup"), "wrong-token");
    EXPECT_API_ERROR(unauthorized, grpc::StatusCode::UNAUTHENTICATED, "Unauthorized", 401);
    auto anonymous = get(c, target("pods", "default", "dup"), "");
    QCOMPARE(int(anonymous.status.error_code()), int(grpc::StatusCode::UNAUTHENTICATED));

    auto future = get(c, target("pods", "default", "dup"), kAdminToken, "999999");
    EXPECT_API_ERROR(future, grpc::StatusCode::DEADLINE_EXCEEDED, "Timeout", 504);

    core::Pod statusBody;
    auto notAllowed = create(c, target("pods", "default", "dup", "", "status"), statusBody);
    EXPECT_API_ERROR(notAllowed, grpc::StatusCode::UNIMPLEMENTED, "MethodNotAllowed", 405);

    const int64_t old = c.controlPlane().store().currentRevision() - 3;
    QVERIFY(c.controlPlane().store().compact(c.controlPlane().store().currentRevision()).isOk());
    auto gone = list(c, target("pods", "default"), kAdminToken, 0, {}, std::to_string(old));
    EXPECT_API_ERROR(gone, grpc::StatusCode::OUT_OF_RANGE, "Expired", 410);

    // The reasons no request here can provoke, through the mapping itself.
    QCOMPARE(remote::grpcCode(apiserver::newInternalError("boom")), grpc::StatusCode::INTERNAL);
    QCOMPARE(remote::grpcCode(apiserver::newTooManyRequests("slow down")), grpc::StatusCode::RESOURCE_EXHAUSTED);
    QCOMPARE(remote::grpcCode(Status(StatusCode::Unavailable, "x").setReason("ServiceUnavailable", 503)),
             grpc::StatusCode::UNAVAILABLE);
    QCOMPARE(remote::grpcCode(Status(StatusCode::Internal, "no reason")), grpc::StatusCode::INTERNAL);
}

void RemoteApiTest::requestErrorsNameTheField_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");  // the gRPC message starts with it
    QTest::newRow("unknown resource") << 0 << int(grpc::StatusCode::NOT_FOUND)
                                      << QStringLiteral("target.resource: the server doesn't have a resource type \"podz\"");
    QTest::newRow("missing name") << 1 << int(grpc::StatusCode::INVALID_ARGUMENT)
                                  << QStringLiteral("target.name: resource name may not be empty");
    QTest::newRow("wrong kind") << 2 << int(grpc::StatusCode::INVALID_ARGUMENT)
                                << QStringLiteral("object: Service in version \"v1\" cannot be handled as a Pod");
    QTest::newRow("malformed patch") << 3 << int(grpc::StatusCode::INVALID_ARGUMENT) << QStringLiteral("patch: invalid JSON");
    QTest::newRow("unknown subresource") << 4 << int(grpc::StatusCode::NOT_FOUND)
                                         << QStringLiteral("target.subresource: the server could not find the requested resource");
    QTest::newRow("bad dryRun") << 5 << int(grpc::StatusCode::INVALID_ARGUMENT)
                                << QStringLiteral("CreateOptions.meta.k8s.io \"\" is invalid: dryRun: Unsupported value: "
                                                  "[]string{\"Some\"}: supported values: \"All\"");
    QTest::newRow("wrong group") << 6 << int(grpc::StatusCode::NOT_FOUND)
                                 << QStringLiteral("target.resource: the server doesn't have a resource type \"deployments\"");
    QTest::newRow("missing object") << 7 << int(grpc::StatusCode::INVALID_ARGUMENT) << QStringLiteral("object: an object is required");
    QTest::newRow("bad resourceVersion") << 8 << int(grpc::StatusCode::INVALID_ARGUMENT)
                                         << QStringLiteral("resource_version: invalid resource version \"abc\"");
}

void RemoteApiTest::requestErrorsNameTheField() {
    QFETCH(int, which);
    QFETCH(int, code);
    QFETCH(QString, message);
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    Result<v1::ObjectResponse> r;
    switch (which) {
        case 0: r = get(c, target("podz", "default", "web")); break;
        case 1: r = get(c, target("pods", "default", "")); break;
        case 2:
            r = create(c, target("pods", "default"),
                       *object("apiVersion: v1\nkind: Service\nmetadata: {name: s, namespace: default}\nspec: {ports: [{port: 80}]}\n"));
            break;
        case 3: r = patch(c, target("pods", "default", "web"), v1::MERGE, "{not json"); break;
        case 4: r = get(c, target("pods", "default", "web", "", "logs")); break;
        case 5: {
            v1::CreateRequest request;
            *request.mutable_target() = target("pods", "default");
            request.mutable_object()->PackFrom(*object(podYaml("default", "web")));
            request.add_dry_run("Some");
            r = call(c.api(), &Stub::Create, request);
            break;
        }
        case 6: r = get(c, target("deployments", "default", "web")); break;
        case 7: {
            v1::CreateRequest request;
            *request.mutable_target() = target("pods", "default");
            r = call(c.api(), &Stub::Create, request);
            break;
        }
        case 8: r = get(c, target("pods", "default", "web"), kAdminToken, "abc"); break;
    }
    QCOMPARE(int(r.status.error_code()), code);
    QVERIFY2(QString::fromStdString(r.status.error_message()).startsWith(message), r.status.error_message().c_str());
    QCOMPARE(r.k8s.message(), r.status.error_message());
    QCOMPARE(r.k8s.status(), std::string("Failure"));
}

void RemoteApiTest::listLimitContinue() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    QVERIFY(!c.create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: paging}\n").empty());
    for (const char* name : {"p1", "p2", "p3", "p4", "p5"}) QVERIFY(!c.create("pods", podYaml("paging", name)).empty());

    auto first = list(c, target("pods", "paging"), kAdminToken, 2);
    QVERIFY2(first.status.ok(), first.status.error_message().c_str());
    QCOMPARE(first.response.items_size(), 2);
    QCOMPARE(pod(first.response.items(1)).metadata().name(), std::string("p2"));
    const auto& meta1 = first.response.metadata();
    QVERIFY(!meta1.continue_().empty());
    QCOMPARE(meta1.remaining_item_count(), int64_t(3));
    // The token is upstream's: base64url of {"v":"meta.k8s.io/v1","rv":REV,"start":"p2\u0000"}.
    const QByteArray decoded = QByteArray::fromBase64(QByteArray::fromStdString(meta1.continue_()),
                                                      QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    QCOMPARE(decoded, QByteArray("{\"v\":\"meta.k8s.io/v1\",\"rv\":" + QByteArray::fromStdString(meta1.resource_version()) +
                                 ",\"start\":\"p2\\u0000\"}"));

    // A pod created between chunks is not in the list: every chunk is read at the first one's revision.
    QVERIFY(!c.create("pods", podYaml("paging", "p6")).empty());
    auto second = list(c, target("pods", "paging"), kAdminToken, 2, meta1.continue_());
    QVERIFY2(second.status.ok(), second.status.error_message().c_str());
    QCOMPARE(second.response.items_size(), 2);
    QCOMPARE(pod(second.response.items(0)).metadata().name(), std::string("p3"));
    QCOMPARE(second.response.metadata().resource_version(), meta1.resource_version());
    QCOMPARE(second.response.metadata().remaining_item_count(), int64_t(1));
    auto third = list(c, target("pods", "paging"), kAdminToken, 2, second.response.metadata().continue_());
    QCOMPARE(third.response.items_size(), 1);
    QCOMPARE(pod(third.response.items(0)).metadata().name(), std::string("p5"));
    QVERIFY(third.response.metadata().continue_().empty());
    QVERIFY(!third.response.metadata().has_remaining_item_count());

    auto withRevision = list(c, target("pods", "paging"), kAdminToken, 2, meta1.continue_(), meta1.resource_version());
    EXPECT_API_ERROR(withRevision, grpc::StatusCode::INVALID_ARGUMENT, "BadRequest", 400);
    QCOMPARE(withRevision.status.error_message(), std::string("specifying resource version is not allowed when using continue"));
    auto garbage = list(c, target("pods", "paging"), kAdminToken, 2, "not-a-token!");
    EXPECT_API_ERROR(garbage, grpc::StatusCode::INVALID_ARGUMENT, "BadRequest", 400);
    QVERIFY(garbage.status.error_message().rfind("continue key is not valid", 0) == 0);

    QVERIFY(c.controlPlane().store().compact(c.controlPlane().store().currentRevision()).isOk());
    auto expired = list(c, target("pods", "paging"), kAdminToken, 2, meta1.continue_());
    EXPECT_API_ERROR(expired, grpc::StatusCode::OUT_OF_RANGE, "Expired", 410);
    QCOMPARE(expired.status.error_message(),
             std::string("The provided continue parameter is too old to display a consistent list result. You can "
                         "start a new list without the continue parameter."));
}

void RemoteApiTest::watchFromResourceVersionWithBookmarks() {
    remote::ServerOptions options;
    options.service.watch.bookmarkInterval = std::chrono::milliseconds(100);
    Cluster c(options);
    QVERIFY2(c.ok(), c.error().c_str());
    const std::string from = c.create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: w}\n");
    const std::string before = c.create("pods", podYaml("w", "before"));
    WatchClient watch(c, target("pods", "w"), from, /*bookmarks=*/true);
    auto first = watch.next();
    QVERIFY(first);
    QCOMPARE(first->type(), std::string("ADDED"));
    QCOMPARE(pod(first->object()).metadata().name(), std::string("before"));
    const std::string rv = c.create("pods", podYaml("w", "after"));
    auto second = watch.next();
    QVERIFY(second);
    QCOMPARE(pod(second->object()).metadata().resource_version(), rv);
    // Then, with nothing changing, bookmarks at the last revision the watch has passed.
    auto bookmark = watch.next(/*skipBookmarks=*/false);
    QVERIFY(bookmark);
    QCOMPARE(bookmark->type(), std::string("BOOKMARK"));
    const core::Pod empty = pod(bookmark->object());
    QCOMPARE(empty.metadata().resource_version(), rv);
    QCOMPARE(empty.kind(), std::string("Pod"));
    QVERIFY(empty.metadata().name().empty());
    QCOMPARE(empty.spec().containers_size(), 0);
    watch.context->TryCancel();
}

void RemoteApiTest::watchStartsWithCurrentState() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    QVERIFY(!c.create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: s}\n").empty());
    QVERIFY(!c.create("pods", podYaml("s", "x")).empty());
    QVERIFY(!c.create("pods", podYaml("s", "y")).empty());
    WatchClient watch(c, target("pods", "s"), "");
    auto x = watch.next(), y = watch.next();
    QVERIFY(x && y);
    QCOMPARE(x->type(), std::string("ADDED"));
    QCOMPARE(pod(x->object()).metadata().name(), std::string("x"));
    QCOMPARE(pod(y->object()).metadata().name(), std::string("y"));
    QVERIFY(!c.create("pods", podYaml("s", "z")).empty());
    auto z = watch.next();
    QVERIFY(z);
    QCOMPARE(pod(z->object()).metadata().name(), std::string("z"));
    // One object by name: the rest of the namespace is filtered out.
    QVERIFY(!c.create("pods", podYaml("s", "only")).empty());
    WatchClient one(c, target("pods", "s", "only"), "");
    auto only = one.next();
    QVERIFY(only);
    QCOMPARE(pod(only->object()).metadata().name(), std::string("only"));
    watch.context->TryCancel();
    one.context->TryCancel();
}

// Each change is serialized once however many clients watch it: the later watches send the same
// bytes (remote/packed_watch_events.h), and an initial list's ADDED event is the creation's.
void RemoteApiTest::watchersSharePackedEvents() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    const std::string from = c.create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: p}\n");
    std::vector<std::unique_ptr<WatchClient>> live;
    for (int i = 0; i < 3; ++i) live.push_back(std::make_unique<WatchClient>(c, target("pods", "p"), from));
    const auto& packed = c.server().service().watches().packed();
    const int64_t packed0 = packed.packed(), shared0 = packed.shared();
    for (int i = 0; i < 5; ++i) QVERIFY(!c.create("pods", podYaml("p", "pod-" + std::to_string(i))).empty());
    std::vector<std::string> first;
    for (size_t w = 0; w < live.size(); ++w) {
        for (int i = 0; i < 5; ++i) {
            auto event = live[w]->next();
            QVERIFY(event);
            QCOMPARE(event->type(), std::string("ADDED"));
            QCOMPARE(pod(event->object()).metadata().name(), "pod-" + std::to_string(i));
            if (w == 0) first.push_back(event->SerializeAsString());
            else QCOMPARE(event->SerializeAsString(), first[size_t(i)]);
        }
    }
    QCOMPARE(packed.packed() - packed0, int64_t(5));
    QCOMPARE(packed.shared() - shared0, int64_t(10));
    // A fourth client starting from the current state gets the same bytes for the same objects.
    WatchClient listed(c, target("pods", "p"), "");
    for (int i = 0; i < 5; ++i) {
        auto event = listed.next();
        QVERIFY(event);
        QCOMPARE(event->SerializeAsString(), first[size_t(i)]);
    }
    QCOMPARE(packed.packed() - packed0, int64_t(5));
    QCOMPARE(packed.shared() - shared0, int64_t(15));
    for (auto& w : live) w->context->TryCancel();
    listed.context->TryCancel();
}

void RemoteApiTest::watchGoneAfterCompaction() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    const std::string from = c.create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: g}\n");
    QVERIFY(!c.create("pods", podYaml("g", "a")).empty());
    QVERIFY(!c.create("pods", podYaml("g", "b")).empty());
    QVERIFY(c.controlPlane().store().compact(c.controlPlane().store().currentRevision()).isOk());
    WatchClient watch(c, target("pods", "g"), from);
    QVERIFY(!watch.next());
    grpc::Status st = watch.finish();
    QCOMPARE(int(st.error_code()), int(grpc::StatusCode::OUT_OF_RANGE));
    const meta::Status k8s = trailingStatus(*watch.context);
    QCOMPARE(k8s.reason(), std::string("Expired"));
    QCOMPARE(k8s.code(), 410);
    QVERIFY2(st.error_message().rfind("too old resource version", 0) == 0, st.error_message().c_str());
}

void RemoteApiTest::watchResumesAfterReconnect() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    const std::string from = c.create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: r}\n");
    auto watch = std::make_unique<WatchClient>(c, target("pods", "r"), from);
    QVERIFY(!c.create("pods", podYaml("r", "a")).empty());
    auto a = watch->next();
    QVERIFY(a);
    const std::string last = pod(a->object()).metadata().resource_version();
    // The client drops: its stream is cancelled and its connection closed.
    watch->context->TryCancel();
    watch.reset();
    c.connect();
    QTRY_COMPARE(c.server().service().watches().open(), int64_t(0));
    // Meanwhile the cluster moves on.
    QVERIFY(!c.create("pods", podYaml("r", "b")).empty());
    v1::DeleteRequest del;
    *del.mutable_target() = target("pods", "r", "a");
    QVERIFY(call(c.api(), &Stub::Delete, del).status.ok());
    // Reconnected, it resumes from the last resourceVersion it saw and misses nothing.
    WatchClient resumed(c, target("pods", "r"), last);
    auto b = resumed.next(), gone = resumed.next();
    QVERIFY(b && gone);
    QCOMPARE(b->type(), std::string("ADDED"));
    QCOMPARE(pod(b->object()).metadata().name(), std::string("b"));
    QCOMPARE(gone->type(), std::string("DELETED"));
    QCOMPARE(pod(gone->object()).metadata().name(), std::string("a"));
    QVERIFY(std::stoll(pod(b->object()).metadata().resource_version()) > std::stoll(last));
    resumed.context->TryCancel();
}

void RemoteApiTest::rbacAllowDeny() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    QVERIFY(!c.create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: class}\n").empty());
    QVERIFY(!c.create("roles",
                      "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata: {name: pod-reader, namespace: class}\n"
                      "rules:\n- {apiGroups: [''], resources: [pods], verbs: [get, list, watch]}\n",
                      "rbac.authorization.k8s.io")
                 .empty());
    QVERIFY(!c.create("rolebindings",
                      "apiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata: {name: students-read, namespace: class}\n"
                      "subjects:\n- {kind: Group, name: students, apiGroup: rbac.authorization.k8s.io}\n"
                      "roleRef: {kind: Role, name: pod-reader, apiGroup: rbac.authorization.k8s.io}\n",
                      "rbac.authorization.k8s.io")
                 .empty());
    QVERIFY(!c.create("pods", podYaml("class", "demo")).empty());

    auto allowed = list(c, target("pods", "class"), kStudentToken);
    QVERIFY2(allowed.status.ok(), allowed.status.error_message().c_str());
    QCOMPARE(allowed.response.items_size(), 1);
    QVERIFY(get(c, target("pods", "class", "demo"), kStudentToken).status.ok());

    auto denied = create(c, target("pods", "class"), *object(podYaml("class", "mine")), kStudentToken);
    EXPECT_API_ERROR(denied, grpc::StatusCode::PERMISSION_DENIED, "Forbidden", 403);
    QCOMPARE(denied.status.error_message(),
             std::string("pods is forbidden: User \"bob\" cannot create resource \"pods\" in API group \"\" in the namespace \"class\""));
    EXPECT_API_ERROR(list(c, target("pods", "default"), kStudentToken), grpc::StatusCode::PERMISSION_DENIED, "Forbidden", 403);

    WatchClient watching(c, target("pods", "class"), "", false, kStudentToken);
    auto event = watching.next();
    QVERIFY(event);
    QCOMPARE(pod(event->object()).metadata().name(), std::string("demo"));
    watching.context->TryCancel();
    WatchClient refused(c, target("pods", "default"), "", false, kStudentToken);
    QVERIFY(!refused.next());
    QCOMPARE(int(refused.finish().error_code()), int(grpc::StatusCode::PERMISSION_DENIED));
    QCOMPARE(trailingStatus(*refused.context).code(), 403);
}

void RemoteApiTest::tls() {
    pilothouse::testing::SelfSignedCertificate certificate;
    QVERIFY2(certificate.error.isEmpty(), qPrintable(certificate.error));
    const QString cert = certificate.certFile, key = certificate.keyFile;
    remote::ServerOptions options;
    options.tlsCertFile = cert.toStdString();
    options.tlsKeyFile = key.toStdString();
    Cluster c(options);
    QVERIFY2(c.ok(), c.error().c_str());

    QFile pem(cert);
    QVERIFY(pem.open(QIODevice::ReadOnly));
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = pem.readAll().toStdString();
    c.connect(grpc::SslCredentials(ssl));
    auto secure = get(c, target("namespaces", "", "default"));
    QVERIFY2(secure.status.ok(), secure.status.error_message().c_str());

    // A plaintext client cannot talk to it.
    c.connect();
    auto plain = as(kAdminToken, 5);
    v1::GetRequest request;
    *request.mutable_target() = target("namespaces", "", "default");
    v1::ObjectResponse response;
    QCOMPARE(int(c.api().Get(plain.get(), request, &response).error_code()), int(grpc::StatusCode::UNAVAILABLE));

    // Only one of the two files is a usage error.
    options.tlsKeyFile.clear();
    auto half = remote::Server::start(c.controlPlane().apiServer(), options);
    QVERIFY(!half);
    QCOMPARE(half.status().code(), StatusCode::InvalidArgument);
}

void RemoteApiTest::stalledClientCutOff() {
    remote::ServerOptions options;
    options.service.watch.bufferLimit = 8;
    Cluster c(options);
    QVERIFY2(c.ok(), c.error().c_str());
    // A client whose transport takes only its initial flow-control window: no BDP probing.
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_HTTP2_BDP_PROBE, 0);
    c.connect(grpc::InsecureChannelCredentials(), args);
    const std::string from = c.create("namespaces", "apiVersion: v1\nkind: Namespace\nmetadata: {name: slow}\n");
    WatchClient stalled(c, target("pods", "slow"), from);
    QTRY_COMPARE(c.server().service().watches().open(), int64_t(1));

    // Write until the server gives up on the client that reads nothing.
    const std::string padding(4000, 'x');
    int created = 0;
    apiserver::Request r;
    r.verb = "create";
    r.type = api::Scheme::instance().byName("pods");
    r.namespace_ = "slow";
    r.token = c.controlPlane().loopbackToken();
    for (; created < 3000 && c.server().service().watches().cutOff() == 0; ++created) {
        r.body = object(podYaml("slow", "p" + std::to_string(created), ", annotations: {pad: " + padding + "}"));
        QVERIFY(c.controlPlane().apiServer().handle(r).ok());
        if (created % 50 == 49) QTest::qWait(20);
    }
    QTRY_COMPARE(c.server().service().watches().cutOff(), int64_t(1));

    // When it reads again it gets what was already on its way, then RESOURCE_EXHAUSTED.
    int read = 0;
    while (stalled.next()) ++read;
    QVERIFY2(read < created, qPrintable(QStringLiteral("read %1 of %2").arg(read).arg(created)));
    grpc::Status st = stalled.finish();
    QCOMPARE(int(st.error_code()), int(grpc::StatusCode::RESOURCE_EXHAUSTED));
    const meta::Status k8s = trailingStatus(*stalled.context);
    QCOMPARE(k8s.reason(), std::string("TooManyRequests"));
    QCOMPARE(k8s.code(), 429);
    QVERIFY2(st.error_message().rfind("the watcher fell behind and was closed; watch again from resourceVersion ", 0) == 0,
             st.error_message().c_str());
    QTRY_COMPARE(c.server().service().watches().open(), int64_t(0));
}

void RemoteApiTest::shutdownEndsWatches() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    WatchClient watch(c, target("pods", "default"), "");
    QTRY_COMPARE(c.server().service().watches().open(), int64_t(1));
    const auto start = std::chrono::steady_clock::now();
    c.server().shutdown(std::chrono::seconds(10));
    QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    QVERIFY(!watch.next());
    grpc::Status st = watch.finish();
    QCOMPARE(int(st.error_code()), int(grpc::StatusCode::UNAVAILABLE));
    QCOMPARE(trailingStatus(*watch.context).reason(), std::string("ServiceUnavailable"));
    // The store is intact and still usable by the control plane.
    QVERIFY(c.controlPlane().store().currentRevision() > 0);
}

void RemoteApiTest::healthService() {
    Cluster c;
    QVERIFY2(c.ok(), c.error().c_str());
    grpc::GenericStub generic(c.channel());
    grpc::ClientContext context;
    // HealthCheckRequest{service: ""} is empty on the wire.
    grpc::Slice empty(std::string{});
    grpc::ByteBuffer request(&empty, 1), response;
    std::promise<grpc::Status> done;
    generic.UnaryCall(&context, "/grpc.health.v1.Health/Check", grpc::StubOptions(), &request, &response,
                      [&](grpc::Status st) { done.set_value(st); });
    grpc::Status st = done.get_future().get();
    QVERIFY2(st.ok(), st.error_message().c_str());
    std::vector<grpc::Slice> slices;
    QVERIFY(response.Dump(&slices).ok());
    std::string bytes;
    for (const auto& s : slices) bytes.append(reinterpret_cast<const char*>(s.begin()), s.size());
    QCOMPARE(bytes, std::string("\x08\x01", 2));  // HealthCheckResponse{status: SERVING}
}

void RemoteApiTest::nonLoopbackRefusedWithoutTokens() {
    QVERIFY(util::isLoopback("127.0.0.1:7443"));
    QVERIFY(util::isLoopback("127.3.4.5:1"));
    QVERIFY(util::isLoopback("[::1]:7443"));
    QVERIFY(util::isLoopback("localhost:7443"));
    QVERIFY(!util::isLoopback("0.0.0.0:7443"));
    QVERIFY(!util::isLoopback("[::]:7443"));
    QVERIFY(!util::isLoopback("192.168.1.10:7443"));
    QVERIFY(!util::isLoopback("example.org:7443"));

    sim::VirtualClock clock;
    auto cp = controlplane::ControlPlane::start({}, clock);
    QVERIFY(cp.isOk());
    remote::ServerOptions options;
    options.listenAddress = "0.0.0.0:0";
    auto refused = remote::Server::start((*cp)->apiServer(), options);
    QVERIFY(!refused);
    QCOMPARE(refused.status().code(), StatusCode::FailedPrecondition);
    QVERIFY2(refused.status().message().rfind("refusing to listen on 0.0.0.0:0 without authentication", 0) == 0,
             refused.status().message().c_str());
    options.authenticates = true;
    auto allowed = remote::Server::start((*cp)->apiServer(), options);
    QVERIFY2(allowed.isOk(), allowed.status().message().c_str());
    QVERIFY((*allowed)->port() > 0);
    remote::ServerOptions noPort;
    noPort.listenAddress = "127.0.0.1";
    auto bad = remote::Server::start((*cp)->apiServer(), noPort);
    QVERIFY(!bad);
    QCOMPARE(bad.status().code(), StatusCode::InvalidArgument);
}

QTEST_GUILESS_MAIN(RemoteApiTest)
