#include "api/intstr.h"

#include <charconv>
#include <cmath>
#include <string>

namespace pilothouse::api {

StatusOr<int32_t> scaledValueFromIntOrPercent(const k8s::io::apimachinery::pkg::util::intstr::IntOrString& value,
                                              int32_t total, bool roundUp) {
    const auto invalid = [](const std::string& why) {
        return Status(StatusCode::InvalidArgument, "invalid value for IntOrString: " + why);
    };
    if (value.type() == 0) return value.int_val();
    if (value.type() != 1) return invalid("invalid type: neither int nor percentage");
    const std::string& text = value.str_val();
    if (text.empty() || text.back() != '%') return invalid("invalid type: string is not a percentage");
    const std::string digits = text.substr(0, text.size() - 1);
    int64_t percent = 0;
    const char* first = digits.data();
    const char* last = digits.data() + digits.size();
    if (first != last && *first == '+') ++first;  // strconv.Atoi accepts a sign
    auto [ptr, ec] = std::from_chars(first, last, percent);
    if (digits.empty() || ec != std::errc() || ptr != last)
        return invalid("invalid value \"" + text + "\": strconv.Atoi: parsing \"" + digits + "\": " +
                       (ec == std::errc::result_out_of_range ? "value out of range" : "invalid syntax"));
    const double scaled = static_cast<double>(percent) * static_cast<double>(total) / 100.0;
    return static_cast<int32_t>(roundUp ? std::ceil(scaled) : std::floor(scaled));
}

}  // namespace pilothouse::api
