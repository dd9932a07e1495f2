// Shared pieces of the validators, mirroring k8s.io/apimachinery/pkg/util/validation (the Is*
// checks and their message texts), pkg/api/validation (name functions, annotations, immutable
// fields), pkg/apis/meta/v1/validation (labels, label selectors) and the core helper predicates on
// resource names. Field paths are plain strings built as field.Path prints them:
// child("spec", "containers") -> "spec.containers", index(.., 0) -> "[0]", key(.., "cpu") -> "[cpu]".
// Go maps are unordered; where upstream iterates a map these helpers go in sorted key order.
#pragma once

#include <google/protobuf/map.h>
#include <google/protobuf/repeated_ptr_field.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "apiserver/validation/field_error.h"
#include "intstr.pb.h"
#include "meta_v1.pb.h"

namespace pilothouse::apiserver::validation {

using StringMap = google::protobuf::Map<std::string, std::string>;
using StringList = google::protobuf::RepeatedPtrField<std::string>;
using IntOrString = k8s::io::apimachinery::pkg::util::intstr::IntOrString;
using ObjectMeta = k8s::io::apimachinery::pkg::apis::meta::v1::ObjectMeta;
using LabelSelector = k8s::io::apimachinery::pkg::apis::meta::v1::LabelSelector;

// ---- field paths ----
std::string child(const std::string& path, std::string_view name);
std::string index(const std::string& path, int64_t i);
std::string key(const std::string& path, std::string_view k);
void append(ErrorList& to, const ErrorList& from);
std::vector<std::string> sortedKeys(const StringMap& m);
// The map's entries in key order (Go's validation walks sorted keys, so errors come out in that
// order), pointing into the map: nothing copied.
std::vector<const StringMap::value_type*> sortedEntries(const StringMap& m);

// ---- rendering of Go values as field.Error prints them (%v / %q / %#v) ----
std::string goInt(int64_t v);
std::string goBool(bool v);
// %#v of map[string]string: map[string]string{"a":"1", "b":"2"}; empty -> map[string]string(nil).
std::string goStringMap(const StringMap& m);
// %#v of []string (or a named slice type): []string{"a", "b"}; empty -> []string(nil).
std::string goStringSlice(const StringList& v, std::string_view type = "[]string");
// %#v of v1.LabelSelector (the value a *LabelSelector points to).
std::string goLabelSelector(const LabelSelector& s);
// %#v of intstr.IntOrString.
std::string goIntOrString(const IntOrString& v);
// %#v of a resource.Quantity parsed from `text` (int64Amount form, cached string when upstream
// keeps it), e.g. resource.Quantity{i:resource.int64Amount{value:1500, scale:-3},
// d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1500m", Format:"DecimalSI"}.
std::string goQuantity(std::string_view text);
// A Go pointer printed by %#v inside a struct; the address is not meaningful here.
std::string goPointer(std::string_view type);

// ---- k8s.io/apimachinery/pkg/util/validation ----
std::string maxLenError(int length);
std::string regexError(std::string_view msg, std::string_view fmt,
                       const std::vector<std::string>& examples);
std::string emptyError();
std::string inclusiveRangeError(int64_t lo, int64_t hi);

std::vector<std::string> isDNS1123Label(std::string_view value);
std::vector<std::string> isDNS1123Subdomain(std::string_view value);
std::vector<std::string> isDNS1035Label(std::string_view value);
std::vector<std::string> isQualifiedName(std::string_view value);
std::vector<std::string> isValidLabelValue(std::string_view value);
std::vector<std::string> isValidPortNum(int64_t port);
std::vector<std::string> isValidPortName(std::string_view port);
std::vector<std::string> isEnvVarName(std::string_view value);
std::vector<std::string> isConfigMapKey(std::string_view value);
std::vector<std::string> isValidPercent(std::string_view value);
std::vector<std::string> isHTTPHeaderName(std::string_view value);
std::vector<std::string> isValidIP(std::string_view value);
std::vector<std::string> isValidUserID(int64_t uid);
std::vector<std::string> isValidGroupID(int64_t gid);
bool parseIPSloppy(std::string_view value, bool* isV6 = nullptr, unsigned char out[16] = nullptr);
bool parseCIDRSloppy(std::string_view value, bool* isV6 = nullptr);
bool isIPv4(std::string_view value);
bool isIPv6(std::string_view value);

// ---- name validation functions (ValidateNameFunc: name, prefix -> messages) ----
using NameFn = std::vector<std::string> (*)(std::string_view name, bool prefix);
std::vector<std::string> nameIsDNSSubdomain(std::string_view name, bool prefix);
std::vector<std::string> nameIsDNSLabel(std::string_view name, bool prefix);
std::vector<std::string> nameIsDNS1035Label(std::string_view name, bool prefix);
// path.IsValidPathSegmentName (RBAC names).
std::vector<std::string> nameIsPathSegment(std::string_view name, bool prefix);

// ---- field validators ----
ErrorList validateDNS1123Label(std::string_view value, const std::string& path);
ErrorList validateDNS1123Subdomain(std::string_view value, const std::string& path);
ErrorList validateQualifiedName(std::string_view value, const std::string& path);
ErrorList validateNonnegativeField(int64_t value, const std::string& path);
ErrorList validateLabelName(std::string_view name, const std::string& path);
ErrorList validateLabels(const StringMap& labels, const std::string& path);
ErrorList validateAnnotations(const StringMap& annotations, const std::string& path);
// nullptr: nothing to validate (a nil selector).
ErrorList validateLabelSelector(const LabelSelector* selector, const std::string& path);
// metav1.LabelSelectorAsSelector succeeds.
bool labelSelectorConvertible(const LabelSelector& selector);
// The selector (converted as LabelSelectorAsSelector does) matches the labels. An empty selector
// matches everything.
bool labelSelectorMatches(const LabelSelector& selector, const StringMap& labels);
bool labelSelectorEmpty(const LabelSelector& selector);
ErrorList validatePortNumOrName(const IntOrString& port, const std::string& path);
// intstr.IntOrString.IntValue().
int64_t intOrStringValue(const IntOrString& v);

// ---- resource names and quantities (pkg/apis/core/helper) ----
bool isHugePageResourceName(std::string_view name);
bool isNativeResource(std::string_view name);
bool isExtendedResourceName(std::string_view name);
bool isOvercommitAllowed(std::string_view name);
bool isIntegerResourceName(std::string_view name);
bool isStandardResourceName(std::string_view name);
bool isStandardContainerResourceName(std::string_view name);
bool isStandardQuotaResourceName(std::string_view name);
bool isStandardFinalizerName(std::string_view name);
ErrorList validateResourceName(std::string_view value, const std::string& path);
ErrorList validateContainerResourceName(std::string_view value, const std::string& path);
// ValidateResourceQuantityValue: non-negative, whole number for integer resources. A quantity
// that does not parse is reported as Invalid with the parse error (the codec normally rejects it
// before validation).
ErrorList validateResourceQuantityValue(std::string_view resource, const std::string& quantity,
                                        const std::string& path);

// ---- update helpers ----
// ValidateImmutableField for values already rendered: Invalid(path, rendered, "field is immutable").
ErrorList validateImmutableString(const std::string& newValue, const std::string& oldValue,
                                  const std::string& path);

inline constexpr const char* kIsNegativeErrorMsg = "must be greater than or equal to 0";
inline constexpr const char* kFieldImmutableErrorMsg = "field is immutable";
inline constexpr const char* kIsNotPositiveErrorMsg = "must be greater than zero";

}  // namespace pilothouse::apiserver::validation
