// The static token file authenticator: kube-apiserver's --token-auth-file CSV (Go encoding/csv
// behaviour, upstream's error and warning texts), the system:authenticated group, and anonymous
// requests on and off.
#include <QtTest>

#include <cstdio>
#include <fstream>

#include "apiserver/authentication/csv_reader.h"
#include "apiserver/authentication/token_authenticator.h"

using namespace pilothouse;
using namespace pilothouse::apiserver;
using namespace pilothouse::apiserver::authentication;

namespace {
QString joined(const std::vector<std::string>& v, const char* sep) {
    QStringList l;
    for (const auto& s : v) l << QString::fromStdString(s);
    return l.join(QString::fromLatin1(sep));
}
}  // namespace

class AuthenticationTest : public QObject {
    Q_OBJECT
private slots:
    void csvRecords_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("records");  // records joined by "\n", fields by "|"
        QTest::newRow("plain") << "a,b,c\nd,e,f\n" << "a|b|c\nd|e|f";
        QTest::newRow("no final newline") << "a,b,c" << "a|b|c";
        QTest::newRow("crlf") << "a,b,c\r\nd,e,f\r\n" << "a|b|c\nd|e|f";
        QTest::newRow("blank lines skipped") << "\n\na,b\n\n\nc\n" << "a|b\nc";
        QTest::newRow("quoted comma") << "t,u,1,\"x,y\"\n" << "t|u|1|x,y";
        QTest::newRow("escaped quote") << "\"a\"\"b\",c\n" << "a\"b|c";
        QTest::newRow("quoted newline") << "\"a\nb\",c\n" << "a\nb|c";
        QTest::newRow("trailing empty field") << "a,b,\n" << "a|b|";
        QTest::newRow("empty quoted field") << "\"\",b\n" << "|b";
        QTest::newRow("spaces kept") << " a , b \n" << " a | b ";
    }
    void csvRecords() {
        QFETCH(QString, text);
        QFETCH(QString, records);
        const std::string input = text.toStdString();
        CsvReader reader(input);
        QStringList got;
        while (auto r = reader.next()) got << joined(r->fields, "|");
        QVERIFY(!reader.error().has_value());
        QCOMPARE(got.join("\n"), records);
    }

    void parse_data() {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("uid");
        QTest::addColumn<QString>("groups");  // after authentication, joined by ";"
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("warnings");  // joined by "\n"
        QTest::newRow("three columns") << "tok1,alice,u-1\n" << "tok1" << "alice" << "u-1"
                                       << "system:authenticated" << 1 << "";
        QTest::newRow("groups column") << "tok1,alice,u-1,\"dev,ops\"\n" << "tok1" << "alice"
                                       << "u-1" << "dev;ops;system:authenticated" << 1 << "";
        QTest::newRow("single group unquoted") << "tok1,alice,u-1,system:masters\n" << "tok1"
                                               << "alice" << "u-1"
                                               << "system:masters;system:authenticated" << 1 << "";
        QTest::newRow("extra columns ignored") << "tok1,alice,u-1,dev,extra\n" << "tok1"
                                               << "alice" << "u-1" << "dev;system:authenticated"
                                               << 1 << "";
        QTest::newRow("empty groups column gives an empty group")
            << "tok1,alice,u-1,\n" << "tok1" << "alice" << "u-1" << ";system:authenticated" << 1
            << "";
        QTest::newRow("system:authenticated not doubled")
            << "tok1,alice,u-1,system:authenticated\n" << "tok1" << "alice" << "u-1"
            << "system:authenticated" << 1 << "";
        QTest::newRow("system:unauthenticated member gets no system:authenticated")
            << "tok1,alice,u-1,system:unauthenticated\n" << "tok1" << "alice" << "u-1"
            << "system:unauthenticated" << 1 << "";
        QTest::newRow("empty token skipped with warning")
            << ",nobody,0\ntok2,bob,u-2\n" << "tok2" << "bob" << "u-2" << "system:authenticated"
            << 1 << "empty token has been found in token file 'tokens.csv', record number '1'";
        QTest::newRow("duplicate token: last wins, warned")
            << "tok,alice,u-1\ntok,bob,u-2\n" << "tok" << "bob" << "u-2" << "system:authenticated"
            << 1 << "duplicate token has been found in token file 'tokens.csv', record number '2'";
        QTest::newRow("quote in token") << "\"a\"\"b\",carol,u-3\n" << "a\"b" << "carol" << "u-3"
                                        << "system:authenticated" << 1 << "";
        QTest::newRow("crlf and blank lines") << "\r\ntok1,alice,u-1\r\n\r\ntok2,bob,u-2\r\n"
                                              << "tok2" << "bob" << "u-2"
                                              << "system:authenticated" << 2 << "";
    }
    void parse() {
        QFETCH(QString, csv);
        QFETCH(QString, token);
        QFETCH(QString, name);
        QFETCH(QString, uid);
        QFETCH(QString, groups);
        QFETCH(int, count);
        QFETCH(QString, warnings);
        std::vector<std::string> w;
        auto a = TokenAuthenticator::fromCsv(csv.toStdString(), "tokens.csv", &w);
        QVERIFY2(a.isOk(), a.status().message().c_str());
        QCOMPARE(int(a->tokenCount()), count);
        QCOMPARE(joined(w, "\n"), warnings);
        auto user = a->authenticate(token.toStdString());
        QVERIFY2(user.isOk(), user.status().message().c_str());
        QCOMPARE(QString::fromStdString(user->name), name);
        QCOMPARE(QString::fromStdString(user->uid), uid);
        QCOMPARE(joined(user->groups, ";"), groups);
    }

    void parseErrors_data() {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("message");
        QTest::newRow("two columns")
            << "tok1,alice\n"
            << "token file 'tokens.csv' must have at least 3 columns (token, user name, user uid), "
               "found 2 (line 1)";
        QTest::newRow("one column on line 3")
            << "tok1,alice,u-1\n\nlonely\n"
            << "token file 'tokens.csv' must have at least 3 columns (token, user name, user uid), "
               "found 1 (line 3)";
        QTest::newRow("bare quote")
            << "a,b\"c,d\n"
            << "token file 'tokens.csv': parse error on line 1, column 4: bare \" in "
               "non-quoted-field";
        QTest::newRow("bare quote on line 2")
            << "t,u,1\nx,y,z\"\n"
            << "token file 'tokens.csv': parse error on line 2, column 6: bare \" in "
               "non-quoted-field";
        QTest::newRow("text after closing quote")
            << "\"ab\"c,d,e\n"
            << "token file 'tokens.csv': parse error on line 1, column 4: extraneous or missing \" "
               "in quoted-field";
        QTest::newRow("unterminated quote")
            << "a,b,\"cd"
            << "token file 'tokens.csv': parse error on line 1, column 8: extraneous or missing \" "
               "in quoted-field";
        QTest::newRow("unterminated quote across lines")
            << "t,u,\"x\ny"
            << "token file 'tokens.csv': record on line 1; parse error on line 2, column 2: "
               "extraneous or missing \" in quoted-field";
    }
    void parseErrors() {
        QFETCH(QString, csv);
        QFETCH(QString, message);
        auto a = TokenAuthenticator::fromCsv(csv.toStdString(), "tokens.csv");
        QVERIFY(!a.isOk());
        QCOMPARE(a.status().code(), StatusCode::InvalidArgument);
        QCOMPARE(QString::fromStdString(a.status().message()), message);
    }

    void fromFile() {
        const std::string path = QDir::temp().filePath("ph_tokens_test.csv").toStdString();
        {
            std::ofstream out(path);
            out << "secret,alice,1000,\"dev,qa\"\n";
        }
        auto a = TokenAuthenticator::fromFile(path);
        std::remove(path.c_str());
        QVERIFY2(a.isOk(), a.status().message().c_str());
        auto user = a->authenticate("secret");
        QVERIFY(user.isOk());
        QCOMPARE(QString::fromStdString(user->name), QString("alice"));
        QCOMPARE(joined(user->groups, ";"), QString("dev;qa;system:authenticated"));

        auto missing = TokenAuthenticator::fromFile("/nonexistent/dir/tokens.csv");
        QVERIFY(!missing.isOk());
        QCOMPARE(missing.status().code(), StatusCode::NotFound);
        QCOMPARE(QString::fromStdString(missing.status().message()),
                 QString("open /nonexistent/dir/tokens.csv: no such file or directory"));
    }

    void authenticate_data() {
        QTest::addColumn<QString>("token");
        QTest::addColumn<bool>("anonymous");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("groups");
        QTest::newRow("known token") << "tok-alice" << true << true << "alice"
                                     << "dev;system:authenticated";
        QTest::newRow("known token, anonymous off") << "tok-alice" << false << true << "alice"
                                                    << "dev;system:authenticated";
        QTest::newRow("no token, anonymous on") << "" << true << true << "system:anonymous"
                                                << "system:unauthenticated";
        QTest::newRow("no token, anonymous off") << "" << false << false << "" << "";
        QTest::newRow("unknown token, anonymous on") << "nope" << true << false << "" << "";
        QTest::newRow("unknown token, anonymous off") << "nope" << false << false << "" << "";
        QTest::newRow("token is case sensitive") << "TOK-ALICE" << true << false << "" << "";
    }
    void authenticate() {
        QFETCH(QString, token);
        QFETCH(bool, anonymous);
        QFETCH(bool, ok);
        QFETCH(QString, name);
        QFETCH(QString, groups);
        auto a = TokenAuthenticator::fromCsv("tok-alice,alice,a1,dev\n", "tokens.csv");
        QVERIFY(a.isOk());
        a->setAnonymousEnabled(anonymous);
        QCOMPARE(a->anonymousEnabled(), anonymous);
        auto fn = authenticateFunction(std::make_shared<TokenAuthenticator>(*a));
        auto user = fn(token.toStdString());
        QCOMPARE(user.isOk(), ok);
        if (ok) {
            QCOMPARE(QString::fromStdString(user->name), name);
            QCOMPARE(joined(user->groups, ";"), groups);
        } else {
            QCOMPARE(user.status().code(), StatusCode::Unauthenticated);
            QCOMPARE(QString::fromStdString(user.status().message()), QString("Unauthorized"));
            QCOMPARE(QString::fromStdString(user.status().reason()), QString("Unauthorized"));
            QCOMPARE(user.status().httpCode(), 401);
        }
    }

    void anonymousIsOnByDefault() {
        TokenAuthenticator a;
        QVERIFY(a.anonymousEnabled());
        a.addToken("t", UserInfo{"bob", "b", {}});
        auto user = a.authenticate("t");
        QVERIFY(user.isOk());
        QCOMPARE(joined(user->groups, ";"), QString("system:authenticated"));
    }
};

QTEST_APPLESS_MAIN(AuthenticationTest)
#include "authentication_test.moc"
