// CycleState: what plugins keep for the duration of one scheduling cycle (PreFilter computes,
// Filter and Score read), keyed by a name each plugin chooses ("PreFilterNodeResourcesFit").
// Entries are cloneable so that preemption's dry runs can work on copies. Used by one scheduling
// thread at a time.
//
// Filter and Score read their state once per node, thousands of times per cycle, so a key is a
// StateKey: the name interned once (at static initialisation for the plugins' keys) into a small
// index, and an entry is found by that index instead of by comparing names.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace pilothouse::scheduler::framework {

class StateData {
public:
    virtual ~StateData() = default;
    virtual std::unique_ptr<StateData> clone() const = 0;
};

class StateKey {
public:
    // The same name always gives the same index. Thread-safe.
    StateKey(std::string_view name);  // NOLINT: implicit, so that a name can be passed as a key
    StateKey(const char* name) : StateKey(std::string_view(name)) {}
    StateKey(const std::string& name) : StateKey(std::string_view(name)) {}

    const std::string& name() const { return *name_; }
    size_t index() const { return index_; }

private:
    const std::string* name_;
    size_t index_;
};

class CycleState {
public:
    // nullptr when nothing was written under the key. Each key is written by one plugin with one
    // type, so the type is not checked again on every read.
    template <typename T>
    T* read(const StateKey& key) const {
        return key.index() < data_.size() ? static_cast<T*>(data_[key.index()].get()) : nullptr;
    }
    void write(const StateKey& key, std::unique_ptr<StateData> value) {
        if (key.index() >= data_.size()) data_.resize(key.index() + 1);
        data_[key.index()] = std::move(value);
    }
    void remove(const StateKey& key) {
        if (key.index() < data_.size()) data_[key.index()].reset();
    }

    std::unique_ptr<CycleState> clone() const {
        auto c = std::make_unique<CycleState>();
        c->data_.resize(data_.size());
        for (size_t i = 0; i < data_.size(); ++i)
            if (data_[i]) c->data_[i] = data_[i]->clone();
        c->skipFilterPlugins = skipFilterPlugins;
        c->skipScorePlugins = skipScorePlugins;
        c->filterPluginsToRun = filterPluginsToRun;
        c->scorePluginsToRun = scorePluginsToRun;
        return c;
    }

    // Plugins whose PreFilter / PreScore returned Skip: their Filter / Score is not run.
    std::set<std::string, std::less<>> skipFilterPlugins;
    std::set<std::string, std::less<>> skipScorePlugins;
    // The same for the runtime's hot loops: the positions (in profile order) of the filter / score
    // plugins that do run, set together with the sets above (unset: consult the sets).
    std::optional<std::vector<uint32_t>> filterPluginsToRun;
    std::optional<std::vector<uint32_t>> scorePluginsToRun;

private:
    std::vector<std::unique_ptr<StateData>> data_;  // by StateKey::index()
};

}  // namespace pilothouse::scheduler::framework
