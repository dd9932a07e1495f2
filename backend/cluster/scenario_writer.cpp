#include "cluster/scenario_writer.h"

#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"

namespace pilothouse::cluster {

namespace {

codec::Value actionValue(const ScenarioAction& a) {
    codec::Value v = codec::Value::object();
    v.set("at", sim::formatDuration(a.at));
    v.set("action", a.action);
    for (auto [key, field] : {std::pair{"node", &a.node}, {"kind", &a.kind}, {"name", &a.name},
                              {"namespace", &a.namespace_}, {"image", &a.image}, {"container", &a.container},
                              {"probe", &a.probe}, {"cascade", &a.cascade}, {"selector", &a.selector},
                              {"subresource", &a.subresource}})
        if (!field->empty()) v.set(key, *field);
    if (a.replicas) v.set("replicas", int64_t(*a.replicas));
    if (a.gracePeriodSeconds) v.set("gracePeriodSeconds", *a.gracePeriodSeconds);
    if (a.action == "drain" && a.timeout != std::chrono::minutes(5)) v.set("timeout", sim::formatDuration(a.timeout));
    if (a.action == "breakProbe") v.set("broken", a.broken);
    if (!a.patch.isNull()) v.set("patch", a.patch);
    if (!a.manifest.isNull()) v.set("manifest", a.manifest);
    if (!a.configuration.isNull()) v.set("configuration", a.configuration);
    return v;
}

}  // namespace

std::string writeScenario(const Scenario& scenario) { return writeScenario(scenario, scenario.actions); }

std::string writeScenario(const Scenario& scenario, const std::vector<ScenarioAction>& actions) {
    codec::Value doc = codec::Value::object();
    doc.set("apiVersion", "pilothouse.dev/v1alpha1");
    doc.set("kind", "Scenario");
    doc["metadata"].set("name", scenario.name.empty() ? std::string("scenario") : scenario.name);
    codec::Value& spec = doc["spec"];
    if (!scenario.description.empty()) spec.set("description", scenario.description);
    if (!scenario.learningGoal.empty()) spec.set("learningGoal", scenario.learningGoal);
    spec.set("seed", int64_t(scenario.seed));
    if (!scenario.imagePullBandwidth.empty()) spec.set("imagePullBandwidth", scenario.imagePullBandwidth);
    if (!scenario.kubeletTimings.empty()) {
        codec::Value timings = codec::Value::object();
        for (const auto& [step, d] : scenario.kubeletTimings) timings.set(step, sim::formatDuration(d));
        spec.set("kubeletTimings", std::move(timings));
    }
    if (!scenario.epoch.empty()) spec.set("epoch", scenario.epoch);
    if (!scenario.featureGates.empty()) {
        codec::Value gates = codec::Value::object();
        for (const auto& [name, enabled] : scenario.featureGates) gates.set(name, enabled);
        spec.set("featureGates", std::move(gates));
    }
    for (auto [key, names] : {std::pair{"enableAdmissionPlugins", &scenario.enableAdmissionPlugins},
                              {"disableAdmissionPlugins", &scenario.disableAdmissionPlugins}}) {
        if (names->empty()) continue;
        codec::Value list = codec::Value::array();
        for (const auto& n : *names) list.push(n);
        spec["kubeAPIServer"].set(key, std::move(list));
    }
    codec::Value list = codec::Value::array();
    for (const auto& a : actions) list.push(actionValue(a));
    spec.set("actions", std::move(list));
    std::string out = "# Written by Pilothouse: open it with pilothouse --scenario FILE or pilothousectl simulate -f FILE.\n";
    out += codec::toYaml(doc);
    for (const std::string* config : {&scenario.schedulerConfiguration, &scenario.kubeletConfiguration}) {
        if (config->empty()) continue;
        out += "---\n" + *config;
        if (out.back() != '\n') out += '\n';
    }
    // Objects read without their documents (a cluster snapshot's) are written from the typed object.
    for (const auto& m : scenario.objects)
        out += "---\n" + codec::toYaml(m.raw.isNull() && m.object ? codec::encodeMessage(*m.object) : m.raw);
    return out;
}

}  // namespace pilothouse::cluster
