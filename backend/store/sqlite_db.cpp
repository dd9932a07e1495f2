#include "store/sqlite_db.h"

#include <filesystem>
#include <utility>

namespace pilothouse::store::sqlite {

namespace {

// sqlite3_bind_* treat a null pointer as SQL NULL; an empty string_view may carry one, and an
// empty value must stay an empty string/blob (the columns are NOT NULL).
const char* nonNull(std::string_view v) {
    return v.data() != nullptr ? v.data() : "";
}

}  // namespace

Status errorStatus(sqlite3* db, int rc, std::string_view context) {
    std::string message(context);
    message += ": ";
    // sqlite3_errmsg describes the last failed call on this connection, which is more specific
    // than the generic text for the code (e.g. which constraint failed).
    message += db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    const int primary = rc & 0xff;
    const StatusCode code = (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB)
                                ? StatusCode::DataLoss
                                : StatusCode::Internal;
    return Status(code, std::move(message));
}

// ---- Statement ----

Statement::~Statement() {
    sqlite3_finalize(stmt_);
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        sqlite3_finalize(stmt_);
        db_ = other.db_;
        stmt_ = std::exchange(other.stmt_, nullptr);
    }
    return *this;
}

StatusOr<Statement> Statement::prepare(sqlite3* db, std::string_view sql) {
    sqlite3_stmt* stmt = nullptr;
    // PERSISTENT: these statements live as long as the connection, so SQLite may allocate them
    // outside its lookaside memory.
    const int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                                      SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return errorStatus(db, rc, "preparing \"" + std::string(sql) + "\"");
    }
    return Statement(db, stmt);
}

void Statement::bindInt(int index, int64_t value) {
    sqlite3_bind_int64(stmt_, index, value);
}

void Statement::bindText(int index, std::string_view value) {
    sqlite3_bind_text(stmt_, index, nonNull(value), static_cast<int>(value.size()), SQLITE_STATIC);
}

void Statement::bindBlob(int index, std::string_view value) {
    sqlite3_bind_blob(stmt_, index, nonNull(value), static_cast<int>(value.size()), SQLITE_STATIC);
}

StatusOr<bool> Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    return errorStatus(db_, rc, std::string("executing \"") + sqlite3_sql(stmt_) + "\"");
}

Status Statement::run() {
    ScopedReset resetAfter(*this);
    StatusOr<bool> row = step();
    if (!row.isOk())
        return row.status();
    return Status::ok();
}

int64_t Statement::columnInt(int index) const {
    return sqlite3_column_int64(stmt_, index);
}

std::string Statement::columnString(int index) const {
    // Ask for the pointer first, then the size: sqlite3_column_bytes after sqlite3_column_blob
    // reports the size of the representation just returned.
    const void* data = sqlite3_column_type(stmt_, index) == SQLITE_TEXT
                           ? static_cast<const void*>(sqlite3_column_text(stmt_, index))
                           : sqlite3_column_blob(stmt_, index);
    const int size = sqlite3_column_bytes(stmt_, index);
    if (data == nullptr || size <= 0)
        return {};
    return std::string(static_cast<const char*>(data), static_cast<size_t>(size));
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

// ---- Connection ----

Connection::~Connection() {
    // _v2: if a statement were still alive the handle becomes a zombie instead of leaking.
    sqlite3_close_v2(db_);
}

StatusOr<std::unique_ptr<Connection>> Connection::open(const std::string& path) {
    sqlite3* db = nullptr;
    // NOMUTEX: the store serializes use of each connection itself; SQLite's per-call mutex would
    // only cost time. URI filenames are off so a path is always taken literally.
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        Status st = errorStatus(db, rc, "opening SQLite database \"" + path + "\"");
        sqlite3_close_v2(db);
        return st;
    }
    sqlite3_extended_result_codes(db, 1);
    return std::unique_ptr<Connection>(new Connection(db));
}

Status Connection::exec(const std::string& sql) {
    char* error = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
    if (rc == SQLITE_OK)
        return Status::ok();
    std::string context = "running \"" + sql + "\"";
    sqlite3_free(error);
    return errorStatus(db_, rc, context);
}

StatusOr<int64_t> Connection::queryInt(const std::string& sql) {
    StatusOr<Statement> stmt = prepare(sql);
    if (!stmt.isOk())
        return stmt.status();
    StatusOr<bool> row = stmt->step();
    if (!row.isOk())
        return row.status();
    if (!*row)
        return Status(StatusCode::Internal, "\"" + sql + "\" returned no row");
    return stmt->columnInt(0);
}

StatusOr<std::string> Connection::queryText(const std::string& sql) {
    StatusOr<Statement> stmt = prepare(sql);
    if (!stmt.isOk())
        return stmt.status();
    StatusOr<bool> row = stmt->step();
    if (!row.isOk())
        return row.status();
    if (!*row)
        return Status(StatusCode::Internal, "\"" + sql + "\" returned no row");
    return stmt->columnString(0);
}

Status replaceDatabaseFile(const std::string& from, const std::string& to) {
    std::error_code ignored;
    std::filesystem::remove(to + "-wal", ignored);
    std::filesystem::remove(to + "-shm", ignored);
    std::error_code renamed;
    std::filesystem::rename(from, to, renamed);
    if (!renamed) return Status::ok();
    std::filesystem::remove(from, ignored);
    return Status(StatusCode::Internal, "cannot write \"" + to + "\": " + renamed.message());
}

}  // namespace pilothouse::store::sqlite
