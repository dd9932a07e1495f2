#include "scheduler/framework/cycle_state.h"

#include <deque>
#include <map>
#include <mutex>

namespace pilothouse::scheduler::framework {

namespace {

// Every key name seen so far, in the order first seen; a name's position is its index. Names live
// in a deque so that the pointers StateKeys hold stay valid as it grows.
struct KeyTable {
    std::mutex mu;
    std::deque<std::string> names;
    std::map<std::string, size_t, std::less<>> index;
};

KeyTable& keyTable() {
    static KeyTable table;
    return table;
}

}  // namespace

StateKey::StateKey(std::string_view name) {
    KeyTable& t = keyTable();
    std::lock_guard lock(t.mu);
    auto it = t.index.find(name);
    if (it == t.index.end()) {
        t.names.emplace_back(name);
        it = t.index.emplace(t.names.back(), t.names.size() - 1).first;
    }
    index_ = it->second;
    name_ = &t.names[index_];
}

}  // namespace pilothouse::scheduler::framework
