// open(): the one way to get a Store. SQLite backs both modes; ":memory:" only changes where
// the pages live, not the code that runs.
#include "store/store.h"

#include "store/sqlite_store.h"

namespace pilothouse::store {

StatusOr<std::unique_ptr<Store>> open(const Options& options) {
    StatusOr<std::unique_ptr<SqliteStore>> store = SqliteStore::open(options);
    if (!store.isOk())
        return store.status();
    return std::unique_ptr<Store>(std::move(*store));
}

}  // namespace pilothouse::store
