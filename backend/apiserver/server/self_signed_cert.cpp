#include "apiserver/server/self_signed_cert.h"

#include <cstdlib>

#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <sys/stat.h>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <unistd.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace pilothouse::apiserver::server {

namespace {

struct Free {
    void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
    void operator()(X509* p) const { X509_free(p); }
    void operator()(BIO* p) const { BIO_free(p); }
    void operator()(X509_EXTENSION* p) const { X509_EXTENSION_free(p); }
};
using Key = std::unique_ptr<EVP_PKEY, Free>;
using Cert = std::unique_ptr<X509, Free>;

std::string openSslError() {
    const unsigned long e = ERR_get_error();
    if (!e) return "unknown OpenSSL error";
    char text[256];
    ERR_error_string_n(e, text, sizeof text);
    return text;
}

bool isIp(const std::string& host) {
    unsigned char buf[16];
    return inet_pton(AF_INET, host.c_str(), buf) == 1 || inet_pton(AF_INET6, host.c_str(), buf) == 1;
}

Status writeFile(const std::string& path, const std::string& text, bool secret) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) return Status(StatusCode::Unavailable, "cannot write " + path);
    out << text;
    out.close();
    if (!out) return Status(StatusCode::Unavailable, "cannot write " + path);
    if (secret) ::chmod(path.c_str(), 0600);
    return {};
}

std::string pemOf(X509* cert) {
    std::unique_ptr<BIO, Free> bio(BIO_new(BIO_s_mem()));
    PEM_write_bio_X509(bio.get(), cert);
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, size_t(n));
}

std::string pemOf(EVP_PKEY* key) {
    std::unique_ptr<BIO, Free> bio(BIO_new(BIO_s_mem()));
    PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr);
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, size_t(n));
}

StatusOr<Cert> loadCert(const std::string& path) {
    auto text = readPem(path);
    if (!text) return text.status();
    std::unique_ptr<BIO, Free> bio(BIO_new_mem_buf(text->data(), int(text->size())));
    Cert cert(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
    if (!cert) return Status(StatusCode::InvalidArgument, path + ": not a PEM certificate: " + openSslError());
    return cert;
}

StatusOr<Key> loadKey(const std::string& path) {
    auto text = readPem(path);
    if (!text) return text.status();
    std::unique_ptr<BIO, Free> bio(BIO_new_mem_buf(text->data(), int(text->size())));
    Key key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
    if (!key) return Status(StatusCode::InvalidArgument, path + ": not a PEM private key: " + openSslError());
    return key;
}

Status addExtension(X509* cert, X509* issuer, int nid, const std::string& value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
    std::unique_ptr<X509_EXTENSION, Free> ext(X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str()));
    if (!ext || !X509_add_ext(cert, ext.get(), -1))
        return Status(StatusCode::Internal, "certificate extension " + value + ": " + openSslError());
    return {};
}

// A certificate for `key`, named `commonName`, signed by `issuerKey` (itself when no issuer).
StatusOr<Cert> makeCert(EVP_PKEY* key, const std::string& commonName, X509* issuer, EVP_PKEY* issuerKey, long days,
                        bool ca, const std::vector<std::string>& hosts) {
    Cert cert(X509_new());
    X509_set_version(cert.get(), 2);
    unsigned char serial[16];
    RAND_bytes(serial, sizeof serial);
    serial[0] &= 0x7f;
    BIGNUM* bn = BN_bin2bn(serial, sizeof serial, nullptr);
    BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get()));
    BN_free(bn);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), days * 24 * 3600);
    X509_set_pubkey(cert.get(), key);
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, reinterpret_cast<const unsigned char*>(commonName.c_str()), -1,
                               -1, 0);
    X509_set_issuer_name(cert.get(), issuer ? X509_get_subject_name(issuer) : name);
    X509* issuerCert = issuer ? issuer : cert.get();
    if (ca) {
        PH_RETURN_IF_ERROR(addExtension(cert.get(), issuerCert, NID_basic_constraints, "critical,CA:TRUE"));
        PH_RETURN_IF_ERROR(addExtension(cert.get(), issuerCert, NID_key_usage, "critical,keyCertSign,cRLSign,digitalSignature"));
        PH_RETURN_IF_ERROR(addExtension(cert.get(), issuerCert, NID_subject_key_identifier, "hash"));
    } else {
        PH_RETURN_IF_ERROR(addExtension(cert.get(), issuerCert, NID_basic_constraints, "critical,CA:FALSE"));
        PH_RETURN_IF_ERROR(addExtension(cert.get(), issuerCert, NID_key_usage, "critical,digitalSignature,keyEncipherment"));
        PH_RETURN_IF_ERROR(addExtension(cert.get(), issuerCert, NID_ext_key_usage, "serverAuth"));
        std::string san;
        for (const auto& h : hosts) san += (san.empty() ? "" : ",") + std::string(isIp(h) ? "IP:" : "DNS:") + h;
        PH_RETURN_IF_ERROR(addExtension(cert.get(), issuerCert, NID_subject_alt_name, san));
        PH_RETURN_IF_ERROR(addExtension(cert.get(), issuerCert, NID_authority_key_identifier, "keyid:always"));
    }
    if (!X509_sign(cert.get(), issuerKey, EVP_sha256()))
        return Status(StatusCode::Internal, "signing the certificate: " + openSslError());
    return cert;
}

// Whether `cert` names every host and stays valid for at least a week more.
bool covers(X509* cert, const std::vector<std::string>& hosts) {
    for (const auto& h : hosts) {
        const int ok = isIp(h) ? X509_check_ip_asc(cert, h.c_str(), 0) : X509_check_host(cert, h.c_str(), h.size(), 0, nullptr);
        if (ok != 1) return false;
    }
    time_t inAWeek = time(nullptr) + 7 * 24 * 3600;
    return X509_cmp_time(X509_get0_notAfter(cert), &inAWeek) > 0;
}

}  // namespace

namespace {
bool isWildcard(const std::string& host) { return host.empty() || host == "0.0.0.0" || host == "::"; }

// This machine's interface addresses (IPv4 first), loopback ones included when `loopback`.
std::vector<std::string> interfaceAddresses(bool loopback) {
    std::vector<std::string> v4, v6;
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return {};
    for (ifaddrs* i = list; i; i = i->ifa_next) {
        if (!i->ifa_addr || !(i->ifa_flags & IFF_UP)) continue;
        if (!loopback && (i->ifa_flags & IFF_LOOPBACK)) continue;
        char text[INET6_ADDRSTRLEN] = {};
        if (i->ifa_addr->sa_family == AF_INET) {
            inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(i->ifa_addr)->sin_addr, text, sizeof text);
            v4.push_back(text);
        } else if (i->ifa_addr->sa_family == AF_INET6) {
            auto* a6 = reinterpret_cast<sockaddr_in6*>(i->ifa_addr);
            if (IN6_IS_ADDR_LINKLOCAL(&a6->sin6_addr)) continue;
            inet_ntop(AF_INET6, &a6->sin6_addr, text, sizeof text);
            v6.push_back(text);
        }
    }
    freeifaddrs(list);
    v4.insert(v4.end(), v6.begin(), v6.end());
    return v4;
}
}  // namespace

std::vector<std::string> certificateHosts(const std::string& listenHost) {
    std::vector<std::string> hosts = {"localhost", "127.0.0.1", "::1"};
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) == 0 && name[0]) hosts.push_back(name);
    if (isWildcard(listenHost)) {
        for (const auto& a : interfaceAddresses(false)) hosts.push_back(a);
    } else {
        hosts.push_back(listenHost);
    }
    std::vector<std::string> unique;
    for (const auto& h : hosts)
        if (std::find(unique.begin(), unique.end(), h) == unique.end()) unique.push_back(h);
    return unique;
}

std::string advertisedHost(const std::string& listenHost) {
    if (!isWildcard(listenHost)) return listenHost;
    for (const auto& a : interfaceAddresses(false))
        if (a.find(':') == std::string::npos) return a;
    return "127.0.0.1";
}

StatusOr<std::string> readPem(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return Status(StatusCode::NotFound, "cannot read " + file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

StatusOr<ServingCertificate> ensureServingCertificate(const std::string& dir, const std::vector<std::string>& hosts) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Status(StatusCode::Unavailable, "cannot create the certificate folder " + dir + ": " + ec.message());
    ::chmod(dir.c_str(), 0700);
    ServingCertificate out{dir + "/ca.crt", dir + "/apiserver.crt", dir + "/apiserver.key", false};
    const std::string caKeyFile = dir + "/ca.key";

    Key caKey;
    Cert caCert;
    if (std::filesystem::exists(out.caFile) && std::filesystem::exists(caKeyFile)) {
        auto cert = loadCert(out.caFile);
        if (!cert) return cert.status();
        auto key = loadKey(caKeyFile);
        if (!key) return key.status();
        caCert = std::move(*cert);
        caKey = std::move(*key);
    } else {
        caKey.reset(EVP_EC_gen("P-256"));
        if (!caKey) return Status(StatusCode::Internal, "making a key: " + openSslError());
        auto cert = makeCert(caKey.get(), "pilothouse-ca", nullptr, caKey.get(), 3650, true, {});
        if (!cert) return cert.status();
        caCert = std::move(*cert);
        PH_RETURN_IF_ERROR(writeFile(caKeyFile, pemOf(caKey.get()), true));
        PH_RETURN_IF_ERROR(writeFile(out.caFile, pemOf(caCert.get()), false));
        // A new CA: the serving certificate of an old one is no good.
        std::filesystem::remove(out.certFile, ec);
    }

    if (std::filesystem::exists(out.certFile) && std::filesystem::exists(out.keyFile)) {
        auto cert = loadCert(out.certFile);
        if (cert && covers(cert->get(), hosts) && X509_check_issued(caCert.get(), cert->get()) == X509_V_OK) return out;
    }
    Key key(EVP_EC_gen("P-256"));
    if (!key) return Status(StatusCode::Internal, "making a key: " + openSslError());
    auto cert = makeCert(key.get(), "pilothouse-apiserver", caCert.get(), caKey.get(), 365, false, hosts);
    if (!cert) return cert.status();
    PH_RETURN_IF_ERROR(writeFile(out.keyFile, pemOf(key.get()), true));
    PH_RETURN_IF_ERROR(writeFile(out.certFile, pemOf(cert->get()), false));
    out.created = true;
    return out;
}

std::string defaultStateDir() {
    const char* state = std::getenv("XDG_STATE_HOME");
    const char* home = std::getenv("HOME");
    return state && *state ? std::string(state) + "/pilothouse" : std::string(home ? home : ".") + "/.local/state/pilothouse";
}

}  // namespace pilothouse::apiserver::server
