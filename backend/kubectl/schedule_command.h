// `pilothousectl schedule -f FILE... [--config SCHEDCONFIG.yaml] [--explain] [-o json|text] [--seed N]`:
// schedules the pending pods of a cluster snapshot with the scheduler's own framework and plugins
// and prints where each went, or kube-scheduler's FailedScheduling message — with --explain, each
// node's verdict from each filter plugin and each score plugin's normalized score.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace pilothouse::kubectl {

struct ScheduleArgs {
    std::vector<std::string> files;
    // Without files: a live cluster through a kubeconfig (--kubeconfig, else $KUBECONFIG, else
    // ~/.kube/config), read-only; the pending pods of namespace_ (the context's when empty) or of
    // all namespaces are reported (every pod takes part in scheduling either way).
    std::string kubeconfig;
    std::string context;
    std::string namespace_;
    bool allNamespaces = false;
    std::string configFile;
    bool explain = false;
    std::string output = "text";  // json | text
    uint64_t seed = 0;
};

// Exit code: 0 when the input was valid (whether or not every pod fits), 2 for bad input, 1 when
// the cluster could not be read.
int runSchedule(const ScheduleArgs& args, std::ostream& out, std::ostream& err);

// `pilothousectl snapshot [--kubeconfig FILE] [--context NAME] [-o yaml|json]`: the live cluster's
// objects that scheduling reads, as one List (kubectl/cluster_snapshot.h).
struct SnapshotArgs {
    std::string kubeconfig;
    std::string context;
    std::string output = "yaml";
};
int runSnapshot(const SnapshotArgs& args, std::ostream& out, std::ostream& err);

}  // namespace pilothouse::kubectl
