#include "apiserver/dry_run.h"

#include "apiserver/errors.h"
#include "apiserver/validation/field_error.h"

namespace pilothouse::apiserver {

StatusOr<bool> parseDryRun(const std::vector<std::string>& values, const std::string& optionsKind) {
    if (values.empty()) return false;
    if (values.size() == 1 && values[0] == "All") return true;
    // Go's %#v of a []string: []string{"a", "b"}.
    std::string rendered = "[]string{";
    for (size_t i = 0; i < values.size(); ++i) rendered += (i ? ", " : "") + validation::quote(values[i]);
    rendered += "}";
    return newInvalid(optionsKind + ".meta.k8s.io", "", {validation::notSupported("dryRun", rendered, {"All"})});
}

}  // namespace pilothouse::apiserver
