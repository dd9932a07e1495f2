#include "scheduler/plugins/noderesources/resource_names.h"

#include "apiserver/validation/common.h"

namespace pilothouse::scheduler::plugins::noderesources {

namespace validation = apiserver::validation;

bool isExtendedResourceName(std::string_view name) { return validation::isExtendedResourceName(name); }

bool isScalarResourceName(std::string_view name) {
    return isExtendedResourceName(name) || validation::isHugePageResourceName(name) ||
           name.find("kubernetes.io/") != std::string_view::npos || name.starts_with("attachable-volumes-");
}

}  // namespace pilothouse::scheduler::plugins::noderesources
