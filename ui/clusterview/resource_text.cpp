#include "clusterview/resource_text.h"

#include <cmath>

namespace pilothouse::ui::clusterview {

namespace {
// Up to `decimals` decimals, trailing zeros dropped ("1.50" -> "1.5", "2.00" -> "2").
QString trimmed(double value, int decimals) {
    QString s = QString::number(value, 'f', decimals);
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0'))) s.chop(1);
        if (s.endsWith(QLatin1Char('.'))) s.chop(1);
    }
    return s;
}
}  // namespace

QString cpuText(qint64 milli) {
    if (milli % 1000 == 0) return QString::number(milli / 1000);
    if (std::llabs(milli) < 1000) return QString::number(milli) + QLatin1Char('m');
    return trimmed(double(milli) / 1000.0, 2);
}

QString memoryText(qint64 bytes) {
    constexpr double Ki = 1024.0, Mi = Ki * 1024, Gi = Mi * 1024, Ti = Gi * 1024;
    const double b = double(bytes);
    if (std::fabs(b) >= Ti) return trimmed(b / Ti, 1) + QStringLiteral("Ti");
    if (std::fabs(b) >= Gi) return trimmed(b / Gi, 1) + QStringLiteral("Gi");
    if (std::fabs(b) >= Mi) return trimmed(b / Mi, 0) + QStringLiteral("Mi");
    if (std::fabs(b) >= Ki) return trimmed(b / Ki, 0) + QStringLiteral("Ki");
    return QString::number(bytes);
}

QString percentText(double ratio) {
    const double p = ratio * 100.0;
    if (p > 0 && p < 1) return QStringLiteral("<1%");
    return QString::number(std::lround(p)) + QLatin1Char('%');
}

}  // namespace pilothouse::ui::clusterview
