// A thin RAII layer over the SQLite C API: one connection, its prepared statements, and the
// mapping of SQLite result codes to Status. It knows nothing about the store's schema.
//
// Thread-safety: none. Connections are opened with SQLITE_OPEN_NOMUTEX (SQLite's multi-thread
// mode), so a Connection and every Statement prepared on it must be used by one thread at a time;
// the owner (SqliteStore) serializes access with its writer lock or its reader pool.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "util/status.h"

namespace pilothouse::store::sqlite {

// Turns a failed SQLite call into a Status carrying SQLite's own message: corruption and
// "not a database" become DataLoss (the bytes on disk are bad), everything else Internal.
Status errorStatus(sqlite3* db, int rc, std::string_view context);

// A prepared statement, finalized on destruction. Prepared once and reused (bind, step, reset),
// which is what keeps the hot paths free of SQL parsing.
class Statement {
public:
    Statement() = default;
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;

    static StatusOr<Statement> prepare(sqlite3* db, std::string_view sql);

    // Parameters are 1-based, as in SQL (?1, ?2, ...). Text and blobs are bound without copying
    // (SQLITE_STATIC): the bytes must stay alive until the statement is reset.
    void bindInt(int index, int64_t value);
    void bindText(int index, std::string_view value);
    void bindBlob(int index, std::string_view value);

    // One step: true when a row is ready, false when the statement is done.
    StatusOr<bool> step();
    // Steps a statement that returns no rows (INSERT, UPDATE, DELETE, BEGIN, ...).
    Status run();

    int64_t columnInt(int index) const;
    // The column's bytes, whether it holds TEXT or a BLOB (empty for NULL).
    std::string columnString(int index) const;

    // Ends the current execution and drops the bindings, ready for the next use.
    void reset();

private:
    Statement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}

    sqlite3* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
};

// Resets a statement when the scope ends, on every return path, so a half-read result never
// holds a read transaction open or leaks a stale binding into the next use.
class ScopedReset {
public:
    explicit ScopedReset(Statement& stmt) : stmt_(stmt) {}
    ~ScopedReset() { stmt_.reset(); }
    ScopedReset(const ScopedReset&) = delete;
    ScopedReset& operator=(const ScopedReset&) = delete;

private:
    Statement& stmt_;
};

// Moves the database file `from` (closed, without a write-ahead log: journal_mode=DELETE) over
// `to`, as the last step of writing a file beside its target. A log and shared-memory file an
// older database at `to` left behind are removed first: SQLite would replay them over the new one.
// On failure `from` is removed and `to` is as it was; the error names `to`.
Status replaceDatabaseFile(const std::string& from, const std::string& to);

// One open database connection, closed on destruction (after its statements: declare Statements
// after the Connection they were prepared on, or destroy them first).
class Connection {
public:
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Opens (creating if needed) the database at `path` (":memory:" for a private in-memory one).
    static StatusOr<std::unique_ptr<Connection>> open(const std::string& path);

    sqlite3* handle() const { return db_; }
    // Runs one or more SQL statements that return no rows we need (schema, pragmas). Not for hot
    // paths: it parses the SQL each time.
    Status exec(const std::string& sql);
    // Runs a statement returning one integer (e.g. "PRAGMA user_version").
    StatusOr<int64_t> queryInt(const std::string& sql);
    // Runs a statement returning one text value (e.g. "PRAGMA journal_mode=WAL").
    StatusOr<std::string> queryText(const std::string& sql);
    StatusOr<Statement> prepare(std::string_view sql) { return Statement::prepare(db_, sql); }
    // True while a transaction is open on this connection.
    bool inTransaction() const { return sqlite3_get_autocommit(db_) == 0; }

private:
    explicit Connection(sqlite3* db) : db_(db) {}
    sqlite3* db_ = nullptr;
};

}  // namespace pilothouse::store::sqlite
