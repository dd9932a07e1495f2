// A small arbitrary-precision unsigned integer: just what resource::Quantity needs to hold
// decimal amounts that do not fit an int64 (the role big.Int plays under inf.Dec upstream).
// Little-endian 32-bit limbs, no leading zero limbs; zero is the empty limb vector.
// Thread-compatible value type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pilothouse::resource::detail {

class BigUInt {
public:
    BigUInt() = default;
    explicit BigUInt(uint64_t v);

    // Parses a run of ASCII digits (leading zeros allowed, empty means zero). Returns nullopt
    // when any character is not a digit.
    static std::optional<BigUInt> fromDecimal(std::string_view digits);

    bool isZero() const { return limbs_.empty(); }
    // True when the value fits an uint64_t.
    bool fitsU64() const { return limbs_.size() <= 2; }
    // The value modulo 2^64.
    uint64_t low64() const;
    size_t bitLength() const;
    // Number of decimal digits; zero has one digit.
    size_t decimalDigits() const;
    std::string toDecimal() const;

    // -1, 0 or +1.
    int compare(const BigUInt& other) const;
    bool operator==(const BigUInt& other) const { return limbs_ == other.limbs_; }

    void add(const BigUInt& other);
    // Requires *this >= other.
    void sub(const BigUInt& other);
    void mulSmall(uint32_t factor);
    void mulU64(uint64_t factor);
    void addSmall(uint32_t addend);
    // Divides in place and returns the remainder. divisor must not be zero.
    uint32_t divSmall(uint32_t divisor);
    // divSmall(10^9), faster.
    uint32_t divBillion();
    void shiftLeft(uint64_t bits);
    void shiftRight(uint64_t bits);
    // Number of trailing zero bits; zero for zero.
    uint64_t trailingZeroBits() const;

    // *this *= 10^n.
    void mulPow10(uint64_t n);
    // *this = floor(*this / 10^n); returns true when the division left a non-zero remainder.
    bool divPow10(uint64_t n);

    // The nearest double (ties to even), +inf when the value is beyond the double range.
    double toDouble() const;

private:
    void trim();
    std::vector<uint32_t> limbs_;
};

}  // namespace pilothouse::resource::detail
