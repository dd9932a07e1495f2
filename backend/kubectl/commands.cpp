#include "kubectl/commands.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"
#include "api/object.h"
#include "apiserver/errors.h"
#include "apiserver/registry/defaults.h"
#include "apiserver/registry/strategy.h"
#include "apiserver/validation/validation.h"
#include "authentication_v1.pb.h"
#include "authorization_v1.pb.h"
#include "controlplane/control_plane.h"
#include "api/display_name.h"
#include "kubectl/apply.h"
#include "kubectl/list_output.h"
#include "kubectl/schedule_command.h"
#include "kubectl/simulate_command.h"
#include "kubectl/table_printer.h"
#include "sim/clock.h"
#include "version/version.h"

namespace pilothouse::kubectl {

namespace {

using codec::Value;

const char* kUsage =
    "pilothousectl controls a Pilothouse control plane, as kubectl controls a Kubernetes one.\n"
    "\n"
    "Commands:\n"
    "  validate -f FILE [-f FILE ...]           Load manifests and report every problem (exit 2 on errors)\n"
    "  apply -f FILE [-f FILE ...] --store PATH [-n NAMESPACE] [--dry-run=none|client|server]\n"
    "                                           Create or update objects through the API server\n"
    "  get KIND[,KIND...] [NAME] [-n NAMESPACE | -A] [-o yaml|json|wide|name] [-l SELECTOR]\n"
    "      [--field-selector SELECTOR] --store PATH\n"
    "                                           Show objects as kubectl prints them\n"
    "  schedule -f FILE [-f FILE ...] [--config SCHEDCONFIG.yaml] [--explain] [-o json|text] [--seed N]\n"
    "                                           Schedule the pending pods of a cluster snapshot (e.g. a real\n"
    "                                           cluster's `kubectl get nodes,pods -A -o yaml`) as kube-scheduler\n"
    "                                           v1.28 would, with its FailedScheduling messages; exit 2 on bad input\n"
    "  schedule [--kubeconfig FILE] [--context NAME] [-n NAMESPACE | -A] [--config ...] [--explain] [-o ...]\n"
    "                                           The same for a live cluster (without -f: --kubeconfig, else\n"
    "                                           $KUBECONFIG, else ~/.kube/config), read-only: the pending pods of\n"
    "                                           the namespace (the context's by default) or of all (-A)\n"
    "  snapshot [--kubeconfig FILE] [--context NAME] [-o yaml|json]\n"
    "                                           Write a live cluster's objects that scheduling reads as one List,\n"
    "                                           what schedule -f and pilothouse --open read\n"
    "  simulate SCENARIO.yaml [--until 10m] [--seed N] [-o json|text]\n"
    "                                           Run a scenario (manifests + timed actions) on the simulated cluster\n"
    "                                           as fast as possible: events, pod journeys, metrics, final objects\n"
    "  auth can-i VERB [TYPE | TYPE/NAME | NONRESOURCEURL] [-n NAMESPACE | -A] [--subresource S] [-q]\n"
    "      --store PATH                         Ask whether an action is allowed: prints yes or no, exit 0 or 1\n"
    "  auth whoami [-o yaml|json] --store PATH  Who the API server takes you for: a SelfSubjectReview's user\n"
    "  version                                  Print pilothousectl's version and the Kubernetes version it mirrors\n"
    "\n"
    "FILE may be '-' for standard input. PATH is a Pilothouse store file (created if missing).\n"
    "apply, get and auth act as system:admin unless --tokens FILE (the API server's token file, CSV\n"
    "token,user,uid,\"group1,group2\") is given; then as the user of --token TOKEN.\n";

struct Args {
    std::vector<std::string> positional;
    std::vector<std::string> files;
    std::string store;
    std::string namespace_;
    bool allNamespaces = false;
    std::string output;
    std::string labelSelector;
    std::string fieldSelector;
    std::string dryRun;  // --dry-run=none|client|server
    std::string subresource;  // auth can-i --subresource
    bool quiet = false;       // auth can-i -q
    std::string tokenFile;    // --tokens: the API server's --token-auth-file
    std::string token;        // --token: kubectl's bearer token
    bool help = false;
};

// Accepts "-f X", "-fX", "--filename=X", "--filename X" forms, as kubectl's flag parser does.
StatusOr<Args> parseArgs(const std::vector<std::string>& in) {
    Args a;
    auto takesValue = [](const std::string& f) {
        return f == "-f" || f == "--filename" || f == "--store" || f == "-n" || f == "--namespace" ||
               f == "-o" || f == "--output" || f == "-l" || f == "--selector" || f == "--field-selector" ||
               f == "--dry-run" || f == "--subresource" || f == "--tokens" || f == "--token";
    };
    for (size_t i = 0; i < in.size(); ++i) {
        std::string flag = in[i];
        std::string value;
        bool hasValue = false;
        if (flag.rfind("--", 0) == 0 && flag.find('=') != std::string::npos) {
            value = flag.substr(flag.find('=') + 1);
            flag = flag.substr(0, flag.find('='));
            hasValue = true;
        } else if (flag.size() > 2 && flag[0] == '-' && flag[1] != '-' && takesValue(flag.substr(0, 2))) {
            value = flag.substr(2);
            flag = flag.substr(0, 2);
            hasValue = true;
        }
        if (flag == "-A" || flag == "--all-namespaces") {
            a.allNamespaces = true;
            continue;
        }
        if (flag == "-h" || flag == "--help") {
            a.help = true;
            continue;
        }
        if (flag == "-q" || flag == "--quiet") {
            a.quiet = true;
            continue;
        }
        if (!takesValue(flag)) {
            if (flag.size() > 1 && flag[0] == '-')
                return Status(StatusCode::InvalidArgument, "unknown flag: " + flag);
            a.positional.push_back(in[i]);
            continue;
        }
        if (!hasValue) {
            if (i + 1 >= in.size())
                return Status(StatusCode::InvalidArgument, "flag needs an argument: " + flag);
            value = in[++i];
        }
        if (flag == "-f" || flag == "--filename") a.files.push_back(value);
        else if (flag == "--store") a.store = value;
        else if (flag == "-n" || flag == "--namespace") a.namespace_ = value;
        else if (flag == "-o" || flag == "--output") a.output = value;
        else if (flag == "-l" || flag == "--selector") a.labelSelector = value;
        else if (flag == "--field-selector") a.fieldSelector = value;
        else if (flag == "--dry-run") a.dryRun = value;
        else if (flag == "--subresource") a.subresource = value;
        else if (flag == "--tokens") a.tokenFile = value;
        else if (flag == "--token") a.token = value;
    }
    return a;
}

using api::displayName;

// "Error from server (NotFound): ..." — kubectl's form for API errors (StandardErrorMessage).
std::string serverError(const Status& st, const std::string& context = {}) {
    if (st.reason().empty()) return "error: " + context + st.message();
    if (st.reason() == "Unauthorized") return "error: You must be logged in to the server (" + st.message() + ")";
    return "Error from server (" + st.reason() + "): " + context + st.message();
}

// kubectl's rendering of an Invalid error: one cause inline, several as a bulleted list.
std::string invalidMessage(const std::string& kind, const std::string& name,
                           const apiserver::validation::ErrorList& errors) {
    std::string s = "The " + kind + " \"" + name + "\" is invalid: ";
    if (errors.size() == 1) return s + errors[0].toString();
    for (const auto& e : errors) s += "\n* " + e.toString();
    return s;
}

StatusOr<std::unique_ptr<controlplane::ControlPlane>> openControlPlane(const Args& a,
                                                                       const sim::Clock& clock) {
    if (a.store.empty())
        return Status(StatusCode::InvalidArgument,
                      "--store is required: the Pilothouse store file to work on (created if missing)");
    controlplane::Options options;
    options.storePath = a.store;
    options.tokenFile = a.tokenFile;
    return controlplane::ControlPlane::start(options, clock);
}

// Creates one review (SelfSubjectReview, SelfSubjectAccessReview) as --token's user, as kubectl
// auth whoami and can-i post theirs. Prints what went wrong and returns nothing when the control
// plane cannot be opened or the server refuses.
std::optional<apiserver::Response> createReview(const Args& a, Streams io, const std::string& groupVersion,
                                                const std::string& kind,
                                                std::shared_ptr<const google::protobuf::Message> body) {
    sim::RealClock clock;
    auto cp = openControlPlane(a, clock);
    if (!cp) {
        io.err << "error: " << cp.status().message() << "\n";
        return std::nullopt;
    }
    apiserver::Request req;
    req.verb = "create";
    req.type = api::Scheme::instance().byKind(groupVersion, kind);
    req.token = a.token;
    req.body = std::move(body);
    auto resp = (*cp)->apiServer().handle(req);
    if (!resp.ok()) {
        io.err << serverError(resp.status) << "\n";
        return std::nullopt;
    }
    return resp;
}

// Loads one -f file as kubectl does: warnings printed, a failure printed and counted (the other
// files still go on). Returns the manifests, or nothing when the file failed.
std::optional<std::vector<codec::Manifest>> loadFile(const std::string& file, Streams io, int* failures) {
    std::vector<std::string> warnings;
    auto manifests = codec::loadManifestFile(file, &warnings);
    for (const auto& w : warnings) io.err << "Warning: " << w << "\n";
    if (!manifests) {
        io.err << "error: " << manifests.status().message() << "\n";
        ++*failures;
        return std::nullopt;
    }
    return std::move(*manifests);
}

// ---- validate ----

int cmdValidate(const Args& a, Streams io) {
    if (a.files.empty()) {
        io.err << "error: must specify one of -f and -k\n";
        return 2;
    }
    int problems = 0;
    size_t objects = 0;
    for (const auto& file : a.files) {
        auto manifests = loadFile(file, io, &problems);
        if (!manifests) continue;
        for (auto& m : *manifests) {
            ++objects;
            // What the API server would check: defaults applied first, then validation.
            apiserver::registry::applyDefaults(*m.type, m.object.get());
            auto* meta = api::mutableMetadata(m.object.get());
            if (m.type->namespaced && meta->namespace_().empty()) meta->set_namespace_("default");
            if (meta->name().empty() && !meta->generate_name().empty()) meta->set_name(meta->generate_name() + "xxxxx");
            apiserver::registry::prepareForCreate(*m.type, m.object.get(), features::FeatureGates{});
            auto errors = apiserver::validation::validateCreate(*m.type, *m.object);
            if (!errors.empty()) {
                io.err << "error: " << m.location() << ": "
                       << invalidMessage(m.type->kind, meta->name(), errors) << "\n";
                ++problems;
            }
        }
    }
    if (problems) return 2;
    io.out << objects << (objects == 1 ? " object" : " objects") << " valid\n";
    return 0;
}

// ---- apply ----

// kubectl apply (kubectl/apply.h): every file read first (a file that cannot be read is an error,
// the others go on), then every object applied in order; successes on stdout as they happen, the
// errors on stderr at the end as kubectl's CheckErr prints them.
int cmdApply(const Args& a, Streams io) {
    if (a.files.empty()) {
        io.err << "error: must specify one of -f and -k\n";
        return 1;
    }
    DryRun dryRun = DryRun::None;
    if (a.dryRun == "server") dryRun = DryRun::Server;
    else if (a.dryRun == "client") dryRun = DryRun::Client;
    else if (!a.dryRun.empty() && a.dryRun != "none") {
        io.err << "error: Invalid dry-run value (" << a.dryRun << "). Must be \"none\", \"server\", or \"client\".\n";
        return 1;
    }
    sim::RealClock clock;
    auto cp = openControlPlane(a, clock);
    if (!cp) {
        io.err << "error: " << cp.status().message() << "\n";
        return 1;
    }
    auto& server = (*cp)->apiServer();
    std::vector<std::string> unreadable;
    std::vector<ApplyObject> objects;
    for (const auto& file : a.files) {
        std::stringstream text;
        if (file == "-") {
            text << std::cin.rdbuf();
        } else {
            std::ifstream in(file, std::ios::binary);
            if (!in) {
                unreadable.push_back("error: the path \"" + file + "\" does not exist");
                continue;
            }
            text << in.rdbuf();
        }
        ApplyOptions options;
        options.source = file == "-" ? "STDIN" : file;
        options.namespace_ = a.namespace_.empty() ? "default" : a.namespace_;
        options.enforceNamespace = !a.namespace_.empty();
        for (auto& o : readObjects(text.str(), options)) objects.push_back(std::move(o));
    }
    std::vector<std::unique_ptr<ObjectApply>> applies;
    std::vector<const ObjectApply*> failed;
    // Objects that could not be read are the resource builder's errors: reported first.
    for (auto& o : objects) {
        if (o.ok()) continue;
        applies.push_back(std::make_unique<ObjectApply>(o, ApplyMode::Apply, dryRun));
        failed.push_back(applies.back().get());
    }
    for (auto& o : objects) {
        if (!o.ok()) continue;
        for (const auto& w : o.warnings) io.err << "Warning: " << w << "\n";
        auto apply = std::make_unique<ObjectApply>(std::move(o), ApplyMode::Apply, dryRun);
        while (const ApplyCall* call = apply->next()) {
            apiserver::Request req = toRequest(*call);
            req.token = a.token;
            auto resp = server.handle(req);
            apply->onResponse(resp.status, resp.object.get(), resp.warnings);
        }
        for (const auto& w : apply->warnings()) io.err << w << "\n";
        if (apply->ok()) io.out << apply->outputLine() << "\n";
        else failed.push_back(apply.get());
        applies.push_back(std::move(apply));
    }
    for (const auto& u : unreadable) io.err << u << "\n";
    if (objects.empty() && unreadable.empty()) {
        io.err << "error: no objects passed to apply\n";
        return 1;
    }
    io.err << applyErrorSummary(failed);
    return failed.empty() && unreadable.empty() ? 0 : 1;
}

// ---- get ----


int cmdGet(const Args& a, Streams io) {
    if (a.positional.empty()) {
        io.err << "You must specify the type of resource to get. Use \"pilothousectl get --help\" for the list.\n";
        return 1;
    }
    const std::string output = a.output;
    if (!output.empty() && output != "yaml" && output != "json" && output != "wide" && output != "name") {
        io.err << "error: unable to match a printer suitable for the output format \"" << output
               << "\", allowed formats are: json,name,wide,yaml\n";
        return 1;
    }
    std::vector<const api::ResourceType*> types;
    std::stringstream kinds(a.positional[0]);
    for (std::string k; std::getline(kinds, k, ',');) {
        const api::ResourceType* t = api::Scheme::instance().byName(k);
        if (!t) {
            io.err << "error: the server doesn't have a resource type \"" << k << "\"\n";
            return 1;
        }
        types.push_back(t);
    }
    const std::string name = a.positional.size() > 1 ? a.positional[1] : "";
    if (!name.empty() && types.size() > 1) {
        io.err << "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form\n";
        return 1;
    }
    sim::RealClock clock;
    auto cp = openControlPlane(a, clock);
    if (!cp) {
        io.err << "error: " << cp.status().message() << "\n";
        return 1;
    }
    auto& server = (*cp)->apiServer();
    const std::string ns = a.namespace_.empty() ? "default" : a.namespace_;
    std::vector<Value> encoded;
    std::string tables;
    size_t found = 0;
    for (const api::ResourceType* type : types) {
        apiserver::Request req;
        req.type = type;
        req.token = a.token;
        req.namespace_ = type->namespaced && !a.allNamespaces ? ns : "";
        req.labelSelector = a.labelSelector;
        req.fieldSelector = a.fieldSelector;
        std::vector<std::unique_ptr<google::protobuf::Message>> objects;
        if (!name.empty()) {
            req.verb = "get";
            req.name = name;
            auto resp = server.handle(req);
            if (!resp.ok()) {
                io.err << serverError(resp.status) << "\n";
                return 1;
            }
            objects.push_back(std::move(resp.object));
        } else {
            req.verb = "list";
            auto resp = server.handle(req);
            if (!resp.ok()) {
                io.err << serverError(resp.status) << "\n";
                return 1;
            }
            objects = std::move(resp.items);
        }
        found += objects.size();
        if (output == "yaml" || output == "json") {
            for (const auto& o : objects) {
                encoded.push_back(codec::encodeMessage(*o));
                codec::eraseManagedFields(encoded.back());
            }
        } else if (output == "name") {
            for (const auto& o : objects) io.out << displayName(*type, api::metadata(*o).name()) << "\n";
        } else if (!objects.empty()) {
            Table t = buildTable(*type, objects, output == "wide" ? Columns::Wide : Columns::Default,
                                 a.allNamespaces, clock.nowUnixNanos());
            if (types.size() > 1) {
                // Several kinds: kubectl prefixes names with the kind and separates the tables.
                const size_t nameCol = (a.allNamespaces && type->namespaced) ? 1 : 0;
                for (auto& row : t.rows) row[nameCol] = displayName(*type, row[nameCol]);
                if (!tables.empty()) tables += "\n";
            }
            tables += renderTable(t);
        }
    }
    if (output == "yaml" || output == "json") {
        Value doc = (!name.empty() && encoded.size() == 1) ? encoded[0] : listOf(std::move(encoded));
        io.out << (output == "yaml" ? codec::toYaml(doc) : codec::toJson(doc) + "\n");
        return 0;
    }
    if (found == 0 && output != "name") {
        if (a.allNamespaces || !types[0]->namespaced) io.err << "No resources found\n";
        else io.err << "No resources found in " << ns << " namespace.\n";
        return 0;
    }
    io.out << tables;
    return 0;
}

// ---- auth can-i ----

// kubectl auth can-i (staging/src/k8s.io/kubectl/pkg/cmd/auth/cani.go, v1.28): one
// SelfSubjectAccessReview for VERB on TYPE[/NAME] (TYPE resolved as kubectl's REST mapper does,
// "*" for all) or on a NONRESOURCEURL (starting with "/"), in the namespace of -n ("default"; none
// with -A). Prints "yes", or "no" followed by " - <reason>" and " - <evaluationError>" when the
// review has them; exit 0 when allowed, 1 when not or on an error. kubectl's warnings go to stderr.
// kubectl auth whoami (staging/src/k8s.io/kubectl/pkg/cmd/auth/whoami.go, v1.28): one
// SelfSubjectReview; its user as kubectl's ATTRIBUTE/VALUE table (Username, UID when set, Groups
// as Go prints a slice, `[a b]`), or the review as -o yaml|json. Exit 1 on an error.
int cmdWhoami(const Args& a, Streams io) {
    namespace authenticationv1 = k8s::io::api::authentication::v1;
    if (a.positional.size() != 1) {
        io.err << "error: unknown command \"" << a.positional[1] << "\" for \"pilothousectl auth whoami\"\n";
        return 1;
    }
    if (!a.output.empty() && a.output != "yaml" && a.output != "json") {
        io.err << "error: unable to match a printer suitable for the output format \"" << a.output
               << "\", allowed formats are: json,yaml\n";
        return 1;
    }
    auto resp = createReview(a, io, "authentication.k8s.io/v1", "SelfSubjectReview",
                             std::make_shared<authenticationv1::SelfSubjectReview>());
    if (!resp) return 1;
    if (!a.output.empty()) {
        const Value doc = codec::encodeMessage(*resp->object);
        io.out << (a.output == "yaml" ? codec::toYaml(doc) : codec::toJson(doc) + "\n");
        return 0;
    }
    const auto& user = static_cast<const authenticationv1::SelfSubjectReview&>(*resp->object).status().user_info();
    Table t;
    t.headers = {"ATTRIBUTE", "VALUE"};
    if (!user.username().empty()) t.rows.push_back({"Username", user.username()});
    if (!user.uid().empty()) t.rows.push_back({"UID", user.uid()});
    if (user.groups_size() > 0) {
        std::string groups;
        for (const std::string& g : user.groups()) groups += (groups.empty() ? "" : " ") + g;
        t.rows.push_back({"Groups", "[" + groups + "]"});
    }
    io.out << renderTable(t);
    return 0;
}

int cmdAuth(const Args& a, Streams io) {
    namespace authorizationv1 = k8s::io::api::authorization::v1;
    const auto& p = a.positional;
    if (!p.empty() && p[0] == "whoami") return cmdWhoami(a, io);
    if (p.empty() || p[0] != "can-i") {
        io.err << "error: unknown command \"" << (p.empty() ? "" : p[0]) << "\" for \"pilothousectl auth\"\n";
        return 1;
    }
    if (p.size() != 3) {
        io.err << "error: you must specify two arguments: verb resource or verb resource/resourceName.\n"
                  "See 'pilothousectl auth can-i -h' for help and examples.\n";
        return 1;
    }
    static const std::set<std::string> resourceVerbs = {"get",  "list", "watch", "create", "update", "patch",
                                                        "delete", "deletecollection", "use", "bind", "impersonate",
                                                        "*", "approve", "sign", "escalate", "attest"};
    static const std::set<std::string> nonResourceURLVerbs = {"get", "put", "post", "head", "options", "delete", "patch", "*"};
    const std::string& verb = p[1];
    const std::string& target = p[2];
    auto warn = [&](const std::string& message) { io.err << "Warning: " << message << "\n\n"; };
    auto review = std::make_shared<authorizationv1::SelfSubjectAccessReview>();
    if (target.rfind('/', 0) == 0) {
        if (!a.subresource.empty()) {
            io.err << "error: --subresource can not be used with NonResourceURL\n";
            return 1;
        }
        if (!nonResourceURLVerbs.contains(verb)) warn("verb '" + verb + "' is not a known verb");
        auto* attrs = review->mutable_spec()->mutable_non_resource_attributes();
        attrs->set_verb(verb);
        attrs->set_path(target);
    } else {
        const size_t slash = target.find('/');
        const std::string resourceArg = target.substr(0, slash);
        auto* attrs = review->mutable_spec()->mutable_resource_attributes();
        attrs->set_namespace_(a.allNamespaces ? "" : a.namespace_.empty() ? "default" : a.namespace_);
        attrs->set_verb(verb);
        attrs->set_subresource(a.subresource);
        if (slash != std::string::npos) attrs->set_name(target.substr(slash + 1));
        const api::ResourceType* type = resourceArg == "*" ? nullptr : api::Scheme::instance().byName(resourceArg);
        if (type) {
            attrs->set_group(type->group);
            attrs->set_resource(type->resource);
        } else {
            attrs->set_resource(resourceArg);
            // schema.ParseResourceArg: "widgets.example.com" is resource widgets in group example.com;
            // users and groups (the impersonate verb's) are known without discovery.
            std::string lower = resourceArg;
            std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
            const size_t dot = lower.find('.');
            if (resourceArg != "*" && lower != "users" && lower != "groups")
                warn(dot == std::string::npos
                         ? "the server doesn't have a resource type '" + lower + "'"
                         : "the server doesn't have a resource type '" + lower.substr(0, dot) + "' in group '" +
                               lower.substr(dot + 1) + "'");
        }
        if (!a.allNamespaces) {
            if (type && !type->namespaced)
                warn(type->group.empty() ? "resource '" + type->resource + "' is not namespace scoped"
                                         : "resource '" + type->resource + "' is not namespace scoped in group '" +
                                               type->group + "'");
            if (!resourceVerbs.contains(verb)) warn("verb '" + verb + "' is not a known verb");
        }
    }
    auto resp = createReview(a, io, "authorization.k8s.io/v1", "SelfSubjectAccessReview", review);
    if (!resp) return 1;
    const auto& status = static_cast<const authorizationv1::SelfSubjectAccessReview&>(*resp->object).status();
    if (!a.quiet) {
        if (status.allowed()) {
            io.out << "yes\n";
        } else {
            io.out << "no";
            if (!status.reason().empty()) io.out << " - " << status.reason();
            if (!status.evaluation_error().empty()) io.out << " - " << status.evaluation_error();
            io.out << "\n";
        }
    }
    return status.allowed() ? 0 : 1;
}

}  // namespace

// snapshot's flags: --kubeconfig, --context, -o/--output.
int cmdSnapshot(const std::vector<std::string>& in, Streams io) {
    SnapshotArgs a;
    for (size_t i = 0; i < in.size(); ++i) {
        std::string flag = in[i];
        std::string value;
        bool inlineValue = false;
        if (flag.rfind("--", 0) == 0 && flag.find('=') != std::string::npos) {
            value = flag.substr(flag.find('=') + 1);
            flag = flag.substr(0, flag.find('='));
            inlineValue = true;
        } else if (flag.rfind("-o", 0) == 0 && flag.size() > 2) {
            value = flag.substr(2);
            flag = "-o";
            inlineValue = true;
        }
        if (flag == "-h" || flag == "--help") {
            io.out << kUsage;
            return 0;
        }
        if (flag != "--kubeconfig" && flag != "--context" && flag != "-o" && flag != "--output") {
            io.err << "error: unknown flag or argument: " << in[i] << "\n";
            return 2;
        }
        if (!inlineValue) {
            if (i + 1 >= in.size()) {
                io.err << "error: flag needs an argument: " << flag << "\n";
                return 2;
            }
            value = in[++i];
        }
        if (flag == "--kubeconfig") a.kubeconfig = value;
        else if (flag == "--context") a.context = value;
        else a.output = value;
    }
    return runSnapshot(a, io.out, io.err);
}

// schedule's own flags: -f/--filename, --config, --explain, -o/--output, --seed; for a live
// cluster --kubeconfig, --context, -n/--namespace, -A/--all-namespaces.
int cmdSchedule(const std::vector<std::string>& in, Streams io) {
    ScheduleArgs a;
    for (size_t i = 0; i < in.size(); ++i) {
        std::string flag = in[i];
        std::string value;
        bool inlineValue = false;
        if (flag.rfind("--", 0) == 0 && flag.find('=') != std::string::npos) {
            value = flag.substr(flag.find('=') + 1);
            flag = flag.substr(0, flag.find('='));
            inlineValue = true;
        } else if ((flag.rfind("-f", 0) == 0 || flag.rfind("-o", 0) == 0) && flag.size() > 2) {
            value = flag.substr(2);
            flag = flag.substr(0, 2);
            inlineValue = true;
        }
        if (flag == "--explain") {
            a.explain = true;
            continue;
        }
        if (flag == "-h" || flag == "--help") {
            io.out << kUsage;
            return 0;
        }
        if (flag == "-A" || flag == "--all-namespaces") {
            a.allNamespaces = true;
            continue;
        }
        if (flag.rfind("-n", 0) == 0 && flag.size() > 2 && flag.rfind("--", 0) != 0) {
            value = flag.substr(2);
            flag = "-n";
            inlineValue = true;
        }
        const bool known = flag == "-f" || flag == "--filename" || flag == "--config" || flag == "-o" ||
                           flag == "--output" || flag == "--seed" || flag == "--kubeconfig" || flag == "--context" ||
                           flag == "-n" || flag == "--namespace";
        if (!known) {
            io.err << "error: unknown flag or argument: " << in[i] << "\n";
            return 2;
        }
        if (!inlineValue) {
            if (i + 1 >= in.size()) {
                io.err << "error: flag needs an argument: " << flag << "\n";
                return 2;
            }
            value = in[++i];
        }
        if (flag == "-f" || flag == "--filename") a.files.push_back(value);
        else if (flag == "--config") a.configFile = value;
        else if (flag == "-o" || flag == "--output") a.output = value;
        else if (flag == "--kubeconfig") a.kubeconfig = value;
        else if (flag == "--context") a.context = value;
        else if (flag == "-n" || flag == "--namespace") a.namespace_ = value;
        else if (flag == "--seed") {
            try {
                size_t used = 0;
                a.seed = std::stoull(value, &used);
                if (used != value.size()) throw std::invalid_argument(value);
            } catch (...) {
                io.err << "error: invalid argument \"" << value << "\" for \"--seed\": a non-negative integer is required\n";
                return 2;
            }
        }
    }
    return runSchedule(a, io.out, io.err);
}

int run(const std::vector<std::string>& argv, Streams io) {
    if (argv.empty() || argv[0] == "help" || argv[0] == "--help" || argv[0] == "-h") {
        io.out << kUsage;
        return argv.empty() ? 1 : 0;
    }
    const std::string command = argv[0];
    if (command == "version" || command == "--version") {
        if (argv.size() > 1) {
            io.err << "error: unknown flag or argument: " << argv[1] << "\n";
            return 2;
        }
        io.out << version::versionLine("pilothousectl") << "\n";
        return 0;
    }
    if (command == "schedule") return cmdSchedule(std::vector<std::string>(argv.begin() + 1, argv.end()), io);
    if (command == "snapshot") return cmdSnapshot(std::vector<std::string>(argv.begin() + 1, argv.end()), io);
    if (command == "simulate") return cmdSimulate(std::vector<std::string>(argv.begin() + 1, argv.end()), io.out, io.err);
    auto args = parseArgs(std::vector<std::string>(argv.begin() + 1, argv.end()));
    if (!args) {
        io.err << "error: " << args.status().message() << "\n";
        return 1;
    }
    if (args->help) {
        io.out << kUsage;
        return 0;
    }
    if (command == "validate") return cmdValidate(*args, io);
    if (command == "apply") return cmdApply(*args, io);
    if (command == "get") return cmdGet(*args, io);
    if (command == "auth") return cmdAuth(*args, io);
    io.err << "error: unknown command \"" << command << "\" for \"pilothousectl\"\n\n" << kUsage;
    return 1;
}

}  // namespace pilothouse::kubectl
