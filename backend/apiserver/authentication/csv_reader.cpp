#include "apiserver/authentication/csv_reader.h"

namespace pilothouse::apiserver::authentication {

std::string CsvParseError::toString() const {
    std::string out;
    if (startLine != line)
        out = "record on line " + std::to_string(startLine) + "; ";
    out += "parse error on line " + std::to_string(line) + ", column " + std::to_string(column) +
           ": " + err;
    return out;
}

bool CsvReader::readLine(std::string* line) {
    if (offset_ >= text_.size())
        return false;
    const size_t nl = text_.find('\n', offset_);
    std::string_view raw;
    if (nl == std::string_view::npos) {
        raw = text_.substr(offset_);
        offset_ = text_.size();
        // The last line of the input loses a trailing carriage return.
        if (!raw.empty() && raw.back() == '\r')
            raw.remove_suffix(1);
    } else {
        raw = text_.substr(offset_, nl - offset_ + 1);
        offset_ = nl + 1;
    }
    ++numLine_;
    line->assign(raw);
    const size_t n = line->size();
    if (n >= 2 && (*line)[n - 2] == '\r' && (*line)[n - 1] == '\n') {
        line->erase(n - 2, 1);
    }
    return true;
}

std::optional<CsvRecord> CsvReader::next() {
    if (error_)
        return std::nullopt;

    std::string line;
    for (;;) {
        if (!readLine(&line))
            return std::nullopt;
        if (line.empty() || line == "\n")
            continue;  // blank lines are not records
        break;
    }

    CsvRecord record;
    record.line = numLine_;
    const int recLine = numLine_;
    int posLine = numLine_;
    int col = 1;
    size_t p = 0;

    auto fail = [&](int errLine, int errCol, const char* what) {
        error_ = CsvParseError{recLine, errLine, errCol, what};
        return std::nullopt;
    };

    for (;;) {
        if (p >= line.size() || line[p] != '"') {
            // An unquoted field runs to the next comma or the end of the line.
            const size_t comma = line.find(',', p);
            size_t end = comma;
            if (comma == std::string::npos) {
                end = line.size();
                if (end > p && line[end - 1] == '\n')
                    --end;
            }
            std::string field = line.substr(p, end - p);
            if (const size_t q = field.find('"'); q != std::string::npos) {
                return fail(numLine_, col + static_cast<int>(q), kCsvErrBareQuote);
            }
            record.fields.push_back(std::move(field));
            if (comma == std::string::npos)
                break;
            col += static_cast<int>(comma - p) + 1;
            p = comma + 1;
            continue;
        }

        // A quoted field: up to the matching quote, `""` standing for one quote; it may continue
        // on the following lines.
        ++p;
        ++col;
        std::string field;
        bool endOfRecord = false;
        for (;;) {
            const size_t q = line.find('"', p);
            if (q != std::string::npos) {
                field.append(line, p, q - p);
                col += static_cast<int>(q - p) + 1;
                p = q + 1;
                const bool atEnd = p >= line.size() || (p + 1 == line.size() && line[p] == '\n');
                if (!atEnd && line[p] == '"') {
                    field.push_back('"');
                    ++p;
                    ++col;
                } else if (!atEnd && line[p] == ',') {
                    ++p;
                    ++col;
                    break;
                } else if (atEnd) {
                    endOfRecord = true;
                    break;
                } else {
                    return fail(numLine_, col - 1, kCsvErrQuote);
                }
            } else if (p < line.size()) {
                field.append(line, p, std::string::npos);
                col += static_cast<int>(line.size() - p);
                std::string nextLine;
                if (readLine(&nextLine) && !nextLine.empty()) {
                    ++posLine;
                    col = 1;
                    line = std::move(nextLine);
                } else {
                    line.clear();
                }
                p = 0;
            } else {
                // The input ended inside the quotes.
                return fail(posLine, col, kCsvErrQuote);
            }
        }
        record.fields.push_back(std::move(field));
        if (endOfRecord)
            break;
    }
    return record;
}

}  // namespace pilothouse::apiserver::authentication
