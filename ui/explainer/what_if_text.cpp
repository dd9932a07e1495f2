#include "explainer/what_if_text.h"

#include <QCoreApplication>
#include <QStringList>

namespace pilothouse::ui::whatif {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(WhatIfText)
};

QString q(const std::string& s) { return QString::fromStdString(s); }

QString targetText(const scheduler::WhatIfTarget& t) {
    using K = scheduler::WhatIfTarget::Kind;
    switch (t.kind) {
    case K::Pod: return Text::tr("pod %1").arg(q(t.name));
    case K::Deployment: return Text::tr("deployment %1's pod template").arg(q(t.name));
    case K::ReplicaSet: return Text::tr("replicaset %1's pod template").arg(q(t.name));
    case K::ReplicationController: return Text::tr("replicationcontroller %1's pod template").arg(q(t.name));
    }
    return q(t.name);
}

QString changesText(const std::vector<scheduler::WhatIfChange>& changes) {
    QStringList lines;
    for (const auto& c : changes) lines << changeText(c);
    return lines.join(QStringLiteral("; "));
}

}  // namespace

QString changeText(const scheduler::WhatIfChange& c) {
    using K = scheduler::WhatIfChange::Kind;
    const QString target = targetText(c.target);
    const QString node = q(c.node);
    switch (c.kind) {
    case K::AddToleration: return Text::tr("Add toleration %1 to %2").arg(q(scheduler::taintText(c)), target);
    case K::RemoveTaint: return Text::tr("Remove taint %1 from node %2").arg(q(scheduler::taintText(c)), node);
    case K::Uncordon: return Text::tr("Uncordon node %1").arg(node);
    case K::RemoveNodeSelector: return Text::tr("Remove nodeSelector %1 from %2").arg(q(c.key + "=" + c.value), target);
    case K::RemoveNodeAffinity: return Text::tr("Remove required node affinity from %1").arg(target);
    case K::RemoveNodeAffinityRequirements: {
        QStringList requirements;
        for (const auto& r : c.requirements) requirements << q(r);
        const QString list = requirements.join(QStringLiteral(", "));
        return requirements.size() == 1 ? Text::tr("Remove node affinity requirement %1 from %2").arg(list, target)
                                        : Text::tr("Remove node affinity requirements %1 from %2").arg(list, target);
    }
    case K::SetNodeLabel: return Text::tr("Set label %1 on node %2").arg(q(c.key + "=" + c.value), node);
    case K::RemoveNodeLabel: return Text::tr("Remove label %1 from node %2").arg(q(c.key), node);
    case K::LowerRequest: return Text::tr("Lower %1's %2 request from %3 to %4").arg(target, q(c.resource), q(c.from), q(c.to));
    case K::EvictPod: return Text::tr("Evict pod %1 (priority %2) from node %3").arg(q(c.pod), QString::number(c.priority), node);
    case K::RemovePodAffinityTerm: return Text::tr("Remove required pod affinity term (%1) from %2").arg(q(c.term), target);
    case K::RemovePodAntiAffinityTerm:
        return Text::tr("Remove required pod anti-affinity term (%1) from %2").arg(q(c.term), target);
    }
    return q(scheduler::describe(c));
}

QString reasonText(const scheduler::WhatIfReason& r) {
    using K = scheduler::WhatIfReason::Kind;
    auto a = [&r](size_t i) { return i < r.args.size() ? q(r.args[i]) : QString(); };
    switch (r.kind) {
    case K::Message: return a(0);
    case K::AlreadyFits: return Text::tr("the pod already passes every filter on node %1").arg(a(0));
    case K::NoProgress: return Text::tr("the changes found leave node %1 rejecting the pod").arg(a(0));
    case K::StillRejected: return Text::tr("node %1 would still reject the pod (%2)").arg(a(0), a(1));
    case K::UnknownReason: return Text::tr("unknown reason \"%1\"").arg(a(0));
    case K::NotChangeable: return Text::tr("\"%1\" is not something a what-if changes").arg(a(0));
    case K::ConditionTaint:
        return Text::tr("the node lifecycle controller puts taint %1 back on node %2 for as long as the node's condition lasts").arg(a(0), a(1));
    case K::SchedulerEnforcedAffinity:
        return Text::tr("the scheduler profile's NodeAffinity addedAffinity rejects node %1; only the scheduler's configuration changes that").arg(a(0));
    case K::NoAffinityTermByLabels:
        return Text::tr("no required node-affinity term of the pod can be met by labels on node %1 (a term asks for contradictory values, the "
                        "nodeSelector's, or the node's name)")
            .arg(a(0));
    case K::TooManyPods: return Text::tr("node %1 already runs as many pods as it allows (%2)").arg(a(0), a(1));
    case K::NoResourceLeft: return Text::tr("node %1 has no %2 left (%3 of %4 requested)").arg(a(0), a(1), a(2), a(3));
    case K::OverheadTooLarge: return Text::tr("the pod's overhead alone needs more %1 than node %2 has free").arg(a(0), a(1));
    case K::NoLowerPriorityPod: return Text::tr("node %1 runs no pod of lower priority than the pod's (%2)").arg(a(0), a(1));
    case K::EvictionsNotEnough:
        return Text::tr("evicting every pod of lower priority than the pod's (%1) on node %2 would not free enough %3").arg(a(0), a(1), a(2));
    case K::HostPorts: return Text::tr("the pod's host ports are how it is reached; a what-if does not change them");
    case K::AffinityDoesNotParse: return Text::tr("the pod's affinity does not parse: %1").arg(a(0));
    case K::OtherPodsAntiAffinity: return Text::tr("the anti-affinity that keeps the pod away is other pods' rule, not the pod's");
    case K::PodAffinityNeedsPods:
        return Text::tr("the pod's required pod affinity needs a matching pod in node %1's topology domain; placing other pods there is not one "
                        "change")
            .arg(a(0));
    case K::TopologyLabelMissing:
        return Text::tr("the node lacks a topologyKey label of the pod's topology spread constraints; a label would put it in a domain whose "
                        "count decides, not one change");
    case K::TopologySkew:
        return Text::tr("the skew depends on where the other pods matching the pod's topology spread constraints run; no single change to the "
                        "pod or to this node evens it out");
    case K::Volumes: return Text::tr("where the pod's volumes are and can attach is not something a what-if changes");
    case K::NodeNameSet: return Text::tr("the pod asks for another node by spec.nodeName");
    case K::NoWhatIf: return Text::tr("no what-if for %1 (%2)").arg(a(0), a(1));
    case K::OwnerNotFound: return Text::tr("the pod's %1 %2 is not among the objects").arg(a(0), a(1));
    case K::OwnerManaged: return Text::tr("the pod's %1 %2 is managed by %3 %4, which no what-if changes").arg(a(0), a(1), a(2), a(3));
    case K::JobTemplateImmutable:
        return Text::tr("the pod belongs to job %1, whose pod template cannot be changed (spec.template is immutable)").arg(a(0));
    case K::StatefulSetOrdinals:
        return Text::tr("the pod belongs to statefulset %1, which rolls a changed template out one ordinal at a time (not one change to this pod)")
            .arg(a(0));
    case K::DaemonSetPerNode: return Text::tr("the pod belongs to daemonset %1, which makes one pod for each node it selects").arg(a(0));
    case K::OwnerUnsupported: return Text::tr("the pod belongs to %1 %2, which no what-if changes").arg(a(0), a(1));
    }
    return q(scheduler::describe(r));
}

QString noteText(const scheduler::WhatIfNote& n) {
    const QString why = reasonText(n.why);
    if (!n.dropped.empty()) return Text::tr("dropped \"%1\": %2").arg(changesText(n.dropped), why);
    if (n.plugin.empty()) return why;
    const QString plugin = q(n.plugin);
    if (!n.side) return Text::tr("%1: %2").arg(plugin, why);
    switch (*n.side) {
    case scheduler::WhatIfSide::Pod: return Text::tr("%1 (pod side): %2").arg(plugin, why);
    case scheduler::WhatIfSide::Node: return Text::tr("%1 (node side): %2").arg(plugin, why);
    case scheduler::WhatIfSide::Both: break;
    }
    return Text::tr("%1: %2").arg(plugin, why);
}

}  // namespace pilothouse::ui::whatif
