#include "client/auth/exec/decode.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "api/codec/json.h"
#include "api/codec/yaml.h"
#include "client/auth/exec/go_time.h"
#include "client/clientcmd/go_text.h"
#include "util/base64.h"

namespace pilothouse::client::auth::exec {

namespace {

using codec::Value;

constexpr std::string_view kInternalVersion = "__internal";
// runtime.NewScheme names a scheme after the file and line that created it; client-go's exec
// plugin scheme, as kubectl reports it.
constexpr std::string_view kSchemeName = "pkg/client/auth/exec/exec.go:62";
// The Go type that apimachinery's SimpleMetaFactory reads apiVersion and kind into.
constexpr std::string_view kFindKindType =
    "struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string "
    "\"json:\\\"kind,omitempty\\\"\" }";

Status decodingError(const std::string& message) {
    return Status(StatusCode::InvalidArgument, "decoding stdout: " + message);
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// The JSON serializer claims text that starts with '{'; the YAML one takes the rest.
bool looksLikeJson(std::string_view text) {
    size_t i = 0;
    while (i < text.size() && isSpace(text[i])) ++i;
    return i < text.size() && text[i] == '{';
}

// Our JSON reader's message as encoding/json.Unmarshal words it: without the offset and the line
// and column our reader adds, and "unexpected end of JSON input" for text that stops too soon.
std::string goUnmarshalSyntaxError(std::string message) {
    constexpr std::string_view kOffset = "json: offset ";
    if (message.rfind(kOffset, 0) == 0) {
        const size_t colon = message.find(": ", kOffset.size());
        if (colon != std::string::npos)
            message.erase(0, colon + 2);
    }
    if (const size_t place = message.rfind(" (line ");
        place != std::string::npos && message.back() == ')')
        message.erase(place);
    if (message == "unexpected EOF")
        return "unexpected end of JSON input";
    return message;
}

// The document: the JSON text, or the first YAML document (null when there is none).
StatusOr<Value> readDocument(std::string_view text) {
    if (looksLikeJson(text)) {
        auto v = codec::parseJson(text);
        if (!v.isOk())
            return decodingError("couldn't get version/kind; json parse error: " +
                                 goUnmarshalSyntaxError(v.status().message()));
        return v;
    }
    Value first;
    bool got = false;
    const Status stop(StatusCode::Cancelled, "first document read");
    Status st = codec::readYamlDocuments(text, {}, [&](int, Value&& value) {
        first = std::move(value);
        got = true;
        return stop;  // YAMLToJSON reads the first document only
    });
    if (!st.isOk() && !got)
        return decodingError("error converting YAML to JSON: " + st.message());
    return first;
}

bool equalFoldAscii(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = char(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = char(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return true;
}

std::string typeError(const Value& v, std::string_view goStruct, std::string_view path,
                      std::string_view goType) {
    return std::string("json: cannot unmarshal ") + v.typeName() + " into Go struct field " +
           std::string(goStruct) + "." + std::string(path) + " of type " + std::string(goType);
}

// SimpleMetaFactory.Interpret: apiVersion and kind, read as encoding/json reads them.
Status interpret(const Value& doc, std::string& apiVersion, std::string& kind) {
    if (doc.isNull())
        return {};
    if (!doc.isObject())
        return decodingError(
            std::string("couldn't get version/kind; json parse error: json: cannot unmarshal ") +
            doc.typeName() + " into Go value of type " + std::string(kFindKindType));
    std::optional<std::string> firstError;
    for (const auto& [key, value] : doc.asObject()) {
        std::string* target = equalFoldAscii(key, "apiVersion") ? &apiVersion
                              : equalFoldAscii(key, "kind")     ? &kind
                                                                : nullptr;
        if (!target || value.isNull())
            continue;
        if (value.isString())
            *target = value.asString();
        else if (!firstError)
            firstError =
                typeError(value, "", equalFoldAscii(key, "kind") ? "kind" : "apiVersion", "string");
    }
    if (firstError)
        return decodingError("couldn't get version/kind; json parse error: " + *firstError);
    return {};
}

// The shape of the v1 / v1beta1 ExecCredential, as its Go structs and JSON tags give it.
enum class FieldType { String, Bool, Bytes, Time, Raw, Struct };
struct StructShape;
struct FieldShape {
    const char* key;
    FieldType type;
    const StructShape* shape = nullptr;  // for Struct
};
struct StructShape {
    const char* goName;
    std::vector<FieldShape> fields;
};

const StructShape kCluster{"Cluster",
                           {{"server", FieldType::String},
                            {"tls-server-name", FieldType::String},
                            {"insecure-skip-tls-verify", FieldType::Bool},
                            {"certificate-authority-data", FieldType::Bytes},
                            {"proxy-url", FieldType::String},
                            {"disable-compression", FieldType::Bool},
                            {"config", FieldType::Raw}}};
const StructShape kSpec{
    "ExecCredentialSpec",
    {{"cluster", FieldType::Struct, &kCluster}, {"interactive", FieldType::Bool}}};
const StructShape kStatus{"ExecCredentialStatus",
                          {{"expirationTimestamp", FieldType::Time},
                           {"token", FieldType::String},
                           {"clientCertificateData", FieldType::String},
                           {"clientKeyData", FieldType::String}}};
const StructShape kCredential{"ExecCredential",
                              {{"kind", FieldType::String},
                               {"apiVersion", FieldType::String},
                               {"spec", FieldType::Struct, &kSpec},
                               {"status", FieldType::Struct, &kStatus}}};

// The typed decode (sigs.k8s.io/json, case-sensitive, not strict): a wrong type is remembered and
// decoding goes on (the first one is reported); a failing metav1.Time stops it at once.
class TypedDecode {
public:
    explicit TypedDecode(std::string_view version) : package_(version) {}

    Status run(const Value& doc) {
        if (Status fatal = walk(doc, kCredential, ""); !fatal.isOk())
            return fatal;
        if (firstError_)
            return decodingError(*firstError_);
        return {};
    }

private:
    Status walk(const Value& object, const StructShape& shape, const std::string& path) {
        for (const auto& [key, value] : object.asObject()) {
            for (const FieldShape& f : shape.fields) {
                if (key != f.key)
                    continue;
                const std::string fieldPath = path.empty() ? key : path + "." + key;
                if (Status fatal = field(value, f, shape, fieldPath); !fatal.isOk())
                    return fatal;
            }
        }
        return {};
    }

    Status field(const Value& v, const FieldShape& f, const StructShape& parent,
                 const std::string& path) {
        if (v.isNull() && f.type != FieldType::Time)
            return {};
        switch (f.type) {
            case FieldType::String:
                if (!v.isString())
                    remember(typeError(v, parent.goName, path, "string"));
                break;
            case FieldType::Bool:
                if (!v.isBool())
                    remember(typeError(v, parent.goName, path, "bool"));
                break;
            case FieldType::Bytes:
                if (!v.isString())
                    remember(typeError(v, parent.goName, path, "[]uint8"));
                else if (auto bytes = util::base64Decode(v.asString()); !bytes.isOk())
                    remember(bytes.status().message());
                break;
            case FieldType::Raw:
                break;
            case FieldType::Time:
                // metav1.Time.UnmarshalJSON: null is "no time"; otherwise a string, parsed.
                if (v.isNull())
                    break;
                if (!v.isString())
                    return decodingError(typeError(v, parent.goName, path, "string"));
                if (auto t = parseGoRfc3339(v.asString()); !t.isOk())
                    return decodingError(t.status().message());
                break;
            case FieldType::Struct:
                if (!v.isObject()) {
                    remember(typeError(v, parent.goName, path, package_ + "." + f.shape->goName));
                    break;
                }
                return walk(v, *f.shape, path);
        }
        return {};
    }

    void remember(std::string error) {
        if (!firstError_)
            firstError_ = std::move(error);
    }

    std::string package_;
    std::optional<std::string> firstError_;
};

std::string stringField(const Value& object, std::string_view key) {
    const Value* v = object.find(key);
    return v && v->isString() ? v->asString() : std::string();
}

}  // namespace

StatusOr<ExecCredentialStatus> decodeExecCredential(std::string_view output,
                                                    std::string_view apiVersion) {
    auto doc = readDocument(output);
    if (!doc.isOk())
        return doc.status();

    std::string apiVersionText, kind;
    PH_RETURN_IF_ERROR(interpret(*doc, apiVersionText, kind));

    // schema.ParseGroupVersion.
    std::string group, version;
    if (!apiVersionText.empty() && apiVersionText != "/") {
        const size_t slashes =
            size_t(std::count(apiVersionText.begin(), apiVersionText.end(), '/'));
        if (slashes > 1)
            return decodingError("unexpected GroupVersion string: " + apiVersionText);
        if (slashes == 0) {
            version = apiVersionText;
        } else {
            const size_t slash = apiVersionText.find('/');
            group = apiVersionText.substr(0, slash);
            version = apiVersionText.substr(slash + 1);
        }
    }
    // What is left out is taken from the type decoded into: the group's internal ExecCredential.
    if (kind.empty())
        kind = kKind;
    if (version.empty() && (group.empty() || group == kGroup)) {
        group = kGroup;
        version = kInternalVersion;
    }
    if (version.empty())
        return decodingError("Object 'apiVersion' is missing in '" + std::string(output) + "'");
    const std::string returned = group.empty() ? version : group + "/" + version;

    const bool known = group == kGroup && kind == kKind &&
                       (version == "v1" || version == "v1beta1" || version == kInternalVersion);
    if (!known) {
        using clientcmd::goQuote;
        if (group == kGroup && version == kInternalVersion)
            return decodingError("no kind " + goQuote(kind) +
                                 " is registered for the internal version of group " +
                                 goQuote(group) + " in scheme " + goQuote(kSchemeName));
        return decodingError("no kind " + goQuote(kind) + " is registered for version " +
                             goQuote(returned) + " in scheme " + goQuote(kSchemeName));
    }
    // The internal type has no JSON names, so nothing a plugin writes lands in it; the version
    // check below is what refuses it.
    if (version != kInternalVersion && doc->isObject())
        PH_RETURN_IF_ERROR(TypedDecode(version).run(*doc));

    if (returned != apiVersion)
        return Status(StatusCode::InvalidArgument, "exec plugin is configured to use API version " +
                                                       std::string(apiVersion) +
                                                       ", plugin returned version " + returned);

    const Value* status = doc->isObject() ? doc->find("status") : nullptr;
    if (!status || status->isNull())
        return Status(StatusCode::InvalidArgument, "exec plugin didn't return a status field");
    ExecCredentialStatus out;
    out.token = stringField(*status, "token");
    out.clientCertificateData = stringField(*status, "clientCertificateData");
    out.clientKeyData = stringField(*status, "clientKeyData");
    if (out.token.empty() && out.clientCertificateData.empty() && out.clientKeyData.empty())
        return Status(StatusCode::InvalidArgument,
                      "exec plugin didn't return a token or cert/key pair");
    if (out.clientCertificateData.empty() != out.clientKeyData.empty())
        return Status(StatusCode::InvalidArgument,
                      "exec plugin returned only certificate or key, not both");
    if (const Value* t = status->find("expirationTimestamp"); t && t->isString()) {
        auto parsed = parseGoRfc3339(t->asString());  // checked by the typed decode already
        if (parsed.isOk())
            out.expirationTimestamp = *parsed;
    }
    return out;
}

}  // namespace pilothouse::client::auth::exec
