// field.Error / field.ErrorList from k8s.io/apimachinery/pkg/util/validation/field: one problem at
// one field path, printed exactly as Kubernetes prints it, e.g.
//   spec.containers[0].image: Required value
//   metadata.name: Invalid value: "Web": a lowercase RFC 1123 subdomain must consist of ...
//   spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "Never", "OnFailure"
#pragma once

#include <string>
#include <vector>

namespace pilothouse::apiserver::validation {

enum class ErrorType {
    NotFound,      // "Not found"
    Required,      // "Required value"
    Duplicate,     // "Duplicate value"
    Invalid,       // "Invalid value"
    NotSupported,  // "Unsupported value"
    Forbidden,     // "Forbidden"
    TooLong,       // "Too long"
    TooMany,       // "Too many"
    Internal,      // "Internal error"
    TypeInvalid,   // "Invalid value" (type)
};

struct FieldError {
    ErrorType type = ErrorType::Invalid;
    std::string field;     // "spec.containers[0].image"
    std::string badValue;  // already rendered as Kubernetes renders it (quoted strings: "\"Web\"")
    bool hasBadValue = false;
    std::string detail;

    // The "FieldValueRequired"-style cause type of metav1.StatusCause.
    std::string causeType() const;
    // "Required value", "Invalid value: \"Web\": detail", ...
    std::string errorBody() const;
    // field + ": " + errorBody()
    std::string toString() const;
};

using ErrorList = std::vector<FieldError>;

// Builders mirroring field.Required(path, detail), field.Invalid(path, value, detail), ...
FieldError required(std::string field, std::string detail = {});
FieldError invalid(std::string field, std::string renderedValue, std::string detail);
FieldError notSupported(std::string field, std::string renderedValue,
                        const std::vector<std::string>& validValues);
FieldError duplicate(std::string field, std::string renderedValue);
FieldError forbidden(std::string field, std::string detail);
FieldError tooLong(std::string field, std::string renderedValue, int maxLength);
FieldError notFound(std::string field, std::string renderedValue);

// Renders a Go value as %#v would in field errors: strings quoted ("\"Web\""), ints bare.
std::string quote(const std::string& s);

}  // namespace pilothouse::apiserver::validation
