#include "kubelet/apis/config/kubelet_configuration.h"

namespace pilothouse::kubelet::config {

const std::vector<std::string>& supportedFields() {
    static const std::vector<std::string> fields{"nodeLeaseDurationSeconds", "nodeStatusMaxImages",
                                                 "nodeStatusReportFrequency", "nodeStatusUpdateFrequency"};
    return fields;
}

Status validate(const KubeletConfiguration& config) {
    std::vector<std::string> errors;
    if (config.nodeLeaseDurationSeconds <= 0)
        errors.push_back("invalid configuration: nodeLeaseDurationSeconds must be greater than 0");
    if (config.nodeStatusMaxImages < -1)
        errors.push_back("invalid configuration: nodeStatusMaxImages (--node-status-max-images) " +
                         std::to_string(config.nodeStatusMaxImages) + " must be -1 or greater");
    // Upstream accepts any period; a simulated kubelet cannot post status every 0 s.
    if (config.nodeStatusUpdateFrequency <= sim::Duration::zero())
        errors.push_back("invalid configuration: nodeStatusUpdateFrequency must be greater than 0 in a simulation");
    if (config.nodeStatusReportFrequency <= sim::Duration::zero())
        errors.push_back("invalid configuration: nodeStatusReportFrequency must be greater than 0 in a simulation");
    if (errors.empty()) return Status::ok();
    // utilerrors.NewAggregate: one error as it is, several as "[a, b]".
    if (errors.size() == 1) return Status(StatusCode::InvalidArgument, errors[0]);
    std::string joined;
    for (const auto& e : errors) joined += (joined.empty() ? "" : ", ") + e;
    return Status(StatusCode::InvalidArgument, "[" + joined + "]");
}

void applyTo(const KubeletConfiguration& config, KubeletOptions* options) {
    options->nodeStatusMaxImages = config.nodeStatusMaxImages;
    options->nodeStatusUpdateFrequency = config.nodeStatusUpdateFrequency;
    options->nodeStatusReportFrequency = config.nodeStatusReportFrequency;
    options->leaseDurationSeconds = config.nodeLeaseDurationSeconds;
    // The kubelet renews its Lease every quarter of the lease's duration.
    options->leaseRenewInterval =
        std::chrono::duration_cast<sim::Duration>(std::chrono::seconds(config.nodeLeaseDurationSeconds)) / 4;
}

}  // namespace pilothouse::kubelet::config
