#include "controllers/job/indexed_job_utils.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace pilothouse::controller::job {

namespace core = k8s::io::api::core::v1;

namespace {

bool parseInt(std::string_view s, int* out) {
    if (s.empty()) return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
    return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

OrderedIntervals OrderedIntervals::parse(const std::string& text, int completions) {
    OrderedIntervals result;
    if (text.empty()) return result;
    std::string_view rest = text;
    while (!rest.empty()) {
        const size_t comma = rest.find(',');
        std::string_view part = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        Interval iv;
        const size_t dash = part.find('-');
        if (!parseInt(part.substr(0, dash), &iv.first)) continue;
        if (iv.first >= completions) break;
        if (dash == std::string_view::npos) {
            iv.last = iv.first;
        } else if (!parseInt(part.substr(dash + 1), &iv.last)) {
            continue;
        }
        iv.last = std::min(iv.last, completions - 1);
        if (iv.first > iv.last) continue;
        // Merge with the previous interval when they touch (the text lists "1,2" for 1-2).
        if (!result.intervals_.empty() && result.intervals_.back().last + 1 >= iv.first) {
            result.intervals_.back().last = std::max(result.intervals_.back().last, iv.last);
        } else {
            result.intervals_.push_back(iv);
        }
    }
    return result;
}

OrderedIntervals OrderedIntervals::withOrderedIndexes(const std::vector<int>& indexes) const {
    // Small sets: expand, insert, rebuild.
    std::set<int> all(indexes.begin(), indexes.end());
    for (const Interval& iv : intervals_)
        for (int i = iv.first; i <= iv.last; ++i) all.insert(i);
    OrderedIntervals out;
    for (int i : all) {
        if (!out.intervals_.empty() && out.intervals_.back().last + 1 == i) {
            out.intervals_.back().last = i;
        } else {
            out.intervals_.push_back({i, i});
        }
    }
    return out;
}

int OrderedIntervals::total() const {
    int n = 0;
    for (const Interval& iv : intervals_) n += iv.last - iv.first + 1;
    return n;
}

bool OrderedIntervals::has(int ix) const {
    for (const Interval& iv : intervals_)
        if (iv.first <= ix && ix <= iv.last) return true;
    return false;
}

std::string OrderedIntervals::toString() const {
    std::string out;
    for (const Interval& iv : intervals_) {
        if (!out.empty()) out += ',';
        out += std::to_string(iv.first);
        if (iv.last > iv.first) {
            out += iv.last == iv.first + 1 ? ',' : '-';
            out += std::to_string(iv.last);
        }
    }
    return out;
}

int getCompletionIndex(const core::Pod& pod) {
    auto it = pod.metadata().annotations().find(kJobCompletionIndexAnnotation);
    if (it == pod.metadata().annotations().end()) return kUnknownCompletionIndex;
    int ix = 0;
    if (!parseInt(it->second, &ix) || ix < 0) return kUnknownCompletionIndex;
    return ix;
}

std::vector<int> firstPendingIndexes(const std::vector<const core::Pod*>& activePods, const OrderedIntervals& succeeded,
                                     int count, int completions) {
    std::set<int> taken;
    for (const core::Pod* p : activePods) {
        const int ix = getCompletionIndex(*p);
        if (ix != kUnknownCompletionIndex) taken.insert(ix);
    }
    std::vector<int> out;
    for (int ix = 0; ix < completions && static_cast<int>(out.size()) < count; ++ix)
        if (!succeeded.has(ix) && !taken.contains(ix)) out.push_back(ix);
    return out;
}

std::string podGenerateNameWithIndex(const std::string& jobName, int index) {
    // Room for the 5 random characters the name generator appends (names are at most 63).
    const std::string suffix = "-" + std::to_string(index) + "-";
    const size_t maxPrefix = 63 - 5;
    std::string base = jobName;
    if (base.size() + suffix.size() > maxPrefix) base.resize(maxPrefix - suffix.size());
    return base + suffix;
}

void addCompletionIndexEnvVariables(core::PodTemplateSpec* tmpl) {
    auto add = [](core::Container& c) {
        for (const auto& e : c.env())
            if (e.name() == "JOB_COMPLETION_INDEX") return;
        auto* e = c.add_env();
        e->set_name("JOB_COMPLETION_INDEX");
        auto* ref = e->mutable_value_from()->mutable_field_ref();
        ref->set_api_version("v1");
        ref->set_field_path(std::string("metadata.annotations['") + kJobCompletionIndexAnnotation + "']");
    };
    for (auto& c : *tmpl->mutable_spec()->mutable_init_containers()) add(c);
    for (auto& c : *tmpl->mutable_spec()->mutable_containers()) add(c);
}

}  // namespace pilothouse::controller::job
