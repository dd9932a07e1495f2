// open(): the one way to get a Store. SQLite backs both modes; ":memory:" only changes where
// the pages live, not the code that runs.
#include "store/store.h"

#include "store/sqlite_store.h"

namespace pilothouse::store {

StatusOr<ListPage> Store::listPage(const std::string& prefix, int64_t atRevision, const std::string& startKey,
                                   size_t limit, bool countRemaining) {
    auto all = list(prefix, atRevision);
    if (!all.isOk()) return all.status();
    ListPage page;
    page.revision = all->revision;
    for (auto& kv : all->items) {
        if (kv.key < startKey) continue;
        if (limit > 0 && page.items.size() == limit) {
            page.more = true;
            if (!countRemaining) break;
            page.remaining = page.remaining.value_or(0) + 1;
            continue;
        }
        page.items.push_back(std::move(kv));
    }
    return page;
}

StatusOr<std::unique_ptr<Store>> open(const Options& options) {
    StatusOr<std::unique_ptr<SqliteStore>> store = SqliteStore::open(options);
    if (!store.isOk())
        return store.status();
    return std::unique_ptr<Store>(std::move(*store));
}

}  // namespace pilothouse::store
