// Reads one fact out of a loaded kubeconfig by a short key, so that data rows can say what they
// expect as "key=value" lines:
//   current                  current-context
//   contexts / clusters / users   the names, joined by ","
//   cluster.<name>.server|insecure|ca|caData|proxy|origin
//   user.<name>.token|tokenFile|username|cert|certData|key|keyData|exec|execArgs|execEnv|execApiVersion|interactiveMode|authProvider|as|asGroups|origin
//   context.<name>.cluster|user|namespace|origin
// A missing entry reads as "<none>".
#pragma once

#include <QString>
#include <QStringList>

#include <string>

#include "client/clientcmd/api/types.h"

namespace clientcmd_test {

namespace cc = pilothouse::client::clientcmd;

template <typename Map>
QString names(const Map& m) {
    QStringList out;
    for (const auto& [name, v] : m) out << QString::fromStdString(name);
    return out.join(QLatin1Char(','));
}

inline QString joined(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v) out << QString::fromStdString(s);
    return out.join(QLatin1Char(','));
}

inline QString probe(const cc::api::Config& c, const QString& key) {
    const QStringList k = key.split(QLatin1Char('.'));
    auto s = [](const std::string& v) { return QString::fromStdString(v); };
    auto b = [](bool v) { return v ? QStringLiteral("true") : QStringLiteral("false"); };
    if (key == QLatin1String("current"))
        return s(c.currentContext);
    if (key == QLatin1String("contexts"))
        return names(c.contexts);
    if (key == QLatin1String("clusters"))
        return names(c.clusters);
    if (key == QLatin1String("users"))
        return names(c.authInfos);
    if (k.size() != 3)
        return QStringLiteral("<bad key>");
    const std::string name = k[1].toStdString();
    const QString f = k[2];
    if (k[0] == QLatin1String("cluster")) {
        auto it = c.clusters.find(name);
        if (it == c.clusters.end())
            return QStringLiteral("<none>");
        const auto& x = it->second;
        if (f == QLatin1String("server"))
            return s(x.server);
        if (f == QLatin1String("insecure"))
            return b(x.insecureSkipTLSVerify);
        if (f == QLatin1String("ca"))
            return s(x.certificateAuthority);
        if (f == QLatin1String("caData"))
            return s(x.certificateAuthorityData);
        if (f == QLatin1String("proxy"))
            return s(x.proxyURL);
        if (f == QLatin1String("tlsServerName"))
            return s(x.tlsServerName);
        if (f == QLatin1String("disableCompression"))
            return b(x.disableCompression);
        if (f == QLatin1String("origin"))
            return s(x.locationOfOrigin);
    } else if (k[0] == QLatin1String("user")) {
        auto it = c.authInfos.find(name);
        if (it == c.authInfos.end())
            return QStringLiteral("<none>");
        const auto& x = it->second;
        if (f == QLatin1String("token"))
            return s(x.token);
        if (f == QLatin1String("tokenFile"))
            return s(x.tokenFile);
        if (f == QLatin1String("username"))
            return s(x.username);
        if (f == QLatin1String("password"))
            return s(x.password);
        if (f == QLatin1String("cert"))
            return s(x.clientCertificate);
        if (f == QLatin1String("certData"))
            return s(x.clientCertificateData);
        if (f == QLatin1String("key"))
            return s(x.clientKey);
        if (f == QLatin1String("keyData"))
            return s(x.clientKeyData);
        if (f == QLatin1String("as"))
            return s(x.impersonate);
        if (f == QLatin1String("asGroups"))
            return joined(x.impersonateGroups);
        if (f == QLatin1String("authProvider"))
            return x.authProvider ? s(x.authProvider->name) : QStringLiteral("<none>");
        if (f == QLatin1String("origin"))
            return s(x.locationOfOrigin);
        if (!x.exec)
            return QStringLiteral("<no exec>");
        if (f == QLatin1String("exec"))
            return s(x.exec->command);
        if (f == QLatin1String("execArgs"))
            return joined(x.exec->args);
        if (f == QLatin1String("execApiVersion"))
            return s(x.exec->apiVersion);
        if (f == QLatin1String("interactiveMode"))
            return s(x.exec->interactiveMode);
        if (f == QLatin1String("installHint"))
            return s(x.exec->installHint);
        if (f == QLatin1String("provideClusterInfo"))
            return b(x.exec->provideClusterInfo);
        if (f == QLatin1String("execEnv")) {
            QStringList env;
            for (const auto& e : x.exec->env) env << s(e.name) + QLatin1Char('=') + s(e.value);
            return env.join(QLatin1Char(','));
        }
    } else if (k[0] == QLatin1String("context")) {
        auto it = c.contexts.find(name);
        if (it == c.contexts.end())
            return QStringLiteral("<none>");
        const auto& x = it->second;
        if (f == QLatin1String("cluster"))
            return s(x.cluster);
        if (f == QLatin1String("user"))
            return s(x.authInfo);
        if (f == QLatin1String("namespace"))
            return s(x.namespaceName);
        if (f == QLatin1String("origin"))
            return s(x.locationOfOrigin);
    }
    return QStringLiteral("<bad key>");
}

}  // namespace clientcmd_test
