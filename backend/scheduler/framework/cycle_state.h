// CycleState: what plugins keep for the duration of one scheduling cycle (PreFilter computes,
// Filter and Score read), keyed by a name each plugin chooses. Entries are cloneable so that
// preemption's dry runs can work on copies. Used by one scheduling thread at a time.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace pilothouse::scheduler::framework {

class StateData {
public:
    virtual ~StateData() = default;
    virtual std::unique_ptr<StateData> clone() const = 0;
};

class CycleState {
public:
    // nullptr when nothing (of that type) was written under the key.
    template <typename T>
    T* read(const std::string& key) const {
        auto it = data_.find(key);
        return it == data_.end() ? nullptr : dynamic_cast<T*>(it->second.get());
    }
    void write(const std::string& key, std::unique_ptr<StateData> value) { data_[key] = std::move(value); }
    void remove(const std::string& key) { data_.erase(key); }

    std::unique_ptr<CycleState> clone() const {
        auto c = std::make_unique<CycleState>();
        for (const auto& [k, v] : data_) c->data_[k] = v->clone();
        c->skipFilterPlugins = skipFilterPlugins;
        c->skipScorePlugins = skipScorePlugins;
        c->filterSkipped = filterSkipped;
        return c;
    }

    // Plugins whose PreFilter / PreScore returned Skip: their Filter / Score is not run.
    std::set<std::string> skipFilterPlugins;
    std::set<std::string> skipScorePlugins;
    // The same for the runtime's hot loop: one flag per filter plugin in profile order, set with
    // skipFilterPlugins (empty: consult the set).
    std::vector<bool> filterSkipped;

private:
    std::map<std::string, std::unique_ptr<StateData>> data_;
};

}  // namespace pilothouse::scheduler::framework
