#include "apiserver/server/admin_kubeconfig.h"

#include <openssl/rand.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "api/codec/value.h"
#include "api/codec/yaml.h"
#include "apiserver/authentication/token_authenticator.h"
#include "util/base64.h"

namespace pilothouse::apiserver::server {

using codec::Value;

namespace {

std::string randomToken() {
    unsigned char bytes[24];
    RAND_bytes(bytes, sizeof bytes);
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned char b : bytes) {
        out += hex[b >> 4];
        out += hex[b & 15];
    }
    return out;
}

Value named(const std::string& name, const std::string& key, Value value) {
    Value entry = Value::object();
    entry.set(key, std::move(value));
    entry.set("name", name);
    Value list = Value::array();
    list.push(std::move(entry));
    return list;
}

}  // namespace

StatusOr<std::string> ensureAdminToken(const std::string& tokenFile) {
    auto tokens = authentication::TokenAuthenticator::fromFile(tokenFile);
    if (!tokens) return tokens.status();
    if (std::string token = tokens->tokenOf(kAdminUser); !token.empty()) return token;
    const std::string token = randomToken();
    // A record on a line of its own, after whatever the file ends with.
    std::string before;
    {
        std::ifstream in(tokenFile, std::ios::binary);
        before.assign(std::istreambuf_iterator<char>(in), {});
    }
    std::ofstream out(tokenFile, std::ios::binary | std::ios::app);
    if (!before.empty() && before.back() != '\n') out << "\n";
    out << token << "," << kAdminUser << "," << kAdminUser << ",\"system:masters\"\n";
    out.close();
    if (!out) return Status(StatusCode::Unavailable, "cannot add the " + std::string(kAdminUser) + " token to " + tokenFile);
    return token;
}

Status writeAdminKubeconfig(const std::string& path, const std::string& server, const std::string& caPem,
                            const std::string& token) {
    Value cluster = Value::object();
    cluster.set("certificate-authority-data", util::base64Encode(caPem));
    cluster.set("server", server);
    Value context = Value::object();
    context.set("cluster", "pilothouse");
    context.set("namespace", "default");
    context.set("user", kAdminUser);
    // kubectl asks for a user name and password when a user has no credentials at all; a server
    // that authenticates nobody ignores the token, so it says so.
    Value user = Value::object();
    user.set("token", token.empty() ? std::string("none-needed-the-server-authenticates-nobody") : token);

    Value config = Value::object();
    config.set("apiVersion", "v1");
    config.set("kind", "Config");
    config.set("clusters", named("pilothouse", "cluster", std::move(cluster)));
    config.set("contexts", named("pilothouse", "context", std::move(context)));
    config.set("current-context", "pilothouse");
    config.set("preferences", Value::object());
    config.set("users", named(kAdminUser, "user", std::move(user)));

    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) return Status(StatusCode::Unavailable, "cannot write the kubeconfig " + path);
        out << codec::toYaml(config);
        out.close();
        if (!out) return Status(StatusCode::Unavailable, "cannot write the kubeconfig " + path);
    }
    ::chmod(tmp.c_str(), 0600);
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) return Status(StatusCode::Unavailable, "cannot write the kubeconfig " + path + ": " + ec.message());
    return {};
}

}  // namespace pilothouse::apiserver::server
