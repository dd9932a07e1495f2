#include "client/clientcmd/decode.h"

#include <functional>
#include <optional>
#include <set>
#include <vector>

#include "api/codec/value.h"
#include "api/codec/yaml.h"
#include "client/clientcmd/go_text.h"
#include "util/base64.h"

namespace pilothouse::client::clientcmd {

namespace {

using codec::Value;

// Where a value sits, in two spellings: Go's error context (JSON names from the root, no indexes,
// and the Go struct holding the field) and ours (with indexes) for the reader.
struct Field {
    std::string goPath;
    std::string path;
    std::string goStruct;

    Field member(std::string_view structName, std::string_view key) const {
        Field f;
        f.goPath = goPath.empty() ? std::string(key) : goPath + "." + std::string(key);
        f.path = path.empty() ? std::string(key) : path + "." + std::string(key);
        f.goStruct = std::string(structName);
        return f;
    }
    Field element(size_t i) const {
        Field f = *this;
        f.path += "[" + std::to_string(i) + "]";
        return f;
    }
};

std::string where(const Value& at, const Field& f) {
    std::string out = at.line() > 0 ? "line " + std::to_string(at.line()) + ": " : "";
    if (!f.path.empty())
        out += f.path + ": ";
    return out;
}

// The first problem of one part of the text (an entry, or the text itself) and when, in the whole
// reading, it was found.
class Problems {
public:
    explicit Problems(int& clock) : clock_(&clock) {}

    void add(const Value& at, const Field& f, const std::string& message) {
        const int order = (*clock_)++;
        if (first_)
            return;
        first_ = Status(StatusCode::InvalidArgument, where(at, f) + message);
        order_ = order;
    }
    // encoding/json's UnmarshalTypeError.
    void typeError(const Value& v, const Field& f, std::string_view goType) {
        add(v, f,
            std::string("json: cannot unmarshal ") + v.typeName() + " into Go struct field " +
                f.goStruct + "." + f.goPath + " of type " + std::string(goType));
    }
    bool any() const { return first_.has_value(); }
    const Status& first() const { return *first_; }
    int order() const { return order_; }

private:
    int* clock_;
    std::optional<Status> first_;
    int order_ = 0;
};

// An object's members in the order client-go decodes them: sorted by key (the YAML becomes a Go
// map, marshalled to JSON), a repeated key's last value winning.
std::map<std::string, const Value*> members(const Value& object) {
    std::map<std::string, const Value*> out;
    for (const auto& [key, value] : object.asObject()) out[key] = &value;
    return out;
}

void readString(const Value& v, const Field& f, std::string& out, Problems& p,
                std::string_view goType = "string") {
    if (v.isNull())
        return;
    if (!v.isString())
        return p.typeError(v, f, goType);
    out = v.asString();
}

void readBool(const Value& v, const Field& f, bool& out, Problems& p) {
    if (v.isNull())
        return;
    if (!v.isBool())
        return p.typeError(v, f, "bool");
    out = v.asBool();
}

// A []byte field: base64 text.
void readBytes(const Value& v, const Field& f, std::string& out, Problems& p) {
    if (v.isNull())
        return;
    if (!v.isString())
        return p.typeError(v, f, "[]uint8");
    auto decoded = util::base64Decode(v.asString());
    if (!decoded.isOk())
        return p.add(v, f, decoded.status().message());
    out = std::move(*decoded);
}

void readStrings(const Value& v, const Field& f, std::vector<std::string>& out, Problems& p) {
    if (v.isNull())
        return;
    if (!v.isArray())
        return p.typeError(v, f, "[]string");
    out.clear();
    for (size_t i = 0; i < v.asArray().size(); ++i) {
        const Value& e = v.asArray()[i];
        out.emplace_back();
        readString(e, f.element(i), out.back(), p);
    }
}

// A list of extensions ({name, extension}); only their types and names matter to us. Returns the
// conversion error for a name used twice, if any.
std::optional<Status> readExtensions(const Value& v, const Field& f, Problems& p) {
    if (v.isNull())
        return std::nullopt;
    if (!v.isArray()) {
        p.typeError(v, f, "[]v1.NamedExtension");
        return std::nullopt;
    }
    std::set<std::string> names;
    std::optional<Status> duplicate;
    for (size_t i = 0; i < v.asArray().size(); ++i) {
        const Value& e = v.asArray()[i];
        const Field ef = f.element(i);
        std::string name;
        if (!e.isNull()) {
            if (!e.isObject()) {
                p.typeError(e, ef, "v1.NamedExtension");
                continue;
            }
            if (const Value* n = e.find("name"))
                readString(*n, ef.member("NamedExtension", "name"), name, p);
        }
        if (!names.insert(name).second && !duplicate)
            duplicate = Status(StatusCode::InvalidArgument,
                               where(e, ef) +
                                   "error converting *[]NamedExtension into "
                                   "*map[string]runtime.Object: duplicate name " +
                                   goQuote(name) + " in list");
    }
    return duplicate;
}

// What one entry of clusters/users/contexts read as.
template <typename T>
struct Entry {
    std::string name;
    T value;
    Problems problems;
    std::optional<Status> conversion;  // a duplicated extension name inside it
    const Value* at;
    Field field;
};

void readCluster(const Value& v, const Field& f, api::Cluster& c, Problems& p,
                 std::optional<Status>& conversion) {
    constexpr std::string_view S = "Cluster";
    for (const auto& [key, value] : members(v)) {
        const Field m = f.member(S, key);
        if (key == "server")
            readString(*value, m, c.server, p);
        else if (key == "tls-server-name")
            readString(*value, m, c.tlsServerName, p);
        else if (key == "insecure-skip-tls-verify")
            readBool(*value, m, c.insecureSkipTLSVerify, p);
        else if (key == "certificate-authority")
            readString(*value, m, c.certificateAuthority, p);
        else if (key == "certificate-authority-data")
            readBytes(*value, m, c.certificateAuthorityData, p);
        else if (key == "proxy-url")
            readString(*value, m, c.proxyURL, p);
        else if (key == "disable-compression")
            readBool(*value, m, c.disableCompression, p);
        else if (key == "extensions")
            conversion = readExtensions(*value, m, p);
    }
}

void readExec(const Value& v, const Field& f, api::ExecConfig& e, Problems& p) {
    constexpr std::string_view S = "ExecConfig";
    for (const auto& [key, value] : members(v)) {
        const Field m = f.member(S, key);
        if (key == "command")
            readString(*value, m, e.command, p);
        else if (key == "args")
            readStrings(*value, m, e.args, p);
        else if (key == "apiVersion")
            readString(*value, m, e.apiVersion, p);
        else if (key == "installHint")
            readString(*value, m, e.installHint, p);
        else if (key == "provideClusterInfo")
            readBool(*value, m, e.provideClusterInfo, p);
        else if (key == "interactiveMode")
            readString(*value, m, e.interactiveMode, p, "v1.ExecInteractiveMode");
        else if (key == "env") {
            if (value->isNull())
                continue;
            if (!value->isArray()) {
                p.typeError(*value, m, "[]v1.ExecEnvVar");
                continue;
            }
            e.env.clear();
            for (size_t i = 0; i < value->asArray().size(); ++i) {
                const Value& item = value->asArray()[i];
                const Field im = m.element(i);
                e.env.emplace_back();
                if (item.isNull())
                    continue;
                if (!item.isObject()) {
                    p.typeError(item, im, "v1.ExecEnvVar");
                    continue;
                }
                for (const auto& [k, val] : members(item)) {
                    if (k == "name")
                        readString(*val, im.member("ExecEnvVar", k), e.env.back().name, p);
                    else if (k == "value")
                        readString(*val, im.member("ExecEnvVar", k), e.env.back().value, p);
                }
            }
        }
    }
    // SetDefaults_ExecConfig: the older versions may leave interactiveMode out.
    if (e.interactiveMode.empty() && (e.apiVersion == "client.authentication.k8s.io/v1beta1" ||
                                      e.apiVersion == "client.authentication.k8s.io/v1alpha1"))
        e.interactiveMode = api::kIfAvailableExecInteractiveMode;
}

void readAuthProvider(const Value& v, const Field& f, api::AuthProviderConfig& a, Problems& p) {
    constexpr std::string_view S = "AuthProviderConfig";
    for (const auto& [key, value] : members(v)) {
        const Field m = f.member(S, key);
        if (key == "name") {
            readString(*value, m, a.name, p);
        } else if (key == "config") {
            if (value->isNull())
                continue;
            if (!value->isObject()) {
                p.typeError(*value, m, "map[string]string");
                continue;
            }
            for (const auto& [k, val] : members(*value)) readString(*val, m, a.config[k], p);
        }
    }
}

void readAuthInfo(const Value& v, const Field& f, api::AuthInfo& a, Problems& p,
                  std::optional<Status>& conversion) {
    constexpr std::string_view S = "AuthInfo";
    for (const auto& [key, value] : members(v)) {
        const Field m = f.member(S, key);
        if (key == "client-certificate")
            readString(*value, m, a.clientCertificate, p);
        else if (key == "client-certificate-data")
            readBytes(*value, m, a.clientCertificateData, p);
        else if (key == "client-key")
            readString(*value, m, a.clientKey, p);
        else if (key == "client-key-data")
            readBytes(*value, m, a.clientKeyData, p);
        else if (key == "token")
            readString(*value, m, a.token, p);
        else if (key == "tokenFile")
            readString(*value, m, a.tokenFile, p);
        else if (key == "as")
            readString(*value, m, a.impersonate, p);
        else if (key == "as-uid")
            readString(*value, m, a.impersonateUID, p);
        else if (key == "as-groups")
            readStrings(*value, m, a.impersonateGroups, p);
        else if (key == "username")
            readString(*value, m, a.username, p);
        else if (key == "password")
            readString(*value, m, a.password, p);
        else if (key == "extensions")
            conversion = readExtensions(*value, m, p);
        else if (key == "as-user-extra") {
            if (value->isNull())
                continue;
            if (!value->isObject()) {
                p.typeError(*value, m, "map[string][]string");
                continue;
            }
            for (const auto& [k, val] : members(*value))
                readStrings(*val, m, a.impersonateUserExtra[k], p);
        } else if (key == "auth-provider") {
            if (value->isNull())
                continue;
            if (!value->isObject()) {
                p.typeError(*value, m, "v1.AuthProviderConfig");
                continue;
            }
            a.authProvider.emplace();
            readAuthProvider(*value, m, *a.authProvider, p);
        } else if (key == "exec") {
            if (value->isNull())
                continue;
            if (!value->isObject()) {
                p.typeError(*value, m, "v1.ExecConfig");
                continue;
            }
            a.exec.emplace();
            readExec(*value, m, *a.exec, p);
        }
    }
}

void readContext(const Value& v, const Field& f, api::Context& c, Problems& p,
                 std::optional<Status>& conversion) {
    constexpr std::string_view S = "Context";
    for (const auto& [key, value] : members(v)) {
        const Field m = f.member(S, key);
        if (key == "cluster")
            readString(*value, m, c.cluster, p);
        else if (key == "user")
            readString(*value, m, c.authInfo, p);
        else if (key == "namespace")
            readString(*value, m, c.namespaceName, p);
        else if (key == "extensions")
            conversion = readExtensions(*value, m, p);
    }
}

// The Go names of one of the three lists, for error texts.
struct ListKind {
    const char* listType;     // []v1.NamedCluster
    const char* elementType;  // v1.NamedCluster
    const char* elementName;  // NamedCluster
    const char* innerKey;     // cluster
    const char* innerType;    // v1.Cluster
    const char* conversion;   // error converting *[]NamedCluster into *map[string]*api.Cluster
};

constexpr ListKind kClusters{
    "[]v1.NamedCluster", "v1.NamedCluster",
    "NamedCluster",      "cluster",
    "v1.Cluster",        "error converting *[]NamedCluster into *map[string]*api.Cluster"};
constexpr ListKind kAuthInfos{
    "[]v1.NamedAuthInfo", "v1.NamedAuthInfo",
    "NamedAuthInfo",      "user",
    "v1.AuthInfo",        "error converting *[]NamedAuthInfo into *map[string]*api.AuthInfo"};
constexpr ListKind kContexts{
    "[]v1.NamedContext", "v1.NamedContext",
    "NamedContext",      "context",
    "v1.Context",        "error converting *[]NamedContext into *map[string]*api.Context"};

template <typename T>
using InnerReader =
    std::function<void(const Value&, const Field&, T&, Problems&, std::optional<Status>&)>;

// Reads one list's entries. Problems that cannot be pinned on a named entry go to `file`.
template <typename T>
std::vector<Entry<T>> readNamedList(const Value& v, const Field& f, const ListKind& kind,
                                    const InnerReader<T>& inner, Problems& file, int& clock) {
    std::vector<Entry<T>> entries;
    if (v.isNull())
        return entries;
    if (!v.isArray()) {
        file.typeError(v, f, kind.listType);
        return entries;
    }
    for (size_t i = 0; i < v.asArray().size(); ++i) {
        const Value& e = v.asArray()[i];
        const Field ef = f.element(i);
        Entry<T> entry{"", T{}, Problems(clock), std::nullopt, &e, ef};
        if (!e.isNull()) {
            if (!e.isObject()) {
                file.typeError(e, ef, kind.elementType);
                continue;
            }
            bool nameReadable = true;
            for (const auto& [key, value] : members(e)) {
                const Field m = ef.member(kind.elementName, key);
                if (key == "name") {
                    if (!value->isNull() && !value->isString()) {
                        file.typeError(*value, m, "string");
                        nameReadable = false;
                    } else if (value->isString()) {
                        entry.name = value->asString();
                    }
                } else if (key == kind.innerKey && !value->isNull()) {
                    if (!value->isObject())
                        entry.problems.typeError(*value, m, kind.innerType);
                    else
                        inner(*value, m, entry.value, entry.problems, entry.conversion);
                }
            }
            if (!nameReadable)
                continue;
        }
        entries.push_back(std::move(entry));
    }
    return entries;
}

// The reading's outcome so far: type problems in reading order, then conversion problems.
struct Verdict {
    std::optional<Status> firstType;
    int firstTypeOrder = 0;
    std::optional<Status> firstConversion;

    void type(const Problems& p) {
        if (p.any() && (!firstType || p.order() < firstTypeOrder)) {
            firstType = p.first();
            firstTypeOrder = p.order();
        }
    }
    void conversion(const std::optional<Status>& s) {
        if (s && !firstConversion)
            firstConversion = s;
    }
};

// Makes one list a map as the v1 -> internal conversion does: per entry, its inner conversion, then
// its name (taken already: an error). Broken entries are set aside with their problem.
template <typename T>
void convert(std::vector<Entry<T>>& entries, const ListKind& kind, std::map<std::string, T>& good,
             std::map<std::string, Status>& broken, Verdict& verdict) {
    std::set<std::string> names;
    for (auto& entry : entries) {
        verdict.type(entry.problems);
        verdict.conversion(entry.conversion);
        if (!names.insert(entry.name).second) {
            verdict.conversion(Status(StatusCode::InvalidArgument,
                                      where(*entry.at, entry.field) + kind.conversion +
                                          ": duplicate name " + goQuote(entry.name) + " in list"));
            continue;  // the first entry of that name stays
        }
        if (entry.problems.any())
            broken[entry.name] = entry.problems.first();
        else if (entry.conversion)
            broken[entry.name] = *entry.conversion;
        else
            good[entry.name] = std::move(entry.value);
    }
}

const char* kMetaType =
    "struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string "
    "\"json:\\\"kind,omitempty\\\"\" }";

// runtime's DefaultMetaFactory and the scheme lookup: the text must be a v1 Config.
Status checkKind(const Value& doc, std::string& apiVersion, std::string& kind) {
    if (!doc.isObject())
        return Status(
            StatusCode::InvalidArgument,
            std::string("couldn't get version/kind; json parse error: json: cannot unmarshal ") +
                doc.typeName() + " into Go value of type " + kMetaType);
    for (const auto& [key, value] : members(doc)) {
        if (key != "apiVersion" && key != "kind")
            continue;
        if (value->isNull())
            continue;
        if (!value->isString())
            return Status(
                StatusCode::InvalidArgument,
                where(*value, Field{"", key, ""}) +
                    "couldn't get version/kind; json parse error: json: cannot unmarshal " +
                    value->typeName() + " into Go struct field ." + key + " of type string");
        (key == "apiVersion" ? apiVersion : kind) = value->asString();
    }
    const std::string version = apiVersion.empty() ? "v1" : apiVersion;
    const std::string k = kind.empty() ? "Config" : kind;
    if (version != "v1" || k != "Config")
        return Status(
            StatusCode::InvalidArgument,
            "no kind " + goQuote(k) + " is registered for version " + goQuote(version) +
                " in scheme \"k8s.io/client-go/tools/clientcmd/api/latest/latest.go:50\"");
    return {};
}

}  // namespace

DecodedKubeconfig decodeKubeconfig(std::string_view text) {
    DecodedKubeconfig out;
    if (text.empty())
        return out;  // an empty file is an empty Config

    // The first document only, as sigs.k8s.io/yaml reads it.
    Value doc;
    bool read = false;
    Status yaml = codec::readYamlDocuments(text, {}, [&](int, Value&& v) {
        doc = std::move(v);
        read = true;
        return Status(StatusCode::Cancelled, "first document read");
    });
    if (!yaml.isOk() && !read) {
        out.status = yaml;
        out.unreadable = true;
        return out;
    }
    if (doc.isNull())
        return out;

    std::string apiVersion, kind;
    if (Status st = checkKind(doc, apiVersion, kind); !st.isOk()) {
        out.status = st;
        out.unreadable = true;
        return out;
    }

    int clock = 0;
    Problems file(clock);
    Verdict verdict;
    const Field root{"", "", "Config"};
    std::vector<Entry<api::Cluster>> clusters;
    std::vector<Entry<api::AuthInfo>> authInfos;
    std::vector<Entry<api::Context>> contexts;
    std::optional<Status> preferencesConversion, extensionsConversion;
    for (const auto& [key, value] : members(doc)) {
        const Field m = root.member("Config", key);
        if (key == "clusters") {
            clusters = readNamedList<api::Cluster>(*value, m, kClusters, readCluster, file, clock);
        } else if (key == "users") {
            authInfos =
                readNamedList<api::AuthInfo>(*value, m, kAuthInfos, readAuthInfo, file, clock);
        } else if (key == "contexts") {
            contexts = readNamedList<api::Context>(*value, m, kContexts, readContext, file, clock);
        } else if (key == "current-context") {
            readString(*value, m, out.config.currentContext, file);
        } else if (key == "extensions") {
            extensionsConversion = readExtensions(*value, m, file);
        } else if (key == "preferences") {
            if (value->isNull())
                continue;
            if (!value->isObject()) {
                file.typeError(*value, m, "v1.Preferences");
                continue;
            }
            for (const auto& [k, val] : members(*value)) {
                bool colors = false;
                if (k == "colors")
                    readBool(*val, m.member("Preferences", k), colors, file);
                else if (k == "extensions")
                    preferencesConversion = readExtensions(*val, m.member("Preferences", k), file);
            }
        }
    }

    // The conversion's order: preferences, clusters, users, contexts, extensions.
    verdict.type(file);
    verdict.conversion(preferencesConversion);
    convert(clusters, kClusters, out.config.clusters, out.brokenClusters, verdict);
    convert(authInfos, kAuthInfos, out.config.authInfos, out.brokenAuthInfos, verdict);
    convert(contexts, kContexts, out.config.contexts, out.brokenContexts, verdict);
    verdict.conversion(extensionsConversion);
    if (verdict.firstType)
        out.status = *verdict.firstType;
    else if (verdict.firstConversion)
        out.status = *verdict.firstConversion;
    return out;
}

}  // namespace pilothouse::client::clientcmd
