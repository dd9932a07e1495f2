#include "remote/request_options.h"

#include "apiserver/dry_run.h"
#include "apiserver/errors.h"

namespace pilothouse::remote {

StatusOr<bool> parseDryRun(const google::protobuf::RepeatedPtrField<std::string>& dryRun, const std::string& optionsKind) {
    return apiserver::parseDryRun(std::vector<std::string>(dryRun.begin(), dryRun.end()), optionsKind);
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
