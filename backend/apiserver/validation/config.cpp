#include "apiserver/validation/config.h"

#include <cctype>
#include <map>

#include "apiserver/validation/object_meta.h"

namespace pilothouse::apiserver::validation {

namespace core = k8s::io::api::core::v1;

namespace {

// corev1.MaxSecretSize: the most a ConfigMap's or Secret's values may hold together.
constexpr int kMaxSize = 1024 * 1024;
const char* kImmutable = "field is immutable when `immutable` is set";

// IsConfigMapKey's messages for one key (none when it is valid).
std::vector<std::string> configKeyErrors(const std::string& key) {
    std::vector<std::string> out;
    if (key.size() > 253) out.push_back("must be no more than 253 characters");
    bool ok = !key.empty();
    for (char c : key)
        ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.');
    if (!ok)
        out.push_back("a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  "
                      "or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')");
    if (key == ".") out.push_back("must not be '.'");
    else if (key == "..") out.push_back("must not be '..'");
    else if (key.rfind("..", 0) == 0) out.push_back("must not start with '..'");
    return out;
}

template <typename Map>
void validateKeys(const Map& values, const std::string& field, ErrorList* errs, int* total) {
    std::map<std::string, std::string> sorted(values.begin(), values.end());
    for (const auto& [key, value] : sorted) {
        for (const auto& message : configKeyErrors(key))
            errs->push_back(invalid(field + "[" + key + "]", quote(key), message));
        *total += int(value.size());
    }
}

}  // namespace

ErrorList validateConfigMap(const core::ConfigMap& configMap) {
    ErrorList errs = validateObjectMeta(configMap.metadata(), true, nameIsDNSSubdomain, "metadata");
    int total = 0;
    validateKeys(configMap.data(), "data", &errs, &total);
    validateKeys(configMap.binary_data(), "binaryData", &errs, &total);
    std::map<std::string, std::string> sorted(configMap.data().begin(), configMap.data().end());
    for (const auto& [key, value] : sorted)
        if (configMap.binary_data().count(key))
            errs.push_back(invalid("data", quote(key), "duplicate of key present in binaryData"));
    if (total > kMaxSize) errs.push_back(tooLong("", "\"\"", kMaxSize));
    return errs;
}

ErrorList validateConfigMapUpdate(const core::ConfigMap& configMap, const core::ConfigMap& old) {
    ErrorList errs = validateObjectMetaUpdate(configMap.metadata(), old.metadata(), "metadata");
    if (old.has_immutable() && old.immutable()) {
        if (!configMap.has_immutable() || !configMap.immutable()) errs.push_back(forbidden("immutable", kImmutable));
        using Sorted = std::map<std::string, std::string>;
        if (Sorted(configMap.data().begin(), configMap.data().end()) != Sorted(old.data().begin(), old.data().end()))
            errs.push_back(forbidden("data", kImmutable));
        if (Sorted(configMap.binary_data().begin(), configMap.binary_data().end()) !=
            Sorted(old.binary_data().begin(), old.binary_data().end()))
            errs.push_back(forbidden("binaryData", kImmutable));
    }
    append(errs, validateConfigMap(configMap));
    return errs;
}

ErrorList validateSecret(const core::Secret& secret) {
    ErrorList errs = validateObjectMeta(secret.metadata(), true, nameIsDNSSubdomain, "metadata");
    int total = 0;
    validateKeys(secret.data(), "data", &errs, &total);
    if (total > kMaxSize) errs.push_back(tooLong("data", "\"\"", kMaxSize));
    const std::string& type = secret.type();
    auto requireKey = [&](const std::string& key) {
        if (!secret.data().count(key)) errs.push_back(required("data[" + key + "]"));
    };
    if (type == "kubernetes.io/tls") {
        requireKey("tls.key");
        requireKey("tls.crt");
    } else if (type == "kubernetes.io/dockerconfigjson") {
        requireKey(".dockerconfigjson");
    } else if (type == "kubernetes.io/dockercfg") {
        requireKey(".dockercfg");
    } else if (type == "kubernetes.io/basic-auth") {
        if (!secret.data().count("username") && !secret.data().count("password"))
            errs.push_back(required("data[username]"));
    } else if (type == "kubernetes.io/ssh-auth") {
        requireKey("ssh-privatekey");
    } else if (type == "kubernetes.io/service-account-token") {
        if (!secret.metadata().annotations().count("kubernetes.io/service-account.name"))
            errs.push_back(required("metadata.annotations[kubernetes.io/service-account.name]"));
    }
    return errs;
}

ErrorList validateSecretUpdate(const core::Secret& secret, const core::Secret& old) {
    ErrorList errs = validateObjectMetaUpdate(secret.metadata(), old.metadata(), "metadata");
    append(errs, validateImmutableString(quote(secret.type()), quote(old.type()), "type"));
    if (old.has_immutable() && old.immutable()) {
        if (!secret.has_immutable() || !secret.immutable()) errs.push_back(forbidden("immutable", kImmutable));
        using Sorted = std::map<std::string, std::string>;
        if (Sorted(secret.data().begin(), secret.data().end()) != Sorted(old.data().begin(), old.data().end()))
            errs.push_back(forbidden("data", kImmutable));
    }
    append(errs, validateSecret(secret));
    return errs;
}

ErrorList validateServiceAccount(const core::ServiceAccount& account) {
    return validateObjectMeta(account.metadata(), true, nameIsDNSSubdomain, "metadata");
}

ErrorList validateServiceAccountUpdate(const core::ServiceAccount& account, const core::ServiceAccount& old) {
    ErrorList errs = validateObjectMetaUpdate(account.metadata(), old.metadata(), "metadata");
    append(errs, validateServiceAccount(account));
    return errs;
}

}  // namespace pilothouse::apiserver::validation
