#include "remote/request_options.h"

#include "apiserver/errors.h"
#include "apiserver/validation/field_error.h"

namespace pilothouse::remote {

StatusOr<bool> parseDryRun(const google::protobuf::RepeatedPtrField<std::string>& dryRun, const std::string& optionsKind) {
    if (dryRun.empty()) return false;
    if (dryRun.size() == 1 && dryRun[0] == "All") return true;
    // Go's %#v of a []string: []string{"a", "b"}.
    std::string rendered = "[]string{";
    for (int i = 0; i < dryRun.size(); ++i) rendered += (i ? ", " : "") + apiserver::validation::quote(dryRun[i]);
    rendered += "}";
    apiserver::validation::ErrorList errors{apiserver::validation::notSupported("dryRun", rendered, {"All"})};
    return apiserver::newInvalid(optionsKind + ".meta.k8s.io", "", errors);
}

StatusOr<int64_t> parseResourceVersion(const std::string& text, const std::string& field) {
    if (text.empty()) return int64_t{0};
    int64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9' || value > (INT64_MAX - 9) / 10)
            return apiserver::newBadRequest(field + ": invalid resource version \"" + text + "\": must be a revision number");
        value = value * 10 + (c - '0');
    }
    return value;
}

}  // namespace pilothouse::remote
