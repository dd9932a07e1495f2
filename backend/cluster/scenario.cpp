#include "cluster/scenario.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "api/codec/yaml.h"
#include "api/resource/quantity.h"
#include "apiserver/admission/chain.h"
#include "controlplane/control_plane.h"
#include "features/kube_features.h"
#include "kubelet/apis/config/kubelet_configuration.h"
#include "util/rfc3339.h"
#include "scheduler/apis/config/load.h"

namespace pilothouse::cluster {

namespace {

constexpr const char* kScenarioApiVersion = "pilothouse.dev/v1alpha1";
constexpr const char* kSchedulerConfigApiVersion = "kubescheduler.config.k8s.io/v1";

const std::set<std::string> kActions = {"apply",       "delete",       "scale",      "patch",
                                        "cordon",      "uncordon",     "evict",      "drain",
                                        "failNode",    "recoverNode",  "imageMissing", "breakProbe",
                                        "configureScheduler", "bind"};

Status fieldError(const std::string& where, const std::string& field, const std::string& message) {
    return Status(StatusCode::InvalidArgument, where + ": " + field + ": " + message);
}

StatusOr<std::string> stringField(const codec::Value& obj, const char* key, const std::string& where,
                                  const std::string& path) {
    const codec::Value* v = obj.find(key);
    if (!v || v->isNull()) return std::string();
    if (!v->isString()) return fieldError(where, path + "." + key, std::string("expected a string, got ") + v->typeName());
    return v->asString();
}

StatusOr<ScenarioAction> parseAction(const codec::Value& item, const std::string& where, const std::string& path) {
    if (!item.isObject()) return fieldError(where, path, std::string("expected an object, got ") + item.typeName());
    ScenarioAction a;
    a.where = where + ": " + path;
    static const std::set<std::string> known = {"at",    "action",    "node",  "kind",     "name",  "namespace",
                                                "image", "container", "probe", "replicas", "patch", "manifest",
                                                "broken", "cascade", "selector", "subresource", "gracePeriodSeconds", "timeout",
                                                "configuration"};
    for (const auto& [key, _] : item.asObject())
        if (!known.contains(key)) return fieldError(where, path + "." + key, "unknown field");
    const codec::Value* at = item.find("at");
    if (!at) return fieldError(where, path + ".at", "Required value");
    std::string atText = at->isString() ? at->asString() : (at->isNumber() ? at->numberText() + "s" : "");
    auto d = parseDuration(atText);
    if (!d) return fieldError(where, path + ".at", d.status().message());
    a.at = *d;
    auto action = stringField(item, "action", where, path);
    if (!action) return action.status();
    if (action->empty()) return fieldError(where, path + ".action", "Required value");
    if (!kActions.contains(*action)) {
        std::string list;
        for (const auto& k : kActions) list += (list.empty() ? "" : ", ") + std::string("\"") + k + "\"";
        return fieldError(where, path + ".action", "Unsupported value: \"" + *action + "\": supported values: " + list);
    }
    a.action = *action;
    for (auto [key, dest] : {std::pair{"node", &a.node}, {"kind", &a.kind}, {"name", &a.name},
                             {"namespace", &a.namespace_}, {"image", &a.image}, {"container", &a.container},
                             {"probe", &a.probe}, {"cascade", &a.cascade}, {"selector", &a.selector},
                             {"subresource", &a.subresource}}) {
        auto v = stringField(item, key, where, path);
        if (!v) return v.status();
        *dest = *v;
    }
    if (const codec::Value* r = item.find("replicas")) {
        if (!r->isInt() || r->asInt() < 0) return fieldError(where, path + ".replicas", "must be a non-negative integer");
        a.replicas = int32_t(r->asInt());
    }
    if (const codec::Value* g = item.find("gracePeriodSeconds")) {
        if (!g->isInt() || g->asInt() < 0) return fieldError(where, path + ".gracePeriodSeconds", "must be a non-negative integer");
        a.gracePeriodSeconds = g->asInt();
    }
    if (const codec::Value* t = item.find("timeout")) {
        if (!t->isString()) return fieldError(where, path + ".timeout", std::string("expected a duration, got ") + t->typeName());
        auto d = parseDuration(t->asString());
        if (!d) return fieldError(where, path + ".timeout", d.status().message());
        if (*d <= sim::Duration::zero()) return fieldError(where, path + ".timeout", "must be greater than 0");
        a.timeout = *d;
    }
    if (const codec::Value* p = item.find("patch")) a.patch = *p;
    if (const codec::Value* m = item.find("manifest")) a.manifest = *m;
    if (const codec::Value* c = item.find("configuration")) a.configuration = *c;
    if (const codec::Value* b = item.find("broken")) {
        if (!b->isBool()) return fieldError(where, path + ".broken", "expected true or false");
        a.broken = b->asBool();
    }
    // What each action needs.
    auto require = [&](bool ok, const char* field) -> Status {
        return ok ? Status() : fieldError(where, path + "." + field, "Required value for action " + a.action);
    };
    if (a.action == "apply") PH_RETURN_IF_ERROR(require(a.manifest.isObject(), "manifest"));
    if (a.action == "delete" || a.action == "scale" || a.action == "patch") {
        PH_RETURN_IF_ERROR(require(!a.kind.empty(), "kind"));
        if (a.action != "delete" || a.selector.empty()) PH_RETURN_IF_ERROR(require(!a.name.empty(), "name"));
    }
    if (!a.selector.empty() && a.action != "delete") return fieldError(where, path + ".selector", "only the delete action takes a selector");
    if (!a.selector.empty() && !a.name.empty())
        return fieldError(where, path + ".selector", "name cannot be provided when a selector is specified");
    if (!a.cascade.empty() && a.cascade != "background" && a.cascade != "foreground" && a.cascade != "orphan")
        return fieldError(where, path + ".cascade",
                          "Unsupported value: \"" + a.cascade + "\": supported values: \"background\", \"foreground\", \"orphan\"");
    if (a.action == "scale") PH_RETURN_IF_ERROR(require(a.replicas.has_value(), "replicas"));
    if (a.action == "patch") PH_RETURN_IF_ERROR(require(a.patch.isObject(), "patch"));
    if (!a.subresource.empty() && (a.action != "patch" || a.subresource != "status"))
        return fieldError(where, path + ".subresource", "only the patch action takes a subresource, and only \"status\"");
    if (a.gracePeriodSeconds && a.action != "delete")
        return fieldError(where, path + ".gracePeriodSeconds", "only the delete action takes a grace period");
    if (a.action == "cordon" || a.action == "uncordon" || a.action == "drain" || a.action == "failNode" ||
        a.action == "recoverNode")
        PH_RETURN_IF_ERROR(require(!a.node.empty(), "node"));
    if (a.action == "evict") PH_RETURN_IF_ERROR(require(!a.name.empty(), "name"));
    if (a.action == "bind") {
        PH_RETURN_IF_ERROR(require(!a.name.empty(), "name"));
        PH_RETURN_IF_ERROR(require(!a.node.empty(), "node"));
    }
    if (item.find("timeout") && a.action != "drain")
        return fieldError(where, path + ".timeout", "only the drain action takes a timeout");
    if (a.action == "imageMissing") PH_RETURN_IF_ERROR(require(!a.image.empty(), "image"));
    if (a.action == "configureScheduler") {
        PH_RETURN_IF_ERROR(require(a.configuration.isObject(), "configuration"));
        // Checked now, as kube-scheduler checks its file when it starts.
        auto config = scheduler::config::loadConfiguration(codec::toYaml(a.configuration), a.where + ".configuration");
        if (!config) return config.status();
    } else if (item.find("configuration")) {
        return fieldError(where, path + ".configuration", "only the configureScheduler action takes a configuration");
    }
    if (a.action == "breakProbe") {
        PH_RETURN_IF_ERROR(require(!a.name.empty(), "name"));
        PH_RETURN_IF_ERROR(require(!a.probe.empty(), "probe"));
        if (a.probe != "liveness" && a.probe != "readiness" && a.probe != "startup")
            return fieldError(where, path + ".probe",
                              "Unsupported value: \"" + a.probe + "\": supported values: \"liveness\", \"readiness\", \"startup\"");
    }
    return a;
}

StatusOr<std::map<std::string, sim::Duration>> parseKubeletTimings(const codec::Value& timings, const std::string& where) {
    const std::string path = "spec.kubeletTimings";
    if (!timings.isObject()) return fieldError(where, path, "expected a map of kubelet steps to durations such as \"500ms\"");
    std::string known;
    for (const auto& f : kubelet::timingFields()) known += (known.empty() ? "" : ", ") + std::string(f.name);
    std::map<std::string, sim::Duration> out;
    for (const auto& [key, value] : timings.asObject()) {
        const auto& fields = kubelet::timingFields();
        if (std::none_of(fields.begin(), fields.end(), [&](const auto& f) { return key == f.name; }))
            return fieldError(where, path + "." + key, "unknown kubelet step (known: " + known + ")");
        if (!value.isString())
            return fieldError(where, path + "." + key, std::string("expected a duration such as \"500ms\", got ") + value.typeName());
        auto d = parseDuration(value.asString());
        if (!d) return fieldError(where, path + "." + key, d.status().message());
        if (*d < sim::Duration::zero()) return fieldError(where, path + "." + key, "must not be negative");
        out[key] = *d;
    }
    return out;
}

StatusOr<kubelet::config::KubeletConfiguration> parseKubeletConfiguration(const codec::Value& doc, const std::string& where,
                                                                         std::vector<std::string>* warnings) {
    kubelet::config::KubeletConfiguration config;
    if (!doc.isObject()) return fieldError(where, "KubeletConfiguration", "expected an object");
    const auto& supported = kubelet::config::supportedFields();
    bool reportFrequencySet = false;
    for (const auto& [key, value] : doc.asObject()) {
        if (key == "apiVersion" || key == "kind") continue;
        if (std::find(supported.begin(), supported.end(), key) == supported.end()) {
            // A real kubelet's file may set much more; what the simulated kubelet has no use for is
            // said and left out rather than refused.
            if (warnings) {
                std::string known;
                for (const auto& f : supported) known += (known.empty() ? "" : ", ") + f;
                warnings->push_back(where + ": " + key + ": not simulated by Pilothouse's kubelet (it honours " + known +
                                    "); ignored");
            }
            continue;
        }
        if (key == "nodeStatusMaxImages" || key == "nodeLeaseDurationSeconds") {
            if (!value.isInt() || value.asInt() < INT32_MIN || value.asInt() > INT32_MAX)
                return fieldError(where, key, std::string("expected a 32-bit integer, got ") + value.typeName());
            (key == "nodeStatusMaxImages" ? config.nodeStatusMaxImages : config.nodeLeaseDurationSeconds) =
                int32_t(value.asInt());
            continue;
        }
        // metav1.Duration: a Go duration string ("10s", "1m30s").
        if (!value.isString()) return fieldError(where, key, std::string("expected a duration such as \"10s\", got ") + value.typeName());
        auto d = parseDuration(value.asString());
        if (!d) return fieldError(where, key, d.status().message());
        if (key == "nodeStatusReportFrequency") {
            config.nodeStatusReportFrequency = *d;
            reportFrequencySet = true;
        } else {
            config.nodeStatusUpdateFrequency = *d;
        }
    }
    // v1beta1 defaulting: without nodeStatusReportFrequency, a nodeStatusUpdateFrequency set in
    // the file is also the report frequency (backward compatibility).
    if (!reportFrequencySet && doc.find("nodeStatusUpdateFrequency"))
        config.nodeStatusReportFrequency = config.nodeStatusUpdateFrequency;
    if (Status valid = kubelet::config::validate(config); !valid.isOk())
        return Status(StatusCode::InvalidArgument, where + ": " + valid.message());
    return config;
}

}  // namespace

StatusOr<double> imagePullBytesPerSecond(const std::string& quantity) {
    if (quantity.empty()) return 0.0;
    auto q = resource::Quantity::parse(quantity);
    if (!q) return Status(StatusCode::InvalidArgument, "\"" + quantity + "\": " + q.status().message());
    if (q->sign() <= 0) return Status(StatusCode::InvalidArgument, "\"" + quantity + "\": must be greater than 0 (bytes per second)");
    return q->asApproximateFloat64();
}

StatusOr<sim::Duration> parseDuration(const std::string& text) {
    // Go's time.ParseDuration: a sequence of decimal numbers with units (ns us ms s m h).
    if (text.empty()) return Status(StatusCode::InvalidArgument, "invalid duration \"\"");
    const auto bad = [&] { return Status(StatusCode::InvalidArgument, "invalid duration \"" + text + "\""); };
    size_t i = 0;
    bool negative = false;
    if (text[0] == '-' || text[0] == '+') {
        negative = text[0] == '-';
        ++i;
    }
    if (text.substr(i) == "0") return sim::Duration::zero();
    long double total = 0;
    if (i >= text.size()) return bad();
    while (i < text.size()) {
        size_t start = i;
        while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.')) ++i;
        if (start == i) return bad();
        const std::string number = text.substr(start, i - start);
        if (number == "." || std::count(number.begin(), number.end(), '.') > 1) return bad();
        // As Go: the unit runs up to the next digit or '.'.
        size_t unitStart = i;
        while (i < text.size() && !std::isdigit(static_cast<unsigned char>(text[i])) && text[i] != '.') ++i;
        const std::string unit = text.substr(unitStart, i - unitStart);
        long double scale = 0;
        if (unit == "ns") scale = 1;
        else if (unit == "us" || unit == "µs") scale = 1e3;
        else if (unit == "ms") scale = 1e6;
        else if (unit == "s") scale = 1e9;
        else if (unit == "m") scale = 60e9;
        else if (unit == "h") scale = 3600e9;
        else if (unit.empty()) return Status(StatusCode::InvalidArgument, "missing unit in duration \"" + text + "\"");
        else return Status(StatusCode::InvalidArgument, "unknown unit \"" + unit + "\" in duration \"" + text + "\"");
        total += std::stold(number) * scale;
    }
    if (total > 9.2e18L) return bad();
    const auto nanos = static_cast<int64_t>(std::llround(static_cast<double>(total)));
    return sim::Duration(negative ? -nanos : nanos);
}

StatusOr<Scenario> loadScenario(std::string_view text, const std::string& source, std::vector<std::string>* warnings) {
    codec::LoadOptions options;
    options.unknownKinds = codec::UnknownKinds::Keep;
    auto manifests = codec::loadManifests(text, source, warnings, options);
    if (!manifests) return manifests.status();
    Scenario s;
    bool seen = false;
    for (auto& m : *manifests) {
        if (m.kind == "Scenario" && m.apiVersion == kScenarioApiVersion) {
            const std::string where = source + ": document " + std::to_string(m.document);
            if (seen) return fieldError(where, "kind", "a file holds at most one Scenario");
            seen = true;
            const codec::Value& raw = m.raw;
            if (const codec::Value* md = raw.find("metadata"); md && md->find("name") && md->find("name")->isString())
                s.name = md->find("name")->asString();
            const codec::Value* spec = raw.find("spec");
            if (!spec) continue;
            if (!spec->isObject()) return fieldError(where, "spec", "expected an object");
            for (auto [key, dest] : {std::pair{"description", &s.description}, {"learningGoal", &s.learningGoal}}) {
                auto v = stringField(*spec, key, where, "spec");
                if (!v) return v.status();
                *dest = *v;
            }
            if (const codec::Value* seed = spec->find("seed")) {
                if (!seed->isInt() || seed->asInt() < 0) return fieldError(where, "spec.seed", "must be a non-negative integer");
                s.seed = uint64_t(seed->asInt());
            }
            if (const codec::Value* bandwidth = spec->find("imagePullBandwidth")) {
                auto text = bandwidth->isString() ? bandwidth->asString() : bandwidth->isInt() ? std::to_string(bandwidth->asInt()) : std::string();
                auto bytes = imagePullBytesPerSecond(text);
                if (!bytes) return fieldError(where, "spec.imagePullBandwidth", bytes.status().message());
                s.imagePullBandwidth = text;
            }
            if (const codec::Value* timings = spec->find("kubeletTimings")) {
                auto parsed = parseKubeletTimings(*timings, where);
                if (!parsed) return parsed.status();
                s.kubeletTimings = std::move(*parsed);
            }
            if (const codec::Value* epoch = spec->find("epoch")) {
                if (!epoch->isString()) return fieldError(where, "spec.epoch", "expected an RFC 3339 time such as \"2026-11-29T09:00:00Z\"");
                auto at = rfc3339::parse(epoch->asString());
                if (!at) return fieldError(where, "spec.epoch", at.status().message());
                s.epoch = epoch->asString();
            }
            if (const codec::Value* gates = spec->find("featureGates")) {
                if (!gates->isObject()) return fieldError(where, "spec.featureGates", "expected a map of gate names to true or false");
                for (const auto& [name, value] : gates->asObject()) {
                    if (!value.isBool()) return fieldError(where, "spec.featureGates." + name, "expected true or false");
                    s.featureGates[name] = value.asBool();
                }
                if (auto parsed = features::fromMap(s.featureGates); !parsed)
                    return fieldError(where, "spec.featureGates", parsed.status().message());
            }
            if (const codec::Value* apiServer = spec->find("kubeAPIServer")) {
                if (!apiServer->isObject()) return fieldError(where, "spec.kubeAPIServer", "expected an object");
                for (const auto& [key, value] : apiServer->asObject()) {
                    const std::string path = "spec.kubeAPIServer." + key;
                    std::vector<std::string>* dest = key == "enableAdmissionPlugins"    ? &s.enableAdmissionPlugins
                                                     : key == "disableAdmissionPlugins" ? &s.disableAdmissionPlugins
                                                                                        : nullptr;
                    if (!dest) return fieldError(where, path, "unknown field (known: enableAdmissionPlugins, disableAdmissionPlugins)");
                    if (!value.isArray()) return fieldError(where, path, "expected a list of admission plugin names");
                    for (size_t i = 0; i < value.asArray().size(); ++i) {
                        const codec::Value& name = value.asArray()[i];
                        if (!name.isString()) return fieldError(where, path + "[" + std::to_string(i) + "]", "expected a string");
                        dest->push_back(name.asString());
                    }
                }
                if (auto plugins = admissionPluginsOf(s); !plugins)
                    return fieldError(where, "spec.kubeAPIServer", plugins.status().message());
            }
            if (const codec::Value* actions = spec->find("actions")) {
                if (!actions->isArray()) return fieldError(where, "spec.actions", "expected a list");
                for (size_t i = 0; i < actions->asArray().size(); ++i) {
                    auto a = parseAction(actions->asArray()[i], where, "spec.actions[" + std::to_string(i) + "]");
                    if (!a) return a.status();
                    s.actions.push_back(std::move(*a));
                }
            }
            continue;
        }
        if (m.kind == "KubeletConfiguration" && m.apiVersion == kubelet::config::kApiVersion) {
            const std::string where = source + ": document " + std::to_string(m.document);
            if (!s.kubeletConfiguration.empty()) return fieldError(where, "kind", "a file holds at most one KubeletConfiguration");
            auto config = parseKubeletConfiguration(m.raw, where, warnings);
            if (!config) return config.status();
            s.kubeletConfiguration = codec::toYaml(m.raw);
            s.kubeletConfigurationSource = where;
            continue;
        }
        if (m.kind == "KubeSchedulerConfiguration" && m.apiVersion == kSchedulerConfigApiVersion) {
            const std::string where = source + ": document " + std::to_string(m.document);
            if (!s.schedulerConfiguration.empty()) return fieldError(where, "kind", "a file holds at most one KubeSchedulerConfiguration");
            s.schedulerConfiguration = codec::toYaml(m.raw);
            s.schedulerConfigurationSource = where;
            auto config = scheduler::config::loadConfiguration(s.schedulerConfiguration, where);
            if (!config) return config.status();
            continue;
        }
        if (!m.type) {
            if (warnings)
                warnings->push_back(source + ": document " + std::to_string(m.document) + ": kind \"" + m.kind +
                                    "\" (" + m.apiVersion + ") is not served; skipped");
            continue;
        }
        s.objects.push_back(std::move(m));
    }
    return s;
}

StatusOr<kubelet::config::KubeletConfiguration> kubeletConfigurationOf(const Scenario& scenario) {
    if (scenario.kubeletConfiguration.empty()) return kubelet::config::KubeletConfiguration{};
    auto docs = codec::parseYamlDocuments(scenario.kubeletConfiguration);
    if (!docs) return docs.status().withContext(scenario.kubeletConfigurationSource + ": ");
    if (docs->size() != 1) return Status(StatusCode::InvalidArgument, scenario.kubeletConfigurationSource + ": expected one document");
    return parseKubeletConfiguration((*docs)[0], scenario.kubeletConfigurationSource, nullptr);
}

StatusOr<std::vector<std::string>> admissionPluginsOf(const Scenario& scenario) {
    const auto& supported = apiserver::admission::supportedPlugins();
    auto check = [&](const std::vector<std::string>& names, const char* list) -> Status {
        for (size_t i = 0; i < names.size(); ++i) {
            if (std::find(supported.begin(), supported.end(), names[i]) != supported.end()) continue;
            std::string known;
            for (const auto& k : supported) known += (known.empty() ? "" : ", ") + k;
            return Status(StatusCode::InvalidArgument, std::string(list) + "[" + std::to_string(i) + "]: admission plugin \"" +
                                                           names[i] + "\" is unknown (Pilothouse implements: " + known + ")");
        }
        return {};
    };
    PH_RETURN_IF_ERROR(check(scenario.enableAdmissionPlugins, "enableAdmissionPlugins"));
    PH_RETURN_IF_ERROR(check(scenario.disableAdmissionPlugins, "disableAdmissionPlugins"));
    for (const auto& name : scenario.enableAdmissionPlugins)
        if (std::find(scenario.disableAdmissionPlugins.begin(), scenario.disableAdmissionPlugins.end(), name) !=
            scenario.disableAdmissionPlugins.end())
            return Status(StatusCode::InvalidArgument, "admission plugin \"" + name + "\" is both enabled and disabled");
    std::vector<std::string> plugins = controlplane::Options{}.admissionPlugins;
    for (const auto& name : scenario.enableAdmissionPlugins)
        if (std::find(plugins.begin(), plugins.end(), name) == plugins.end()) plugins.push_back(name);
    std::erase_if(plugins, [&](const std::string& name) {
        return std::find(scenario.disableAdmissionPlugins.begin(), scenario.disableAdmissionPlugins.end(), name) !=
               scenario.disableAdmissionPlugins.end();
    });
    return plugins;
}

StatusOr<Scenario> loadScenarioFile(const std::string& path, std::vector<std::string>* warnings) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status(StatusCode::NotFound, path + ": cannot open the file");
    std::stringstream buf;
    buf << in.rdbuf();
    return loadScenario(buf.str(), path, warnings);
}

}  // namespace pilothouse::cluster
