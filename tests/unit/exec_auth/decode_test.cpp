// Reading a plugin's output (decode.h: client-go exec.go's decoding and its checks, every message),
// Go's time.Parse of the expiry (go_time.h) and tls.X509KeyPair's checks (key_pair.h).
#include <QTest>

#include "client/auth/exec/decode.h"
#include "client/auth/exec/go_time.h"
#include "client/auth/exec/key_pair.h"
#include "exec_auth_testing.h"

using namespace pilothouse;
using namespace pilothouse::client::auth::exec;

namespace {

const QString kV1 = "client.authentication.k8s.io/v1";
const QString kV1beta1 = "client.authentication.k8s.io/v1beta1";
const QString kFindKind =
    "struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string "
    "\"json:\\\"kind,omitempty\\\"\" }";

// An ExecCredential of `version` whose status is `status` (JSON).
QString credential(const QString& version, const QString& status) {
    return "{\"kind\":\"ExecCredential\",\"apiVersion\":\"" + version + "\",\"status\":" + status +
           "}";
}

}  // namespace

class DecodeTest : public QObject {
    Q_OBJECT

private slots:
    void decode_data() {
        QTest::addColumn<QString>("apiVersion");  // the exec config's
        QTest::addColumn<QString>("output");
        QTest::addColumn<QString>("error");  // "" for none
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("expiry");  // RFC 3339 (UTC), "" for none

        const QString tokenStatus = "{\"token\":\"t0k\"}";
        // Accepted.
        QTest::addRow("v1 token") << kV1 << credential(kV1, tokenStatus) << ""
                                  << "t0k"
                                  << "";
        QTest::addRow("v1beta1 token") << kV1beta1 << credential(kV1beta1, tokenStatus) << ""
                                       << "t0k"
                                       << "";
        QTest::addRow("expiry")
            << kV1
            << credential(kV1, "{\"token\":\"t\",\"expirationTimestamp\":\"2006-01-02T15:04:05Z\"}")
            << ""
            << "t"
            << "2006-01-02T15:04:05Z";
        QTest::addRow("expiry with fraction and offset")
            << kV1
            << credential(
                   kV1, "{\"token\":\"t\",\"expirationTimestamp\":\"2024-01-01T01:00:00.5+01:00\"}")
            << ""
            << "t"
            << "2024-01-01T00:00:00.5Z";
        QTest::addRow("expiry null")
            << kV1 << credential(kV1, "{\"token\":\"t\",\"expirationTimestamp\":null}") << ""
            << "t"
            << "";
        QTest::addRow("expiry Go's zero time: none")
            << kV1
            << credential(kV1, "{\"token\":\"t\",\"expirationTimestamp\":\"0001-01-01T00:00:00Z\"}")
            << ""
            << "t"
            << "";
        QTest::addRow("YAML output")
            << kV1beta1
            << "kind: ExecCredential\napiVersion: client.authentication.k8s.io/v1beta1\n"
               "status:\n  token: from-yaml\n"
            << ""
            << "from-yaml"
            << "";
        QTest::addRow("kind left out")
            << kV1
            << "{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"t\"}}"
            << ""
            << "t"
            << "";
        QTest::addRow("apiVersion and kind in another case")
            << kV1
            << "{\"APIVERSION\":\"client.authentication.k8s.io/"
               "v1\",\"Kind\":\"ExecCredential\",\"status\":{\"token\":\"t\"}}"
            << ""
            << "t"
            << "";
        QTest::addRow("unknown fields ignored")
            << kV1 << credential(kV1, "{\"token\":\"t\",\"refresh\":1}") + " "
            << ""
            << "t"
            << "";

        // apiVersion and kind.
        QTest::addRow("apiVersion left out")
            << kV1 << "{\"kind\":\"ExecCredential\",\"status\":{\"token\":\"t\"}}"
            << "exec plugin is configured to use API version client.authentication.k8s.io/v1, "
               "plugin "
               "returned version client.authentication.k8s.io/__internal"
            << ""
            << "";
        QTest::addRow("empty output")
            << kV1beta1 << ""
            << "exec plugin is configured to use API version client.authentication.k8s.io/v1beta1, "
               "plugin returned version client.authentication.k8s.io/__internal"
            << ""
            << "";
        QTest::addRow("v1 config, v1beta1 answer")
            << kV1 << credential(kV1beta1, tokenStatus)
            << "exec plugin is configured to use API version client.authentication.k8s.io/v1, "
               "plugin "
               "returned version client.authentication.k8s.io/v1beta1"
            << ""
            << "";
        QTest::addRow("v1beta1 config, v1 answer")
            << kV1beta1 << credential(kV1, tokenStatus)
            << "exec plugin is configured to use API version client.authentication.k8s.io/v1beta1, "
               "plugin returned version client.authentication.k8s.io/v1"
            << ""
            << "";
        QTest::addRow("v1alpha1 answer")
            << kV1beta1 << credential("client.authentication.k8s.io/v1alpha1", tokenStatus)
            << "decoding stdout: no kind \"ExecCredential\" is registered for version "
               "\"client.authentication.k8s.io/v1alpha1\" in scheme "
               "\"pkg/client/auth/exec/exec.go:62\""
            << ""
            << "";
        QTest::addRow("another kind")
            << kV1 << "{\"kind\":\"Token\",\"apiVersion\":\"client.authentication.k8s.io/v1\"}"
            << "decoding stdout: no kind \"Token\" is registered for version "
               "\"client.authentication.k8s.io/v1\" in scheme \"pkg/client/auth/exec/exec.go:62\""
            << ""
            << "";
        QTest::addRow("another kind, no apiVersion")
            << kV1 << "{\"kind\":\"Token\"}"
            << "decoding stdout: no kind \"Token\" is registered for the internal version of group "
               "\"client.authentication.k8s.io\" in scheme \"pkg/client/auth/exec/exec.go:62\""
            << ""
            << "";
        QTest::addRow("apiVersion with two slashes")
            << kV1 << "{\"apiVersion\":\"a/b/c\"}"
            << "decoding stdout: unexpected GroupVersion string: a/b/c"
            << ""
            << "";
        QTest::addRow("apiVersion of a group without version")
            << kV1 << "{\"apiVersion\":\"example.com/\"}"
            << "decoding stdout: Object 'apiVersion' is missing in "
               "'{\"apiVersion\":\"example.com/\"}'"
            << ""
            << "";
        QTest::addRow("apiVersion not a string")
            << kV1 << "{\"apiVersion\":1}"
            << "decoding stdout: couldn't get version/kind; json parse error: json: cannot "
               "unmarshal "
               "number into Go struct field .apiVersion of type string"
            << ""
            << "";

        // Not an ExecCredential at all.
        QTest::addRow("JSON cut short") << kV1 << "{\"kind\": "
                                        << "decoding stdout: couldn't get version/kind; json parse "
                                           "error: unexpected end of JSON input"
                                        << ""
                                        << "";
        QTest::addRow("JSON with a bad character") << kV1 << "{\"kind\": x}"
                                                   << "decoding stdout: couldn't get version/kind; "
                                                      "json parse error: invalid character 'x' "
                                                      "looking for beginning of value"
                                                   << ""
                                                   << "";
        QTest::addRow("plain text") << kV1 << "hello\n"
                                    << "decoding stdout: couldn't get version/kind; json parse "
                                       "error: json: cannot unmarshal "
                                       "string into Go value of type " +
                                           kFindKind
                                    << ""
                                    << "";
        QTest::addRow("JSON array") << kV1 << "[1]"
                                    << "decoding stdout: couldn't get version/kind; json parse "
                                       "error: json: cannot unmarshal "
                                       "array into Go value of type " +
                                           kFindKind
                                    << ""
                                    << "";
        QTest::addRow("broken YAML") << kV1 << "kind: ExecCredential\na: b: c\n"
                                     << "decoding stdout: error converting YAML to JSON: yaml: "
                                        "line 2: mapping values are not "
                                        "allowed in this context"
                                     << ""
                                     << "";

        // The typed decode.
        QTest::addRow("status not an object")
            << kV1 << credential(kV1, "\"t\"")
            << "decoding stdout: json: cannot unmarshal string into Go struct field "
               "ExecCredential.status of type v1.ExecCredentialStatus"
            << ""
            << "";
        QTest::addRow("token not a string (v1beta1)")
            << kV1beta1 << credential(kV1beta1, "{\"token\":42}")
            << "decoding stdout: json: cannot unmarshal number into Go struct field "
               "ExecCredentialStatus.status.token of type string"
            << ""
            << "";
        QTest::addRow("spec.interactive not a bool")
            << kV1
            << "{\"apiVersion\":\"client.authentication.k8s.io/"
               "v1\",\"spec\":{\"interactive\":\"yes\"},\"status\":{\"token\":\"t\"}}"
            << "decoding stdout: json: cannot unmarshal string into Go struct field "
               "ExecCredentialSpec.spec.interactive of type bool"
            << ""
            << "";
        QTest::addRow("expirationTimestamp not a string")
            << kV1 << credential(kV1, "{\"token\":\"t\",\"expirationTimestamp\":1700000000}")
            << "decoding stdout: json: cannot unmarshal number into Go struct field "
               "ExecCredentialStatus.status.expirationTimestamp of type string"
            << ""
            << "";
        QTest::addRow("expirationTimestamp not a time")
            << kV1 << credential(kV1, "{\"token\":\"t\",\"expirationTimestamp\":\"tomorrow\"}")
            << "decoding stdout: parsing time \"tomorrow\" as \"2006-01-02T15:04:05Z07:00\": "
               "cannot "
               "parse \"tomorrow\" as \"2006\""
            << ""
            << "";
        QTest::addRow("expirationTimestamp month 13")
            << kV1
            << credential(kV1, "{\"token\":\"t\",\"expirationTimestamp\":\"2024-13-01T00:00:00Z\"}")
            << "decoding stdout: parsing time \"2024-13-01T00:00:00Z\": month out of range"
            << ""
            << "";

        // The status.
        QTest::addRow("no status")
            << kV1
            << "{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\"}"
            << "exec plugin didn't return a status field"
            << ""
            << "";
        QTest::addRow("status null")
            << kV1 << credential(kV1, "null") << "exec plugin didn't return a status field"
            << ""
            << "";
        QTest::addRow("empty status")
            << kV1 << credential(kV1, "{}") << "exec plugin didn't return a token or cert/key pair"
            << ""
            << "";
        QTest::addRow("Token in another case is not token")
            << kV1 << credential(kV1, "{\"Token\":\"t\"}")
            << "exec plugin didn't return a token or cert/key pair"
            << ""
            << "";
        QTest::addRow("certificate without key")
            << kV1 << credential(kV1, "{\"clientCertificateData\":\"c\"}")
            << "exec plugin returned only certificate or key, not both"
            << ""
            << "";
        QTest::addRow("key without certificate")
            << kV1beta1 << credential(kV1beta1, "{\"token\":\"t\",\"clientKeyData\":\"k\"}")
            << "exec plugin returned only certificate or key, not both"
            << ""
            << "";
        QTest::addRow("certificate and key (not checked here)")
            << kV1 << credential(kV1, "{\"clientCertificateData\":\"c\",\"clientKeyData\":\"k\"}")
            << ""
            << ""
            << "";
    }

    void decode() {
        QFETCH(QString, apiVersion);
        QFETCH(QString, output);
        QFETCH(QString, error);
        QFETCH(QString, token);
        QFETCH(QString, expiry);

        auto status = decodeExecCredential(output.toStdString(), apiVersion.toStdString());
        QCOMPARE(status.status().message(), error.toStdString());
        if (!error.isEmpty())
            return;
        QCOMPARE(status->token, token.toStdString());
        if (expiry.isEmpty()) {
            QVERIFY(!status->expirationTimestamp);
        } else {
            QVERIFY(status->expirationTimestamp);
            QCOMPARE(sim::formatRfc3339Nano(*status->expirationTimestamp), expiry.toStdString());
        }
    }

    // time.Parse(time.RFC3339, text) as metav1.Time calls it.
    void goTime_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>(
            "result");  // the instant (RFC 3339 nano, UTC), "zero", or the error

        const QString as = " as \"2006-01-02T15:04:05Z07:00\": cannot parse ";
        QTest::addRow("UTC") << "2024-02-29T23:59:59Z"
                             << "2024-02-29T23:59:59Z";
        QTest::addRow("offset") << "2024-01-01T00:00:00-02:30"
                                << "2024-01-01T02:30:00Z";
        QTest::addRow("one-digit hour") << "2024-01-01T7:00:00Z"
                                        << "2024-01-01T07:00:00Z";
        QTest::addRow("comma fraction, ten digits") << "2024-01-01T00:00:00,1234567891Z"
                                                    << "2024-01-01T00:00:00.123456789Z";
        QTest::addRow("zero time") << "0001-01-01T00:00:00Z"
                                   << "zero";
        QTest::addRow("empty") << ""
                               << "parsing time \"\"" + as + "\"\" as \"2006\"";
        QTest::addRow("slashes") << "2024/01/01T00:00:00Z"
                                 << "parsing time \"2024/01/01T00:00:00Z\"" + as +
                                        "\"/01/01T00:00:00Z\" as \"-\"";
        QTest::addRow("one-digit month")
            << "2024-1-01T00:00:00Z"
            << "parsing time \"2024-1-01T00:00:00Z\"" + as + "\"1-01T00:00:00Z\" as \"01\"";
        QTest::addRow("lower-case t")
            << "2024-01-01t00:00:00Z"
            << "parsing time \"2024-01-01t00:00:00Z\"" + as + "\"t00:00:00Z\" as \"T\"";
        QTest::addRow("no zone") << "2024-01-01T00:00:00"
                                 << "parsing time \"2024-01-01T00:00:00\"" + as +
                                        "\"\" as \"Z07:00\"";
        QTest::addRow("zone without colon")
            << "2024-01-01T00:00:00+0100"
            << "parsing time \"2024-01-01T00:00:00+0100\"" + as + "\"+0100\" as \"Z07:00\"";
        QTest::addRow("hour 24") << "2024-01-01T24:00:00Z"
                                 << "parsing time \"2024-01-01T24:00:00Z\": hour out of range";
        QTest::addRow("second 60") << "2024-01-01T00:00:60Z"
                                   << "parsing time \"2024-01-01T00:00:60Z\": second out of range";
        QTest::addRow("February 30") << "2023-02-29T00:00:00Z"
                                     << "parsing time \"2023-02-29T00:00:00Z\": day out of range";
        QTest::addRow("extra text")
            << "2024-01-01T00:00:00Zabc"
            << "parsing time \"2024-01-01T00:00:00Zabc\": extra text: \"abc\"";
        QTest::addRow("offset hour 25")
            << "2024-01-01T00:00:00+25:00"
            << "parsing time \"2024-01-01T00:00:00+25:00\": time zone offset hour out of range";
        QTest::addRow("control byte quoted")
            << "\x01"
            << "parsing time \"\\x01\"" + as + "\"\\x01\" as \"2006\"";
    }

    void goTime() {
        QFETCH(QString, text);
        QFETCH(QString, result);
        auto t = parseGoRfc3339(text.toStdString());
        if (!t.isOk()) {
            QCOMPARE(t.status().message(), result.toStdString());
            return;
        }
        QCOMPARE(t->has_value() ? sim::formatRfc3339Nano(**t) : std::string("zero"),
                 result.toStdString());
    }

    // tls.X509KeyPair's checks, on the keys in data/.
    void keyPair_data() {
        QTest::addColumn<QString>(
            "certificate");  // "file:NAME" for data/NAME, else the text itself
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("error");

        const QString foo = "-----BEGIN FOO-----\nAAAA\n-----END FOO-----\n";
        const QString notDer = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n";
        QTest::addRow("matching pair, PKCS #8") << "file:client.crt"
                                                << "file:client.key"
                                                << "";
        QTest::addRow("matching pair, SEC 1") << "file:client.crt"
                                              << "file:client-sec1.key"
                                              << "";
        QTest::addRow("another EC key") << "file:client.crt"
                                        << "file:other-ec.key"
                                        << "tls: private key does not match public key";
        QTest::addRow("RSA key, PKCS #8") << "file:client.crt"
                                          << "file:rsa.key"
                                          << "tls: private key type does not match public key type";
        QTest::addRow("RSA key, PKCS #1") << "file:client.crt"
                                          << "file:rsa-pkcs1.key"
                                          << "tls: private key type does not match public key type";
        QTest::addRow("no certificate PEM")
            << "not pem"
            << "file:client.key"
            << "tls: failed to find any PEM data in certificate input";
        QTest::addRow("inputs switched") << "file:client.key"
                                         << "file:client.crt"
                                         << "tls: failed to find certificate PEM data in "
                                            "certificate input, but did find a private "
                                            "key; PEM inputs may have been switched";
        QTest::addRow("other blocks only") << foo + foo << "file:client.key"
                                           << "tls: failed to find \"CERTIFICATE\" PEM block in "
                                              "certificate input after skipping PEM "
                                              "blocks of the following types: [FOO FOO]";
        QTest::addRow("no key PEM") << "file:client.crt"
                                    << ""
                                    << "tls: failed to find any PEM data in key input";
        QTest::addRow("certificate as key")
            << "file:client.crt"
            << "file:client.crt"
            << "tls: found a certificate rather than a key in the PEM for the private key";
        QTest::addRow("key input without a key")
            << "file:client.crt" << foo + "file:client.crt"
            << "tls: failed to find PEM block with type ending in \"PRIVATE KEY\" in key input "
               "after "
               "skipping PEM blocks of the following types: [FOO CERTIFICATE]";
        QTest::addRow("key not DER")
            << "file:client.crt" << notDer << "tls: failed to parse private key";
        QTest::addRow("certificate not DER")
            << "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"
            << "file:client.key"
            << "x509: malformed certificate";
    }

    void keyPair() {
        QFETCH(QString, certificate);
        QFETCH(QString, key);
        QFETCH(QString, error);
        // "file:NAME" anywhere in a text stands for that file's content.
        auto expand = [](QString text) {
            for (const char* name : {"client.crt", "client.key", "client-sec1.key", "other-ec.key",
                                     "rsa.key", "rsa-pkcs1.key"}) {
                const QString placeholder = QStringLiteral("file:") + name;
                if (text.contains(placeholder)) {
                    const std::string content = testData(name);
                    if (content.empty())
                        qFatal("missing test data %s", name);
                    text.replace(placeholder, QString::fromStdString(content));
                }
            }
            return text.toStdString();
        };
        QCOMPARE(checkX509KeyPair(expand(certificate), expand(key)).message(), error.toStdString());
    }
};

QTEST_GUILESS_MAIN(DecodeTest)
#include "decode_test.moc"
