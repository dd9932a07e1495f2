#include "api/resource/big_uint.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pilothouse::resource::detail {

namespace {
constexpr uint32_t kPow10U32[10] = {1,      10,      100,      1000,      10000,
                                    100000, 1000000, 10000000, 100000000, 1000000000};

size_t digitsOfU64(uint64_t v) {
    size_t n = 1;
    while (v >= 10) {
        v /= 10;
        ++n;
    }
    return n;
}
}  // namespace

BigUInt::BigUInt(uint64_t v) {
    if (v != 0) {
        limbs_.push_back(static_cast<uint32_t>(v));
        if ((v >> 32) != 0)
            limbs_.push_back(static_cast<uint32_t>(v >> 32));
    }
}

std::optional<BigUInt> BigUInt::fromDecimal(std::string_view digits) {
    BigUInt out;
    size_t i = 0;
    // Consume up to nine digits at a time: multiply by 10^k, add the chunk.
    while (i < digits.size()) {
        const size_t take = std::min<size_t>(9, digits.size() - i);
        uint32_t chunk = 0;
        for (size_t j = 0; j < take; ++j) {
            const char c = digits[i + j];
            if (c < '0' || c > '9')
                return std::nullopt;
            chunk = chunk * 10 + static_cast<uint32_t>(c - '0');
        }
        out.mulSmall(kPow10U32[take]);
        out.addSmall(chunk);
        i += take;
    }
    return out;
}

uint64_t BigUInt::low64() const {
    uint64_t v = 0;
    if (!limbs_.empty())
        v = limbs_[0];
    if (limbs_.size() > 1)
        v |= static_cast<uint64_t>(limbs_[1]) << 32;
    return v;
}

size_t BigUInt::bitLength() const {
    if (limbs_.empty())
        return 0;
    const uint32_t top = limbs_.back();
    size_t bits = 0;
    for (uint32_t t = top; t != 0; t >>= 1) ++bits;
    return (limbs_.size() - 1) * 32 + bits;
}

size_t BigUInt::decimalDigits() const {
    if (fitsU64())
        return digitsOfU64(low64());
    // 2^(b-1) <= v < 2^b bounds the count to one or two candidates; settle it against a power
    // of ten instead of converting the whole number.
    constexpr double kLog10Of2 = 0.30102999566398120;
    const double bits = static_cast<double>(bitLength());
    size_t lower = static_cast<size_t>((bits - 1) * kLog10Of2 - 1e-9) + 1;
    const size_t upper = static_cast<size_t>(bits * kLog10Of2 + 1e-9) + 1;
    BigUInt power(1);
    power.mulPow10(lower - 1);
    while (lower < upper) {
        BigUInt next = power;
        next.mulSmall(10);
        if (compare(next) < 0)
            break;
        power = std::move(next);
        ++lower;
    }
    return lower;
}

std::string BigUInt::toDecimal() const {
    if (limbs_.empty())
        return "0";
    if (fitsU64())
        return std::to_string(low64());
    BigUInt work = *this;
    std::vector<uint32_t> chunks;  // base 10^9, least significant first
    while (!work.isZero()) chunks.push_back(work.divBillion());
    std::string out = std::to_string(chunks.back());
    for (size_t i = chunks.size() - 1; i-- > 0;) {
        std::string part = std::to_string(chunks[i]);
        out.append(9 - part.size(), '0');
        out += part;
    }
    return out;
}

int BigUInt::compare(const BigUInt& other) const {
    if (limbs_.size() != other.limbs_.size())
        return limbs_.size() < other.limbs_.size() ? -1 : 1;
    for (size_t i = limbs_.size(); i-- > 0;) {
        if (limbs_[i] != other.limbs_[i])
            return limbs_[i] < other.limbs_[i] ? -1 : 1;
    }
    return 0;
}

void BigUInt::add(const BigUInt& other) {
    if (limbs_.size() < other.limbs_.size())
        limbs_.resize(other.limbs_.size(), 0);
    uint64_t carry = 0;
    for (size_t i = 0; i < limbs_.size(); ++i) {
        uint64_t s = static_cast<uint64_t>(limbs_[i]) + carry;
        if (i < other.limbs_.size())
            s += other.limbs_[i];
        limbs_[i] = static_cast<uint32_t>(s);
        carry = s >> 32;
    }
    if (carry != 0)
        limbs_.push_back(static_cast<uint32_t>(carry));
}

void BigUInt::sub(const BigUInt& other) {
    int64_t borrow = 0;
    for (size_t i = 0; i < limbs_.size(); ++i) {
        int64_t d = static_cast<int64_t>(limbs_[i]) - borrow;
        if (i < other.limbs_.size())
            d -= other.limbs_[i];
        borrow = 0;
        if (d < 0) {
            d += (int64_t{1} << 32);
            borrow = 1;
        }
        limbs_[i] = static_cast<uint32_t>(d);
    }
    trim();
}

void BigUInt::mulSmall(uint32_t factor) {
    if (limbs_.empty())
        return;
    if (factor == 0) {
        limbs_.clear();
        return;
    }
    uint64_t carry = 0;
    for (uint32_t& limb : limbs_) {
        const uint64_t p = static_cast<uint64_t>(limb) * factor + carry;
        limb = static_cast<uint32_t>(p);
        carry = p >> 32;
    }
    if (carry != 0)
        limbs_.push_back(static_cast<uint32_t>(carry));
}

void BigUInt::mulU64(uint64_t factor) {
    const uint32_t hi = static_cast<uint32_t>(factor >> 32);
    if (hi == 0) {
        mulSmall(static_cast<uint32_t>(factor));
        return;
    }
    BigUInt high = *this;
    high.mulSmall(hi);
    high.shiftLeft(32);
    mulSmall(static_cast<uint32_t>(factor));
    add(high);
}

void BigUInt::addSmall(uint32_t addend) {
    uint64_t carry = addend;
    for (size_t i = 0; i < limbs_.size() && carry != 0; ++i) {
        const uint64_t s = static_cast<uint64_t>(limbs_[i]) + carry;
        limbs_[i] = static_cast<uint32_t>(s);
        carry = s >> 32;
    }
    if (carry != 0)
        limbs_.push_back(static_cast<uint32_t>(carry));
}

uint32_t BigUInt::divBillion() {
    // A constant divisor lets the compiler replace the divisions by multiplications.
    constexpr uint64_t kBillion = 1000000000u;
    uint64_t rem = 0;
    for (size_t i = limbs_.size(); i-- > 0;) {
        const uint64_t cur = (rem << 32) | limbs_[i];
        limbs_[i] = static_cast<uint32_t>(cur / kBillion);
        rem = cur % kBillion;
    }
    trim();
    return static_cast<uint32_t>(rem);
}

uint32_t BigUInt::divSmall(uint32_t divisor) {
    uint64_t rem = 0;
    for (size_t i = limbs_.size(); i-- > 0;) {
        const uint64_t cur = (rem << 32) | limbs_[i];
        limbs_[i] = static_cast<uint32_t>(cur / divisor);
        rem = cur % divisor;
    }
    trim();
    return static_cast<uint32_t>(rem);
}

void BigUInt::shiftLeft(uint64_t bits) {
    if (limbs_.empty() || bits == 0)
        return;
    const size_t limbShift = static_cast<size_t>(bits / 32);
    const unsigned bitShift = static_cast<unsigned>(bits % 32);
    if (bitShift != 0) {
        uint32_t carry = 0;
        for (uint32_t& limb : limbs_) {
            const uint32_t next = limb >> (32 - bitShift);
            limb = (limb << bitShift) | carry;
            carry = next;
        }
        if (carry != 0)
            limbs_.push_back(carry);
    }
    if (limbShift != 0)
        limbs_.insert(limbs_.begin(), limbShift, 0);
}

void BigUInt::shiftRight(uint64_t bits) {
    const size_t limbShift = static_cast<size_t>(bits / 32);
    if (limbShift >= limbs_.size()) {
        limbs_.clear();
        return;
    }
    limbs_.erase(limbs_.begin(), limbs_.begin() + static_cast<std::ptrdiff_t>(limbShift));
    const unsigned bitShift = static_cast<unsigned>(bits % 32);
    if (bitShift != 0) {
        for (size_t i = 0; i < limbs_.size(); ++i) {
            uint32_t v = limbs_[i] >> bitShift;
            if (i + 1 < limbs_.size())
                v |= limbs_[i + 1] << (32 - bitShift);
            limbs_[i] = v;
        }
    }
    trim();
}

uint64_t BigUInt::trailingZeroBits() const {
    uint64_t bits = 0;
    for (uint32_t limb : limbs_) {
        if (limb != 0)
            return bits + static_cast<uint64_t>(__builtin_ctz(limb));
        bits += 32;
    }
    return 0;
}

void BigUInt::mulPow10(uint64_t n) {
    if (limbs_.empty())
        return;
    while (n >= 9) {
        mulSmall(1000000000u);
        n -= 9;
    }
    if (n > 0)
        mulSmall(kPow10U32[n]);
}

bool BigUInt::divPow10(uint64_t n) {
    if (limbs_.empty() || n == 0)
        return false;
    if (n > decimalDigits()) {
        limbs_.clear();
        return true;
    }
    bool remainder = false;
    while (n >= 9) {
        if (divBillion() != 0)
            remainder = true;
        n -= 9;
    }
    if (n > 0 && divSmall(kPow10U32[n]) != 0)
        remainder = true;
    return remainder;
}

double BigUInt::toDouble() const {
    if (fitsU64())
        return static_cast<double>(low64());
    const size_t bits = bitLength();
    if (bits > 1100)
        return std::numeric_limits<double>::infinity();
    // Keep the top 64 bits and fold every lower bit into a sticky bit: the 11 bits below the
    // 53-bit significand then still decide the rounding exactly as the full value would.
    BigUInt top = *this;
    top.shiftRight(bits - 64);
    uint64_t head = top.low64();
    BigUInt back = top;
    back.shiftLeft(bits - 64);
    if (back.compare(*this) != 0)
        head |= 1;
    return std::ldexp(static_cast<double>(head), static_cast<int>(bits - 64));
}

void BigUInt::trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

}  // namespace pilothouse::resource::detail
