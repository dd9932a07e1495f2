#include "api/resource/quantity.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace pilothouse::resource {

using detail::BigUInt;

struct Quantity::Exact {
    bool neg = false;
    BigUInt mag;
    int64_t exp = 0;
};

namespace {

constexpr int64_t kMostPositive = std::numeric_limits<int64_t>::max();
constexpr int64_t kMostNegative = std::numeric_limits<int64_t>::min();
// Digits an int64 amount is trusted with while parsing (upstream's maxInt64Factors).
constexpr int64_t kMaxInt64Factors = 18;
// Beyond this many decimal digits nothing is written out (see the header).
constexpr int64_t kMaxExactDigits = 100000;

// ---- Go integer semantics -------------------------------------------------------------------

int32_t wrap32(int64_t v) {
    return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v)));
}
int64_t wrapMul(int64_t a, int64_t b) {
    return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
int64_t wrapAdd(int64_t a, int64_t b) {
    return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
uint64_t uabs(int64_t v) {
    return v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
}
// Go's big.Int.Int64() of a value whose magnitude is congruent to lowMag modulo 2^64.
int64_t goInt64(uint64_t lowMag, bool negative) {
    return static_cast<int64_t>(negative ? 0 - lowMag : lowMag);
}

struct I64 {
    int64_t v;
    bool ok;
};

bool mulOverflows(int64_t a, int64_t b) {
    int64_t c;
    return __builtin_mul_overflow(a, b, &c);
}

// a*b, ok=false on overflow (the wrapped product is still returned, as upstream's helpers do).
I64 int64Multiply(int64_t a, int64_t b) {
    if (a == 0 || b == 0 || a == 1 || b == 1)
        return {wrapMul(a, b), true};
    if (a == kMostNegative || b == kMostNegative)
        return {0, false};
    return {wrapMul(a, b), !mulOverflows(a, b)};
}

// a*b for a factor b > 1.
I64 int64MultiplyScale(int64_t a, int64_t b) {
    if (a == 0 || a == 1)
        return {wrapMul(a, b), true};
    if (a == kMostNegative && b != 1)
        return {0, false};
    return {wrapMul(a, b), !mulOverflows(a, b)};
}

I64 int64Add(int64_t a, int64_t b) {
    const int64_t c = wrapAdd(a, b);
    if (a > 0 && b > 0) {
        if (c < 0)
            return {0, false};
    } else if (a < 0 && b < 0) {
        if (c > 0)
            return {0, false};
        if (a == kMostNegative && b == kMostNegative)
            return {0, false};
    }
    return {c, true};
}

// base * 10^scale for scale >= 0. On overflow: the wrapped product for the scales upstream
// special-cases, 0 otherwise (v1.28 does not saturate).
I64 positiveScaleInt64(int64_t base, int64_t scale) {
    switch (scale) {
        case 0:
            return {base, true};
        case 1:
        case 2:
        case 3:
        case 6:
        case 9: {
            static constexpr int64_t kFactor[10] = {1, 10,      100, 1000, 0,
                                                    0, 1000000, 0,   0,    1000000000};
            return int64MultiplyScale(base, kFactor[scale]);
        }
        default: {
            if (base == 0)
                return {0, true};
            int64_t value = base;
            for (int64_t i = 0; i < scale; ++i) {
                const I64 r = int64MultiplyScale(value, 10);
                if (!r.ok)
                    return {0, false};
                value = r.v;
            }
            return {value, true};
        }
    }
}

// base / 10^scale for scale >= 0, rounded away from zero; ok is "exact".
I64 negativeScaleInt64(int64_t base, int64_t scale) {
    if (scale == 0)
        return {base, true};
    int64_t value = base;
    bool fraction = false;
    for (int64_t i = 0; i < scale; ++i) {
        if (!fraction && value % 10 != 0)
            fraction = true;
        value /= 10;
        if (value == 0) {
            if (fraction)
                return {base > 0 ? 1 : -1, false};
            return {0, true};
        }
    }
    if (fraction)
        value += base > 0 ? 1 : -1;
    return {value, !fraction};
}

// int64Amount.AsScaledInt64.
int64_t asScaledInt64(int64_t value, int64_t valueScale, int64_t scale) {
    if (valueScale < scale)
        return negativeScaleInt64(value, scale - valueScale).v;
    return positiveScaleInt64(value, valueScale - scale).v;
}

// int64Amount.Add: false (and no change) when the int64 amount cannot hold the sum.
bool int64AmountAdd(int64_t& av, int32_t& as, int64_t bv, int32_t bs) {
    if (bv == 0)
        return true;
    if (av == 0) {
        av = bv;
        as = bs;
        return true;
    }
    if (as == bs) {
        const I64 c = int64Add(av, bv);
        if (!c.ok)
            return false;
        av = c.v;
        return true;
    }
    if (as > bs) {
        const I64 scaled = positiveScaleInt64(av, static_cast<int64_t>(as) - bs);
        if (!scaled.ok)
            return false;
        const I64 c = int64Add(scaled.v, bv);
        if (!c.ok)
            return false;
        as = bs;
        av = c.v;
        return true;
    }
    const I64 scaled = positiveScaleInt64(bv, static_cast<int64_t>(bs) - as);
    if (!scaled.ok)
        return false;
    const I64 c = int64Add(av, scaled.v);
    if (!c.ok)
        return false;
    av = c.v;
    return true;
}

// int64Amount.Mul.
bool int64AmountMul(int64_t& av, int32_t& as, int64_t b) {
    if (av == 0)
        return true;
    if (b == 0) {
        av = 0;
        as = 0;
        return true;
    }
    const I64 c = int64Multiply(av, b);
    if (!c.ok)
        return false;
    if (as > 0 && !positiveScaleInt64(c.v, as).ok)
        return false;
    if (as < 0 && !negativeScaleInt64(c.v, -static_cast<int64_t>(as)).ok)
        return false;
    av = c.v;
    return true;
}

int64_t pow10Int64(int64_t n) {
    int64_t v = 1;
    for (int64_t i = 0; i < n; ++i) v *= 10;
    return v;
}

// 10^n modulo 2^64.
uint64_t pow10Mod64(int64_t n) {
    if (n >= 64)
        return 0;  // 2^64 divides 10^64
    uint64_t v = 1;
    for (int64_t i = 0; i < n; ++i) v *= 10;
    return v;
}

// Go's math.Pow10, computed from the same tables so results match bit for bit.
double goPow10(int64_t n) {
    static constexpr double kTab[32] = {1e00, 1e01, 1e02, 1e03, 1e04, 1e05, 1e06, 1e07,
                                        1e08, 1e09, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23,
                                        1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31};
    static constexpr double kPos32[10] = {1e00,  1e32,  1e64,  1e96,  1e128,
                                          1e160, 1e192, 1e224, 1e256, 1e288};
    static constexpr double kNeg32[11] = {1e-00,  1e-32,  1e-64,  1e-96,  1e-128, 1e-160,
                                          1e-192, 1e-224, 1e-256, 1e-288, 1e-320};
    if (n >= 0 && n <= 308)
        return kPos32[n / 32] * kTab[n % 32];
    if (n >= -323 && n <= 0)
        return kNeg32[-n / 32] / kTab[-n % 32];
    if (n > 0)
        return std::numeric_limits<double>::infinity();
    return 0;
}

// int64(math.Pow10(n)) for n >= 1 as amd64 Go computes it: out-of-range conversions give
// the "integer indefinite" value, INT64_MIN.
int64_t goInt64Pow10(int64_t n) {
    if (n <= 18)
        return pow10Int64(n);
    return kMostNegative;
}

// ---- the scanner (parseQuantityString) -----------------------------------------------------

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isSuffixChar(char c) {
    return std::string_view("eEinumkKMGTP").find(c) != std::string_view::npos;
}

struct Scanned {
    bool ok = true;
    bool positive = true;
    std::string_view value, num, denom, suffix;
};

Scanned scanQuantity(std::string_view str) {
    Scanned s;
    size_t pos = 0;
    const size_t end = str.size();
    if (pos < end) {
        if (str[0] == '-') {
            s.positive = false;
            ++pos;
        } else if (str[0] == '+') {
            ++pos;
        }
    }
    // Leading zeros.
    for (size_t i = pos;; ++i) {
        if (i >= end) {
            s.num = "0";
            s.value = s.num;
            return s;
        }
        if (str[i] != '0')
            break;
        ++pos;
    }
    // Integer digits.
    for (size_t i = pos;; ++i) {
        if (i >= end) {
            s.num = str.substr(pos, end - pos);
            s.value = str.substr(0, end);
            return s;
        }
        if (!isDigit(str[i])) {
            s.num = str.substr(pos, i - pos);
            pos = i;
            break;
        }
    }
    if (s.num.empty())
        s.num = "0";
    // Fraction digits.
    if (pos < end && str[pos] == '.') {
        ++pos;
        for (size_t i = pos;; ++i) {
            if (i >= end) {
                s.denom = str.substr(pos, end - pos);
                s.value = str.substr(0, end);
                return s;
            }
            if (!isDigit(str[i])) {
                s.denom = str.substr(pos, i - pos);
                pos = i;
                break;
            }
        }
    }
    s.value = str.substr(0, pos);
    // Suffix: letters, then an optional sign and digits.
    const size_t suffixStart = pos;
    for (size_t i = pos;; ++i) {
        if (i >= end) {
            s.suffix = str.substr(suffixStart);
            return s;
        }
        if (!isSuffixChar(str[i])) {
            pos = i;
            break;
        }
    }
    if (pos < end && (str[pos] == '-' || str[pos] == '+'))
        ++pos;
    for (size_t i = pos;; ++i) {
        if (i >= end) {
            s.suffix = str.substr(suffixStart);
            return s;
        }
        if (!isDigit(str[i]))
            break;
    }
    s.ok = false;
    return s;
}

struct Suffix {
    bool ok = false;
    int32_t base = 0;
    int32_t exponent = 0;
    Format format = Format::DecimalExponent;
};

// strconv.ParseInt(s, 10, 64).
std::optional<int64_t> goParseInt64(std::string_view s) {
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s.empty())
        return std::nullopt;
    const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
    uint64_t v = 0;
    for (char c : s) {
        if (!isDigit(c))
            return std::nullopt;
        const uint64_t d = static_cast<uint64_t>(c - '0');
        if (v > (limit - d) / 10)
            return std::nullopt;
        v = v * 10 + d;
    }
    return negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
}

Suffix interpretSuffix(std::string_view s) {
    struct Entry {
        std::string_view text;
        int32_t base;
        int32_t exponent;
        Format format;
    };
    static constexpr Entry kTable[] = {
        {"", 10, 0, Format::DecimalSI},   {"n", 10, -9, Format::DecimalSI},
        {"u", 10, -6, Format::DecimalSI}, {"m", 10, -3, Format::DecimalSI},
        {"k", 10, 3, Format::DecimalSI},  {"M", 10, 6, Format::DecimalSI},
        {"G", 10, 9, Format::DecimalSI},  {"T", 10, 12, Format::DecimalSI},
        {"P", 10, 15, Format::DecimalSI}, {"E", 10, 18, Format::DecimalSI},
        {"Ki", 2, 10, Format::BinarySI},  {"Mi", 2, 20, Format::BinarySI},
        {"Gi", 2, 30, Format::BinarySI},  {"Ti", 2, 40, Format::BinarySI},
        {"Pi", 2, 50, Format::BinarySI},  {"Ei", 2, 60, Format::BinarySI},
    };
    for (const Entry& e : kTable) {
        if (e.text == s)
            return {true, e.base, e.exponent, e.format};
    }
    if (s.size() > 1 && (s[0] == 'e' || s[0] == 'E')) {
        const auto parsed = goParseInt64(s.substr(1));
        if (!parsed)
            return {};
        // int32(parsed): v1.28 truncates an out-of-range exponent.
        return {true, 10, wrap32(*parsed), Format::DecimalExponent};
    }
    return {};
}

Status parseError(std::string_view text) {
    return Status(StatusCode::InvalidArgument, std::string(text));
}

// ---- exact magnitudes ----------------------------------------------------------------------

int64_t digitCount(const BigUInt& v) {
    return static_cast<int64_t>(v.decimalDigits());
}

// Compares am*10^ae with bm*10^be.
int cmpMagnitude(const BigUInt& am, int64_t ae, const BigUInt& bm, int64_t be) {
    const bool az = am.isZero();
    const bool bz = bm.isZero();
    if (az || bz)
        return az && bz ? 0 : (az ? -1 : 1);
    // A non-zero m*10^e lies in [10^(d+e-1), 10^(d+e)) for d digits.
    const int64_t da = digitCount(am) + ae;
    const int64_t db = digitCount(bm) + be;
    if (da != db)
        return da < db ? -1 : 1;
    // Same order of magnitude: the exponents differ by at most the digit counts.
    if (ae == be)
        return am.compare(bm);
    if (ae > be) {
        BigUInt x = am;
        x.mulPow10(static_cast<uint64_t>(ae - be));
        return x.compare(bm);
    }
    BigUInt y = bm;
    y.mulPow10(static_cast<uint64_t>(be - ae));
    return am.compare(y);
}

int cmpIntAmounts(int64_t av, int32_t as, int64_t bv, int32_t bs) {
    if (as == bs)
        return av == bv ? 0 : (av < bv ? -1 : 1);
    const int sa = av == 0 ? 0 : (av < 0 ? -1 : 1);
    const int sb = bv == 0 ? 0 : (bv < 0 ? -1 : 1);
    if (sa != sb)
        return sa < sb ? -1 : 1;
    if (sa == 0)
        return 0;
    const int64_t diff = static_cast<int64_t>(as) - bs;
    if (diff >= -18 && diff <= 18) {
        __int128 x = av;
        __int128 y = bv;
        if (diff > 0)
            x *= pow10Int64(diff);
        if (diff < 0)
            y *= pow10Int64(-diff);
        return x == y ? 0 : (x < y ? -1 : 1);
    }
    const int c = cmpMagnitude(BigUInt(uabs(av)), as, BigUInt(uabs(bv)), bs);
    return sa > 0 ? c : -c;
}

}  // namespace

const char* formatName(Format format) {
    switch (format) {
        case Format::DecimalExponent:
            return "DecimalExponent";
        case Format::BinarySI:
            return "BinarySI";
        case Format::DecimalSI:
            return "DecimalSI";
    }
    return "DecimalExponent";
}

// ---- construction --------------------------------------------------------------------------

StatusOr<Quantity> Quantity::parse(std::string_view str) {
    if (str.empty())
        return parseError(kErrFormatWrong);
    if (str == "0") {
        Quantity q;
        q.format_ = Format::DecimalSI;
        q.text_ = "0";
        return q;
    }

    const Scanned sc = scanQuantity(str);
    if (!sc.ok)
        return parseError(kErrFormatWrong);
    const Suffix sf = interpretSuffix(sc.suffix);
    if (!sf.ok)
        return parseError(kErrSuffix);

    int64_t precision = 0;
    int32_t scale = 0;
    int64_t mantissa = 1;
    const int64_t numLen = static_cast<int64_t>(sc.num.size());
    const int64_t denomLen = static_cast<int64_t>(sc.denom.size());
    if (sf.format == Format::BinarySI) {
        if (sf.exponent >= 0 && sc.denom.empty()) {
            mantissa = int64_t{1} << sf.exponent;
            // Roughly the decimal digits left once the binary multiplier is applied.
            precision =
                15 - numLen - static_cast<int32_t>(static_cast<float>(sf.exponent) * 3 / 10) - 1;
        } else {
            precision = -1;
        }
    } else {
        scale = sf.exponent;
        precision = kMaxInt64Factors - (numLen + denomLen);
    }

    // Fast path: the digits fit an int64 amount at a scale no finer than nano.
    if (precision >= 0) {
        scale = wrap32(static_cast<int64_t>(scale) - denomLen);
        if (scale >= scale::kNano) {
            std::string shifted(sc.num);
            shifted += sc.denom;
            const auto parsed = goParseInt64(shifted);
            if (!parsed)
                return parseError(kErrNumeric);
            const I64 product = int64Multiply(*parsed, mantissa);
            if (product.ok) {
                Quantity q;
                q.ival_ = sc.positive ? product.v : -product.v;
                q.iscale_ = scale;
                q.format_ = sf.format;
                // Upstream keeps the input text as the String() when it already is canonical
                // by its (loose) test.
                bool keep = false;
                if (sf.format == Format::BinarySI) {
                    keep = sf.exponent % 10 == 0 && (*parsed & 0x07) != 0;
                } else {
                    keep = scale % 3 == 0 && !shifted.ends_with("000") && shifted[0] != '0';
                }
                if (keep)
                    q.text_ = std::string(str);
                return q;
            }
        }
    }

    // Decimal path (upstream's inf.Dec).
    std::string_view v = sc.value;
    bool negative = false;
    if (!v.empty() && (v[0] == '-' || v[0] == '+')) {
        negative = v[0] == '-';
        v.remove_prefix(1);
    }
    std::string digits;
    int64_t fracDigits = -1;
    for (char c : v) {
        if (c == '.') {
            fracDigits = 0;
            continue;
        }
        digits += c;
        if (fracDigits >= 0)
            ++fracDigits;
    }
    if (digits.empty())
        return parseError(kErrNumeric);
    auto magnitude = BigUInt::fromDecimal(digits);
    if (!magnitude)
        return parseError(kErrNumeric);
    BigUInt mag = std::move(*magnitude);
    int64_t infScale = fracDigits < 0 ? 0 : fracDigits;
    if (sf.base == 10) {
        infScale = wrap32(infScale + wrap32(-static_cast<int64_t>(sf.exponent)));
    } else {
        mag.shiftLeft(static_cast<uint64_t>(sf.exponent));
    }

    const bool zero = mag.isZero();
    Exact e{negative && !zero, std::move(mag), -infScale};
    Format format = sf.format;
    if (!zero) {
        // Round away from zero to a whole nano.
        if (e.exp < scale::kNano) {
            const bool remainder = e.mag.divPow10(static_cast<uint64_t>(scale::kNano - e.exp));
            if (remainder)
                e.mag.addSmall(1);
            e.exp = scale::kNano;
        }
        infScale = -scale::kNano;
        if (format == Format::BinarySI &&
            cmpMagnitude(e.mag, e.exp, BigUInt(uint64_t{kMostPositive}), 0) > 0) {
            e.mag = BigUInt(uint64_t{kMostPositive});
            e.exp = 0;
            infScale = 0;
        }
        if (format == Format::BinarySI && digitCount(e.mag) + e.exp <= 0) {
            format = Format::DecimalSI;  // 0 < |v| < 1
        }
    }
    Quantity q;
    q.setDecimalFromExact(e, infScale);
    q.format_ = format;
    return q;
}

Quantity Quantity::mustParse(std::string_view text) {
    auto q = parse(text);
    if (!q.isOk()) {
        std::fprintf(stderr, "cannot parse '%.*s': %s\n", static_cast<int>(text.size()),
                     text.data(), q.status().message().c_str());
        std::abort();
    }
    return std::move(q).value();
}

Quantity Quantity::fromInt(int64_t value, Format format) {
    return fromScaled(value, 0, format);
}

Quantity Quantity::fromMilli(int64_t milli, Format format) {
    return fromScaled(milli, scale::kMilli, format);
}

Quantity Quantity::fromScaled(int64_t value, int32_t scale) {
    return fromScaled(value, scale, Format::DecimalSI);
}

Quantity Quantity::fromScaled(int64_t value, int32_t scale, Format format) {
    Quantity q;
    q.ival_ = value;
    q.iscale_ = scale;
    q.format_ = format;
    return q;
}

Quantity Quantity::fromDecimal(int64_t unscaled, int32_t exponent, Format format) {
    Quantity q;
    q.setDecimalFromExact(Exact{unscaled < 0, BigUInt(uabs(unscaled)), exponent},
                          -static_cast<int64_t>(exponent));
    q.format_ = format;
    return q;
}

void Quantity::setFormat(Format format) {
    format_ = format;
    text_.clear();
}

void Quantity::setScaled(int64_t value, int32_t scale) {
    text_.clear();
    dec_ = false;
    dneg_ = false;
    dmag_ = BigUInt();
    dexp_ = 0;
    dscale_ = 0;
    ival_ = value;
    iscale_ = scale;
}

// ---- representation ------------------------------------------------------------------------

Quantity::Exact Quantity::exact() const {
    if (dec_)
        return Exact{dneg_, dmag_, dexp_};
    return Exact{ival_ < 0, BigUInt(uabs(ival_)), iscale_};
}

void Quantity::promote() {
    if (dec_)
        return;
    dneg_ = ival_ < 0;
    dmag_ = BigUInt(uabs(ival_));
    dexp_ = iscale_;
    dscale_ = -static_cast<int64_t>(iscale_);
    dec_ = true;
    ival_ = 0;
    iscale_ = 0;
}

void Quantity::setDecimalFromExact(const Exact& v, int64_t infScale) {
    dec_ = true;
    dmag_ = v.mag;
    dscale_ = infScale;
    if (dmag_.isZero()) {
        dneg_ = false;
        dexp_ = -infScale;
    } else {
        dneg_ = v.neg;
        dexp_ = v.exp;
    }
    ival_ = 0;
    iscale_ = 0;
}

// *this (decimal-held) += y, where y's inf.Dec scale is yInfScale; the result takes the larger
// scale, as inf.Dec.Add does.
void Quantity::addExact(Exact y, int64_t yInfScale) {
    const int64_t resultScale = std::max(dscale_, yInfScale);
    Exact x = exact();
    Exact r;
    if (x.mag.isZero()) {
        r = std::move(y);
    } else if (y.mag.isZero()) {
        r = std::move(x);
    } else {
        Exact* hi = x.exp >= y.exp ? &x : &y;
        Exact* lo = hi == &x ? &y : &x;
        if (hi->exp - lo->exp > kMaxExactDigits) {
            const int64_t target = hi->exp - kMaxExactDigits;
            if (lo->mag.divPow10(static_cast<uint64_t>(target - lo->exp)))
                lo->mag.addSmall(1);
            lo->exp = target;
        }
        BigUInt aligned = hi->mag;
        aligned.mulPow10(static_cast<uint64_t>(hi->exp - lo->exp));
        r.exp = lo->exp;
        if (hi->neg == lo->neg) {
            aligned.add(lo->mag);
            r.mag = std::move(aligned);
            r.neg = hi->neg;
        } else if (aligned.compare(lo->mag) >= 0) {
            aligned.sub(lo->mag);
            r.mag = std::move(aligned);
            r.neg = hi->neg;
        } else {
            BigUInt rest = lo->mag;
            rest.sub(aligned);
            r.mag = std::move(rest);
            r.neg = lo->neg;
        }
    }
    setDecimalFromExact(r, resultScale);
}

// ---- accessors -----------------------------------------------------------------------------

bool Quantity::isZero() const {
    return dec_ ? dmag_.isZero() : ival_ == 0;
}

int Quantity::sign() const {
    if (dec_)
        return dmag_.isZero() ? 0 : (dneg_ ? -1 : 1);
    return ival_ == 0 ? 0 : (ival_ < 0 ? -1 : 1);
}

int Quantity::cmp(const Quantity& other) {
    if (dec_ || other.dec_)
        promote();  // upstream's Cmp converts the receiver with AsDec
    return compare(other);
}

int Quantity::compare(const Quantity& other) const {
    if (!dec_ && !other.dec_)
        return cmpIntAmounts(ival_, iscale_, other.ival_, other.iscale_);
    const Exact a = exact();
    const Exact b = other.exact();
    const int sa = a.mag.isZero() ? 0 : (a.neg ? -1 : 1);
    const int sb = b.mag.isZero() ? 0 : (b.neg ? -1 : 1);
    if (sa != sb)
        return sa < sb ? -1 : 1;
    if (sa == 0)
        return 0;
    const int c = cmpMagnitude(a.mag, a.exp, b.mag, b.exp);
    return sa > 0 ? c : -c;
}

int Quantity::cmpInt64(int64_t other) const {
    if (!dec_)
        return cmpIntAmounts(ival_, iscale_, other, 0);
    const int sa = sign();
    const int sb = other == 0 ? 0 : (other < 0 ? -1 : 1);
    if (sa != sb)
        return sa < sb ? -1 : 1;
    if (sa == 0)
        return 0;
    const int c = cmpMagnitude(dmag_, dexp_, BigUInt(uabs(other)), 0);
    return sa > 0 ? c : -c;
}

int64_t Quantity::scaledValue(int32_t scale) const {
    if (!dec_)
        return asScaledInt64(ival_, iscale_, scale);
    return decimalScaledValue(-static_cast<int64_t>(scale));
}

// scale_int.go's scaledValue(unscaled, scale, newScale) for the decimal-held amount, without
// writing the implicit trailing zeros out.
int64_t Quantity::decimalScaledValue(int64_t newInfScale) const {
    const int64_t zeros = dexp_ + dscale_;  // unscaled = dmag_ * 10^zeros
    const int64_t dif = dscale_ - newInfScale;
    const uint64_t unscaledLow = dmag_.low64() * pow10Mod64(zeros);
    if (dif == 0)
        return goInt64(unscaledLow, dneg_);
    if (dif < 0)
        return wrapMul(goInt64(unscaledLow, dneg_), goInt64Pow10(-dif));

    // Scaling down. Fast path: |unscaled| < MaxInt64 and dif < 19, truncating division and +1
    // when inexact (which is why a negative inexact value rounds towards +inf).
    std::optional<int64_t> small;
    if (dmag_.isZero()) {
        small = 0;
    } else if (digitCount(dmag_) + zeros <= 19) {
        BigUInt u = dmag_;
        u.mulPow10(static_cast<uint64_t>(zeros));
        if (u.fitsU64() && u.low64() < static_cast<uint64_t>(kMostPositive)) {
            small = goInt64(u.low64(), dneg_);
        }
    }
    if (small && dif < 19) {
        const int64_t divide = pow10Int64(dif);
        const int64_t result = *small / divide;
        return *small % divide != 0 ? result + 1 : result;
    }
    // Big path: Euclidean quotient (a floor), +1 when the remainder is non-zero.
    uint64_t quotientLow = 0;
    bool remainder = false;
    if (zeros >= dif) {
        quotientLow = dmag_.low64() * pow10Mod64(zeros - dif);
    } else {
        BigUInt q = dmag_;
        remainder = q.divPow10(static_cast<uint64_t>(dif - zeros));
        quotientLow = q.low64();
    }
    if (!dneg_)
        return wrapAdd(goInt64(quotientLow, false), remainder ? 1 : 0);
    // floor(-|u|/d) = -(q + 1) when inexact; adding 1 leaves -q.
    if (!remainder)
        return goInt64(quotientLow, true);
    return wrapAdd(goInt64(quotientLow + 1, true), 1);
}

std::optional<int64_t> Quantity::asInt64() const {
    if (dec_)
        return std::nullopt;
    if (iscale_ == 0)
        return ival_;
    if (iscale_ < 0)
        return std::nullopt;
    const I64 r = positiveScaleInt64(ival_, iscale_);
    if (!r.ok)
        return std::nullopt;
    return r.v;
}

double Quantity::asApproximateFloat64() const {
    double base = 0;
    int64_t exponent = 0;
    if (dec_) {
        const int64_t zeros = dexp_ + dscale_;
        if (!dmag_.isZero()) {
            if (digitCount(dmag_) + zeros >= 310) {
                base = std::numeric_limits<double>::infinity();
            } else {
                BigUInt u = dmag_;
                u.mulPow10(static_cast<uint64_t>(zeros));
                base = u.toDouble();
            }
            if (dneg_)
                base = -base;
        }
        exponent = -dscale_;
    } else {
        base = static_cast<double>(ival_);
        exponent = iscale_;
    }
    if (exponent == 0)
        return base;
    return base * goPow10(exponent);
}

// ---- arithmetic ----------------------------------------------------------------------------

void Quantity::add(const Quantity& other) {
    text_.clear();
    if (!dec_ && !other.dec_) {
        if (ival_ == 0)
            format_ = other.format_;
        if (int64AmountAdd(ival_, iscale_, other.ival_, other.iscale_))
            return;
    } else if (isZero()) {
        format_ = other.format_;
    }
    Exact y = other.exact();
    const int64_t yScale = other.dec_ ? other.dscale_ : -static_cast<int64_t>(other.iscale_);
    promote();
    addExact(std::move(y), yScale);
}

void Quantity::sub(const Quantity& other) {
    text_.clear();
    if (isZero())
        format_ = other.format_;
    Exact y = other.exact();
    const int64_t yScale = other.dec_ ? other.dscale_ : -static_cast<int64_t>(other.iscale_);
    if (!dec_ && !other.dec_ && other.ival_ != kMostNegative) {
        if (int64AmountAdd(ival_, iscale_, -other.ival_, other.iscale_))
            return;
    }
    promote();
    y.neg = !y.neg && !y.mag.isZero();
    addExact(std::move(y), yScale);
}

bool Quantity::mul(int64_t factor) {
    text_.clear();
    if (!dec_ && int64AmountMul(ival_, iscale_, factor))
        return true;
    promote();
    if (factor == 0) {
        dmag_ = BigUInt();
    } else {
        dmag_.mulU64(uabs(factor));
        if (factor < 0)
            dneg_ = !dneg_;
    }
    if (dmag_.isZero()) {
        dneg_ = false;
        dexp_ = -dscale_;
        return true;
    }
    // big.Int.IsInt64 of the unscaled value.
    const int64_t zeros = dexp_ + dscale_;
    if (digitCount(dmag_) + zeros > 20)
        return false;
    BigUInt u = dmag_;
    u.mulPow10(static_cast<uint64_t>(zeros));
    if (!u.fitsU64())
        return false;
    const uint64_t limit = dneg_ ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
    return u.low64() <= limit;
}

void Quantity::neg() {
    text_.clear();
    if (!dec_) {
        if (ival_ != kMostNegative) {
            ival_ = -ival_;
            return;
        }
        promote();
    }
    dneg_ = !dneg_ && !dmag_.isZero();
}

bool Quantity::roundUp(int32_t scale) {
    if (!dec_) {
        if (iscale_ >= scale)
            return true;  // upstream keeps the remembered text here
        text_.clear();
        const I64 r = negativeScaleInt64(ival_, static_cast<int64_t>(scale) - iscale_);
        ival_ = r.v;
        iscale_ = scale;
        return r.ok;
    }
    text_.clear();
    const int64_t newInfScale = -static_cast<int64_t>(scale);
    if (dmag_.isZero()) {
        dscale_ = newInfScale;
        dexp_ = -newInfScale;
        return true;
    }
    if (dexp_ >= scale) {
        dscale_ = newInfScale;
        return true;
    }
    const bool remainder = dmag_.divPow10(static_cast<uint64_t>(scale - dexp_));
    if (remainder)
        dmag_.addSmall(1);
    dexp_ = scale;
    dscale_ = newInfScale;
    return !remainder;
}

// ---- text ----------------------------------------------------------------------------------

std::string Quantity::toString() const {
    return text_.empty() ? canonical() : text_;
}

// CanonicalizeBytes.
std::string Quantity::canonical() const {
    if (isZero())
        return "0";

    bool negative = false;
    std::string digits;
    int64_t exp = 0;
    if (dec_) {
        negative = dneg_;
        digits = dmag_.toDecimal();
        exp = dexp_;
    } else {
        negative = ival_ < 0;
        digits = std::to_string(uabs(ival_));
        exp = iscale_;
    }
    // Move every factor of ten into the exponent.
    size_t zeros = 0;
    while (zeros + 1 < digits.size() && digits[digits.size() - 1 - zeros] == '0') ++zeros;
    digits.resize(digits.size() - zeros);
    exp += static_cast<int64_t>(zeros);

    Format format = format_;
    if (format == Format::BinarySI) {
        if (cmpInt64(-1024) > 0 && cmpInt64(1024) < 0) {
            format = Format::DecimalSI;  // |v| < 1024 never takes a binary suffix
        } else if (exp < 0) {
            format = Format::DecimalSI;  // not whole: rounding would lose precision
        } else if (static_cast<int64_t>(digits.size()) + exp > kMaxExactDigits) {
            format = Format::DecimalSI;
        }
    }
    const std::string sign = negative ? "-" : "";

    if (format == Format::BinarySI) {
        BigUInt n = *BigUInt::fromDecimal(digits);
        n.mulPow10(static_cast<uint64_t>(exp));
        // Every factor of 1024 comes out: a non-zero remainder below 1024 has none left.
        const uint64_t powers = n.trailingZeroBits() / 10;
        n.shiftRight(powers * 10);
        static constexpr const char* kBinary[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
        return sign + n.toDecimal() + (powers <= 6 ? kBinary[powers] : "");
    }

    // Lower the exponent to a multiple of three (Go's truncated remainder, as upstream).
    const int64_t rem = exp % 3;
    if (rem == 1 || rem == -2) {
        digits += '0';
        exp -= 1;
    } else if (rem == 2 || rem == -1) {
        digits += "00";
        exp -= 2;
    }
    std::string suffix;
    if (format == Format::DecimalSI) {
        switch (exp) {
            case -9:
                suffix = "n";
                break;
            case -6:
                suffix = "u";
                break;
            case -3:
                suffix = "m";
                break;
            case 3:
                suffix = "k";
                break;
            case 6:
                suffix = "M";
                break;
            case 9:
                suffix = "G";
                break;
            case 12:
                suffix = "T";
                break;
            case 15:
                suffix = "P";
                break;
            case 18:
                suffix = "E";
                break;
            default:
                break;  // 0, or beyond the table: v1.28 emits no suffix
        }
    } else if (exp != 0) {
        suffix = "e" + std::to_string(exp);
    }
    return sign + digits + suffix;
}

std::string Quantity::toDecimalString() const {
    if (isZero())
        return "0";
    const Exact e = exact();
    std::string digits = e.mag.toDecimal();
    int64_t exp = e.exp;
    size_t zeros = 0;
    while (zeros + 1 < digits.size() && digits[digits.size() - 1 - zeros] == '0') ++zeros;
    digits.resize(digits.size() - zeros);
    exp += static_cast<int64_t>(zeros);
    std::string out = e.neg ? "-" : "";
    const int64_t len = static_cast<int64_t>(digits.size());
    if (exp > kMaxExactDigits || -exp > kMaxExactDigits) {
        return out + digits + "e" + std::to_string(exp);
    }
    if (exp >= 0)
        return out + digits + std::string(static_cast<size_t>(exp), '0');
    const int64_t frac = -exp;
    if (frac >= len) {
        return out + "0." + std::string(static_cast<size_t>(frac - len), '0') + digits;
    }
    return out + digits.substr(0, static_cast<size_t>(len - frac)) + "." +
           digits.substr(static_cast<size_t>(len - frac));
}

}  // namespace pilothouse::resource
