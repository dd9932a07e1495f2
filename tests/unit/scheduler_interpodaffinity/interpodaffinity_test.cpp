// InterPodAffinity against the rows of upstream's filtering_test.go and scoring_test.go
// (Kubernetes v1.28), plus args validation, the factory and the registered events.
//
// Adaptations (marked "pilothouse:" on the rows):
//  - upstream pods without a namespace are in namespace "" there; here they are in "default";
//  - upstream's invalid-selector rows use a label value the apimachinery validator rejects; our
//    selector parser does not validate label values, so those rows use selectors it does reject
//    (an In requirement without values, an unknown operator). The expected messages are what
//    upstream prints for those inputs.
#include <QtTest>

#include <algorithm>

#include "builders.h"
#include "interpodaffinity_test.h"
#include "scheduler/plugins/interpodaffinity/plugin.h"
#include "scheduler_testing/scheduler_testing.h"

using namespace ipa_test;
namespace framework = pilothouse::scheduler::framework;
namespace ipa = pilothouse::scheduler::plugins::interpodaffinity;
using framework::Code;
using pilothouse::scheduler::testing::FakeHandle;

namespace {

WantStatus ok() { return {}; }
WantStatus st(Code code, std::string message = "") { return {code, std::move(message)}; }
WantStatus skip() { return {Code::Skip, ""}; }
WantStatus affinityFail() { return {Code::UnschedulableAndUnresolvable, ipa::kErrReasonAffinityRulesNotMatch}; }
WantStatus antiAffinityFail() { return {Code::Unschedulable, ipa::kErrReasonAntiAffinityRulesNotMatch}; }
WantStatus existingAntiFail() { return {Code::Unschedulable, ipa::kErrReasonExistingAntiAffinityRulesNotMatch}; }

QString describe(const framework::Status& s) {
    QString out = framework::codeName(s.code());
    if (!s.message().empty()) out += ": " + QString::fromStdString(s.message());
    return out;
}
QString describe(const WantStatus& s) {
    QString out = framework::codeName(s.code);
    if (!s.message.empty()) out += ": " + QString::fromStdString(s.message);
    return out;
}
QString describe(const ScoreList& l) {
    QStringList parts;
    for (int64_t v : l) parts << QString::number(v);
    return "[" + parts.join(", ") + "]";
}
QString describe(const Counts& c) {
    QStringList parts;
    for (const auto& [pair, n] : c)
        parts << QString::fromStdString(pair.first + "=" + pair.second) + ":" + QString::number(n);
    return "{" + parts.join(", ") + "}";
}
Counts toCounts(const ipa::TopologyCounts& c) {
    Counts out;
    for (const auto& [pair, n] : c) out[{pair.key, pair.value}] = n;
    return out;
}

const Labels kTeam1{{"team", "team1"}};
const Labels kTeam2{{"team", "team2"}};

// The namespaces of upstream's scoring_test.go (also used by TestRequiredAffinitySingleNode).
void addTeamNamespaces(FakeHandle& h) {
    h.objects.namespaceLabels["default"] = {};
    h.objects.namespaceLabels["subteam1.team1"] = kTeam1;
    h.objects.namespaceLabels["subteam2.team1"] = kTeam1;
    h.objects.namespaceLabels["subteam1.team2"] = kTeam2;
    h.objects.namespaceLabels["subteam2.team2"] = kTeam2;
}

std::unique_ptr<ipa::InterPodAffinity> makePlugin(FakeHandle& h, ipa::InterPodAffinityArgs args = {}) {
    return std::make_unique<ipa::InterPodAffinity>(args, h);
}

std::vector<const framework::NodeInfo*> feasible(const FakeHandle& h) {
    return {h.list().begin(), h.list().end()};
}

Term withNamespaces(Term t, std::vector<std::string> namespaces) {
    t.namespaces = std::move(namespaces);
    return t;
}
Term withNamespaceSelector(Term t, std::vector<Expr> selector) {
    t.namespaceSelector = std::move(selector);
    return t;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// TestRequiredAffinitySingleNode
// ---------------------------------------------------------------------------------------------

void InterPodAffinityTest::requiredAffinitySingleNode_data() {
    QTest::addColumn<PodPtr>("pod");
    QTest::addColumn<PodList>("pods");
    QTest::addColumn<NodePtr>("node");
    QTest::addColumn<WantStatus>("wantPreFilter");
    QTest::addColumn<WantStatus>("wantFilter");

    const Labels podLabel{{"service", "securityscan"}};
    const Labels podLabel2{{"security", "S1"}};
    const PodPtr pod = makePod().labels(podLabel).node("node1");
    const NodePtr node1 = makeNode("node1", {{"region", "r1"}, {"zone", "z11"}});
    const Expr serviceInScan{"service", "In", {"securityscan", "value2"}};
    const std::vector<Expr> team1{{"team", "In", {"team1"}}};

    QTest::newRow("A pod that has no required pod affinity scheduling rules can schedule onto a node with no existing pods")
        << PodPtr(makePod()) << PodList{} << node1 << skip() << ok();
    QTest::newRow("satisfies with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using In operator that matches the existing pod")
        << PodPtr(makePod().labels(podLabel2).podAffinityIn("service", "region", {"securityscan", "value2"}))
        << PodList{pod} << node1 << ok() << ok();
    QTest::newRow("satisfies the pod with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using not in operator in labelSelector that matches the existing pod")
        << PodPtr(makePod().labels(podLabel2).podAffinityNotIn("service", "region", {"securityscan3", "value3"}))
        << PodList{pod} << node1 << ok() << ok();
    QTest::newRow("Does not satisfy the PodAffinity with labelSelector because of diff Namespace")
        << PodPtr(makePod().labels(podLabel2).requiredAffinity(withNamespaces(term({serviceInScan}, ""), {"DiffNameSpace"})))
        << PodList{makePod().ns("ns").label("service", "securityscan").node("node1")} << node1 << ok() << affinityFail();
    QTest::newRow("Doesn't satisfy the PodAffinity because of unmatching labelSelector with the existing pod")
        << PodPtr(makePod().labels(podLabel).podAffinityIn("service", "", {"antivirusscan", "value2"}))
        << PodList{pod} << node1 << ok() << affinityFail();
    QTest::newRow("satisfies the PodAffinity with different label Operators in multiple RequiredDuringSchedulingIgnoredDuringExecution")
        << PodPtr(makePod()
                      .labels(podLabel2)
                      .requiredAffinity(term({{"service", "Exists", {}}, {"wrongkey", "DoesNotExist", {}}}, "region"))
                      .requiredAffinity(term({{"service", "In", {"securityscan"}}, {"service", "NotIn", {"WrongValue"}}}, "region")))
        << PodList{pod} << node1 << ok() << ok();
    QTest::newRow("The labelSelector requirements(items of matchExpressions) are ANDed, the pod cannot schedule onto the node because one of the matchExpression item don't match.")
        << PodPtr(makePod()
                      .labels(podLabel2)
                      .requiredAffinity(term({{"service", "Exists", {}}, {"wrongkey", "DoesNotExist", {}}}, "region"))
                      .requiredAffinity(term({{"service", "In", {"securityscan2"}}, {"service", "NotIn", {"WrongValue"}}}, "region")))
        << PodList{pod} << node1 << ok() << affinityFail();
    QTest::newRow("satisfies the PodAffinity and PodAntiAffinity with the existing pod")
        << PodPtr(makePod()
                      .labels(podLabel2)
                      .podAffinityIn("service", "region", {"securityscan", "value2"})
                      .podAntiAffinityIn("service", "node", {"antivirusscan", "value2"}))
        << PodList{pod} << node1 << ok() << ok();
    QTest::newRow("satisfies the PodAffinity and PodAntiAffinity and PodAntiAffinity symmetry with the existing pod")
        << PodPtr(makePod()
                      .labels(podLabel2)
                      .podAffinityIn("service", "region", {"securityscan", "value2"})
                      .podAntiAffinityIn("service", "node", {"antivirusscan", "value2"}))
        << PodList{makePod().node("node1").labels(podLabel).podAntiAffinityIn("service", "node", {"antivirusscan", "value2"})}
        << node1 << ok() << ok();
    QTest::newRow("satisfies the PodAffinity but doesn't satisfy the PodAntiAffinity with the existing pod")
        << PodPtr(makePod()
                      .labels(podLabel2)
                      .podAffinityIn("service", "region", {"securityscan", "value2"})
                      .podAntiAffinityIn("service", "zone", {"securityscan", "value2"}))
        << PodList{pod} << node1 << ok() << antiAffinityFail();
    QTest::newRow("satisfies the PodAffinity and PodAntiAffinity but doesn't satisfy PodAntiAffinity symmetry with the existing pod")
        << PodPtr(makePod()
                      .labels(podLabel)
                      .podAffinityIn("service", "region", {"securityscan", "value2"})
                      .podAntiAffinityIn("service", "node", {"antivirusscan", "value2"}))
        << PodList{makePod().labels(podLabel).node("node1").podAntiAffinityIn("service", "zone", {"securityscan", "value2"})}
        << node1 << ok() << existingAntiFail();
    QTest::newRow("pod matches its own Label in PodAffinity and that matches the existing pod Labels")
        << PodPtr(makePod().labels(podLabel).podAffinityNotIn("service", "region", {"securityscan", "value2"}))
        << PodList{makePod().label("service", "securityscan").node("node2")} << node1 << ok() << affinityFail();
    QTest::newRow("verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. doesn't satisfy PodAntiAffinity symmetry with the existing pod")
        << PodPtr(makePod().labels(podLabel))
        << PodList{makePod().node("node1").labels(podLabel).podAntiAffinityIn("service", "zone", {"securityscan", "value2"})}
        << node1 << ok() << existingAntiFail();
    QTest::newRow("verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. satisfy PodAntiAffinity symmetry with the existing pod")
        << PodPtr(makePod().labels(podLabel))
        << PodList{makePod().node("node1").labels(podLabel).podAntiAffinityNotIn("service", "zone", {"securityscan", "value2"})}
        << node1 << skip() << ok();
    QTest::newRow("satisfies the PodAntiAffinity with existing pod but doesn't satisfy PodAntiAffinity symmetry with incoming pod")
        << PodPtr(makePod().labels(podLabel).podAntiAffinityExists("service", "region").podAntiAffinityExists("security", "region"))
        << PodList{makePod().node("node1").labels(podLabel2).podAntiAffinityExists("security", "zone")} << node1 << ok()
        << antiAffinityFail();
    QTest::newRow("PodAntiAffinity symmetry check a1: incoming pod and existing pod partially match each other on AffinityTerms")
        << PodPtr(makePod().labels(podLabel).podAntiAffinityExists("service", "zone").podAntiAffinityExists("security", "zone"))
        << PodList{makePod().node("node1").labels(podLabel2).podAntiAffinityExists("security", "zone")} << node1 << ok()
        << antiAffinityFail();
    QTest::newRow("PodAntiAffinity symmetry check a2: incoming pod and existing pod partially match each other on AffinityTerms")
        << PodPtr(makePod().labels(podLabel2).podAntiAffinityExists("security", "zone"))
        << PodList{makePod().node("node1").labels(podLabel).podAntiAffinityExists("service", "zone").podAntiAffinityExists("security", "zone")}
        << node1 << ok() << existingAntiFail();
    QTest::newRow("PodAntiAffinity symmetry check b1: incoming pod and existing pod partially match each other on AffinityTerms")
        << PodPtr(makePod().labels({{"abc", ""}, {"xyz", ""}}).podAntiAffinityExists("abc", "zone").podAntiAffinityExists("def", "zone"))
        << PodList{makePod().node("node1").labels({{"def", ""}, {"xyz", ""}}).podAntiAffinityExists("abc", "zone").podAntiAffinityExists("def", "zone")}
        << node1 << ok() << antiAffinityFail();
    QTest::newRow("PodAntiAffinity symmetry check b2: incoming pod and existing pod partially match each other on AffinityTerms")
        << PodPtr(makePod().labels({{"def", ""}, {"xyz", ""}}).podAntiAffinityExists("abc", "zone").podAntiAffinityExists("def", "zone"))
        << PodList{makePod().node("node1").labels({{"abc", ""}, {"xyz", ""}}).podAntiAffinityExists("abc", "zone").podAntiAffinityExists("def", "zone")}
        << node1 << ok() << antiAffinityFail();
    // pilothouse: upstream's bad label value is replaced by an In requirement without values.
    QTest::newRow("PodAffinity fails PreFilter with an invalid affinity label syntax")
        << PodPtr(makePod().labels(podLabel).podAffinityIn("service", "region", {}).podAffinityIn("service", "node", {"antivirusscan", "value2"}))
        << PodList{} << node1
        << st(Code::UnschedulableAndUnresolvable,
              "parsing pod: requiredAffinityTerms: values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty")
        << ok();
    QTest::newRow("PodAntiAffinity fails PreFilter with an invalid antiaffinity label syntax")
        << PodPtr(makePod().labels(podLabel).podAffinityIn("service", "region", {"foo"}).requiredAntiAffinity(term({{"service", "Bogus", {"x"}}}, "node")))
        << PodList{} << node1
        << st(Code::UnschedulableAndUnresolvable, "parsing pod: requiredAntiAffinityTerms: \"Bogus\" is not a valid label selector operator")
        << ok();
    QTest::newRow("pilothouse: parse errors of several term lists are aggregated, preferred terms included")
        << PodPtr(makePod()
                      .requiredAffinity(withNamespaceSelector(term({}, "zone"), {{"team", "NotIn", {}}}))
                      .preferredAntiAffinity(3, term({{"a", "Bogus", {}}}, "zone")))
        << PodList{} << node1
        << st(Code::UnschedulableAndUnresolvable,
              "parsing pod: [requiredAffinityTerms: values: Invalid value: []string(nil): for 'in', 'notin' operators, values set "
              "can't be empty, preferredAntiAffinityTerms: \"Bogus\" is not a valid label selector operator]")
        << ok();
    QTest::newRow("affinity with NamespaceSelector")
        << PodPtr(makePod().labels(podLabel2).requiredAffinity(withNamespaceSelector(term({serviceInScan}, "region"), team1)))
        << PodList{makePod().node("node1").ns("subteam1.team1").labels(podLabel)} << node1 << ok() << ok();
    QTest::newRow("affinity with non-matching NamespaceSelector")
        << PodPtr(makePod().labels(podLabel2).requiredAffinity(withNamespaceSelector(term({serviceInScan}, "region"), team1)))
        << PodList{makePod().node("node1").ns("subteam1.team2").labels(podLabel)} << node1 << ok() << affinityFail();
    QTest::newRow("anti-affinity with matching NamespaceSelector")
        << PodPtr(makePod().ns("subteam1.team1").labels(podLabel2).requiredAntiAffinity(withNamespaceSelector(term({serviceInScan}, "zone"), team1)))
        << PodList{makePod().node("node1").ns("subteam2.team1").labels(podLabel)} << node1 << ok() << antiAffinityFail();
    QTest::newRow("anti-affinity with matching all NamespaceSelector")
        << PodPtr(makePod().ns("subteam1.team1").labels(podLabel2).requiredAntiAffinity(withNamespaceSelector(term({serviceInScan}, "zone"), {})))
        << PodList{makePod().node("node1").ns("subteam2.team1").labels(podLabel)} << node1 << ok() << antiAffinityFail();
    QTest::newRow("anti-affinity with non-matching NamespaceSelector")
        << PodPtr(makePod().ns("subteam1.team1").labels(podLabel2).requiredAntiAffinity(withNamespaceSelector(term({serviceInScan}, "zone"), team1)))
        << PodList{makePod().node("node1").ns("subteam1.team2").labels(podLabel)} << node1 << ok() << ok();
    // pilothouse: namespaces and namespaceSelector together select the union.
    QTest::newRow("pilothouse: affinity matches through namespaces listed next to a non-matching NamespaceSelector")
        << PodPtr(makePod().labels(podLabel2).requiredAffinity(withNamespaceSelector(withNamespaces(term({serviceInScan}, "region"), {"subteam1.team2"}), team1)))
        << PodList{makePod().node("node1").ns("subteam1.team2").labels(podLabel)} << node1 << ok() << ok();
    // pilothouse: an existing pod's anti-affinity namespaceSelector is matched against the incoming
    // pod's namespace labels.
    QTest::newRow("pilothouse: existing pod's anti-affinity NamespaceSelector matches the incoming pod's namespace")
        << PodPtr(makePod().ns("subteam1.team1").labels(podLabel2))
        << PodList{makePod().node("node1").labels(podLabel).requiredAntiAffinity(withNamespaceSelector(term({{"security", "In", {"S1"}}}, "zone"), team1))}
        << node1 << ok() << existingAntiFail();
    QTest::newRow("pilothouse: existing pod's anti-affinity NamespaceSelector does not match the incoming pod's namespace")
        << PodPtr(makePod().ns("subteam1.team2").labels(podLabel2))
        << PodList{makePod().node("node1").labels(podLabel).requiredAntiAffinity(withNamespaceSelector(term({{"security", "In", {"S1"}}}, "zone"), team1))}
        << node1 << skip() << ok();
    // pilothouse: a term without labelSelector matches no pod.
    QTest::newRow("pilothouse: an anti-affinity term without labelSelector matches nothing")
        << PodPtr(makePod().labels(podLabel).requiredAntiAffinity(Term{std::nullopt, "zone", {}, {}}))
        << PodList{pod} << node1 << ok() << ok();
    QTest::newRow("pilothouse: an affinity term without labelSelector can never be satisfied")
        << PodPtr(makePod().labels(podLabel).requiredAffinity(Term{std::nullopt, "zone", {}, {}}))
        << PodList{pod} << node1 << ok() << affinityFail();
}

void InterPodAffinityTest::requiredAffinitySingleNode() {
    QFETCH(PodPtr, pod);
    QFETCH(PodList, pods);
    QFETCH(NodePtr, node);
    QFETCH(WantStatus, wantPreFilter);
    QFETCH(WantStatus, wantFilter);

    FakeHandle h({node}, pods);
    addTeamNamespaces(h);
    auto p = makePlugin(h);
    framework::CycleState state;
    auto [result, preFilterStatus] = p->preFilter(state, *pod, h.list());
    QCOMPARE(describe(preFilterStatus), describe(wantPreFilter));
    QVERIFY(result.allNodes());
    if (!preFilterStatus.isSuccess()) {
        QVERIFY(state.read<ipa::PreFilterState>(ipa::kPreFilterStateKey) == nullptr);
        return;
    }
    QCOMPARE(describe(p->filter(state, *pod, *h.get(node->metadata().name()))), describe(wantFilter));
}

// ---------------------------------------------------------------------------------------------
// TestRequiredAffinityMultipleNodes
// ---------------------------------------------------------------------------------------------

void InterPodAffinityTest::requiredAffinityMultipleNodes_data() {
    QTest::addColumn<PodPtr>("pod");
    QTest::addColumn<PodList>("pods");
    QTest::addColumn<NodeList>("nodes");
    QTest::addColumn<WantStatus>("wantPreFilter");
    QTest::addColumn<WantStatuses>("wantFilters");

    const Labels podLabelA{{"foo", "bar"}};
    const Labels labelRgChina{{"region", "China"}};
    const Labels labelRgChinaAzAz1{{"region", "China"}, {"az", "az1"}};
    const Labels labelRgIndia{{"region", "India"}};
    auto hosts = [](const std::string& a, const Labels& la, const std::string& b, const Labels& lb) {
        return NodeList{makeNode(a, la), makeNode(b, lb)};
    };
    const NodeList abSameZone = hosts("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}, "nodeB",
                                      {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeB"}});
    const NodeList abTwoZones = hosts("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}, "nodeB",
                                      {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}});

    QTest::newRow("A pod can be scheduled onto all the nodes that have the same topology key & label value with one of them has an existing pod that matches the affinity rules")
        << PodPtr(makePod().podAffinityIn("foo", "region", {"bar"})) << PodList{makePod().name("p1").node("node1").labels(podLabelA)}
        << NodeList{makeNode("node1", labelRgChina), makeNode("node2", labelRgChinaAzAz1), makeNode("node3", labelRgIndia)} << ok()
        << WantStatuses{ok(), ok(), affinityFail()};
    QTest::newRow("The affinity rule is to schedule all of the pods of this collection to the same zone. The first pod of the collection should not be blocked from being scheduled onto any node, even there's no existing pod that matches the rule anywhere.")
        << PodPtr(makePod().labels({{"foo", "bar"}, {"service", "securityscan"}}).podAffinityIn("foo", "zone", {"bar"}).podAffinityIn("service", "zone", {"securityscan"}))
        << PodList{makePod().name("p1").node("nodeA").labels({{"foo", "bar"}})}
        << hosts("nodeA", {{"zone", "az1"}, {"hostname", "h1"}}, "nodeB", {{"zone", "az2"}, {"hostname", "h2"}}) << ok()
        << WantStatuses{ok(), ok()};
    QTest::newRow("The first pod of the collection can only be scheduled on nodes labelled with the requested topology keys")
        << PodPtr(makePod().labels({{"foo", "bar"}, {"service", "securityscan"}}).podAffinityIn("foo", "zone", {"bar"}).podAffinityIn("service", "zone", {"securityscan"}))
        << PodList{makePod().name("p1").node("nodeA").labels({{"foo", "bar"}})}
        << hosts("nodeA", {{"zoneLabel", "az1"}, {"hostname", "h1"}}, "nodeB", {{"zoneLabel", "az2"}, {"hostname", "h2"}}) << ok()
        << WantStatuses{affinityFail(), affinityFail()};
    QTest::newRow("NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB.")
        << PodPtr(makePod().podAntiAffinityIn("foo", "region", {"abc"})) << PodList{makePod().node("nodeA").labels({{"foo", "abc"}})}
        << hosts("nodeA", {{"region", "r1"}, {"hostname", "nodeA"}}, "nodeB", {{"region", "r1"}, {"hostname", "nodeB"}}) << ok()
        << WantStatuses{antiAffinityFail(), antiAffinityFail()};
    QTest::newRow("This test ensures that anti-affinity matches a pod when any term of the anti-affinity rule matches a pod.")
        << PodPtr(makePod().podAntiAffinityIn("foo", "region", {"abc"}).podAntiAffinityIn("service", "zone", {"securityscan"}))
        << PodList{makePod().node("nodeA").labels({{"foo", "abc"}, {"service", "securityscan"}})}
        << hosts("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}, "nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}})
        << ok() << WantStatuses{antiAffinityFail(), antiAffinityFail()};
    QTest::newRow("NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB but can be scheduled onto nodeC")
        << PodPtr(makePod().podAntiAffinityIn("foo", "region", {"abc"})) << PodList{makePod().node("nodeA").labels({{"foo", "abc"}})}
        << NodeList{makeNode("nodeA", labelRgChina), makeNode("nodeB", labelRgChinaAzAz1), makeNode("nodeC", labelRgIndia)} << ok()
        << WantStatuses{antiAffinityFail(), antiAffinityFail(), ok()};
    QTest::newRow("NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA, nodeB, but can be scheduled onto nodeC (NodeC has an existing pod that match the inter pod affinity rule but in different namespace)")
        << PodPtr(makePod().ns("NS1").labels({{"foo", "123"}}).podAntiAffinityIn("foo", "region", {"bar"}))
        << PodList{makePod().node("nodeA").ns("NS1").labels({{"foo", "bar"}}), makePod().node("nodeC").ns("NS2").podAntiAffinityIn("foo", "region", {"123"})}
        << NodeList{makeNode("nodeA", labelRgChina), makeNode("nodeB", labelRgChinaAzAz1), makeNode("nodeC", labelRgIndia)} << ok()
        << WantStatuses{antiAffinityFail(), antiAffinityFail(), ok()};
    QTest::newRow("Test existing pod's anti-affinity: if an existing pod has a term with invalid topologyKey, labelSelector of the term is firstly checked, and then topologyKey of the term is also checked")
        << PodPtr(makePod().label("foo", "")) << PodList{makePod().node("nodeA").podAntiAffinityExists("foo", "invalid-node-label")}
        << abSameZone << skip() << WantStatuses{ok(), ok()};
    QTest::newRow("Test incoming pod's anti-affinity: even if labelSelector matches, we still check if topologyKey matches")
        << PodPtr(makePod().node("nodeA").podAntiAffinityExists("foo", "invalid-node-label"))
        << PodList{makePod().node("nodeA").labels({{"foo", ""}})} << abSameZone << ok() << WantStatuses{ok(), ok()};
    QTest::newRow("Test existing pod's anti-affinity: incoming pod wouldn't considered as a fit as it violates each existingPod's terms on all nodes")
        << PodPtr(makePod().label("foo", "").label("bar", ""))
        << PodList{makePod().node("nodeA").podAntiAffinityExists("foo", "zone"), makePod().node("nodeA").podAntiAffinityExists("bar", "region")}
        << abTwoZones << ok() << WantStatuses{existingAntiFail(), existingAntiFail()};
    QTest::newRow("Test incoming pod's anti-affinity: incoming pod wouldn't considered as a fit as it at least violates one anti-affinity rule of existingPod")
        << PodPtr(makePod().podAntiAffinityExists("foo", "zone").podAntiAffinityExists("bar", "region"))
        << PodList{makePod().node("nodeA").labels({{"foo", ""}}), makePod().node("nodeB").labels({{"bar", ""}})} << abTwoZones << ok()
        << WantStatuses{antiAffinityFail(), antiAffinityFail()};
    QTest::newRow("Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey")
        << PodPtr(makePod().label("foo", "").label("bar", ""))
        << PodList{makePod().node("nodeA").podAntiAffinityExists("foo", "invalid-node-label").podAntiAffinityExists("bar", "zone")}
        << abTwoZones << ok() << WantStatuses{existingAntiFail(), ok()};
    QTest::newRow("Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey")
        << PodPtr(makePod().podAntiAffinityExists("foo", "invalid-node-label").podAntiAffinityExists("bar", "zone"))
        << PodList{makePod().name("podA").node("nodeA").labels({{"foo", ""}, {"bar", ""}})} << abTwoZones << ok()
        << WantStatuses{antiAffinityFail(), ok()};
    QTest::newRow("Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey")
        << PodPtr(makePod().label("foo", "").label("bar", ""))
        << PodList{makePod().node("nodeA").podAntiAffinityExists("foo", "region").podAntiAffinityExists("bar", "zone")} << abTwoZones << ok()
        << WantStatuses{existingAntiFail(), existingAntiFail()};
    QTest::newRow("Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey")
        << PodPtr(makePod().podAntiAffinityExists("foo", "region").podAntiAffinityExists("bar", "zone"))
        << PodList{makePod().node("nodeA").labels({{"foo", ""}, {"bar", ""}})} << abTwoZones << ok()
        << WantStatuses{antiAffinityFail(), antiAffinityFail()};
    QTest::newRow("Test existing pod's anti-affinity: existingPod on nodeA and nodeB has at least one anti-affinity term matches incoming pod, so incoming pod can only be scheduled to nodeC")
        << PodPtr(makePod().label("foo", "").label("bar", ""))
        << PodList{makePod().node("nodeA").podAntiAffinityExists("foo", "zone").podAntiAffinityExists("labelA", "zone"),
                   makePod().node("nodeB").podAntiAffinityExists("bar", "zone").podAntiAffinityExists("labelB", "zone")}
        << NodeList{makeNode("nodeA", {{"region", "r1"}, {"zone", "z1"}, {"hostname", "nodeA"}}),
                    makeNode("nodeB", {{"region", "r1"}, {"zone", "z2"}, {"hostname", "nodeB"}}),
                    makeNode("nodeC", {{"region", "r1"}, {"zone", "z3"}, {"hostname", "nodeC"}})}
        << ok() << WantStatuses{existingAntiFail(), existingAntiFail(), ok()};
    QTest::newRow("Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match")
        << PodPtr(makePod().podAffinityExists("foo", "region").podAffinityExists("bar", "zone"))
        << PodList{makePod().name("pod1").labels({{"foo", ""}, {"bar", ""}}).node("nodeA")} << abSameZone << ok()
        << WantStatuses{ok(), ok()};
    QTest::newRow("Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match, and the match logic should be satisfied on the same pod")
        << PodPtr(makePod().podAffinityExists("foo", "region").podAffinityExists("bar", "zone"))
        << PodList{makePod().node("nodeA").name("pod1").labels({{"foo", ""}}), makePod().node("nodeB").name("pod2").labels({{"bar", ""}})}
        << abTwoZones << ok() << WantStatuses{affinityFail(), affinityFail()};
    // pilothouse: the self-affinity exception needs the pod to match its own terms; a matching pod
    // elsewhere in the cluster (here on a node without the topology key) turns it off.
    QTest::newRow("pilothouse: self-affinity exception does not apply once a matching pod exists somewhere")
        << PodPtr(makePod().labels({{"app", "db"}}).podAffinityIn("app", "zone", {"db"}))
        << PodList{makePod().name("other").node("nodeC").labels({{"app", "db"}})}
        << NodeList{makeNode("nodeA", {{"zone", "z1"}}), makeNode("nodeB", {{"zone", "z2"}}), makeNode("nodeC", {{"zone", "z3"}})} << ok()
        << WantStatuses{affinityFail(), affinityFail(), ok()};
    QTest::newRow("pilothouse: self-affinity exception requires matching its own terms")
        << PodPtr(makePod().labels({{"app", "web"}}).podAffinityIn("app", "zone", {"db"})) << PodList{}
        << NodeList{makeNode("nodeA", {{"zone", "z1"}}), makeNode("nodeB", {{"zone", "z2"}})} << ok()
        << WantStatuses{affinityFail(), affinityFail()};
}

void InterPodAffinityTest::requiredAffinityMultipleNodes() {
    QFETCH(PodPtr, pod);
    QFETCH(PodList, pods);
    QFETCH(NodeList, nodes);
    QFETCH(WantStatus, wantPreFilter);
    QFETCH(WantStatuses, wantFilters);

    FakeHandle h(nodes, pods);
    h.objects.namespaceLabels["NS1"] = {};
    auto p = makePlugin(h);
    framework::CycleState state;
    auto [result, preFilterStatus] = p->preFilter(state, *pod, h.list());
    QCOMPARE(describe(preFilterStatus), describe(wantPreFilter));
    if (preFilterStatus.isSkip()) return;
    QCOMPARE(wantFilters.size(), nodes.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
        const std::string& name = nodes[i]->metadata().name();
        QCOMPARE(QString::fromStdString(name) + " " + describe(p->filter(state, *pod, *h.get(name))),
                 QString::fromStdString(name) + " " + describe(wantFilters[i]));
    }
}

// ---------------------------------------------------------------------------------------------
// TestPreFilterDisabled, TestPreFilterStateAddRemovePod, TestPreFilterStateClone
// ---------------------------------------------------------------------------------------------

void InterPodAffinityTest::preFilterDisabled() {
    FakeHandle h({makeNode("node1")});
    auto p = makePlugin(h);
    framework::CycleState state;
    const PodPtr pod = makePod();
    const QString want = "Error: error reading \"PreFilterInterPodAffinity\" from cycleState: not found";
    QCOMPARE(describe(p->filter(state, *pod, *h.get("node1"))), want);
    auto info = framework::PodInfo::make(makePod().name("x").node("node1"));
    QCOMPARE(describe(p->addPod(state, *pod, *info, *h.get("node1"))), want);
    QCOMPARE(describe(p->removePod(state, *pod, *info, *h.get("node1"))), want);
}

void InterPodAffinityTest::preFilterStateAddRemovePod_data() {
    QTest::addColumn<PodPtr>("pendingPod");
    QTest::addColumn<PodPtr>("addedPod");
    QTest::addColumn<PodList>("existingPods");
    QTest::addColumn<NodeList>("nodes");
    QTest::addColumn<Counts>("expectedAntiAffinity");
    QTest::addColumn<Counts>("expectedAffinity");

    const Labels selector1{{"foo", "bar"}};
    const NodeList nodes{makeNode("nodeA", {{"region", "r1"}, {"zone", "z11"}}), makeNode("nodeB", {{"region", "r1"}, {"zone", "z12"}}),
                         makeNode("nodeC", {{"region", "r2"}, {"zone", "z21"}})};
    const Term fooBarRegion = term({{"foo", "In", {"bar"}}}, "region");
    const Term fooBarBuzzRegion = term({{"foo", "In", {"bar", "buzz"}}}, "region");
    const Term serviceNotInZone = term({{"service", "NotIn", {"bar", "security", "test"}}}, "zone");

    QTest::newRow("preFilterState anti-affinity terms are updated correctly after adding and removing a pod")
        << PodPtr(makePod().name("pending").labels(selector1).requiredAntiAffinity(fooBarRegion))
        << PodPtr(makePod().name("addedPod").labels(selector1).node("nodeB").requiredAntiAffinity(fooBarRegion))
        << PodList{makePod().name("p1").labels(selector1).node("nodeA"), makePod().name("p2").node("nodeC").requiredAntiAffinity(fooBarRegion)}
        << nodes << Counts{{{"region", "r1"}, 2}} << Counts{};
    QTest::newRow("preFilterState anti-affinity terms are updated correctly after adding and removing a pod (complex terms)")
        << PodPtr(makePod().name("pending").labels(selector1).requiredAntiAffinity(fooBarBuzzRegion).requiredAntiAffinity(serviceNotInZone))
        << PodPtr(makePod().name("addedPod").labels(selector1).node("nodeA").requiredAntiAffinity(fooBarBuzzRegion).requiredAntiAffinity(serviceNotInZone))
        << PodList{makePod().name("p1").labels(selector1).node("nodeA"), makePod().name("p2").node("nodeC").requiredAntiAffinity(fooBarRegion)}
        << nodes << Counts{{{"region", "r1"}, 2}, {{"zone", "z11"}, 2}, {{"zone", "z21"}, 1}} << Counts{};
    QTest::newRow("preFilterState matching pod affinity and anti-affinity are updated correctly after adding and removing a pod")
        << PodPtr(makePod().name("pending").labels(selector1).requiredAffinity(fooBarBuzzRegion).requiredAffinity(serviceNotInZone))
        << PodPtr(makePod().name("addedPod").labels(selector1).node("nodeA").requiredAntiAffinity(fooBarBuzzRegion).requiredAntiAffinity(serviceNotInZone))
        << PodList{makePod().name("p1").labels(selector1).node("nodeA"),
                   makePod().name("p2").node("nodeC").requiredAntiAffinity(fooBarRegion).requiredAffinity(fooBarBuzzRegion).requiredAffinity(serviceNotInZone)}
        << nodes << Counts{} << Counts{{{"region", "r1"}, 2}, {{"zone", "z11"}, 2}};
}

void InterPodAffinityTest::preFilterStateAddRemovePod() {
    QFETCH(PodPtr, pendingPod);
    QFETCH(PodPtr, addedPod);
    QFETCH(PodList, existingPods);
    QFETCH(NodeList, nodes);
    QFETCH(Counts, expectedAntiAffinity);
    QFETCH(Counts, expectedAffinity);

    // The state PreFilter computes when the added pod is already placed.
    PodList all = existingPods;
    all.push_back(addedPod);
    FakeHandle allHandle(nodes, all);
    auto allPlugin = makePlugin(allHandle);
    framework::CycleState allState;
    QVERIFY(allPlugin->preFilter(allState, *pendingPod, allHandle.list()).second.isSuccess());
    const auto* allPodsState = allState.read<ipa::PreFilterState>(ipa::kPreFilterStateKey);
    QVERIFY(allPodsState);

    // The state without it, then AddPod.
    FakeHandle h(nodes, existingPods);
    auto p = makePlugin(h);
    framework::CycleState state;
    QVERIFY(p->preFilter(state, *pendingPod, h.list()).second.isSuccess());
    auto* s = state.read<ipa::PreFilterState>(ipa::kPreFilterStateKey);
    QVERIFY(s);
    const auto original = state.clone();
    const auto* originalState = original->read<ipa::PreFilterState>(ipa::kPreFilterStateKey);

    auto addedInfo = framework::PodInfo::make(addedPod);
    const framework::NodeInfo* nodeInfo = h.get(addedPod->spec().node_name());
    QVERIFY(p->addPod(state, *pendingPod, *addedInfo, *nodeInfo).isSuccess());
    QCOMPARE(describe(toCounts(s->antiAffinityCounts)), describe(expectedAntiAffinity));
    QCOMPARE(describe(toCounts(s->affinityCounts)), describe(expectedAffinity));
    QCOMPARE(describe(toCounts(s->antiAffinityCounts)), describe(toCounts(allPodsState->antiAffinityCounts)));
    QCOMPARE(describe(toCounts(s->affinityCounts)), describe(toCounts(allPodsState->affinityCounts)));
    QCOMPARE(describe(toCounts(s->existingAntiAffinityCounts)), describe(toCounts(allPodsState->existingAntiAffinityCounts)));

    QVERIFY(p->removePod(state, *pendingPod, *addedInfo, *nodeInfo).isSuccess());
    QCOMPARE(describe(toCounts(s->antiAffinityCounts)), describe(toCounts(originalState->antiAffinityCounts)));
    QCOMPARE(describe(toCounts(s->affinityCounts)), describe(toCounts(originalState->affinityCounts)));
    QCOMPARE(describe(toCounts(s->existingAntiAffinityCounts)), describe(toCounts(originalState->existingAntiAffinityCounts)));
}

void InterPodAffinityTest::preFilterStateClone() {
    ipa::PreFilterState source;
    source.existingAntiAffinityCounts = {{{"name", "node1"}, 1}, {{"name", "node2"}, 1}};
    source.affinityCounts = {{{"name", "nodeA"}, 1}, {{"name", "nodeC"}, 2}};
    source.antiAffinityCounts = {{{"name", "nodeN"}, 3}, {{"name", "nodeM"}, 1}};
    source.podInfo = framework::PodInfo::make(makePod().name("p"));
    source.namespaceLabels = kTeam1;

    auto cloned = source.clone();
    auto* copy = dynamic_cast<ipa::PreFilterState*>(cloned.get());
    QVERIFY(copy);
    QVERIFY(copy != &source);
    QCOMPARE(describe(toCounts(copy->existingAntiAffinityCounts)), describe(toCounts(source.existingAntiAffinityCounts)));
    QCOMPARE(describe(toCounts(copy->affinityCounts)), describe(toCounts(source.affinityCounts)));
    QCOMPARE(describe(toCounts(copy->antiAffinityCounts)), describe(toCounts(source.antiAffinityCounts)));
    QVERIFY(copy->podInfo == source.podInfo);
    QVERIFY(copy->namespaceLabels == source.namespaceLabels);
    // The copy is independent.
    copy->affinityCounts[{"name", "nodeA"}] = 7;
    copy->antiAffinityCounts.clear();
    QVERIFY(source.affinityCounts.at({"name", "nodeA"}) == 1);
    QCOMPARE(source.antiAffinityCounts.size(), size_t(2));
}

// ---------------------------------------------------------------------------------------------
// TestGetTPMapMatchingIncomingAffinityAntiAffinity
// ---------------------------------------------------------------------------------------------

void InterPodAffinityTest::incomingAffinityAntiAffinityCounts_data() {
    QTest::addColumn<PodList>("existingPods");
    QTest::addColumn<PodPtr>("pod");
    QTest::addColumn<Counts>("wantAffinity");
    QTest::addColumn<Counts>("wantAntiAffinity");

    auto normal = [](std::vector<std::string> labels) {
        auto b = makePod().name("normal").node("nodeA");
        for (const auto& l : labels) b.label(l, "");
        return PodPtr(b);
    };
    const PodPtr normalPodA = normal({"aaa"});
    const PodPtr normalPodB = normal({"bbb"});
    const PodPtr normalPodAB = normal({"aaa", "bbb"});
    const Counts one{{{"hostname", "nodeA"}, 1}};

    QTest::newRow("nil test") << PodList{} << PodPtr(makePod().name("aaa-normal")) << Counts{} << Counts{};
    QTest::newRow("incoming pod without affinity/anti-affinity causes a no-op")
        << PodList{normalPodA} << PodPtr(makePod().name("aaa-normal")) << Counts{} << Counts{};
    QTest::newRow("no pod has label that violates incoming pod's affinity and anti-affinity")
        << PodList{normalPodB}
        << PodPtr(makePod().name("aaa-anti").podAffinityExists("aaa", "hostname").podAntiAffinityExists("aaa", "hostname"))
        << Counts{} << Counts{};
    QTest::newRow("existing pod matches incoming pod's affinity and anti-affinity - single term case")
        << PodList{normalPodA}
        << PodPtr(makePod().name("affi-antiaffi").podAffinityExists("aaa", "hostname").podAntiAffinityExists("aaa", "hostname"))
        << one << one;
    QTest::newRow("existing pod matches incoming pod's affinity and anti-affinity - multiple terms case")
        << PodList{normalPodAB}
        << PodPtr(makePod().name("affi-antiaffi").podAffinityExists("aaa", "hostname").podAffinityExists("bbb", "hostname").podAntiAffinityExists("aaa", "hostname"))
        << Counts{{{"hostname", "nodeA"}, 2}} << one;
    QTest::newRow("existing pod not match incoming pod's affinity but matches anti-affinity")
        << PodList{normalPodA}
        << PodPtr(makePod()
                      .name("affi-antiaffi")
                      .podAffinityExists("aaa", "hostname")
                      .podAffinityExists("bbb", "hostname")
                      .podAntiAffinityExists("aaa", "hostname")
                      .podAntiAffinityExists("bbb", "hostname"))
        << Counts{} << one;
    QTest::newRow("incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 1")
        << PodList{normalPodAB}
        << PodPtr(makePod()
                      .name("anaffi-antiaffiti")
                      .podAffinityExists("aaa", "hostname")
                      .podAffinityExists("ccc", "hostname")
                      .podAntiAffinityExists("aaa", "hostname")
                      .podAntiAffinityExists("ccc", "hostname"))
        << Counts{} << one;
    QTest::newRow("incoming pod's anti-affinity has more than one term - existing pod violates partial term - case 2")
        << PodList{normalPodB}
        << PodPtr(makePod()
                      .name("affi-antiaffi")
                      .podAffinityExists("aaa", "hostname")
                      .podAffinityExists("bbb", "hostname")
                      .podAntiAffinityExists("aaa", "hostname")
                      .podAntiAffinityExists("bbb", "hostname"))
        << Counts{} << one;
}

void InterPodAffinityTest::incomingAffinityAntiAffinityCounts() {
    QFETCH(PodList, existingPods);
    QFETCH(PodPtr, pod);
    QFETCH(Counts, wantAffinity);
    QFETCH(Counts, wantAntiAffinity);

    FakeHandle h({makeNode("nodeA", {{"hostname", "nodeA"}})}, existingPods);
    auto p = makePlugin(h);
    auto [affinity, antiAffinity] = p->incomingAffinityAntiAffinityCounts(*p->incomingPodInfo(*pod, false), h.list());
    QCOMPARE(describe(toCounts(affinity)), describe(wantAffinity));
    QCOMPARE(describe(toCounts(antiAffinity)), describe(wantAntiAffinity));
}

void InterPodAffinityTest::existingAntiAffinityCountsUseNamespaceLabels() {
    // Existing pods' anti-affinity namespaceSelectors are evaluated against the incoming pod's
    // namespace labels; their namespaces lists against its namespace.
    const std::vector<Expr> team1{{"team", "In", {"team1"}}};
    const PodList existing{
        makePod().name("sel").node("n1").requiredAntiAffinity(withNamespaceSelector(term({{"app", "Exists", {}}}, "zone"), team1)),
        makePod().name("list").node("n2").requiredAntiAffinity(withNamespaces(term({{"app", "Exists", {}}}, "zone"), {"subteam1.team2"})),
        makePod().name("own").node("n2").requiredAntiAffinity(term({{"app", "Exists", {}}}, "region")),
    };
    FakeHandle h({makeNode("n1", {{"zone", "z1"}, {"region", "r1"}}), makeNode("n2", {{"zone", "z2"}, {"region", "r1"}})}, existing);
    addTeamNamespaces(h);
    auto p = makePlugin(h);

    const PodPtr inTeam1 = makePod().ns("subteam1.team1").label("app", "x");
    QCOMPARE(describe(toCounts(p->existingAntiAffinityCounts(*inTeam1, p->namespaceLabelsOf("subteam1.team1"),
                                                             h.havePodsWithRequiredAntiAffinityList()))),
             describe(Counts{{{"zone", "z1"}, 1}}));
    const PodPtr inTeam2 = makePod().ns("subteam1.team2").label("app", "x");
    QCOMPARE(describe(toCounts(p->existingAntiAffinityCounts(*inTeam2, p->namespaceLabelsOf("subteam1.team2"),
                                                             h.havePodsWithRequiredAntiAffinityList()))),
             describe(Counts{{{"zone", "z2"}, 1}}));
    const PodPtr inDefault = makePod().label("app", "x");
    QCOMPARE(describe(toCounts(p->existingAntiAffinityCounts(*inDefault, p->namespaceLabelsOf("default"),
                                                             h.havePodsWithRequiredAntiAffinityList()))),
             describe(Counts{{{"region", "r1"}, 1}}));
    QVERIFY(p->namespaceLabelsOf("unknown").empty());
}

void InterPodAffinityTest::preemptionDryRunThroughExtensions() {
    const NodeList nodes{makeNode("nodeA", {{"zone", "z1"}}), makeNode("nodeB", {{"zone", "z2"}})};
    const PodPtr victim = makePod().name("victim").node("nodeA").label("app", "db");
    const PodPtr guard = makePod().name("guard").node("nodeB").podAntiAffinityIn("role", "zone", {"web"});
    FakeHandle h(nodes, {victim, guard});
    auto p = makePlugin(h);
    const PodPtr incoming = makePod().name("web").label("role", "web").podAntiAffinityIn("app", "zone", {"db"});

    framework::CycleState state;
    QVERIFY(p->preFilter(state, *incoming, h.list()).second.isSuccess());
    QCOMPARE(describe(p->filter(state, *incoming, *h.get("nodeA"))), describe(antiAffinityFail()));
    QCOMPARE(describe(p->filter(state, *incoming, *h.get("nodeB"))), describe(existingAntiFail()));

    // Removing the victims on a copy of the state frees both nodes there, and only there.
    auto dryRun = state.clone();
    QVERIFY(p->removePod(*dryRun, *incoming, *h.get("nodeA")->pods()[0], *h.get("nodeA")).isSuccess());
    QVERIFY(p->removePod(*dryRun, *incoming, *h.get("nodeB")->pods()[0], *h.get("nodeB")).isSuccess());
    QCOMPARE(describe(p->filter(*dryRun, *incoming, *h.get("nodeA"))), describe(ok()));
    QCOMPARE(describe(p->filter(*dryRun, *incoming, *h.get("nodeB"))), describe(ok()));
    QCOMPARE(describe(p->filter(state, *incoming, *h.get("nodeA"))), describe(antiAffinityFail()));

    // Adding a nominated pod back counts it again.
    QVERIFY(p->addPod(*dryRun, *incoming, *framework::PodInfo::make(victim), *h.get("nodeA")).isSuccess());
    QCOMPARE(describe(p->filter(*dryRun, *incoming, *h.get("nodeA"))), describe(antiAffinityFail()));

    // Affinity: a pod added on nodeB satisfies the incoming pod there.
    const PodPtr wantsCache = makePod().name("app").podAffinityIn("app", "zone", {"cache"});
    framework::CycleState affinityState;
    QVERIFY(p->preFilter(affinityState, *wantsCache, h.list()).second.isSuccess());
    QCOMPARE(describe(p->filter(affinityState, *wantsCache, *h.get("nodeB"))), describe(affinityFail()));
    QVERIFY(p->addPod(affinityState, *wantsCache, *framework::PodInfo::make(makePod().name("cache").node("nodeB").label("app", "cache")),
                      *h.get("nodeB"))
                .isSuccess());
    QCOMPARE(describe(p->filter(affinityState, *wantsCache, *h.get("nodeB"))), describe(ok()));
    QCOMPARE(describe(p->filter(affinityState, *wantsCache, *h.get("nodeA"))), describe(affinityFail()));
}

// ---------------------------------------------------------------------------------------------
// TestPreferredAffinity
// ---------------------------------------------------------------------------------------------

namespace {

const Labels labelRgChina{{"region", "China"}};
const Labels labelRgIndia{{"region", "India"}};
const Labels labelAzAz1{{"az", "az1"}};
const Labels labelAzAz2{{"az", "az2"}};
const Labels labelRgChinaAzAz1{{"region", "China"}, {"az", "az1"}};
const Labels podLabelSecurityS1{{"security", "S1"}};
const Labels podLabelSecurityS2{{"security", "S2"}};

// Pods that only carry an affinity, to be copied with affinityOf.
struct Affinities {
    PodPtr stayWithS1InRegion = makePod().preferredAffinity(5, term({{"security", "In", {"S1"}}}, "region"));
    PodPtr stayWithS2InRegion = makePod().preferredAffinity(6, term({{"security", "In", {"S2"}}}, "region"));
    PodPtr affinity3 = makePod()
                           .preferredAffinity(8, term({{"security", "NotIn", {"S1"}}, {"security", "In", {"S2"}}}, "region"))
                           .preferredAffinity(2, term({{"security", "Exists", {}}, {"wrongkey", "DoesNotExist", {}}}, "region"));
    PodPtr hardAffinity = makePod()
                              .requiredAffinity(term({{"security", "In", {"S1", "value2"}}}, "region"))
                              .requiredAffinity(term({{"security", "Exists", {}}, {"wrongkey", "DoesNotExist", {}}}, "region"));
    PodPtr awayFromS1InAz = makePod().preferredAntiAffinity(5, term({{"security", "In", {"S1"}}}, "az"));
    PodPtr awayFromS2InAz = makePod().preferredAntiAffinity(5, term({{"security", "In", {"S2"}}}, "az"));
    PodPtr stayWithS1InRegionAwayFromS2InAz = makePod()
                                                  .preferredAffinity(8, term({{"security", "In", {"S1"}}}, "region"))
                                                  .preferredAntiAffinity(5, term({{"security", "In", {"S2"}}}, "az"));
    PodPtr affinityNamespaceSelector = makePod().preferredAffinity(
        5, withNamespaceSelector(withNamespaces(term({{"security", "In", {"S1"}}}, "region"), {"subteam2.team2"}),
                                 {{"team", "In", {"team1"}}}));
    PodPtr antiAffinityNamespaceSelector = makePod().preferredAntiAffinity(
        5, withNamespaceSelector(withNamespaces(term({{"security", "In", {"S1"}}}, "region"), {"subteam2.team2"}),
                                 {{"team", "In", {"team1"}}}));
    // pilothouse: upstream's bad label values replaced by In requirements without values.
    PodPtr invalidAffinityLabels = makePod().preferredAffinity(8, term({{"security", "In", {}}}, "region"));
    PodPtr invalidAntiAffinityLabels = makePod().preferredAntiAffinity(5, term({{"security", "In", {}}}, "az"));
};

NodeList nodesWith(std::vector<std::pair<std::string, Labels>> spec) {
    NodeList out;
    for (auto& [name, labels] : spec) out.push_back(makeNode(name, labels));
    return out;
}

}  // namespace

void InterPodAffinityTest::preferredAffinity_data() {
    QTest::addColumn<PodPtr>("pod");
    QTest::addColumn<PodList>("pods");
    QTest::addColumn<NodeList>("nodes");
    QTest::addColumn<bool>("ignorePreferredTermsOfExistingPods");
    QTest::addColumn<WantStatus>("wantStatus");
    QTest::addColumn<ScoreList>("expected");

    const Affinities a;
    auto S1 = [] { return makePod().labels(podLabelSecurityS1); };
    auto S2 = [] { return makePod().labels(podLabelSecurityS2); };
    const NodeList chinaIndiaAz1 = nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}, {"node3", labelAzAz1}});

    QTest::newRow("all nodes are same priority as Affinity is nil")
        << PodPtr(S1()) << PodList{} << chinaIndiaAz1 << false << skip() << ScoreList{};
    QTest::newRow("Affinity: pod that matches topology key & pods in nodes will get high score comparing to others which doesn't match either pods in nodes or in topology key")
        << PodPtr(S1().affinityOf(a.stayWithS1InRegion)) << PodList{S1().node("node1"), S2().node("node2"), S1().node("node3")}
        << chinaIndiaAz1 << false << ok() << ScoreList{100, 0, 0};
    QTest::newRow("All the nodes that have the same topology key & label value with one of them has an existing pod that match the affinity rules, have the same score")
        << PodPtr(makePod().affinityOf(a.stayWithS1InRegion)) << PodList{S1().node("node1")}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelRgChinaAzAz1}, {"node3", labelRgIndia}}) << false << ok()
        << ScoreList{100, 100, 0};
    QTest::newRow("Affinity: nodes in one region has more matching pods comparing to other region, so the region which has more matches will get high score")
        << PodPtr(S1().affinityOf(a.stayWithS2InRegion))
        << PodList{S2().node("node1"), S2().node("node1"), S2().node("node2"), S2().node("node3"), S2().node("node4"), S2().node("node5")}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}, {"node3", labelRgChina}, {"node4", labelRgChina}, {"node5", labelRgIndia}})
        << false << ok() << ScoreList{100, 0, 100, 100, 0};
    QTest::newRow("Affinity: different Label operators and values for pod affinity scheduling preference, including some match failures")
        << PodPtr(S1().affinityOf(a.affinity3)) << PodList{S1().node("node1"), S2().node("node2"), S1().node("node3")} << chinaIndiaAz1
        << false << ok() << ScoreList{20, 100, 0};
    QTest::newRow("Affinity symmetry: considered only the preferredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry")
        << PodPtr(S2()) << PodList{S1().node("node1").affinityOf(a.stayWithS1InRegion), S2().node("node2").affinityOf(a.stayWithS2InRegion)}
        << chinaIndiaAz1 << false << ok() << ScoreList{0, 100, 0};
    QTest::newRow("Affinity symmetry with namespace selector")
        << PodPtr(S1().ns("subteam1.team1"))
        << PodList{S1().node("node1").affinityOf(a.affinityNamespaceSelector), S2().node("node2").affinityOf(a.stayWithS2InRegion)}
        << chinaIndiaAz1 << false << ok() << ScoreList{100, 0, 0};
    QTest::newRow("AntiAffinity symmetry with namespace selector")
        << PodPtr(S1().ns("subteam1.team1"))
        << PodList{S1().node("node1").affinityOf(a.antiAffinityNamespaceSelector), S2().node("node2").affinityOf(a.stayWithS2InRegion)}
        << chinaIndiaAz1 << false << ok() << ScoreList{0, 100, 100};
    QTest::newRow("Affinity symmetry: considered RequiredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry")
        << PodPtr(S1()) << PodList{S1().node("node1").affinityOf(a.hardAffinity), S2().node("node2").affinityOf(a.hardAffinity)}
        << chinaIndiaAz1 << false << ok() << ScoreList{100, 100, 0};
    QTest::newRow("Anti Affinity: pod that does not match existing pods in node will get high score")
        << PodPtr(S1().affinityOf(a.awayFromS1InAz)) << PodList{S1().node("node1"), S2().node("node2")}
        << nodesWith({{"node1", labelAzAz1}, {"node2", labelRgChina}}) << false << ok() << ScoreList{0, 100};
    QTest::newRow("Anti Affinity: pod that does not match topology key & match the pods in nodes will get higher score comparing to others")
        << PodPtr(S1().affinityOf(a.awayFromS1InAz)) << PodList{S1().node("node1"), S1().node("node2")}
        << nodesWith({{"node1", labelAzAz1}, {"node2", labelRgChina}}) << false << ok() << ScoreList{0, 100};
    QTest::newRow("Anti Affinity: one node has more matching pods comparing to other node, so the node which has more unmatches will get high score")
        << PodPtr(S1().affinityOf(a.awayFromS1InAz)) << PodList{S1().node("node1"), S1().node("node1"), S2().node("node2")}
        << nodesWith({{"node1", labelAzAz1}, {"node2", labelRgIndia}}) << false << ok() << ScoreList{0, 100};
    QTest::newRow("Anti Affinity symmetry: the existing pods in node which has anti affinity match will get high score")
        << PodPtr(S2()) << PodList{S1().node("node1").affinityOf(a.awayFromS2InAz), S2().node("node2").affinityOf(a.awayFromS1InAz)}
        << nodesWith({{"node1", labelAzAz1}, {"node2", labelAzAz2}}) << false << ok() << ScoreList{0, 100};
    QTest::newRow("Affinity and Anti Affinity: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity")
        << PodPtr(S1().affinityOf(a.stayWithS1InRegionAwayFromS2InAz)) << PodList{S1().node("node1"), S1().node("node2")}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelAzAz1}}) << false << ok() << ScoreList{100, 0};
    QTest::newRow("Affinity and Anti Affinity: considering both affinity and anti-affinity, the pod to schedule and existing pods have the same labels")
        << PodPtr(S1().affinityOf(a.stayWithS1InRegionAwayFromS2InAz))
        << PodList{S1().node("node1"), S1().node("node1"), S1().node("node2"), S1().node("node3"), S1().node("node3"), S1().node("node4"), S1().node("node5")}
        << nodesWith({{"node1", labelRgChinaAzAz1}, {"node2", labelRgIndia}, {"node3", labelRgChina}, {"node4", labelRgChina}, {"node5", labelRgIndia}})
        << false << ok() << ScoreList{100, 0, 100, 100, 0};
    QTest::newRow("Affinity and Anti Affinity and symmetry: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity & symmetry")
        << PodPtr(S1().affinityOf(a.stayWithS1InRegionAwayFromS2InAz))
        << PodList{S1().node("node1"), S2().node("node2"), makePod().node("node3").affinityOf(a.stayWithS1InRegionAwayFromS2InAz),
                   makePod().node("node4").affinityOf(a.awayFromS1InAz)}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelAzAz1}, {"node3", labelRgIndia}, {"node4", labelAzAz2}}) << false << ok()
        << ScoreList{100, 0, 100, 0};
    QTest::newRow("Avoid panic when partial nodes in a topology don't have pods with affinity")
        << PodPtr(S1()) << PodList{S1().node("node1"), makePod().node("node2").affinityOf(a.stayWithS1InRegionAwayFromS2InAz)}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelRgChina}}) << false << ok() << ScoreList{0, 0};
    QTest::newRow("invalid Affinity fails PreScore")
        << PodPtr(makePod().affinityOf(a.invalidAffinityLabels)) << PodList{} << nodesWith({{"node1", labelRgChina}, {"node2", labelRgChina}})
        << false
        << st(Code::Error,
              "failed to parse pod: preferredAffinityTerms: values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty")
        << ScoreList{};
    QTest::newRow("invalid AntiAffinity fails PreScore")
        << PodPtr(makePod().affinityOf(a.invalidAntiAffinityLabels)) << PodList{} << nodesWith({{"node1", labelRgChina}, {"node2", labelRgChina}})
        << false
        << st(Code::Error,
              "failed to parse pod: preferredAntiAffinityTerms: values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty")
        << ScoreList{};
    QTest::newRow("Affinity with pods matching NamespaceSelector")
        << PodPtr(S1().ns("subteam1.team1").affinityOf(a.affinityNamespaceSelector))
        << PodList{S1().node("node1").ns("subteam1.team1"), S1().node("node1").ns("subteam1.team1"), S1().node("node1").ns("subteam1.team2"),
                   S1().node("node2").ns("subteam2.team1")}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}}) << false << ok() << ScoreList{100, 0};
    QTest::newRow("Affinity with pods matching both NamespaceSelector and Namespaces fields")
        << PodPtr(S1().ns("subteam1.team1").affinityOf(a.affinityNamespaceSelector))
        << PodList{S1().node("node1").ns("subteam1.team1"), S1().node("node1").ns("subteam1.team1"), S1().node("node1").ns("subteam2.team2"),
                   S1().node("node2").ns("subteam2.team1")}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}}) << false << ok() << ScoreList{100, 0};
    QTest::newRow("AntiAffinity with pods matching NamespaceSelector")
        << PodPtr(S1().ns("subteam1.team1").affinityOf(a.antiAffinityNamespaceSelector))
        << PodList{S1().node("node1").ns("subteam1.team1"), S1().node("node1").ns("subteam1.team1"), S1().node("node1").ns("subteam1.team2"),
                   S1().node("node2").ns("subteam2.team1")}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}}) << false << ok() << ScoreList{0, 100};
    QTest::newRow("AntiAffinity with pods matching both NamespaceSelector and Namespaces fields")
        << PodPtr(S1().ns("subteam1.team1").affinityOf(a.antiAffinityNamespaceSelector))
        << PodList{S1().node("node1").ns("subteam1.team1"), S1().node("node1").ns("subteam1.team1"), S1().node("node1").ns("subteam2.team2"),
                   S1().node("node2").ns("subteam2.team1")}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}}) << false << ok() << ScoreList{0, 100};
    QTest::newRow("Ignore preferred terms of existing pods")
        << PodPtr(S2())
        << PodList{S1().node("node1").affinityOf(a.stayWithS1InRegionAwayFromS2InAz), S2().node("node2").affinityOf(a.stayWithS2InRegion)}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}}) << true << skip() << ScoreList{};
    QTest::newRow("Do not ignore preferred terms of existing pods")
        << PodPtr(S2())
        << PodList{S1().node("node1").affinityOf(a.stayWithS1InRegionAwayFromS2InAz), S2().node("node2").affinityOf(a.stayWithS2InRegion)}
        << nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}}) << false << ok() << ScoreList{0, 100};
    QTest::newRow("No nodes to score") << PodPtr(S2()) << PodList{} << NodeList{} << false << skip() << ScoreList{};
    // pilothouse: with ignorePreferredTermsOfExistingPods, a pod with preferred terms is still scored.
    QTest::newRow("pilothouse: ignoring existing pods' preferred terms keeps the incoming pod's own")
        << PodPtr(S1().affinityOf(a.stayWithS1InRegion)) << PodList{S1().node("node1"), S2().node("node2")} << chinaIndiaAz1 << true << ok()
        << ScoreList{100, 0, 0};
    // pilothouse: existing pods' preferred anti-affinity against the incoming pod lowers scores.
    QTest::newRow("pilothouse: scores below zero are shifted so the lowest node gets 0")
        << PodPtr(S1())
        << PodList{makePod().node("node1").affinityOf(a.awayFromS1InAz), makePod().node("node2").affinityOf(a.awayFromS1InAz),
                   makePod().node("node2").affinityOf(a.awayFromS1InAz)}
        << nodesWith({{"node1", labelAzAz1}, {"node2", labelAzAz2}, {"node3", labelRgChina}}) << false << ok() << ScoreList{50, 0, 100};
}

void InterPodAffinityTest::preferredAffinity() {
    QFETCH(PodPtr, pod);
    QFETCH(PodList, pods);
    QFETCH(NodeList, nodes);
    QFETCH(bool, ignorePreferredTermsOfExistingPods);
    QFETCH(WantStatus, wantStatus);
    QFETCH(ScoreList, expected);

    FakeHandle h(nodes, pods);
    addTeamNamespaces(h);
    ipa::InterPodAffinityArgs args;
    args.hardPodAffinityWeight = 1;
    args.ignorePreferredTermsOfExistingPods = ignorePreferredTermsOfExistingPods;
    auto p = makePlugin(h, args);
    framework::CycleState state;
    const auto status = p->preScore(state, *pod, feasible(h));
    QCOMPARE(describe(status), describe(wantStatus));
    if (!status.isSuccess()) {
        QVERIFY(state.read<ipa::PreScoreState>(ipa::kPreScoreStateKey) == nullptr);
        return;
    }

    framework::NodeScoreList list;
    for (const auto* ni : feasible(h)) {
        auto [score, s] = p->score(state, *pod, *ni);
        QVERIFY2(s.isSuccess(), s.message().c_str());
        list.push_back({ni->nodeName(), score});
    }
    QVERIFY(p->normalizeScore(state, *pod, list).isSuccess());
    ScoreList got;
    for (const auto& ns : list) got.push_back(ns.score);
    QCOMPARE(describe(got), describe(expected));
}

// ---------------------------------------------------------------------------------------------
// TestPreferredAffinityWithHardPodAffinitySymmetricWeight
// ---------------------------------------------------------------------------------------------

void InterPodAffinityTest::preferredAffinityWithHardPodAffinitySymmetricWeight_data() {
    QTest::addColumn<PodPtr>("pod");
    QTest::addColumn<PodList>("pods");
    QTest::addColumn<NodeList>("nodes");
    QTest::addColumn<int>("hardPodAffinityWeight");
    QTest::addColumn<WantStatus>("wantStatus");
    QTest::addColumn<ScoreList>("expected");

    const Labels podLabelServiceS1{{"service", "S1"}};
    // pilothouse: upstream lists namespaces "" and subteam2.team2; "" is "default" here.
    const PodPtr hardPodAffinity = makePod().requiredAffinity(withNamespaceSelector(
        withNamespaces(term({{"service", "In", {"S1"}}}, "region"), {"default", "subteam2.team2"}), {{"team", "In", {"team1"}}}));
    const PodList pods{makePod().node("node1").affinityOf(hardPodAffinity), makePod().node("node2").affinityOf(hardPodAffinity)};
    const NodeList nodes = nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}, {"node3", labelAzAz1}});

    QTest::newRow("with default weight") << PodPtr(makePod().labels(podLabelServiceS1)) << pods << nodes << 1 << ok()
                                         << ScoreList{100, 100, 0};
    QTest::newRow("with zero weight") << PodPtr(makePod().labels(podLabelServiceS1)) << pods << nodes << 0 << skip() << ScoreList{};
    QTest::newRow("with no matching namespace") << PodPtr(makePod().ns("subteam1.team2").labels(podLabelServiceS1)) << pods << nodes << 1
                                                << skip() << ScoreList{};
    QTest::newRow("with matching NamespaceSelector") << PodPtr(makePod().ns("subteam1.team1").labels(podLabelServiceS1)) << pods << nodes
                                                     << 1 << ok() << ScoreList{100, 100, 0};
    QTest::newRow("with matching Namespaces") << PodPtr(makePod().ns("subteam2.team2").labels(podLabelServiceS1)) << pods << nodes << 1
                                              << ok() << ScoreList{100, 100, 0};
}

void InterPodAffinityTest::preferredAffinityWithHardPodAffinitySymmetricWeight() {
    QFETCH(PodPtr, pod);
    QFETCH(PodList, pods);
    QFETCH(NodeList, nodes);
    QFETCH(int, hardPodAffinityWeight);
    QFETCH(WantStatus, wantStatus);
    QFETCH(ScoreList, expected);

    FakeHandle h(nodes, pods);
    addTeamNamespaces(h);
    ipa::InterPodAffinityArgs args;
    args.hardPodAffinityWeight = hardPodAffinityWeight;
    auto p = makePlugin(h, args);
    framework::CycleState state;
    const auto status = p->preScore(state, *pod, feasible(h));
    QCOMPARE(describe(status), describe(wantStatus));
    if (!status.isSuccess()) return;
    framework::NodeScoreList list;
    for (const auto* ni : feasible(h)) list.push_back({ni->nodeName(), p->score(state, *pod, *ni).first});
    QVERIFY(p->normalizeScore(state, *pod, list).isSuccess());
    ScoreList got;
    for (const auto& ns : list) got.push_back(ns.score);
    QCOMPARE(describe(got), describe(expected));
}

void InterPodAffinityTest::hardPodAffinityWeightScalesRawScores_data() {
    QTest::addColumn<int>("weight");
    QTest::addColumn<ScoreList>("raw");
    QTest::addColumn<ScoreList>("normalized");
    // node1 (China) hosts a pod the incoming pod prefers (weight 5); node2 (India) hosts a pod whose
    // required affinity the incoming pod matches (hardPodAffinityWeight); node3 has no region.
    QTest::newRow("weight 1") << 1 << ScoreList{5, 1, 0} << ScoreList{100, 20, 0};
    QTest::newRow("weight 10") << 10 << ScoreList{5, 10, 0} << ScoreList{50, 100, 0};
    QTest::newRow("weight 100") << 100 << ScoreList{5, 100, 0} << ScoreList{5, 100, 0};
    QTest::newRow("weight 0 ignores existing pods' required affinity") << 0 << ScoreList{5, 0, 0} << ScoreList{100, 0, 0};
}

void InterPodAffinityTest::hardPodAffinityWeightScalesRawScores() {
    QFETCH(int, weight);
    QFETCH(ScoreList, raw);
    QFETCH(ScoreList, normalized);

    const PodList pods{makePod().name("web").node("node1").label("app", "web"),
                       makePod().name("follower").node("node2").requiredAffinity(term({{"security", "In", {"S1"}}}, "region"))};
    FakeHandle h(nodesWith({{"node1", labelRgChina}, {"node2", labelRgIndia}, {"node3", labelAzAz1}}), pods);
    auto p = makePlugin(h, ipa::InterPodAffinityArgs{weight, false});
    const PodPtr pod = makePod().labels(podLabelSecurityS1).preferredAffinity(5, term({{"app", "In", {"web"}}}, "region"));
    framework::CycleState state;
    QVERIFY(p->preScore(state, *pod, feasible(h)).isSuccess());
    framework::NodeScoreList list;
    ScoreList gotRaw;
    for (const auto* ni : feasible(h)) {
        auto [score, s] = p->score(state, *pod, *ni);
        QVERIFY(s.isSuccess());
        gotRaw.push_back(score);
        list.push_back({ni->nodeName(), score});
    }
    QCOMPARE(describe(gotRaw), describe(raw));
    QVERIFY(p->normalizeScore(state, *pod, list).isSuccess());
    ScoreList got;
    for (const auto& ns : list) got.push_back(ns.score);
    QCOMPARE(describe(got), describe(normalized));
}

void InterPodAffinityTest::normalizeScore_data() {
    QTest::addColumn<ScoreList>("raw");
    QTest::addColumn<bool>("emptyTopologyScore");
    QTest::addColumn<ScoreList>("expected");
    QTest::newRow("min-max with truncation") << ScoreList{0, 1, 3} << false << ScoreList{0, 33, 100};
    QTest::newRow("truncation, not rounding") << ScoreList{0, 2, 3} << false << ScoreList{0, 66, 100};
    QTest::newRow("negative and positive") << ScoreList{-5, 0, 5} << false << ScoreList{0, 50, 100};
    QTest::newRow("all negative") << ScoreList{-6, -2, -3} << false << ScoreList{0, 100, 75};
    QTest::newRow("all equal non-zero scores all become 0") << ScoreList{7, 7, 7} << false << ScoreList{0, 0, 0};
    QTest::newRow("single node") << ScoreList{42} << false << ScoreList{0};
    QTest::newRow("no topology scores: left as they are") << ScoreList{3, 1} << true << ScoreList{3, 1};
}

void InterPodAffinityTest::normalizeScore() {
    QFETCH(ScoreList, raw);
    QFETCH(bool, emptyTopologyScore);
    QFETCH(ScoreList, expected);
    FakeHandle h({});
    auto p = makePlugin(h);
    framework::CycleState state;
    auto s = std::make_unique<ipa::PreScoreState>();
    if (!emptyTopologyScore) s->topologyScore["zone"]["z1"] = 1;
    state.write(ipa::kPreScoreStateKey, std::move(s));
    framework::NodeScoreList list;
    for (size_t i = 0; i < raw.size(); ++i) list.push_back({"n" + std::to_string(i), raw[i]});
    QVERIFY(p->normalizeScore(state, *makePod().obj(), list).isSuccess());
    ScoreList got;
    for (const auto& ns : list) got.push_back(ns.score);
    QCOMPARE(describe(got), describe(expected));
}

void InterPodAffinityTest::scoreWithoutPreScore() {
    FakeHandle h({makeNode("node1", labelRgChina)});
    auto p = makePlugin(h);
    framework::CycleState state;
    const PodPtr pod = makePod();
    const QString want = "Error: failed to read \"PreScoreInterPodAffinity\" from cycleState: not found";
    QCOMPARE(describe(p->score(state, *pod, *h.get("node1")).second), want);
    framework::NodeScoreList list{{"node1", 3}};
    QCOMPARE(describe(p->normalizeScore(state, *pod, list)), want);
}

// ---------------------------------------------------------------------------------------------
// Args, factory, events
// ---------------------------------------------------------------------------------------------

void InterPodAffinityTest::args_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("wantError");  // empty: accepted
    QTest::addColumn<int>("hardPodAffinityWeight");
    QTest::addColumn<bool>("ignorePreferredTermsOfExistingPods");

    QTest::newRow("no args: defaults") << "" << "" << 1 << false;
    QTest::newRow("empty object: defaults") << "{}" << "" << 1 << false;
    QTest::newRow("valid args") << "hardPodAffinityWeight: 10" << "" << 10 << false;
    QTest::newRow("zero is valid") << "hardPodAffinityWeight: 0" << "" << 0 << false;
    QTest::newRow("hundred is valid") << "hardPodAffinityWeight: 100" << "" << 100 << false;
    QTest::newRow("null weight is defaulted") << "hardPodAffinityWeight: null" << "" << 1 << false;
    QTest::newRow("ignorePreferredTermsOfExistingPods") << "ignorePreferredTermsOfExistingPods: true" << "" << 1 << true;
    QTest::newRow("apiVersion and kind are accepted")
        << "apiVersion: kubescheduler.config.k8s.io/v1\nkind: InterPodAffinityArgs\nhardPodAffinityWeight: 3\nignorePreferredTermsOfExistingPods: false"
        << "" << 3 << false;
    QTest::newRow("hardPodAffinityWeight less than min")
        << "hardPodAffinityWeight: -1" << "hardPodAffinityWeight: Invalid value: -1: not in valid range [0-100]" << 0 << false;
    QTest::newRow("hardPodAffinityWeight more than max")
        << "hardPodAffinityWeight: 101" << "hardPodAffinityWeight: Invalid value: 101: not in valid range [0-100]" << 0 << false;
    QTest::newRow("unknown field") << "hardPodAffinityWeight: 1\nweight: 2" << "strict decoding error: unknown field \"weight\"" << 0
                                   << false;
    QTest::newRow("string weight")
        << "hardPodAffinityWeight: heavy"
        << "json: cannot unmarshal string into Go struct field InterPodAffinityArgs.hardPodAffinityWeight of type int32" << 0 << false;
    QTest::newRow("fractional weight")
        << "hardPodAffinityWeight: 1.5"
        << "json: cannot unmarshal number 1.5 into Go struct field InterPodAffinityArgs.hardPodAffinityWeight of type int32" << 0 << false;
    QTest::newRow("weight beyond int32")
        << "hardPodAffinityWeight: 4294967296"
        << "json: cannot unmarshal number 4294967296 into Go struct field InterPodAffinityArgs.hardPodAffinityWeight of type int32" << 0
        << false;
    QTest::newRow("number for a bool")
        << "ignorePreferredTermsOfExistingPods: 1"
        << "json: cannot unmarshal number 1 into Go struct field InterPodAffinityArgs.ignorePreferredTermsOfExistingPods of type bool" << 0
        << false;
    QTest::newRow("args that are not an object")
        << "[1, 2]" << "json: cannot unmarshal array into Go value of type v1.InterPodAffinityArgs" << 0 << false;
}

void InterPodAffinityTest::args() {
    QFETCH(QString, yaml);
    QFETCH(QString, wantError);
    QFETCH(int, hardPodAffinityWeight);
    QFETCH(bool, ignorePreferredTermsOfExistingPods);

    FakeHandle h({});
    auto plugin = ipa::New(pilothouse::scheduler::testing::args(yaml.toStdString()), h, framework::FeatureGates{});
    if (!wantError.isEmpty()) {
        QVERIFY(!plugin.isOk());
        QVERIFY(plugin.status().code() == pilothouse::StatusCode::InvalidArgument);
        QCOMPARE(QString::fromStdString(plugin.status().message()), wantError);
        return;
    }
    QVERIFY2(plugin.isOk(), plugin.status().message().c_str());
    auto* ipaPlugin = dynamic_cast<ipa::InterPodAffinity*>(plugin->get());
    QVERIFY(ipaPlugin);
    QCOMPARE(ipaPlugin->args().hardPodAffinityWeight, hardPodAffinityWeight);
    QCOMPARE(ipaPlugin->args().ignorePreferredTermsOfExistingPods, ignorePreferredTermsOfExistingPods);
}

void InterPodAffinityTest::factoryBuildsEveryExtensionPoint() {
    FakeHandle h({});
    auto plugin = ipa::New(pilothouse::codec::Value(), h, framework::FeatureGates{});
    QVERIFY(plugin.isOk());
    const std::shared_ptr<framework::Plugin>& pl = *plugin;
    QCOMPARE(QString::fromStdString(pl->name()), QString("InterPodAffinity"));
    auto* preFilter = dynamic_cast<framework::PreFilterPlugin*>(pl.get());
    QVERIFY(preFilter);
    QVERIFY(preFilter->preFilterExtensions() != nullptr);
    QVERIFY(dynamic_cast<framework::FilterPlugin*>(pl.get()));
    QVERIFY(dynamic_cast<framework::PreScorePlugin*>(pl.get()));
    auto* score = dynamic_cast<framework::ScorePlugin*>(pl.get());
    QVERIFY(score);
    QVERIFY(score->hasNormalizeScore());
    QVERIFY(dynamic_cast<framework::EnqueueExtensions*>(pl.get()));
    QVERIFY(!dynamic_cast<framework::ReservePlugin*>(pl.get()));
    QVERIFY(!dynamic_cast<framework::PostFilterPlugin*>(pl.get()));
}

void InterPodAffinityTest::eventsToRegister() {
    FakeHandle h({});
    auto p = makePlugin(h);
    const auto events = p->eventsToRegister();
    QCOMPARE(events.size(), size_t(2));
    QCOMPARE(QString::fromStdString(events[0].resource), QString("Pod"));
    QCOMPARE(events[0].actionType, int(framework::kAll));
    QCOMPARE(QString::fromStdString(events[1].resource), QString("Node"));
    QCOMPARE(events[1].actionType, int(framework::kAdd | framework::kUpdateNodeLabel));
    auto requeues = [&](const framework::ClusterEvent& happened) {
        return std::any_of(events.begin(), events.end(), [&](const auto& e) { return e.matches(happened); });
    };
    QVERIFY(requeues({"Pod", framework::kDelete, "AssignedPodDelete"}));
    QVERIFY(requeues({"Pod", framework::kUpdatePodLabel, "AssignedPodUpdate"}));
    QVERIFY(requeues({"Node", framework::kUpdateNodeLabel, "NodeUpdate"}));
    QVERIFY(!requeues({"Node", framework::kUpdateNodeTaint, "NodeUpdate"}));
    QVERIFY(!requeues({"Node", framework::kDelete, "NodeDelete"}));
}

QTEST_APPLESS_MAIN(InterPodAffinityTest)
