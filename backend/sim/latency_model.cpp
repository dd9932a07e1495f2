#include "sim/latency_model.h"

namespace pilothouse::sim {

const std::vector<LatencyModel::Field>& LatencyModel::fields() {
    static const std::vector<Field> kFields = {
        {"apiRequest", &LatencyModel::apiRequest},
        {"etcdWrite", &LatencyModel::etcdWrite},
        {"etcdRead", &LatencyModel::etcdRead},
        {"watchDelivery", &LatencyModel::watchDelivery},
        {"schedulingCycle", &LatencyModel::schedulingCycle},
        {"controllerReconcile", &LatencyModel::controllerReconcile},
        {"kubeletSync", &LatencyModel::kubeletSync},
        {"imagePull", &LatencyModel::imagePull},
        {"containerStart", &LatencyModel::containerStart},
        {"containerStop", &LatencyModel::containerStop},
    };
    return kFields;
}

LatencyModel LatencyModel::instantaneous() {
    LatencyModel m;
    for (const auto& f : fields()) m.*(f.member) = Latency{};
    return m;
}

LatencyModel LatencyModel::withoutJitter() const {
    LatencyModel m = *this;
    for (const auto& f : fields()) (m.*(f.member)).jitter = Duration::zero();
    return m;
}

namespace {

Status checkLatency(std::string_view name, const Latency& l) {
    if (l.base < Duration::zero()) {
        return Status(StatusCode::InvalidArgument, "latency " + std::string(name) +
                                                       ": base must not be negative (got " +
                                                       formatDuration(l.base) + ")");
    }
    if (l.jitter < Duration::zero()) {
        return Status(StatusCode::InvalidArgument, "latency " + std::string(name) +
                                                       ": jitter must not be negative (got " +
                                                       formatDuration(l.jitter) + ")");
    }
    return Status::ok();
}

Status unknownField(std::string_view name) {
    std::string known;
    for (const auto& f : LatencyModel::fields()) {
        if (!known.empty())
            known += ", ";
        known += f.name;
    }
    return Status(StatusCode::NotFound,
                  "unknown latency \"" + std::string(name) + "\" (known: " + known + ")");
}

}  // namespace

Status LatencyModel::validate() const {
    for (const auto& f : fields()) PH_RETURN_IF_ERROR(checkLatency(f.name, this->*(f.member)));
    return Status::ok();
}

StatusOr<Latency> LatencyModel::get(std::string_view name) const {
    for (const auto& f : fields()) {
        if (name == f.name)
            return this->*(f.member);
    }
    return unknownField(name);
}

Status LatencyModel::set(std::string_view name, Latency value) {
    for (const auto& f : fields()) {
        if (name == f.name) {
            PH_RETURN_IF_ERROR(checkLatency(name, value));
            this->*(f.member) = value;
            return Status::ok();
        }
    }
    return unknownField(name);
}

Duration sampleLatency(const Latency& latency, Random* rng) {
    const Duration base = latency.base < Duration::zero() ? Duration::zero() : latency.base;
    if (rng == nullptr || latency.jitter <= Duration::zero())
        return base;
    const Duration d = rng->uniformDuration(base - latency.jitter, base + latency.jitter);
    return d < Duration::zero() ? Duration::zero() : d;
}

}  // namespace pilothouse::sim
