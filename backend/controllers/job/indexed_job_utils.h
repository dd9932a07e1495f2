// Completion indexes of Indexed Jobs (upstream pkg/controller/job/indexed_job_utils.go): each
// pod of an Indexed Job carries its index in the batch.kubernetes.io/job-completion-index
// annotation (and label); the Job's status.completedIndexes lists the succeeded indexes as
// ordered intervals, printed "1,3-5" (two neighbours as "1,2").
#pragma once

#include <string>
#include <vector>

#include "batch_v1.pb.h"
#include "core_v1.pb.h"

namespace pilothouse::controller::job {

inline constexpr char kJobCompletionIndexAnnotation[] = "batch.kubernetes.io/job-completion-index";
inline constexpr int kUnknownCompletionIndex = -1;

struct Interval {
    int first = 0, last = 0;  // inclusive
};

// Disjoint, ordered, non-adjacent intervals.
class OrderedIntervals {
public:
    // Parses status.completedIndexes, dropping indexes >= completions and malformed parts.
    static OrderedIntervals parse(const std::string& text, int completions);
    // A copy with `indexes` (ascending) added.
    OrderedIntervals withOrderedIndexes(const std::vector<int>& indexes) const;
    int total() const;
    bool has(int ix) const;
    std::string toString() const;
    const std::vector<Interval>& intervals() const { return intervals_; }

private:
    std::vector<Interval> intervals_;
};

// The pod's completion index from its annotation, kUnknownCompletionIndex when absent or bad.
int getCompletionIndex(const k8s::io::api::core::v1::Pod& pod);
// Up to `count` of the lowest indexes below `completions` that are neither succeeded nor held
// by an active pod.
std::vector<int> firstPendingIndexes(const std::vector<const k8s::io::api::core::v1::Pod*>& activePods,
                                     const OrderedIntervals& succeeded, int count, int completions);
// podGenerateNameWithIndex: "<job>-<index>-", shortened so that a generated name stays within 63.
std::string podGenerateNameWithIndex(const std::string& jobName, int index);
// addCompletionIndexEnvVariables: JOB_COMPLETION_INDEX from the annotation, in every container.
void addCompletionIndexEnvVariables(k8s::io::api::core::v1::PodTemplateSpec* tmpl);

}  // namespace pilothouse::controller::job
