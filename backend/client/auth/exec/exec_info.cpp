#include "client/auth/exec/exec_info.h"

#include "api/codec/json.h"
#include "util/base64.h"

namespace pilothouse::client::auth::exec {

namespace {

codec::Value clusterJson(const ExecCluster& c) {
    codec::Value out = codec::Value::object();
    out.set("server", c.server);
    if (!c.tlsServerName.empty())
        out.set("tls-server-name", c.tlsServerName);
    if (c.insecureSkipTLSVerify)
        out.set("insecure-skip-tls-verify", true);
    if (!c.certificateAuthorityData.empty())
        out.set("certificate-authority-data", util::base64Encode(c.certificateAuthorityData));
    if (!c.proxyURL.empty())
        out.set("proxy-url", c.proxyURL);
    if (c.disableCompression)
        out.set("disable-compression", true);
    // A runtime.RawExtension has no omitempty that works (it is a struct); empty, it prints null.
    out.set("config", nullptr);
    return out;
}

}  // namespace

std::string encodeExecInfo(std::string_view apiVersion, bool interactive,
                           const ExecCluster* cluster) {
    codec::Value spec = codec::Value::object();
    if (cluster)
        spec.set("cluster", clusterJson(*cluster));
    spec.set("interactive", interactive);

    codec::Value credential = codec::Value::object();
    credential.set("kind", kKind);
    credential.set("apiVersion", apiVersion);
    credential.set("spec", std::move(spec));

    std::string out;
    codec::appendJson(out, credential);
    out += '\n';  // json.Encoder ends every value with a newline
    return out;
}

}  // namespace pilothouse::client::auth::exec
