#include "client/auth/exec/key_pair.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <openssl/evp.h>
#include <openssl/x509.h>

#include "client/clientcmd/go_text.h"
#include "util/base64.h"

namespace pilothouse::client::auth::exec {

namespace {

struct PemBlock {
    std::string type;
    std::string bytes;  // DER
};

constexpr std::string_view kBegin = "-----BEGIN ";
constexpr std::string_view kEnd = "-----END ";
constexpr std::string_view kDashes = "-----";

// One line without its "\n" (and a "\r" before it), trailing spaces and tabs trimmed; `rest` moves
// past it.
std::string_view takeLine(std::string_view& rest) {
    size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (nl != std::string_view::npos && !line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    return line;
}

// pem.Decode: the next well-formed block in `rest` (which moves past it), skipping anything that
// only looks like the start of one; nullopt when there is none left.
std::optional<PemBlock> nextPemBlock(std::string_view& rest) {
    for (;;) {
        // A block begins at the very start or right after a newline.
        if (rest.substr(0, kBegin.size()) == kBegin) {
            rest.remove_prefix(kBegin.size());
        } else {
            const size_t at = rest.find(std::string("\n") + std::string(kBegin));
            if (at == std::string_view::npos)
                return std::nullopt;
            rest.remove_prefix(at + 1 + kBegin.size());
        }
        std::string_view typeLine = takeLine(rest);
        if (typeLine.size() < kDashes.size() ||
            typeLine.substr(typeLine.size() - kDashes.size()) != kDashes)
            continue;
        typeLine.remove_suffix(kDashes.size());

        // Headers ("Key: value" lines) until the first line without a colon.
        bool headers = false;
        bool truncated = false;
        for (;;) {
            if (rest.empty()) {
                truncated = true;
                break;
            }
            std::string_view next = rest;
            if (takeLine(next).find(':') == std::string_view::npos)
                break;
            headers = true;
            rest = next;
        }
        if (truncated)
            return std::nullopt;

        size_t endAt, trailerAt;
        if (!headers && rest.substr(0, kEnd.size()) == kEnd) {
            endAt = 0;
            trailerAt = kEnd.size();
        } else {
            const size_t at = rest.find(std::string("\n") + std::string(kEnd));
            if (at == std::string_view::npos)
                continue;
            endAt = at;
            trailerAt = at + 1 + kEnd.size();
        }
        std::string_view trailer = rest.substr(trailerAt);
        const size_t trailerLen = typeLine.size() + kDashes.size();
        if (trailer.size() < trailerLen)
            continue;
        std::string_view afterTrailer = trailer.substr(trailerLen);
        trailer = trailer.substr(0, trailerLen);
        if (trailer.substr(0, typeLine.size()) != typeLine ||
            trailer.substr(typeLine.size()) != kDashes)
            continue;
        if (!takeLine(afterTrailer).empty())
            continue;

        std::string base64;
        for (char c : rest.substr(0, endAt))
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
                base64 += c;
        auto bytes = util::base64Decode(base64);
        if (!bytes.isOk())
            continue;
        PemBlock block{std::string(typeLine), std::move(*bytes)};
        rest = afterTrailer;
        return block;
    }
}

std::string goList(const std::vector<std::string>& items) {
    return clientcmd::goStringSlice(items);
}

Status tlsError(const std::string& text) {
    return Status(StatusCode::InvalidArgument, text);
}

struct PkeyFree {
    void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

bool supportedType(int id) {
    return id == EVP_PKEY_RSA || id == EVP_PKEY_EC || id == EVP_PKEY_ED25519;
}

// parsePrivateKey: PKCS #1 (RSA), then PKCS #8, then SEC 1 (EC).
StatusOr<Pkey> parsePrivateKey(const std::string& der) {
    const auto* p = reinterpret_cast<const unsigned char*>(der.data());
    const long len = long(der.size());
    if (EVP_PKEY* k = d2i_PrivateKey(EVP_PKEY_RSA, nullptr, &p, len))
        return Pkey(k);
    p = reinterpret_cast<const unsigned char*>(der.data());
    if (PKCS8_PRIV_KEY_INFO* info = d2i_PKCS8_PRIV_KEY_INFO(nullptr, &p, len)) {
        Pkey k(EVP_PKCS82PKEY(info));
        PKCS8_PRIV_KEY_INFO_free(info);
        if (k) {
            if (!supportedType(EVP_PKEY_get_base_id(k.get())))
                return tlsError("tls: found unknown private key type in PKCS#8 wrapping");
            return k;
        }
    }
    p = reinterpret_cast<const unsigned char*>(der.data());
    if (EVP_PKEY* k = d2i_PrivateKey(EVP_PKEY_EC, nullptr, &p, len))
        return Pkey(k);
    return tlsError("tls: failed to parse private key");
}

}  // namespace

Status checkX509KeyPair(std::string_view certificatePem, std::string_view keyPem) {
    std::vector<std::string> certificates, skipped;
    for (std::string_view rest = certificatePem; auto block = nextPemBlock(rest);) {
        if (block->type == "CERTIFICATE")
            certificates.push_back(std::move(block->bytes));
        else
            skipped.push_back(block->type);
    }
    if (certificates.empty()) {
        if (skipped.empty())
            return tlsError("tls: failed to find any PEM data in certificate input");
        if (skipped.size() == 1 && skipped[0].size() >= 11 &&
            skipped[0].compare(skipped[0].size() - 11, 11, "PRIVATE KEY") == 0)
            return tlsError(
                "tls: failed to find certificate PEM data in certificate input, but did find a "
                "private key; PEM inputs may have been switched");
        return tlsError(
            "tls: failed to find \"CERTIFICATE\" PEM block in certificate input after skipping PEM "
            "blocks of the following types: " +
            goList(skipped));
    }

    skipped.clear();
    std::optional<PemBlock> key;
    for (std::string_view rest = keyPem;;) {
        auto block = nextPemBlock(rest);
        if (!block) {
            if (skipped.empty())
                return tlsError("tls: failed to find any PEM data in key input");
            if (skipped.size() == 1 && skipped[0] == "CERTIFICATE")
                return tlsError(
                    "tls: found a certificate rather than a key in the PEM for the private key");
            return tlsError(
                "tls: failed to find PEM block with type ending in \"PRIVATE KEY\" in key input "
                "after skipping PEM blocks of the following types: " +
                goList(skipped));
        }
        const std::string& t = block->type;
        if (t == "PRIVATE KEY" ||
            (t.size() > 12 && t.compare(t.size() - 12, 12, " PRIVATE KEY") == 0)) {
            key = std::move(block);
            break;
        }
        skipped.push_back(t);
    }

    const auto* p = reinterpret_cast<const unsigned char*>(certificates[0].data());
    X509* leaf = d2i_X509(nullptr, &p, long(certificates[0].size()));
    if (!leaf)
        return Status(StatusCode::InvalidArgument, "x509: malformed certificate");
    Pkey publicKey(X509_get_pubkey(leaf));
    X509_free(leaf);

    auto privateKey = parsePrivateKey(key->bytes);
    if (!privateKey.isOk())
        return privateKey.status();

    if (!publicKey || !supportedType(EVP_PKEY_get_base_id(publicKey.get())))
        return tlsError("tls: unknown public key algorithm");
    if (EVP_PKEY_get_base_id(publicKey.get()) != EVP_PKEY_get_base_id(privateKey->get()))
        return tlsError("tls: private key type does not match public key type");
    if (EVP_PKEY_eq(publicKey.get(), privateKey->get()) != 1)
        return tlsError("tls: private key does not match public key");
    return {};
}

}  // namespace pilothouse::client::auth::exec
