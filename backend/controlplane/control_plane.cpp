#include "controlplane/control_plane.h"

#include <functional>
#include <random>
#include <vector>

#include "api/object.h"
#include "apiserver/admission/chain.h"
#include "apiserver/authentication/token_authenticator.h"
#include "apiserver/loopback_client.h"
#include "apiserver/registry/service_ip_allocator.h"
#include "apiserver/authorization/authorizer.h"
#include "apiserver/authorization/rbac.h"
#include "core_v1.pb.h"
#include "discovery_v1.pb.h"
#include "rbac_v1.pb.h"
#include "scheduling_v1.pb.h"

namespace pilothouse::controlplane {

namespace core = k8s::io::api::core::v1;
namespace discovery = k8s::io::api::discovery::v1;
namespace rbac = k8s::io::api::rbac::v1;
using apiserver::Request;

// Forwards reads to the API server, which exists only after the authorizer that needs them.
class ListerProxy final : public apiserver::ObjectLister {
public:
    apiserver::APIServer* server = nullptr;
    std::vector<apiserver::ListedObject> list(const api::ResourceType& type, const std::string& ns) const override {
        return server->list(type, ns);
    }
    apiserver::ListedObject get(const api::ResourceType& type, const std::string& ns,
                                const std::string& name) const override {
        return server->get(type, ns, name);
    }
};

namespace {
// The `kubernetes` Service in "default", as kube-apiserver keeps it (its kubernetes-service
// controller and endpoint reconciler): the first address of the service range, port 443 to the
// API server's 6443, and the Endpoints and EndpointSlice that point there. The simulated API
// server's address is 10.0.0.1: the first host of the node network, which the kubelets' own
// addresses (10.0.x.2 and up) never take.
Status ensureKubernetesService(const std::function<Status(const char*, std::shared_ptr<google::protobuf::Message>)>& ensure) {
    constexpr const char* kAdvertiseAddress = "10.0.0.1";
    constexpr int kSecurePort = 6443;
    auto service = std::make_shared<core::Service>();
    service->mutable_metadata()->set_name("kubernetes");
    service->mutable_metadata()->set_namespace_("default");
    (*service->mutable_metadata()->mutable_labels())["component"] = "apiserver";
    (*service->mutable_metadata()->mutable_labels())["provider"] = "kubernetes";
    auto* spec = service->mutable_spec();
    const std::string range = apiserver::Config{}.serviceClusterIPRange;
    uint32_t base = 0;
    if (!apiserver::registry::ServiceIPAllocator::parse(range.substr(0, range.find('/')), &base))
        return Status(StatusCode::Internal, "bootstrapping the control plane: the service range " + range + " is not IPv4");
    spec->set_cluster_ip(apiserver::registry::ServiceIPAllocator::format(base + 1));
    spec->set_type("ClusterIP");
    spec->set_session_affinity("None");
    spec->set_ip_family_policy("SingleStack");
    auto* https = spec->add_ports();
    https->set_name("https");
    https->set_port(443);
    https->set_protocol("TCP");
    https->mutable_target_port()->set_int_val(kSecurePort);
    PH_RETURN_IF_ERROR(ensure("services", service));

    auto endpoints = std::make_shared<core::Endpoints>();
    endpoints->mutable_metadata()->set_name("kubernetes");
    endpoints->mutable_metadata()->set_namespace_("default");
    (*endpoints->mutable_metadata()->mutable_labels())["endpointslice.kubernetes.io/skip-mirror"] = "true";
    auto* subset = endpoints->add_subsets();
    subset->add_addresses()->set_ip(kAdvertiseAddress);
    auto* port = subset->add_ports();
    port->set_name("https");
    port->set_port(kSecurePort);
    port->set_protocol("TCP");
    PH_RETURN_IF_ERROR(ensure("endpoints", endpoints));

    auto slice = std::make_shared<discovery::EndpointSlice>();
    slice->mutable_metadata()->set_name("kubernetes");
    slice->mutable_metadata()->set_namespace_("default");
    (*slice->mutable_metadata()->mutable_labels())["kubernetes.io/service-name"] = "kubernetes";
    slice->set_address_type("IPv4");
    auto* endpoint = slice->add_endpoints();
    endpoint->add_addresses(kAdvertiseAddress);
    endpoint->mutable_conditions()->set_ready(true);
    auto* slicePort = slice->add_ports();
    slicePort->set_name("https");
    slicePort->set_port(kSecurePort);
    slicePort->set_protocol("TCP");
    return ensure("endpointslices", slice);
}

// The metadata kube-apiserver's RBAC bootstrap gives its default roles and bindings.
void bootstrapMetadata(k8s::io::apimachinery::pkg::apis::meta::v1::ObjectMeta* meta, const std::string& name) {
    meta->set_name(name);
    (*meta->mutable_labels())["kubernetes.io/bootstrapping"] = "rbac-defaults";
    (*meta->mutable_annotations())["rbac.authorization.kubernetes.io/autoupdate"] = "true";
}

// 32 random hex digits from the OS, for the loopback token (not part of any simulation's state).
std::string randomToken() {
    std::random_device rd;
    std::string out;
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 32; ++i) out += hex[rd() % 16];
    return out;
}
}  // namespace

struct ControlPlane::Auth {
    ListerProxy lister;
    std::unique_ptr<apiserver::authentication::TokenAuthenticator> authenticator;
};

StatusOr<std::unique_ptr<ControlPlane>> ControlPlane::start(const Options& options,
                                                            const sim::Clock& clock) {
    std::unique_ptr<ControlPlane> cp(new ControlPlane(clock));
    store::Options storeOptions;
    storeOptions.path = options.storePath;
    auto st = store::open(storeOptions);
    if (!st) return st.status().withContext("cannot open the store \"" + options.storePath + "\": ");
    cp->store_ = std::move(*st);
    cp->auth_ = std::make_unique<Auth>();

    apiserver::Config config;
    config.uidSeed = options.seed * 0x9e3779b97f4a7c15ULL + uint64_t(cp->store_->currentRevision());
    if (!options.tokenFile.empty()) {
        auto authn = apiserver::authentication::TokenAuthenticator::fromFile(options.tokenFile);
        if (!authn) return authn.status();
        cp->auth_->authenticator = std::make_unique<apiserver::authentication::TokenAuthenticator>(
            std::move(*authn));
        cp->auth_->authenticator->setAnonymousEnabled(options.anonymousAuth);
        auto* authenticator = cp->auth_->authenticator.get();
        cp->loopbackToken_ = randomToken();
        config.authenticate = [authenticator, loopback = cp->loopbackToken_](
                                  const std::string& token) -> StatusOr<apiserver::UserInfo> {
            // The loopback token, or no token from the control plane's own components.
            if (token == loopback || (token.empty() && apiserver::LoopbackClientScope::active()))
                return apiserver::UserInfo{"system:apiserver", "", {"system:masters", "system:authenticated"}};
            return authenticator->authenticate(token);
        };
        // --authorization-mode=RBAC behind the system:masters group, as kube-apiserver builds it.
        using namespace apiserver::authorization;
        config.authorizer = std::make_shared<UnionAuthorizer>(std::vector<std::shared_ptr<const Authorizer>>{
            std::make_shared<PrivilegedGroupAuthorizer>(), std::make_shared<RBACAuthorizer>(cp->auth_->lister)});
    }
    config.features = options.features;
    for (const auto& name : options.admissionPlugins) {
        auto plugin = apiserver::admission::newPlugin(name);
        if (!plugin)
            return Status(StatusCode::InvalidArgument, "admission plugin \"" + name + "\" is unknown");
        if (auto m = std::dynamic_pointer_cast<apiserver::admission::MutationInterface>(plugin))
            config.mutatingAdmission.push_back(m);
        if (auto v = std::dynamic_pointer_cast<apiserver::admission::ValidationInterface>(plugin))
            config.validatingAdmission.push_back(v);
    }
    cp->apiServer_ = std::make_unique<apiserver::APIServer>(*cp->store_, clock, std::move(config));
    cp->auth_->lister.server = cp->apiServer_.get();
    PH_RETURN_IF_ERROR(cp->bootstrap());
    return cp;
}

ControlPlane::ControlPlane(const sim::Clock& clock) : clock_(clock) {}
ControlPlane::~ControlPlane() = default;

Status ControlPlane::bootstrap() {
    const auto& scheme = api::Scheme::instance();
    auto ensure = [&](const char* resource, std::shared_ptr<google::protobuf::Message> obj) -> Status {
        const api::ResourceType* type = scheme.byName(resource);
        const auto& meta = api::metadata(*obj);
        if (apiServer_->get(*type, meta.namespace_(), meta.name())) return {};
        Request req;
        req.token = loopbackToken_;
        req.fieldManager = "kube-apiserver";
        req.verb = "create";
        req.type = type;
        req.namespace_ = meta.namespace_();
        req.body = std::move(obj);
        auto resp = apiServer_->handle(req);
        if (!resp.ok() && resp.status.reason() != "AlreadyExists")
            return resp.status.withContext("bootstrapping the control plane: ");
        return {};
    };
    for (const char* ns : {"default", "kube-system", "kube-public", "kube-node-lease"}) {
        auto n = std::make_shared<core::Namespace>();
        n->mutable_metadata()->set_name(ns);
        PH_RETURN_IF_ERROR(ensure("namespaces", n));
    }
    struct SystemClass {
        const char* name;
        int32_t value;
        const char* description;
    };
    for (const SystemClass& c :
         {SystemClass{"system-node-critical", 2000001000,
                      "Used for system critical pods that must not be moved from their current node."},
          SystemClass{"system-cluster-critical", 2000000000,
                      "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary."}}) {
        auto pc = std::make_shared<k8s::io::api::scheduling::v1::PriorityClass>();
        pc->mutable_metadata()->set_name(c.name);
        pc->set_value(c.value);
        pc->set_description(c.description);
        PH_RETURN_IF_ERROR(ensure("priorityclasses", pc));
    }
    auto admin = std::make_shared<rbac::ClusterRole>();
    admin->mutable_metadata()->set_name("cluster-admin");
    (*admin->mutable_metadata()->mutable_labels())["kubernetes.io/bootstrapping"] = "rbac-defaults";
    auto* rule = admin->add_rules();
    rule->add_api_groups("*");
    rule->add_resources("*");
    rule->add_verbs("*");
    auto* adminPaths = admin->add_rules();
    adminPaths->add_non_resource_urls("*");
    adminPaths->add_verbs("*");
    PH_RETURN_IF_ERROR(ensure("clusterroles", admin));
    auto view = std::make_shared<rbac::ClusterRole>();
    view->mutable_metadata()->set_name("view");
    auto* viewRule = view->add_rules();
    viewRule->add_api_groups("*");
    viewRule->add_resources("*");
    for (const char* verb : {"get", "list", "watch"}) viewRule->add_verbs(verb);
    PH_RETURN_IF_ERROR(ensure("clusterroles", view));
    auto binding = std::make_shared<rbac::ClusterRoleBinding>();
    binding->mutable_metadata()->set_name("cluster-admin");
    auto* subject = binding->add_subjects();
    subject->set_kind("Group");
    subject->set_api_group("rbac.authorization.k8s.io");
    subject->set_name("system:masters");
    binding->mutable_role_ref()->set_api_group("rbac.authorization.k8s.io");
    binding->mutable_role_ref()->set_kind("ClusterRole");
    binding->mutable_role_ref()->set_name("cluster-admin");
    PH_RETURN_IF_ERROR(ensure("clusterrolebindings", binding));
    // system:basic-user (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go): every
    // authenticated user may ask what it may do, and who it is.
    auto basicUser = std::make_shared<rbac::ClusterRole>();
    bootstrapMetadata(basicUser->mutable_metadata(), "system:basic-user");
    auto* reviews = basicUser->add_rules();
    reviews->add_verbs("create");
    reviews->add_api_groups("authorization.k8s.io");
    reviews->add_resources("selfsubjectaccessreviews");
    reviews->add_resources("selfsubjectrulesreviews");
    auto* whoami = basicUser->add_rules();
    whoami->add_verbs("create");
    whoami->add_api_groups("authentication.k8s.io");
    whoami->add_resources("selfsubjectreviews");
    PH_RETURN_IF_ERROR(ensure("clusterroles", basicUser));
    auto basicUserBinding = std::make_shared<rbac::ClusterRoleBinding>();
    bootstrapMetadata(basicUserBinding->mutable_metadata(), "system:basic-user");
    auto* authenticated = basicUserBinding->add_subjects();
    authenticated->set_kind("Group");
    authenticated->set_api_group("rbac.authorization.k8s.io");
    authenticated->set_name("system:authenticated");
    basicUserBinding->mutable_role_ref()->set_api_group("rbac.authorization.k8s.io");
    basicUserBinding->mutable_role_ref()->set_kind("ClusterRole");
    basicUserBinding->mutable_role_ref()->set_name("system:basic-user");
    PH_RETURN_IF_ERROR(ensure("clusterrolebindings", basicUserBinding));
    // system:discovery and system:public-info-viewer: what every client reads before anything
    // else (discovery, OpenAPI, the version), and the health and version paths even for
    // anonymous requests.
    struct NonResourceRole {
        const char* name;
        std::vector<const char*> urls;
        std::vector<const char*> groups;
    };
    for (const NonResourceRole& role :
         {NonResourceRole{"system:discovery",
                          {"/api", "/api/*", "/apis", "/apis/*", "/healthz", "/livez", "/openapi", "/openapi/*", "/readyz",
                           "/version", "/version/"},
                          {"system:authenticated"}},
          NonResourceRole{"system:public-info-viewer",
                          {"/healthz", "/livez", "/readyz", "/version", "/version/"},
                          {"system:authenticated", "system:unauthenticated"}}}) {
        auto clusterRole = std::make_shared<rbac::ClusterRole>();
        bootstrapMetadata(clusterRole->mutable_metadata(), role.name);
        auto* paths = clusterRole->add_rules();
        paths->add_verbs("get");
        for (const char* url : role.urls) paths->add_non_resource_urls(url);
        PH_RETURN_IF_ERROR(ensure("clusterroles", clusterRole));
        auto roleBinding = std::make_shared<rbac::ClusterRoleBinding>();
        bootstrapMetadata(roleBinding->mutable_metadata(), role.name);
        for (const char* group : role.groups) {
            auto* s = roleBinding->add_subjects();
            s->set_kind("Group");
            s->set_api_group("rbac.authorization.k8s.io");
            s->set_name(group);
        }
        roleBinding->mutable_role_ref()->set_api_group("rbac.authorization.k8s.io");
        roleBinding->mutable_role_ref()->set_kind("ClusterRole");
        roleBinding->mutable_role_ref()->set_name(role.name);
        PH_RETURN_IF_ERROR(ensure("clusterrolebindings", roleBinding));
    }
    return ensureKubernetesService(ensure);
}



}  // namespace pilothouse::controlplane
