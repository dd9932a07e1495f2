// Helpers shared by the store suites: the two backends every behavior is checked against
// (":memory:" and a file in a fresh temporary directory) and Status-aware assertions.
#pragma once

#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <string>

#include "store/sqlite_store.h"
#include "store/store.h"

namespace pilothouse::store::testing {

// Uniform access to Status and StatusOr<T> for the assertion macros below.
inline const Status& statusOf(const Status& s) {
    return s;
}
template <typename T>
const Status& statusOf(const StatusOr<T>& s) {
    return s.status();
}

// QVERIFY for a Status or StatusOr, printing the status when it is not OK.
#define PH_QVERIFY_OK(expr)                                                                   \
    do {                                                                                      \
        const auto& _ph_res = (expr); /* keeps a temporary result alive */                    \
        const ::pilothouse::Status& _ph_st = ::pilothouse::store::testing::statusOf(_ph_res); \
        QVERIFY2(_ph_st.isOk(), _ph_st.toString().c_str());                                   \
    } while (0)

// Checks that a Status or StatusOr failed with the expected code, printing it otherwise.
#define PH_QCOMPARE_CODE(expr, expectedCode)                                                  \
    do {                                                                                      \
        const auto& _ph_res = (expr); /* keeps a temporary result alive */                    \
        const ::pilothouse::Status& _ph_st = ::pilothouse::store::testing::statusOf(_ph_res); \
        QVERIFY2(_ph_st.code() == (expectedCode),                                             \
                 ("expected " + std::string(::pilothouse::statusCodeName(expectedCode)) +     \
                  ", got " + _ph_st.toString())                                               \
                     .c_str());                                                               \
    } while (0)

// Adds the "onFile" column and one row per backend. Suites with more columns use
// backendName() in their row names and stream onFile themselves.
inline void addBackendColumn() {
    QTest::addColumn<bool>("onFile");
}
inline const char* backendName(bool onFile) {
    return onFile ? "file" : "memory";
}
inline void addBackendRows() {
    addBackendColumn();
    QTest::newRow("memory") << false;
    QTest::newRow("file") << true;
}

// A store on one backend, with the temporary directory its file lives in. Members are declared
// so that the store is closed before the directory is removed.
struct TestStore {
    QTemporaryDir dir;
    std::string path;
    std::unique_ptr<SqliteStore> store;

    SqliteStore* operator->() const { return store.get(); }

    // Opens (again) at the same path; for ":memory:" this is a new, empty store.
    Status reopen(size_t watchQueueLimit = Options().watchQueueLimit) {
        store.reset();
        Options options;
        options.path = path;
        options.watchQueueLimit = watchQueueLimit;
        StatusOr<std::unique_ptr<SqliteStore>> opened = SqliteStore::open(options);
        if (!opened.isOk())
            return opened.status();
        store = std::move(*opened);
        return Status::ok();
    }
};

// Opens a fresh store; check ->store for null (QVERIFY) before use.
inline std::unique_ptr<TestStore> makeStore(bool onFile,
                                            size_t watchQueueLimit = Options().watchQueueLimit) {
    auto ts = std::make_unique<TestStore>();
    ts->path = onFile ? ts->dir.filePath("store.db").toStdString() : ":memory:";
    Status st = ts->reopen(watchQueueLimit);
    if (!st.isOk())
        qWarning("opening the store failed: %s", st.toString().c_str());
    return ts;
}

}  // namespace pilothouse::store::testing
