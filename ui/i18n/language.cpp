#include "i18n/language.h"

#include <QCoreApplication>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace pilothouse::ui::i18n {

namespace {
const QString kSettingsKey = QStringLiteral("ui/language");

QString g_language = QStringLiteral("en");
// Ours and Qt's; removed from the application before the next language's are installed.
std::unique_ptr<QTranslator> g_ours;
std::unique_ptr<QTranslator> g_qt;

// Japanese in a Japanese font, Latin text included: the views measure their text with the
// application font's metrics, and a fallback font's CJK glyphs are taller than those of a Latin
// font (titles would be clipped, axis titles elided). Other languages: the font the application had.
void applyFont(const QString& code) {
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance())) return;
    static const QFont original = QGuiApplication::font();
    QFont font = original;
    if (code == QLatin1String("ja")) {
        for (const char* family : {"Noto Sans CJK JP", "IPAPGothic", "IPAGothic", "VL PGothic", "TakaoPGothic"}) {
            if (QFontDatabase::hasFamily(QLatin1String(family))) {
                font.setFamilies({QLatin1String(family)});
                break;
            }
        }
    }
    if (font != QGuiApplication::font()) QGuiApplication::setFont(font);
}
}  // namespace

const QList<Language>& languages() {
    static const QList<Language> all = {
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("de"), QStringLiteral("Deutsch")},
        {QStringLiteral("ja"), QStringLiteral("日本語")},
    };
    return all;
}

bool isSupported(const QString& code) {
    for (const Language& l : languages())
        if (l.code == code) return true;
    return false;
}

QString language() { return g_language; }

bool setLanguage(const QString& code) {
    if (!isSupported(code)) return false;
    // English is the source language: its file only holds the plural forms ("1 node", "2 nodes").
    auto ours = std::make_unique<QTranslator>();
    if (!ours->load(QStringLiteral(":/i18n/pilothouse_") + code + QStringLiteral(".qm"))) return false;
    std::unique_ptr<QTranslator> qt;
    if (code != QLatin1String("en")) {
        qt = std::make_unique<QTranslator>();
        if (!qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) qt.reset();
    }
    if (g_qt) QCoreApplication::removeTranslator(g_qt.get());
    if (g_ours) QCoreApplication::removeTranslator(g_ours.get());
    g_qt = std::move(qt);
    g_ours = std::move(ours);
    g_language = code;
    QLocale::setDefault(QLocale(code == QLatin1String("en") ? QStringLiteral("en_US") : code));
    applyFont(code);
    if (g_qt) QCoreApplication::installTranslator(g_qt.get());
    QCoreApplication::installTranslator(g_ours.get());  // each install sends QEvent::LanguageChange
    return true;
}

QString startupLanguage() {
    const QString saved = QSettings().value(kSettingsKey).toString();
    if (isSupported(saved)) return saved;
    const QString system = QLocale::system().name().section(QLatin1Char('_'), 0, 0);
    return isSupported(system) ? system : QStringLiteral("en");
}

void saveLanguage(const QString& code) { QSettings().setValue(kSettingsKey, code); }

}  // namespace pilothouse::ui::i18n
