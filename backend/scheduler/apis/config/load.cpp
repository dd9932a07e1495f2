#include "scheduler/apis/config/load.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "api/codec/json.h"
#include "api/codec/yaml.h"
#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::config {

using codec::Value;

const Value* Profile::argsFor(const std::string& plugin) const {
    for (const auto& pc : pluginConfig)
        if (pc.name == plugin) return &pc.args;
    return nullptr;
}

Plugins defaultPlugins() {
    Plugins p;
    p.multiPoint.enabled = {
        {names::PrioritySort, 0},
        {names::NodeUnschedulable, 0},
        {names::NodeName, 0},
        {names::TaintToleration, 3},
        {names::NodeAffinity, 2},
        {names::NodePorts, 0},
        {names::NodeResourcesFit, 1},
        {names::VolumeRestrictions, 0},
        {names::EBSLimits, 0},
        {names::GCEPDLimits, 0},
        {names::NodeVolumeLimits, 0},
        {names::AzureDiskLimits, 0},
        {names::VolumeBinding, 0},
        {names::VolumeZone, 0},
        {names::PodTopologySpread, 2},
        {names::InterPodAffinity, 2},
        {names::DefaultPreemption, 0},
        {names::NodeResourcesBalancedAllocation, 1},
        {names::ImageLocality, 1},
        {names::DefaultBinder, 0},
        // applyFeatureGates: PodSchedulingReadiness (on in v1.28) appends SchedulingGates.
        {names::SchedulingGates, 0},
    };
    return p;
}

KubeSchedulerConfiguration defaultConfiguration() {
    KubeSchedulerConfiguration c;
    Profile p;
    p.plugins = defaultPlugins();
    c.profiles.push_back(std::move(p));
    return c;
}

PluginSet mergePluginSet(const PluginSet& defaults, const PluginSet& custom) {
    std::set<std::string> disabled;
    PluginSet out;
    for (const auto& d : custom.disabled) {
        out.disabled.push_back({d.name, 0});
        disabled.insert(d.name);
    }
    for (const auto& d : defaults.disabled) {
        out.disabled.push_back({d.name, 0});
        disabled.insert(d.name);
    }
    std::map<std::string, size_t> customIndex;
    for (size_t i = 0; i < custom.enabled.size(); ++i) customIndex.emplace(custom.enabled[i].name, i);
    std::set<size_t> replaced;
    if (!disabled.contains("*")) {
        for (const auto& d : defaults.enabled) {
            if (disabled.contains(d.name)) continue;
            auto it = customIndex.find(d.name);
            if (it != customIndex.end()) {
                // Re-configured default plugin: keeps its place, takes the file's settings.
                out.enabled.push_back(custom.enabled[it->second]);
                replaced.insert(it->second);
            } else {
                out.enabled.push_back(d);
            }
        }
    }
    for (size_t i = 0; i < custom.enabled.size(); ++i)
        if (!replaced.contains(i)) out.enabled.push_back(custom.enabled[i]);
    return out;
}

namespace {

Status fieldError(const std::string& source, const std::string& path, const std::string& msg) {
    return Status(StatusCode::InvalidArgument, source + ": " + (path.empty() ? "" : path + ": ") + msg);
}

// Strict decoding: every key must be known (kube-scheduler fails on unknown fields).
Status checkKeys(const Value& obj, const std::string& path, const std::set<std::string>& known,
                 const std::string& source) {
    for (const auto& [k, _] : obj.asObject())
        if (!known.contains(k))
            return fieldError(source, "", "strict decoding error: unknown field \"" + (path.empty() ? k : path + "." + k) + "\"");
    return {};
}

StatusOr<int64_t> intField(const Value& v, const std::string& path, const std::string& source) {
    if (!v.isInt())
        return fieldError(source, path, std::string("json: cannot unmarshal ") + v.typeName() + " into Go value of type int32");
    return v.asInt();
}

StatusOr<PluginSet> decodePluginSet(const Value& v, const std::string& path, const std::string& source) {
    PluginSet set;
    if (v.isNull()) return set;
    if (!v.isObject()) return fieldError(source, path, "expected an object with enabled/disabled");
    PH_RETURN_IF_ERROR(checkKeys(v, path, {"enabled", "disabled"}, source));
    for (const char* which : {"enabled", "disabled"}) {
        const Value* list = v.find(which);
        if (!list || list->isNull()) continue;
        if (!list->isArray()) return fieldError(source, path + "." + which, "expected a list of plugins");
        int i = 0;
        for (const Value& item : list->asArray()) {
            const std::string itemPath = path + "." + which + "[" + std::to_string(i++) + "]";
            if (!item.isObject()) return fieldError(source, itemPath, "expected {name: ..., weight: ...}");
            PH_RETURN_IF_ERROR(checkKeys(item, itemPath, {"name", "weight"}, source));
            Plugin p;
            const Value* name = item.find("name");
            if (!name || !name->isString() || name->asString().empty())
                return fieldError(source, itemPath + ".name", "Required value");
            p.name = name->asString();
            if (const Value* w = item.find("weight"); w && !w->isNull()) {
                auto weight = intField(*w, itemPath + ".weight", source);
                if (!weight) return weight.status();
                if (*weight < INT32_MIN || *weight > INT32_MAX)
                    return fieldError(source, itemPath + ".weight", "json: cannot unmarshal number " + std::to_string(*weight) + " into Go value of type int32");
                p.weight = int32_t(*weight);
            }
            (std::string(which) == "enabled" ? set.enabled : set.disabled).push_back(p);
        }
    }
    return set;
}

struct PointRef {
    const char* key;
    PluginSet Plugins::*member;
};
constexpr PointRef kPoints[] = {
    {"preEnqueue", &Plugins::preEnqueue}, {"queueSort", &Plugins::queueSort},
    {"preFilter", &Plugins::preFilter},   {"filter", &Plugins::filter},
    {"postFilter", &Plugins::postFilter}, {"preScore", &Plugins::preScore},
    {"score", &Plugins::score},           {"reserve", &Plugins::reserve},
    {"permit", &Plugins::permit},         {"preBind", &Plugins::preBind},
    {"bind", &Plugins::bind},             {"postBind", &Plugins::postBind},
    {"multiPoint", &Plugins::multiPoint},
};

Status validatePercentage(const std::optional<int32_t>& p, const std::string& path, const std::string& source) {
    if (p && (*p < 0 || *p > 100))
        return fieldError(source, path, "Invalid value: " + std::to_string(*p) + ": not in valid range [0-100]");
    return {};
}

}  // namespace

StatusOr<KubeSchedulerConfiguration> loadConfiguration(std::string_view text, const std::string& source) {
    auto docs = codec::parseYamlDocuments(text);
    if (!docs) return Status(StatusCode::InvalidArgument, source + ": " + docs.status().message());
    std::vector<Value> objects;
    for (auto& d : *docs)
        if (!d.isNull()) objects.push_back(std::move(d));
    if (objects.size() != 1 || !objects[0].isObject())
        return Status(StatusCode::InvalidArgument, source + ": expected one KubeSchedulerConfiguration document");
    const Value& doc = objects[0];
    const Value* apiVersion = doc.find("apiVersion");
    const Value* kind = doc.find("kind");
    if (!kind || !kind->isString() || kind->asString() != "KubeSchedulerConfiguration")
        return fieldError(source, "kind", "expected KubeSchedulerConfiguration");
    if (!apiVersion || !apiVersion->isString() || apiVersion->asString() != "kubescheduler.config.k8s.io/v1")
        return fieldError(source, "apiVersion",
                          "no kind \"KubeSchedulerConfiguration\" is registered for version \"" +
                              (apiVersion && apiVersion->isString() ? apiVersion->asString() : std::string()) +
                              "\" (Pilothouse reads kubescheduler.config.k8s.io/v1)");
    PH_RETURN_IF_ERROR(checkKeys(doc, "",
                                 {"apiVersion", "kind", "parallelism", "leaderElection", "clientConnection",
                                  "healthzBindAddress", "metricsBindAddress", "enableProfiling",
                                  "enableContentionProfiling", "percentageOfNodesToScore",
                                  "podInitialBackoffSeconds", "podMaxBackoffSeconds", "profiles", "extenders",
                                  "delayCacheUntilActive"},
                                 source));
    KubeSchedulerConfiguration cfg;
    if (const Value* v = doc.find("parallelism"); v && !v->isNull()) {
        auto i = intField(*v, "parallelism", source);
        if (!i) return i.status();
        cfg.parallelism = int32_t(*i);
        if (*i <= 0) return fieldError(source, "parallelism", "Invalid value: " + std::to_string(*i) + ": should be an integer value greater than zero");
    }
    if (const Value* v = doc.find("percentageOfNodesToScore"); v && !v->isNull()) {
        auto i = intField(*v, "percentageOfNodesToScore", source);
        if (!i) return i.status();
        cfg.percentageOfNodesToScore = int32_t(*i);
    }
    PH_RETURN_IF_ERROR(validatePercentage(cfg.percentageOfNodesToScore, "percentageOfNodesToScore", source));
    for (const char* key : {"podInitialBackoffSeconds", "podMaxBackoffSeconds"}) {
        if (const Value* v = doc.find(key); v && !v->isNull()) {
            auto i = intField(*v, key, source);
            if (!i) return i.status();
            (std::string(key) == "podInitialBackoffSeconds" ? cfg.podInitialBackoffSeconds : cfg.podMaxBackoffSeconds) = *i;
        }
    }
    if (cfg.podInitialBackoffSeconds <= 0)
        return fieldError(source, "podInitialBackoffSeconds", "Invalid value: " + std::to_string(cfg.podInitialBackoffSeconds) + ": must be greater than 0");
    if (cfg.podMaxBackoffSeconds < cfg.podInitialBackoffSeconds)
        return fieldError(source, "podMaxBackoffSeconds", "Invalid value: " + std::to_string(cfg.podMaxBackoffSeconds) + ": must be greater than or equal to PodInitialBackoffSeconds");

    const Value* profiles = doc.find("profiles");
    if (profiles && !profiles->isNull() && !profiles->isArray())
        return fieldError(source, "profiles", "expected a list of profiles");
    if (!profiles || profiles->isNull() || profiles->size() == 0) {
        cfg.profiles = defaultConfiguration().profiles;
        return cfg;
    }
    std::map<std::string, int> seen;
    int pi = 0;
    for (const Value& pv : profiles->asArray()) {
        const std::string path = "profiles[" + std::to_string(pi) + "]";
        if (!pv.isObject()) return fieldError(source, path, "expected a profile object");
        PH_RETURN_IF_ERROR(checkKeys(pv, path, {"schedulerName", "percentageOfNodesToScore", "plugins", "pluginConfig"}, source));
        Profile prof;
        if (const Value* n = pv.find("schedulerName"); n && n->isString()) prof.schedulerName = n->asString();
        if (const Value* p = pv.find("percentageOfNodesToScore"); p && !p->isNull()) {
            auto i = intField(*p, path + ".percentageOfNodesToScore", source);
            if (!i) return i.status();
            prof.percentageOfNodesToScore = int32_t(*i);
        }
        PH_RETURN_IF_ERROR(validatePercentage(prof.percentageOfNodesToScore, path + ".percentageOfNodesToScore", source));
        if (prof.schedulerName.empty()) return fieldError(source, path + ".schedulerName", "Required value");
        if (auto it = seen.find(prof.schedulerName); it != seen.end())
            return fieldError(source, path + ".schedulerName",
                              "Duplicate value: \"profiles[" + std::to_string(it->second) + "].schedulerName\"");
        seen[prof.schedulerName] = pi;
        Plugins custom;
        if (const Value* pl = pv.find("plugins"); pl && !pl->isNull()) {
            if (!pl->isObject()) return fieldError(source, path + ".plugins", "expected an object");
            std::set<std::string> keys;
            for (const auto& pt : kPoints) keys.insert(pt.key);
            PH_RETURN_IF_ERROR(checkKeys(*pl, path + ".plugins", keys, source));
            for (const auto& pt : kPoints) {
                const Value* set = pl->find(pt.key);
                if (!set) continue;
                auto decoded = decodePluginSet(*set, path + ".plugins." + pt.key, source);
                if (!decoded) return decoded.status();
                custom.*(pt.member) = std::move(*decoded);
            }
        }
        // v1 defaulting: the default plugins merged with the profile's.
        const Plugins defaults = defaultPlugins();
        for (const auto& pt : kPoints) prof.plugins.*(pt.member) = mergePluginSet(defaults.*(pt.member), custom.*(pt.member));
        if (const Value* pc = pv.find("pluginConfig"); pc && !pc->isNull()) {
            if (!pc->isArray()) return fieldError(source, path + ".pluginConfig", "expected a list");
            std::set<std::string> seenConfig;
            int ci = 0;
            for (const Value& c : pc->asArray()) {
                const std::string cpath = path + ".pluginConfig[" + std::to_string(ci++) + "]";
                if (!c.isObject()) return fieldError(source, cpath, "expected {name: ..., args: ...}");
                PH_RETURN_IF_ERROR(checkKeys(c, cpath, {"name", "args"}, source));
                const Value* name = c.find("name");
                if (!name || !name->isString() || name->asString().empty())
                    return fieldError(source, cpath + ".name", "Required value");
                if (!seenConfig.insert(name->asString()).second)
                    return fieldError(source, cpath, "Duplicate value: \"" + name->asString() + "\"");
                PluginConfig cfgEntry{name->asString(), c.find("args") ? *c.find("args") : Value()};
                // Args carry their own apiVersion/kind; they are not part of the settings.
                if (cfgEntry.args.isObject()) {
                    cfgEntry.args.erase("apiVersion");
                    cfgEntry.args.erase("kind");
                }
                prof.pluginConfig.push_back(std::move(cfgEntry));
            }
        }
        cfg.profiles.push_back(std::move(prof));
        ++pi;
    }
    // validateCommonQueueSort
    for (size_t i = 1; i < cfg.profiles.size(); ++i) {
        const auto& a = cfg.profiles[0].plugins.queueSort;
        const auto& b = cfg.profiles[i].plugins.queueSort;
        bool same = a.enabled.size() == b.enabled.size() && a.disabled.size() == b.disabled.size();
        for (size_t k = 0; same && k < a.enabled.size(); ++k) same = a.enabled[k].name == b.enabled[k].name;
        if (!same)
            return fieldError(source, "profiles[" + std::to_string(i) + "].plugins.queueSort",
                              "Invalid value: queueSort must be the same for all profiles");
    }
    return cfg;
}

StatusOr<KubeSchedulerConfiguration> loadConfigurationFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status(StatusCode::NotFound, "the path \"" + path + "\" does not exist");
    std::stringstream buffer;
    buffer << in.rdbuf();
    return loadConfiguration(buffer.str(), path);
}

}  // namespace pilothouse::scheduler::config
