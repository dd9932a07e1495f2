#include <QtTest>

#include <set>
#include <vector>

#include "sim/latency_model.h"
#include "sim_test.h"

using namespace pilothouse;
using namespace pilothouse::sim;
using namespace std::chrono_literals;

void SimTest::latencyDefaultsAreSensible() {
    const LatencyModel m = LatencyModel::defaults();
    QVERIFY(m.validate().isOk());
    // API requests take about 1-3 ms, watch deliveries about 1 ms, etcd writes about 2 ms.
    QVERIFY(m.apiRequest.base - m.apiRequest.jitter >= 1ms);
    QVERIFY(m.apiRequest.base + m.apiRequest.jitter <= 3ms);
    QCOMPARE(m.watchDelivery.base, Duration(1ms));
    QCOMPARE(m.etcdWrite.base, Duration(2ms));
    // Container work is orders of magnitude slower than control-plane work.
    QVERIFY(m.imagePull.base > m.containerStart.base);
    QVERIFY(m.containerStart.base > 100 * m.watchDelivery.base);
    // Jitter never exceeds the base, so samples are never clamped at zero by default.
    for (const auto& f : LatencyModel::fields()) {
        const Latency& l = m.*(f.member);
        QVERIFY2(l.base > Duration::zero(), f.name);
        QVERIFY2(l.jitter <= l.base, f.name);
    }
    const LatencyModel zero = LatencyModel::instantaneous();
    for (const auto& f : LatencyModel::fields()) QCOMPARE(zero.*(f.member), Latency{});
}

void SimTest::latencyWithoutJitterIsExact() {
    LatencySampler s(LatencyModel::defaults().withoutJitter(), Random(3));
    for (int i = 0; i < 10; ++i) {
        QCOMPARE(s.apiRequest(), Duration(2ms));
        QCOMPARE(s.watchDelivery(), Duration(1ms));
        QCOMPARE(s.etcdWrite(), Duration(2ms));
    }
    // Disabling jitter on the sampler has the same effect, and draws nothing from the stream.
    Random probe(3);
    LatencySampler t(LatencyModel::defaults(), Random(3), /*jitter=*/false);
    QCOMPARE(t.imagePull(), LatencyModel{}.imagePull.base);
    QCOMPARE(t.sample(&LatencyModel::containerStart), LatencyModel{}.containerStart.base);
    QCOMPARE(sampleLatency(Latency{5ms, 1ms}, nullptr), Duration(5ms));
    QCOMPARE(sampleLatency(Latency{5ms, 0ms}, &probe), Duration(5ms));
    QCOMPARE(probe.state(), Random(3).state());  // nothing drawn
}

void SimTest::latencyJitterBoundedAndReproducible() {
    const LatencyModel m = LatencyModel::defaults();
    LatencySampler a(m, Random(11).fork("latency/apiserver"));
    LatencySampler b(m, Random(11).fork("latency/apiserver"));
    LatencySampler c(m, Random(12).fork("latency/apiserver"));
    std::vector<Duration> sa, sb, sc;
    std::set<int64_t> distinct;
    for (int i = 0; i < 1000; ++i) {
        const Duration d = a.apiRequest();
        QVERIFY(d >= m.apiRequest.base - m.apiRequest.jitter);
        QVERIFY(d <= m.apiRequest.base + m.apiRequest.jitter);
        sa.push_back(d);
        sb.push_back(b.apiRequest());
        sc.push_back(c.apiRequest());
        distinct.insert(d.count());
    }
    QVERIFY(sa == sb);
    QVERIFY(sa != sc);
    QVERIFY(distinct.size() > 900);  // actually jittered, at nanosecond resolution

    // Jitter wider than the base clamps at zero rather than going negative.
    Random r(1);
    bool sawZero = false;
    for (int i = 0; i < 1000; ++i) {
        const Duration d = sampleLatency(Latency{1ms, 10ms}, &r);
        QVERIFY(d >= Duration::zero() && d <= 11ms);
        sawZero = sawZero || d == Duration::zero();
    }
    QVERIFY(sawZero);
}

void SimTest::latencyFieldsByName() {
    LatencyModel m;
    QCOMPARE(LatencyModel::fields().size(), size_t{10});
    auto api = m.get("apiRequest");
    QVERIFY(api.isOk());
    QCOMPARE(*api, m.apiRequest);

    QVERIFY(m.set("watchDelivery", Latency{5ms, 1ms}).isOk());
    QCOMPARE(m.watchDelivery, (Latency{5ms, 1ms}));
    QVERIFY(m != LatencyModel::defaults());

    auto unknown = m.get("etcdWrites");
    QCOMPARE(unknown.status().code(), StatusCode::NotFound);
    QVERIFY(unknown.status().message().find("etcdWrite,") != std::string::npos);  // lists names
    QCOMPARE(m.set("nope", Latency{}).code(), StatusCode::NotFound);

    const Status neg = m.set("etcdWrite", Latency{-1ms, 0ms});
    QCOMPARE(neg.code(), StatusCode::InvalidArgument);
    QVERIFY2(neg.message().find("etcdWrite") != std::string::npos, neg.message().c_str());
    QCOMPARE(m.etcdWrite, LatencyModel{}.etcdWrite);  // unchanged

    m.containerStop.jitter = -1ms;
    const Status v = m.validate();
    QCOMPARE(v.code(), StatusCode::InvalidArgument);
    QVERIFY2(v.message().find("containerStop") != std::string::npos, v.message().c_str());
}
