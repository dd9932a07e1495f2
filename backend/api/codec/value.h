// A JSON value: the common tree that YAML and JSON input are read into and that objects are written
// out from. Objects keep insertion order (the encoder inserts keys sorted, as kubectl prints them).
// Numbers read from text keep their source spelling (`raw`), so a quantity written as 0.5 or 1e3 is
// not changed by going through a double. Value type; not thread-safe for concurrent mutation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace pilothouse::codec {

class Value {
public:
    enum class Type { Null, Bool, Int, Double, String, Array, Object };
    using Array = std::vector<Value>;
    using Member = std::pair<std::string, Value>;
    using Object = std::vector<Member>;

    Value() = default;
    Value(std::nullptr_t) {}                                  // NOLINT
    Value(bool b) : v_(b) {}                                  // NOLINT
    Value(int i) : v_(int64_t{i}) {}                          // NOLINT
    Value(int64_t i) : v_(i) {}                               // NOLINT
    Value(double d) : v_(d) {}                                // NOLINT
    Value(std::string s) : v_(std::move(s)) {}                // NOLINT
    Value(const char* s) : v_(std::string(s)) {}              // NOLINT
    Value(std::string_view s) : v_(std::string(s)) {}         // NOLINT
    static Value array() { Value v; v.v_ = Array{}; return v; }
    static Value object() { Value v; v.v_ = Object{}; return v; }

    Type type() const { return static_cast<Type>(v_.index()); }
    bool isNull() const { return type() == Type::Null; }
    bool isBool() const { return type() == Type::Bool; }
    bool isInt() const { return type() == Type::Int; }
    bool isDouble() const { return type() == Type::Double; }
    bool isNumber() const { return isInt() || isDouble(); }
    bool isString() const { return type() == Type::String; }
    bool isArray() const { return type() == Type::Array; }
    bool isObject() const { return type() == Type::Object; }

    bool asBool() const { return std::get<bool>(v_); }
    int64_t asInt() const { return std::get<int64_t>(v_); }
    double asDouble() const { return isInt() ? double(asInt()) : std::get<double>(v_); }
    const std::string& asString() const { return std::get<std::string>(v_); }
    const Array& asArray() const { return std::get<Array>(v_); }
    Array& asArray() { return std::get<Array>(v_); }
    const Object& asObject() const { return std::get<Object>(v_); }
    Object& asObject() { return std::get<Object>(v_); }

    // Object access. find returns nullptr when absent (or when this is not an object).
    const Value* find(std::string_view key) const;
    Value* find(std::string_view key);
    // Inserts null when absent; turns a non-object into an empty object first.
    Value& operator[](std::string_view key);
    void set(std::string_view key, Value value) { (*this)[key] = std::move(value); }
    bool erase(std::string_view key);
    void push(Value v);  // turns a non-array into an empty array first
    size_t size() const;

    // Sorts object keys recursively (kubectl's -o json/-o yaml print keys sorted).
    void sortKeys();

    // The number's spelling in the source text ("0.5", "1e3"), empty when built in code.
    const std::string& raw() const { return raw_; }
    void setRaw(std::string raw) { raw_ = std::move(raw); }
    // 1-based position in the source text; 0 when unknown.
    int line() const { return line_; }
    int column() const { return column_; }
    void setPosition(int line, int column) { line_ = line; column_ = column; }

    // Structural equality (ignores raw spelling and positions; 1 == 1.0 is false as in JSON types).
    bool operator==(const Value& other) const;

    // The number as text: raw spelling if any, else the shortest round-tripping form.
    std::string numberText() const;
    const char* typeName() const;  // "null", "bool", "number", "string", "array", "object"

private:
    std::variant<std::monostate, bool, int64_t, double, std::string, Array, Object> v_;
    std::string raw_;
    int line_ = 0;
    int column_ = 0;
};

}  // namespace pilothouse::codec
