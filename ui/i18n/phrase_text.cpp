#include "i18n/phrase_text.h"

#include <QCoreApplication>
#include <QStringList>

namespace pilothouse::ui::i18n {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(PhraseText)
};

}  // namespace

QString stageName(const std::string& stage) {
    const auto colon = stage.find(": ");
    const std::string base = stage.substr(0, colon);
    QString name;
    if (base == "authentication") name = Text::tr("authentication");
    else if (base == "authorization") name = Text::tr("authorization");
    else if (base == "mutating admission") name = Text::tr("mutating admission");
    else if (base == "registry") name = Text::tr("registry");
    else if (base == "validation") name = Text::tr("validation");
    else if (base == "validating admission") name = Text::tr("validating admission");
    else if (base == "storage") name = Text::tr("storage");
    else if (base == sim::kStageQueue) name = Text::tr("scheduling queue");
    else if (base == sim::kStageSchedulingAttempt) name = Text::tr("scheduling");
    else if (base == sim::kStageBinding) name = Text::tr("binding");
    else if (base == sim::kStageKubeletAdmission) name = Text::tr("kubelet admission");
    else if (base == sim::kStageImagePull) name = Text::tr("image pull");
    else if (base == sim::kStageSandbox) name = Text::tr("sandbox");
    else if (base == sim::kStageContainers) name = Text::tr("containers");
    else if (base == sim::kStageProbes) name = Text::tr("probes");
    else if (base == sim::kStageRunning) name = Text::tr("Running");  // the pod phase: Kubernetes' word
    else if (base == sim::kStageReady) name = Text::tr("Ready");      // the condition: Kubernetes' word
    else if (base == sim::kStageEndpoints) name = Text::tr("endpoints");
    else if (base == sim::kStageTermination) name = Text::tr("termination");
    else name = QString::fromStdString(base);
    if (colon == std::string::npos) return name;
    return name + QStringLiteral(": ") + QString::fromStdString(stage.substr(colon + 2));
}

QString phraseText(const sim::Phrase& p) {
    using Id = sim::Phrase::Id;
    auto a = [&p](size_t i) { return QString::fromStdString(p.arg(i)); };
    switch (p.id) {
    case Id::User: return Text::tr("user %1").arg(a(0));
    case Id::UserInGroups: return Text::tr("user %1 (groups: %2)").arg(a(0), a(1));
    case Id::Allowed: return Text::tr("allowed");
    case Id::AppliedDefaults: return Text::tr("applied %1 defaults").arg(a(0));
    case Id::NoChange: return Text::tr("no change");
    case Id::Valid: return Text::tr("valid");
    case Id::Admitted: return Text::tr("admitted");
    case Id::SetField: return Text::tr("set %1=%2").arg(a(0), a(1));
    case Id::SetDefaultPriorityClass: return Text::tr("set priorityClassName=%1 (globalDefault)").arg(a(0));
    case Id::SetTolerationSeconds: return Text::tr("set tolerationSeconds=%1 for %2").arg(a(0), a(1));
    case Id::SetByLimitRange: return Text::tr("set %1 (LimitRange %2)").arg(a(0), a(1));
    case Id::QuotaUsage: return Text::tr("quota %1: %2").arg(a(0), a(1));
    case Id::Stored: {
        const std::string& verb = p.arg(0);
        if (verb == "create") return Text::tr("created %1 at revision %2").arg(a(1), a(2));
        if (verb == "update") return Text::tr("updated %1 at revision %2").arg(a(1), a(2));
        if (verb == "patch") return Text::tr("patched %1 at revision %2").arg(a(1), a(2));
        if (verb == "delete") return Text::tr("deleted %1 at revision %2").arg(a(1), a(2));
        return Text::tr("read %1 at revision %2").arg(a(1), a(2));
    }
    case Id::ScheduledOn: return Text::tr("node %1").arg(a(0));
    case Id::Bound: return Text::tr("%1 to %2").arg(a(0), a(1));
    case Id::ImagePresent: return Text::tr("%1 (already present)").arg(a(0));
    case Id::ContainerRestarted: return Text::tr("%1 (restart %2)").arg(a(0), a(1));
    case Id::ContainerReady: return Text::tr("%1 ready").arg(a(0));
    case Id::Deleted: return Text::tr("deleted");
    case Id::GracePeriod: return Text::tr("grace %1s").arg(a(0));
    case Id::ReadyEndpoint: return Text::tr("ready endpoint %1 of service %2 (EndpointSlice %3)").arg(a(0), a(1), a(2));
    }
    return QString::fromStdString(sim::english(p));
}

QString phrasesText(const std::vector<sim::Phrase>& phrases) {
    QStringList parts;
    for (const auto& p : phrases) parts << phraseText(p);
    return parts.join(Text::tr(", ", "between the phrases of one detail"));
}

QString stageDetail(const sim::JourneyStage& stage) {
    return stage.phrases.empty() ? QString::fromStdString(stage.detail) : phrasesText(stage.phrases);
}

}  // namespace pilothouse::ui::i18n
