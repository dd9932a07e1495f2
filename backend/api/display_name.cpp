#include "api/display_name.h"

#include <algorithm>
#include <cctype>

namespace pilothouse::api {

std::string displayName(const ResourceType& type, const std::string& name) {
    std::string kind = type.kind;
    std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (!type.group.empty()) kind += "." + type.group;
    return kind + "/" + name;
}

}  // namespace pilothouse::api
