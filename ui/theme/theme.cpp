#include "theme/theme.h"

#include <QApplication>
#include <QHash>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

#include <array>

namespace pilothouse::ui::theme {

namespace {
Mode g_mode = Mode::Light;
double g_fontScale = 1.0;

QColor pick(const char* light, const char* dark) { return QColor(QLatin1String(g_mode == Mode::Dark ? dark : light)); }
}  // namespace

Mode mode() { return g_mode; }
bool dark() { return g_mode == Mode::Dark; }

double fontScale() { return g_fontScale; }
void setFontScale(double scale) { g_fontScale = scale < 0.5 ? 0.5 : (scale > 4 ? 4 : scale); }

QFont font(double points, bool bold) {
    QFont f = QApplication::font();
    f.setPointSizeF(points * g_fontScale);
    f.setBold(bold);
    return f;
}

void apply(QApplication& app, Mode m) {
    g_mode = m;
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p;
    if (m == Mode::Dark) {
        p.setColor(QPalette::Window, QColor(0x20, 0x23, 0x28));
        p.setColor(QPalette::WindowText, QColor(0xe6, 0xe8, 0xeb));
        p.setColor(QPalette::Base, QColor(0x17, 0x19, 0x1d));
        p.setColor(QPalette::AlternateBase, QColor(0x24, 0x27, 0x2d));
        p.setColor(QPalette::ToolTipBase, QColor(0x30, 0x34, 0x3b));
        p.setColor(QPalette::ToolTipText, QColor(0xe6, 0xe8, 0xeb));
        p.setColor(QPalette::Text, QColor(0xe6, 0xe8, 0xeb));
        p.setColor(QPalette::Button, QColor(0x2b, 0x2f, 0x36));
        p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe8, 0xeb));
        p.setColor(QPalette::BrightText, Qt::white);
        p.setColor(QPalette::Highlight, QColor(0x35, 0x84, 0xe4));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x62, 0xa0, 0xea));
        p.setColor(QPalette::PlaceholderText, QColor(0x8b, 0x92, 0x9c));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6b, 0x72, 0x7c));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6b, 0x72, 0x7c));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6b, 0x72, 0x7c));
    } else {
        p = app.style()->standardPalette();
        p.setColor(QPalette::Highlight, QColor(0x1c, 0x71, 0xd8));
        p.setColor(QPalette::HighlightedText, Qt::white);
    }
    app.setPalette(p);
}

QColor background() { return pick("#f6f7f9", "#17191d"); }
QColor surface() { return pick("#ffffff", "#23262c"); }
QColor surfaceRaised() { return pick("#e9edf2", "#2e323a"); }
QColor border() { return pick("#c3c9d1", "#444a54"); }
QColor text() { return pick("#1d2228", "#e6e8eb"); }
QColor mutedText() { return pick("#5c6570", "#9aa2ad"); }
QColor accent() { return pick("#1c71d8", "#62a0ea"); }
QColor failure() { return pick("#c01c28", "#ff6b6b"); }
QColor warning() { return pick("#b86e00", "#f5c211"); }

namespace {
QHash<QString, QColor>& phaseOverrides() {
    static QHash<QString, QColor> overrides;
    return overrides;
}
}  // namespace

QStringList phases() {
    return {QStringLiteral("Pending"), QStringLiteral("Running"), QStringLiteral("Succeeded"), QStringLiteral("Failed"),
            QStringLiteral("Terminating"), QStringLiteral("Unknown")};
}

void setPhaseColor(const QString& phase, const QColor& color) {
    if (color.isValid()) phaseOverrides().insert(phase, color);
    else phaseOverrides().remove(phase);
}

QColor phaseColor(const QString& phase) {
    if (auto it = phaseOverrides().constFind(phase); it != phaseOverrides().constEnd()) return *it;
    return defaultPhaseColor(phase);
}

QColor defaultPhaseColor(const QString& phase) {
    if (phase == QLatin1String("Running")) return pick("#009e73", "#2ec27e");
    if (phase == QLatin1String("Pending")) return pick("#e69f00", "#f5c211");
    if (phase == QLatin1String("Succeeded")) return pick("#0072b2", "#62a0ea");
    if (phase == QLatin1String("Failed")) return failure();
    if (phase == QLatin1String("Terminating")) return pick("#8f5fb5", "#c061cb");
    return pick("#8a939e", "#77767b");  // Unknown
}

QColor ownerColor(const QString& owner) {
    // Okabe–Ito and a few more, mid-saturation so white and black labels both read on them.
    static const std::array<const char*, 10> light = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00",
                                                      "#56b4e9", "#8f5fb5", "#a0522d", "#2e8b57", "#b8860b"};
    static const std::array<const char*, 10> darkc = {"#62a0ea", "#ff7f50", "#2ec27e", "#f48fb1", "#f5c211",
                                                      "#87ceeb", "#c061cb", "#d2a679", "#57e389", "#e5c07b"};
    const size_t i = size_t(qHash(owner)) % light.size();
    return QColor(QLatin1String(g_mode == Mode::Dark ? darkc[i] : light[i]));
}

}  // namespace pilothouse::ui::theme
