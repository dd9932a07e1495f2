// The language of the user interface: English (the source language), German or Japanese, switched
// at runtime. The translations are translations/pilothouse_<code>.ts, compiled by lrelease at build
// time into the resources (:/i18n/pilothouse_<code>.qm); Qt's own texts (standard buttons, context
// menus) come from Qt's qtbase_<code>.qm where it is installed.
//
// setLanguage() replaces the installed translators; Qt then sends QEvent::LanguageChange to every
// widget (MainWindow rebuilds its views on it). Only the user interface's own words are translated:
// Kubernetes' field names, kinds, reasons, event messages and the control plane's errors stay as
// Kubernetes writes them.
#pragma once

#include <QList>
#include <QString>

namespace pilothouse::ui::i18n {

struct Language {
    QString code;  // "en", "de", "ja"
    QString name;  // in the language itself: "English", "Deutsch", "日本語"
};

// The languages offered, English first.
const QList<Language>& languages();
bool isSupported(const QString& code);

// The language shown now ("en" until setLanguage is called).
QString language();
// Installs the translators of `code` on the application, makes it QLocale's default (numbers)
// and, for Japanese, makes a Japanese font installed (fonts-noto-cjk) the application's font.
// False, and nothing changes, for a language not offered or whose translation cannot be loaded.
// Needs a QCoreApplication.
bool setLanguage(const QString& code);

// The language to start in: the one saved by saveLanguage (QSettings "ui/language"), else the
// system's if it is offered, else English.
QString startupLanguage();
void saveLanguage(const QString& code);

}  // namespace pilothouse::ui::i18n
