#include "scheduler/framework/runtime/registry.h"

namespace pilothouse::scheduler::framework {

pilothouse::Status Registry::add(const std::string& name, PluginFactory factory) {
    if (factories_.contains(name))
        return pilothouse::Status(StatusCode::AlreadyExists, "a plugin named " + name + " already exists");
    factories_[name] = std::move(factory);
    return {};
}

const PluginFactory* Registry::find(const std::string& name) const {
    auto it = factories_.find(name);
    return it == factories_.end() ? nullptr : &it->second;
}

std::vector<std::string> Registry::names() const {
    std::vector<std::string> out;
    for (const auto& [k, _] : factories_) out.push_back(k);
    return out;
}

}  // namespace pilothouse::scheduler::framework
