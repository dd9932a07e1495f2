// Errors as values. A Status is either OK or carries a code and a message a person can act on.
// Codes are aligned with gRPC's (so the remote layer maps them 1:1); Kubernetes API errors
// additionally carry the metav1.Status reason ("NotFound", "Conflict", ...), the HTTP code and the
// field causes, set by backend/apiserver/errors.h. Thread-compatible value type.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace pilothouse {

enum class StatusCode {
    Ok = 0,
    Cancelled = 1,
    Unknown = 2,
    InvalidArgument = 3,
    DeadlineExceeded = 4,
    NotFound = 5,
    AlreadyExists = 6,
    PermissionDenied = 7,
    ResourceExhausted = 8,
    FailedPrecondition = 9,
    Aborted = 10,
    OutOfRange = 11,
    Unimplemented = 12,
    Internal = 13,
    Unavailable = 14,
    DataLoss = 15,
    Unauthenticated = 16,
};

const char* statusCodeName(StatusCode code);

// One field-level cause of an API error (metav1.StatusCause).
struct StatusCause {
    std::string type;     // e.g. "FieldValueRequired"
    std::string message;  // e.g. "Required value"
    std::string field;    // e.g. "spec.containers[0].image"
    bool operator==(const StatusCause&) const = default;
};

class Status {
public:
    Status() = default;  // OK
    Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

    static Status ok() { return {}; }
    bool isOk() const { return code_ == StatusCode::Ok; }
    explicit operator bool() const { return isOk(); }

    StatusCode code() const { return code_; }
    const std::string& message() const { return message_; }

    // Kubernetes API error details; empty/0 for errors that are not API errors.
    const std::string& reason() const { return reason_; }
    int httpCode() const { return httpCode_; }
    const std::vector<StatusCause>& causes() const { return causes_; }
    Status& setReason(std::string reason, int httpCode) {
        reason_ = std::move(reason);
        httpCode_ = httpCode;
        return *this;
    }
    Status& addCause(StatusCause cause) {
        causes_.push_back(std::move(cause));
        return *this;
    }
    // metav1.StatusDetails.retryAfterSeconds: when a client may try again (429, 504); 0 = not said.
    int retryAfterSeconds() const { return retryAfterSeconds_; }
    Status& setRetryAfterSeconds(int seconds) {
        retryAfterSeconds_ = seconds;
        return *this;
    }
    // Prefixes the message with context ("file.yaml: document 2: ").
    Status withContext(const std::string& prefix) const {
        Status s = *this;
        s.message_ = prefix + message_;
        return s;
    }

    std::string toString() const;

private:
    StatusCode code_ = StatusCode::Ok;
    std::string message_;
    std::string reason_;
    int httpCode_ = 0;
    std::vector<StatusCause> causes_;
    int retryAfterSeconds_ = 0;
};

// A value or the Status saying why there is none.
template <typename T>
class StatusOr {
public:
    StatusOr(T value) : v_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
    StatusOr(Status status) : v_(std::move(status)) {  // NOLINT(google-explicit-constructor)
        assert(!std::get<Status>(v_).isOk() && "StatusOr built from an OK status");
    }

    bool isOk() const { return std::holds_alternative<T>(v_); }
    explicit operator bool() const { return isOk(); }
    const Status& status() const {
        static const Status okStatus;
        return isOk() ? okStatus : std::get<Status>(v_);
    }
    T& value() & { return std::get<T>(v_); }
    const T& value() const& { return std::get<T>(v_); }
    T&& value() && { return std::get<T>(std::move(v_)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, Status> v_;
};

}  // namespace pilothouse

// Returns early from the enclosing function when `expr` (a Status) is not OK.
#define PH_RETURN_IF_ERROR(expr)                  \
    do {                                          \
        ::pilothouse::Status _ph_st = (expr);     \
        if (!_ph_st.isOk()) return _ph_st;        \
    } while (0)
