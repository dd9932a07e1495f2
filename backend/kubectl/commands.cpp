#include "kubectl/commands.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
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
#include "controlplane/control_plane.h"
#include "kubectl/list_output.h"
#include "kubectl/schedule_command.h"
#include "kubectl/simulate_command.h"
#include "kubectl/table_printer.h"
#include "sim/clock.h"

namespace pilothouse::kubectl {

namespace {

using codec::Value;

constexpr const char* kLastApplied = "kubectl.kubernetes.io/last-applied-configuration";

const char* kUsage =
    "pilothousectl controls a Pilothouse control plane, as kubectl controls a Kubernetes one.\n"
    "\n"
    "Commands:\n"
    "  validate -f FILE [-f FILE ...]           Load manifests and report every problem (exit 2 on errors)\n"
    "  apply -f FILE [-f FILE ...] --store PATH [-n NAMESPACE]\n"
    "                                           Create or update objects through the API server\n"
    "  get KIND[,KIND...] [NAME] [-n NAMESPACE | -A] [-o yaml|json|wide|name] [-l SELECTOR]\n"
    "      [--field-selector SELECTOR] --store PATH\n"
    "                                           Show objects as kubectl prints them\n"
    "  schedule -f FILE [-f FILE ...] [--config SCHEDCONFIG.yaml] [--explain] [-o json|text] [--seed N]\n"
    "                                           Schedule the pending pods of a cluster snapshot (e.g. a real\n"
    "                                           cluster's `kubectl get nodes,pods -A -o yaml`) as kube-scheduler\n"
    "                                           v1.28 would, with its FailedScheduling messages; exit 2 on bad input\n"
    "  simulate SCENARIO.yaml [--until 10m] [--seed N] [-o json|text]\n"
    "                                           Run a scenario (manifests + timed actions) on the simulated cluster\n"
    "                                           as fast as possible: events, pod journeys, metrics, final objects\n"
    "\n"
    "FILE may be '-' for standard input. PATH is a Pilothouse store file (created if missing).\n";

struct Args {
    std::vector<std::string> positional;
    std::vector<std::string> files;
    std::string store;
    std::string namespace_;
    bool allNamespaces = false;
    std::string output;
    std::string labelSelector;
    std::string fieldSelector;
    bool help = false;
};

// Accepts "-f X", "-fX", "--filename=X", "--filename X" forms, as kubectl's flag parser does.
StatusOr<Args> parseArgs(const std::vector<std::string>& in) {
    Args a;
    auto takesValue = [](const std::string& f) {
        return f == "-f" || f == "--filename" || f == "--store" || f == "-n" || f == "--namespace" ||
               f == "-o" || f == "--output" || f == "-l" || f == "--selector" || f == "--field-selector";
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
    }
    return a;
}

// "pod/web", "deployment.apps/web": how kubectl names an object in its messages.
std::string displayName(const api::ResourceType& type, const std::string& name) {
    std::string kind = type.kind;
    std::transform(kind.begin(), kind.end(), kind.begin(), ::tolower);
    if (!type.group.empty()) kind += "." + type.group;
    return kind + "/" + name;
}

// "Error from server (NotFound): ..." — kubectl's form for API errors.
std::string serverError(const Status& st, const std::string& context = {}) {
    if (st.reason().empty()) return "error: " + context + st.message();
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
    return controlplane::ControlPlane::start(options, clock);
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
            apiserver::registry::prepareForCreate(*m.type, m.object.get());
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

// kubectl's three-way merge, for a JSON merge patch: what the manifest says, plus nulls for what a
// previous apply set and this manifest no longer does.
Value threeWayPatch(const Value& desired, const Value& lastApplied) {
    Value patch = desired;
    if (!lastApplied.isObject()) return patch;
    for (const auto& [key, old] : lastApplied.asObject()) {
        const Value* now = desired.find(key);
        if (!now) {
            patch.set(key, Value());
        } else if (now->isObject() && old.isObject()) {
            patch.set(key, threeWayPatch(*now, old));
        }
    }
    return patch;
}

int cmdApply(const Args& a, Streams io) {
    if (a.files.empty()) {
        io.err << "error: must specify one of -f and -k\n";
        return 1;
    }
    sim::RealClock clock;
    auto cp = openControlPlane(a, clock);
    if (!cp) {
        io.err << "error: " << cp.status().message() << "\n";
        return 1;
    }
    auto& server = (*cp)->apiServer();
    int failures = 0;
    for (const auto& file : a.files) {
        auto manifests = loadFile(file, io, &failures);
        if (!manifests) continue;
        for (auto& m : *manifests) {
            auto* meta = api::mutableMetadata(m.object.get());
            if (m.type->namespaced && meta->namespace_().empty())
                meta->set_namespace_(a.namespace_.empty() ? "default" : a.namespace_);
            if (!a.namespace_.empty() && m.type->namespaced && meta->namespace_() != a.namespace_) {
                io.err << "error: the namespace from the provided object \"" << meta->namespace_()
                       << "\" does not match the namespace \"" << a.namespace_
                       << "\". You must pass '--namespace=" << meta->namespace_() << "' to perform this operation.\n";
                ++failures;
                continue;
            }
            // The manifest as applied, minus the annotation itself, is remembered on the object.
            Value applied = m.raw;
            if (Value* md = applied.find("metadata"); md && md->find("annotations"))
                md->find("annotations")->erase(kLastApplied);
            if (m.type->namespaced) applied["metadata"].set("namespace", meta->namespace_());
            applied.sortKeys();  // kubectl stores it as Go marshals a map: keys sorted
            const std::string appliedJson = codec::toJson(applied, codec::JsonStyle::Compact) + "\n";
            (*meta->mutable_annotations())[kLastApplied] = appliedJson;

            apiserver::Request get;
            get.verb = "get";
            get.type = m.type;
            get.namespace_ = meta->namespace_();
            get.name = meta->name();
            auto current = server.handle(get);
            const std::string shown = displayName(*m.type, meta->name());
            if (!current.ok() && current.status.reason() == "NotFound") {
                apiserver::Request create;
                create.verb = "create";
                create.type = m.type;
                create.namespace_ = meta->namespace_();
                create.body = std::shared_ptr<google::protobuf::Message>(std::move(m.object));
                auto resp = server.handle(create);
                for (const auto& w : resp.warnings) io.err << "Warning: " << w << "\n";
                if (!resp.ok()) {
                    io.err << serverError(resp.status, "error when creating \"" + file + "\": ") << "\n";
                    ++failures;
                    continue;
                }
                io.out << shown << " created\n";
                continue;
            }
            if (!current.ok()) {
                io.err << serverError(current.status, "error when retrieving current configuration of \"" + file + "\": ") << "\n";
                ++failures;
                continue;
            }
            Value last;
            const auto& annotations = api::metadata(*current.object).annotations();
            if (auto it = annotations.find(kLastApplied); it != annotations.end()) {
                auto parsed = codec::parseJson(it->second);
                if (parsed) last = std::move(*parsed);
            }
            Value desired = codec::encodeMessage(*m.object);
            apiserver::Request patch;
            patch.verb = "patch";
            patch.type = m.type;
            patch.namespace_ = meta->namespace_();
            patch.name = meta->name();
            patch.patch = threeWayPatch(desired, last);
            patch.patch.erase("status");
            auto resp = server.handle(patch);
            if (!resp.ok()) {
                io.err << serverError(resp.status, "error when patching \"" + file + "\": ") << "\n";
                ++failures;
                continue;
            }
            const bool changed = api::metadata(*resp.object).resource_version() !=
                                 api::metadata(*current.object).resource_version();
            io.out << shown << (changed ? " configured" : " unchanged") << "\n";
        }
    }
    return failures ? 1 : 0;
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
            for (const auto& o : objects) encoded.push_back(codec::encodeMessage(*o));
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

}  // namespace

// schedule's own flags: -f/--filename, --config, --explain, -o/--output, --seed.
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
        const bool known = flag == "-f" || flag == "--filename" || flag == "--config" || flag == "-o" ||
                           flag == "--output" || flag == "--seed";
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
    if (command == "schedule") return cmdSchedule(std::vector<std::string>(argv.begin() + 1, argv.end()), io);
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
    io.err << "error: unknown command \"" << command << "\" for \"pilothousectl\"\n\n" << kUsage;
    return 1;
}

}  // namespace pilothouse::kubectl
