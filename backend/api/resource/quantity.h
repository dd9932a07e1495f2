// resource.Quantity of k8s.io/apimachinery/pkg/api/resource (Kubernetes v1.28): a fixed-point
// number with a remembered serialization format, as used for cpu, memory, storage and every other
// resource amount in the API.
//
// Text form (what parse() accepts):
//   <quantity>        ::= <signedNumber><suffix>
//   <signedNumber>    ::= [+-]? ( <digits> | <digits>. | <digits>.<digits> | .<digits> )
//   <suffix>          ::= <binarySI> | <decimalExponent> | <decimalSI>
//   <binarySI>        ::= Ki | Mi | Gi | Ti | Pi | Ei                       (powers of 1024)
//   <decimalSI>       ::= n | u | m | "" | k | M | G | T | P | E            (powers of 1000)
//   <decimalExponent> ::= e <signedInteger> | E <signedInteger>
// Like upstream, the scanner is more permissive than the grammar (".", "-", "Ki" and "1.G" all
// parse) and its error texts are upstream's ErrFormatWrong / ErrSuffix / ErrNumeric messages.
//
// Values are exact. As upstream, a quantity is held either as an int64 amount (value * 10^scale,
// upstream's int64Amount) or as an arbitrary-precision decimal (upstream's inf.Dec), and the two
// are chosen by the same rules, because some results depend on it: Value()/MilliValue() round a
// negative inexact decimal-held amount towards +inf (fixed upstream after v1.28, kubernetes PR
// 138510) but an int64-held one away from zero, and overflowing int64 accessors return what the
// Go code returns (0 for an int64 amount, the wrapped low 64 bits for a decimal).
// Parsing keeps nano precision: a finer non-zero value is rounded away from zero to a whole
// nano ("0.1n" -> "1n"); a BinarySI value parsed through the decimal path is capped at 2^63-1.
//
// toString() is upstream's String(): the text remembered from parse() when upstream keeps it
// ("1.", "+3", "0100m" and "1E3" come back verbatim), otherwise the canonical form of
// CanonicalizeBytes: largest suffix without fractional digits ("1.5Gi" -> "1536Mi",
// "0.5" -> "500m", "1000" -> "1k"); BinarySI values below 1024 in magnitude or not whole print
// as DecimalSI. v1.28 has no suffix beyond "E"/"Ei" or below "n" and silently emits none
// ("1000E" -> "1", fixed upstream after v1.28 by kubernetes PR 140459); that is mirrored.
//
// Deliberate differences from v1.28 (all outside anything a real manifest produces):
//  - neg() and sub() of an int64-held INT64_MIN give the exact result (upstream wraps it back to
//    INT64_MIN);
//  - setFormat() drops the remembered parse text (upstream's Format field assignment does not);
//  - Quantity() is a DecimalSI zero (upstream's zero value has an empty Format, which prints
//    like DecimalExponent once non-zero);
//  - arithmetic that would have to write out more than 100000 decimal digits to align two
//    operands rounds the smaller operand away from zero at that depth, and a BinarySI value
//    needing more than 100000 digits prints as DecimalSI (upstream would allocate the digits);
//  - scale arithmetic that overflows int32 is done in 64 bits (except while parsing, where the
//    int32 wrap of the exponent is mirrored: "1e4294967297" is 1e1 as in v1.28).
// Thread-compatible value type: const methods never modify the object. cmp() is non-const
// because, like upstream's Cmp, it moves the receiver to the decimal form when either side is
// decimal-held; compare() and the comparison operators are the side-effect-free equivalents
// (upstream's value-receiver Equal).
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "api/resource/big_uint.h"
#include "util/status.h"

namespace pilothouse::resource {

enum class Format {
    DecimalExponent,  // e.g. 12e6
    BinarySI,         // e.g. 12Mi (12 * 2^20)
    DecimalSI,        // e.g. 12M  (12 * 10^6)
};

// "DecimalExponent", "BinarySI" or "DecimalSI" (upstream's Format strings).
const char* formatName(Format format);

// Base-10 scales (upstream's resource.Scale constants): a scale s means 10^s.
namespace scale {
inline constexpr int32_t kNano = -9;
inline constexpr int32_t kMicro = -6;
inline constexpr int32_t kMilli = -3;
inline constexpr int32_t kKilo = 3;
inline constexpr int32_t kMega = 6;
inline constexpr int32_t kGiga = 9;
inline constexpr int32_t kTera = 12;
inline constexpr int32_t kPeta = 15;
inline constexpr int32_t kExa = 18;
}  // namespace scale

// Upstream's parse error texts (ErrFormatWrong, ErrNumeric, ErrSuffix).
inline constexpr std::string_view kErrFormatWrong =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
inline constexpr std::string_view kErrNumeric = "unable to parse numeric part of quantity";
inline constexpr std::string_view kErrSuffix = "unable to parse quantity's suffix";

class Quantity {
public:
    // Zero, DecimalSI.
    Quantity() = default;

    // ParseQuantity. Errors are InvalidArgument with one of the kErr* texts.
    static StatusOr<Quantity> parse(std::string_view text);
    // MustParse: for literals known to be valid; aborts the process on a parse error.
    static Quantity mustParse(std::string_view text);

    // NewQuantity: value in the given format.
    static Quantity fromInt(int64_t value, Format format);
    // NewMilliQuantity: value / 1000 in the given format.
    static Quantity fromMilli(int64_t milli, Format format);
    // NewScaledQuantity: value * 10^scale, DecimalSI.
    static Quantity fromScaled(int64_t value, int32_t scale);
    // value * 10^scale in the given format, held as an int64 amount.
    static Quantity fromScaled(int64_t value, int32_t scale, Format format);
    // NewDecimalQuantity(*inf.NewDec(unscaled, -exponent), format): held as a decimal.
    static Quantity fromDecimal(int64_t unscaled, int32_t exponent, Format format);

    // String(): see the file comment.
    std::string toString() const;
    // The exact value as a plain decimal ("-1536", "0.5", "12345678901234567890.1"); values whose
    // plain form would exceed 100000 digits are written as <digits>e<exponent>.
    std::string toDecimalString() const;

    Format format() const { return format_; }
    void setFormat(Format format);

    // Value(): ceil away from zero to an integer (see the file comment for the decimal-held
    // negative case); may overflow int64 like upstream.
    int64_t value() const { return scaledValue(0); }
    // MilliValue(): the value in thousandths, rounded like value().
    int64_t milliValue() const { return scaledValue(scale::kMilli); }
    // ScaledValue(scale): the value in units of 10^scale, rounded like value().
    int64_t scaledValue(int32_t scale) const;
    // AsInt64(): the value when it is an int64-held whole number that fits, else nullopt.
    std::optional<int64_t> asInt64() const;
    // AsApproximateFloat64(): unscaled * 10^exponent in float64, +-inf beyond its range.
    double asApproximateFloat64() const;

    bool isZero() const;
    // -1, 0 or +1.
    int sign() const;
    // Cmp: -1, 0 or +1 as *this is less than, equal to or greater than other. Converts *this
    // to the decimal form when either side is decimal-held, exactly as upstream does (this only
    // shows in value()/milliValue() of negative inexact amounts afterwards).
    int cmp(const Quantity& other);
    // The same comparison without touching *this.
    int compare(const Quantity& other) const;
    // CmpInt64 (never converts).
    int cmpInt64(int64_t other) const;
    // Equal: compare() == 0.
    bool operator==(const Quantity& other) const { return compare(other) == 0; }
    std::strong_ordering operator<=>(const Quantity& other) const {
        const int c = compare(other);
        return c < 0 ? std::strong_ordering::less
                     : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
    }

    // Add / Sub: exact; a zero receiver takes other's format.
    void add(const Quantity& other);
    void sub(const Quantity& other);
    // Mul: multiplies by factor; false when the result's unscaled decimal no longer fits int64.
    bool mul(int64_t factor);
    // Neg.
    void neg();
    // RoundUp: rounds away from zero to a multiple of 10^scale; false when precision was lost.
    bool roundUp(int32_t scale);

    // Set / SetMilli / SetScaled: replace the value (int64-held), keep the format.
    void set(int64_t value) { setScaled(value, 0); }
    void setMilli(int64_t milli) { setScaled(milli, scale::kMilli); }
    void setScaled(int64_t value, int32_t scale);

    // True when the amount is held as an arbitrary-precision decimal (upstream's d.Dec != nil).
    bool isDecimalHeld() const { return dec_; }

private:
    struct Exact;  // sign, magnitude and base-10 exponent of the value

    Exact exact() const;
    void promote();  // int64 amount -> decimal, like upstream's ToDec/AsDec
    void setDecimalFromExact(const Exact& v, int64_t infScale);
    void addExact(Exact y, int64_t yInfScale);
    std::string canonical() const;
    int64_t decimalScaledValue(int64_t newInfScale) const;

    // int64 amount (when !dec_): ival_ * 10^iscale_.
    int64_t ival_ = 0;
    int32_t iscale_ = 0;
    // Decimal (when dec_): (dneg_ ? -1 : 1) * dmag_ * 10^dexp_. Upstream's inf.Dec scale is
    // dscale_; its unscaled value is dmag_ * 10^(dexp_ + dscale_), dexp_ + dscale_ >= 0 (the
    // trailing zeros are kept implicit so huge exponents cost nothing).
    bool dec_ = false;
    bool dneg_ = false;
    detail::BigUInt dmag_;
    int64_t dexp_ = 0;
    int64_t dscale_ = 0;

    Format format_ = Format::DecimalSI;
    // The parse text upstream keeps as its cached String(); empty when there is none.
    std::string text_;
};

}  // namespace pilothouse::resource
