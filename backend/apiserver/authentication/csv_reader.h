// A CSV reader with the behaviour of Go's encoding/csv Reader as kube-apiserver configures it for
// --token-auth-file (comma separator, variable field count, no comment character, strict quotes):
// empty lines are skipped, "\r\n" reads as "\n", quoted fields may span lines and hold `""`
// escapes, and malformed quoting is reported with Go's ParseError text and 1-based positions
// ("parse error on line 2, column 5: bare \" in non-quoted-field").
// Thread-compatible; holds a view of the text, which must outlive the reader.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pilothouse::apiserver::authentication {

struct CsvRecord {
    std::vector<std::string> fields;
    int line = 0;  // 1-based line the record starts on
};

struct CsvParseError {
    int startLine = 0;  // line the record started on
    int line = 0;       // line of the error
    int column = 0;     // 1-based byte column
    std::string err;    // kErrBareQuote or kErrQuote
    // Go's ParseError.Error().
    std::string toString() const;
};

inline constexpr const char* kCsvErrBareQuote = "bare \" in non-quoted-field";
inline constexpr const char* kCsvErrQuote = "extraneous or missing \" in quoted-field";

class CsvReader {
public:
    explicit CsvReader(std::string_view text) : text_(text) {}

    // The next record; nullopt at the end of the input, or on a parse error (then error() says
    // what; reading stops there).
    std::optional<CsvRecord> next();
    const std::optional<CsvParseError>& error() const { return error_; }

private:
    // One physical line with its newline normalized to "\n" (none at the end of the input);
    // false when the input is exhausted.
    bool readLine(std::string* line);

    std::string_view text_;
    size_t offset_ = 0;
    int numLine_ = 0;
    std::optional<CsvParseError> error_;
};

}  // namespace pilothouse::apiserver::authentication
